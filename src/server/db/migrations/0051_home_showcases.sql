ALTER TABLE "showcases" ADD COLUMN "home_position" integer;--> statement-breakpoint
-- The home showed these three, in this order, before the team could choose: a store keeps its home as it was.
UPDATE "showcases" SET "home_position" = CASE "hash" WHEN 'vitrine-mais-vendidos' THEN 0 WHEN 'vitrine-ofertas' THEN 1 WHEN 'vitrine-lancamentos' THEN 2 END WHERE "hash" IN ('vitrine-mais-vendidos', 'vitrine-ofertas', 'vitrine-lancamentos');
