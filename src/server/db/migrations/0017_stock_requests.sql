CREATE TABLE "stock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"notified_at" timestamp
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_requests_waiting_idx" ON "stock_requests" USING btree ("variant_id","email") WHERE notified_at is null;