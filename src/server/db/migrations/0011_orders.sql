CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_number" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12,2) NOT NULL,
	CONSTRAINT "order_items_order_number_position_pk" PRIMARY KEY("order_number","position")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"number" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"customer_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"payment" text NOT NULL,
	"subtotal" numeric(12,2) NOT NULL,
	"discount" numeric(12,2) NOT NULL,
	"shipping_price" numeric(12,2) NOT NULL,
	"total" numeric(12,2) NOT NULL,
	"shipping" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"pix_payload" text DEFAULT '' NOT NULL,
	"placed_at" timestamp DEFAULT now() NOT NULL,
	"expires_at" timestamp NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_number","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_expiry_idx" ON "orders" USING btree ("status","expires_at");