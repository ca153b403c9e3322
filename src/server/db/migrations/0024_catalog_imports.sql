CREATE TABLE "catalog_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"applied_at" timestamp
);
