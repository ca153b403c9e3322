CREATE TABLE "banner_images" (
	"id" text PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "starts_at" timestamp;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "desktop_image" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "mobile_image" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_at" timestamp with time zone;