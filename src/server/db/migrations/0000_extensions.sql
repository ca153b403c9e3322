-- Search needs trigram similarity (typos) and unaccent; both ship with PostgreSQL's contrib and PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
