CREATE TABLE "order_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer NOT NULL,
	"actor" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_number","id");