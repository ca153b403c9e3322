CREATE TABLE "carts_started" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ordered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "carts_started_open_idx" ON "carts_started" USING btree ("session_id") WHERE "carts_started"."ordered_at" is null;--> statement-breakpoint
CREATE INDEX "carts_started_day_idx" ON "carts_started" USING btree ("started_at");