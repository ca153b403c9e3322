ALTER TABLE "form_submissions" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "answered_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_evaluations" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_evaluations" ADD COLUMN "answered_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "form_submissions_created_idx" ON "form_submissions" USING btree ("created_at");