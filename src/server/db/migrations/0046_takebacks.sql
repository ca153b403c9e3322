CREATE TABLE "takebacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12,2) NOT NULL,
	"status" text DEFAULT 'retido' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"actor" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recheck_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rechecks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "takebacks_source_idx" ON "takebacks" USING btree ("provider","source");--> statement-breakpoint
CREATE INDEX "takebacks_order_idx" ON "takebacks" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_recheck_idx" ON "orders" USING btree ("recheck_at") WHERE "orders"."recheck_at" is not null;--> statement-breakpoint
UPDATE "orders" SET "recheck_at" = now() WHERE "provider" <> '' AND "charge_state" = 'concluida' AND "placed_at" > now() - interval '180 days';
