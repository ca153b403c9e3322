CREATE TABLE "product_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "length_cm" integer;--> statement-breakpoint
CREATE INDEX "product_redirects_product_idx" ON "product_redirects" USING btree ("product_id");--> statement-breakpoint
-- A product's old address changes what the storefront answers, like the catalogue itself: every instance hears of it.
CREATE TRIGGER product_redirects_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_redirects" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
