-- Custom SQL migration file, put your code below! --
-- btree_gist backs the exclusion constraints on room occupancy; pg_trgm backs fuzzy search.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
