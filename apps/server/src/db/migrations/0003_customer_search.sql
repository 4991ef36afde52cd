DROP INDEX "customers_full_name_trgm";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(full_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) STORED;--> statement-breakpoint
CREATE INDEX "customers_search_trgm" ON "customers" USING gin ("search_text" gin_trgm_ops);