CREATE TABLE "signup_codes" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"account" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signup_codes_expiry_idx" ON "signup_codes" USING btree ("expires_at");