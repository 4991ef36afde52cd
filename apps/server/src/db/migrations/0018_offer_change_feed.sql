-- The change feed (ADR 0024) for the guest's online search (topic `offer`): what is free where and at what
-- price reads the holds, blocks, rooms, departures, tours, decks, arrival and departure days and add-ons besides
-- the bookings and the reference data. The same statement trigger as in 0013.
CREATE TRIGGER occupancy_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON occupancy FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER room_blocks_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON room_blocks FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER rooms_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rooms FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER schedules_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON schedules FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER tours_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tours FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER vessel_decks_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vessel_decks FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER arrival_departure_rules_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON arrival_departure_rules FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION atoll_changed();
