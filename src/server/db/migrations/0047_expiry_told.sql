ALTER TABLE "orders" ADD COLUMN "expiry_told_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "expiry_told_at" = now() WHERE "status" = 'cancelled';
