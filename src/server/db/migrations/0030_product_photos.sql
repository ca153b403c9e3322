CREATE TABLE "product_photos" (
	"product_id" integer NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	CONSTRAINT "product_photos_product_id_id_pk" PRIMARY KEY("product_id","id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "photos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "product_photos_order_idx" ON "product_photos" USING btree ("product_id","position");