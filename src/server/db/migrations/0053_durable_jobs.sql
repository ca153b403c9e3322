CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" jsonb NOT NULL,
	"order_number" integer,
	"state" text DEFAULT 'fila' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sweep_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"said" text DEFAULT '' NOT NULL,
	"error" text,
	"failed_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_messages_state_idx" ON "mail_messages" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "mail_messages_order_idx" ON "mail_messages" USING btree ("order_number");