CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer NOT NULL,
	"provider" text NOT NULL,
	"ref" text NOT NULL,
	"source" text NOT NULL,
	"amount" numeric(12,2) NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"reason" text NOT NULL,
	"actor" text DEFAULT '' NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charge_state" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_ref_idx" ON "refunds" USING btree ("provider","ref");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_ref_idx" ON "orders" USING btree ("provider","provider_ref") WHERE "orders"."provider_ref" <> '';--> statement-breakpoint
CREATE INDEX "orders_open_charge_idx" ON "orders" USING btree ("number") WHERE "orders"."charge_state" = 'ativa';