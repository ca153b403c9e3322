CREATE TABLE "product_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"recommends" boolean NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"moderated_at" timestamp
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_author_idx" ON "product_reviews" USING btree ("customer_id","product_id");--> statement-breakpoint
CREATE INDEX "product_reviews_shown_idx" ON "product_reviews" USING btree ("product_id","status","created_at");--> statement-breakpoint
CREATE INDEX "product_reviews_queue_idx" ON "product_reviews" USING btree ("status","created_at");