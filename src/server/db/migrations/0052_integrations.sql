CREATE TABLE "integrations" (
	"provider" text PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"sealed" text DEFAULT '' NOT NULL,
	"tested_at" timestamp with time zone,
	"test_ok" boolean,
	"test_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every instance rebuilds its providers within a second of a change in the panel (changes.ts).
CREATE TRIGGER integrations_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "integrations" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
