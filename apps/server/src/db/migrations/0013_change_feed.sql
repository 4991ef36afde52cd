-- The change feed (ADR 0024): every statement that writes a table behind a response cache announces the table
-- on the channel atoll_changed. NOTIFY is transactional: listeners hear it only after the commit, once per
-- table and transaction, and it takes no lock, so writers never wait on each other for it.
CREATE FUNCTION atoll_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atoll_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_tokens_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON auth_tokens FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER bookings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bookings FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER booking_guests_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_guests FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER customers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER agencies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agencies FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER resorts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON resorts FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER vessels_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vessels FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
