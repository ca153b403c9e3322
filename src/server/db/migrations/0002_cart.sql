CREATE TABLE "cart_items" (
	"session_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_session_id_variant_id_pk" PRIMARY KEY("session_id","variant_id")
);
