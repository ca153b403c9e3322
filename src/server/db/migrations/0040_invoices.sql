CREATE TABLE "invoices" (
	"order_number" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"series" text DEFAULT '' NOT NULL,
	"access_key" text DEFAULT '' NOT NULL,
	"danfe_url" text DEFAULT '' NOT NULL,
	"xml_url" text DEFAULT '' NOT NULL,
	"xml" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"correction_number" integer DEFAULT 0 NOT NULL,
	"correction_pdf_url" text DEFAULT '' NOT NULL,
	"authorized_at" timestamp with time zone,
	"buyer_told_at" timestamp with time zone,
	"actor" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "ncm" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "cest" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "origin" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "gtin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "state_registration" text DEFAULT '' NOT NULL;