CREATE TABLE "login_codes" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_codes_expiry_idx" ON "login_codes" USING btree ("expires_at");