CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"cep" text DEFAULT '' NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL
);
