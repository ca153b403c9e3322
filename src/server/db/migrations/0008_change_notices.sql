-- Every change to the catalogue or the settings tells every store instance, whichever process or tool made it
-- (the store, `npm run seed`, an operator's SQL): each instance LISTENs on loja_mudancas and drops its caches
-- (src/server/changes.ts). One notice per statement; PostgreSQL folds equal notices of one transaction into one.
CREATE OR REPLACE FUNCTION loja_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('loja_mudancas', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER categories_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER brands_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER badges_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "badges" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER products_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER product_details_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_details" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER variants_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "variants" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER search_terms_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_terms" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER landing_pages_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "landing_pages" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER lists_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lists" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER pages_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pages" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER menus_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menus" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER banners_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER showcases_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "showcases" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER popups_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "popups" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
--> statement-breakpoint
CREATE TRIGGER settings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION loja_notify_change();
