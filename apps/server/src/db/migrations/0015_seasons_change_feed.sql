-- The seasons join the reference data of booking writes (topic `reference`, ADR 0024): a booking's price reads
-- its asset's confirmed seasons with their entries from memory. The same statement trigger as in 0013.
CREATE TRIGGER prices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON prices FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER price_entries_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_entries FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
