CREATE TABLE "secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sessions_updated_idx" ON "sessions" USING btree ("updated_at");--> statement-breakpoint
-- Every cart now has a session row, whose last activity decides when the cart is purged.
INSERT INTO "sessions" ("id") SELECT DISTINCT "session_id" FROM "cart_items" ON CONFLICT DO NOTHING;
