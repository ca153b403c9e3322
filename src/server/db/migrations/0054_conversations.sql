CREATE TABLE "message_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"author" text NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ready_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ready_answers_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE INDEX "message_replies_message_idx" ON "message_replies" USING btree ("message_id","created_at");