CREATE TABLE "finishes" (
	"slug" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"color" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
INSERT INTO "finishes" ("slug", "label", "color", "position") VALUES
	('cromado', 'Cromado', '#c8ced6', 1),
	('preto-fosco', 'Preto Fosco', '#1f2125', 2),
	('dourado-escovado', 'Dourado Escovado', '#c9a24a', 3),
	('inox-escovado', 'Inox Escovado', '#a7adb4', 4),
	('grafite', 'Grafite', '#4a4f57', 5),
	('rose-gold', 'Rose Gold', '#d4a18f', 6),
	('branco', 'Branco', '#f4f4f2', 7)
ON CONFLICT ("slug") DO NOTHING;--> statement-breakpoint
CREATE TRIGGER finishes_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "finishes" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
