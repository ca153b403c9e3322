CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"pessoa" text NOT NULL,
	"document" text NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"sexo" text DEFAULT '' NOT NULL,
	"birth_date" text DEFAULT '' NOT NULL,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"password_hash" text NOT NULL,
	"optin" boolean DEFAULT false NOT NULL,
	"internal_seller" text DEFAULT '' NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	CONSTRAINT "customers_email_unique" UNIQUE("email"),
	CONSTRAINT "customers_document_unique" UNIQUE("document")
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"added_at" timestamp DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "customer_id" integer;