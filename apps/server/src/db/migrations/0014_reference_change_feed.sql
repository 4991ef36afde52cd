-- The change feed (ADR 0024) for the reference data that booking writes read again and again (topic
-- `reference`: the price calculation's data besides the seasons, auto-todo definitions, settings): the same
-- statement trigger as in 0013.
CREATE TRIGGER room_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON room_types FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER price_variants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_variants FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER currencies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON currencies FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER supplements_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON supplements FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER specials_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON specials FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER payment_terms_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_terms FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER commissions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON commissions FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER todos_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON todos FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
