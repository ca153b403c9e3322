ALTER TABLE "showcases" ADD COLUMN "rule" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The home's three showcases were lists frozen when the store was seeded: they now follow the catalogue.
UPDATE "showcases" SET "rule" = 'mais-vendidos' WHERE "hash" = 'vitrine-mais-vendidos';--> statement-breakpoint
UPDATE "showcases" SET "rule" = 'ofertas' WHERE "hash" = 'vitrine-ofertas';--> statement-breakpoint
UPDATE "showcases" SET "rule" = 'lancamentos' WHERE "hash" = 'vitrine-lancamentos';
