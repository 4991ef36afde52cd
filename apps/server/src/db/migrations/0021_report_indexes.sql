-- The departures of the vessel reports (utilization, statistics/byVesselYear) find their cabins' entries by schedule.
CREATE INDEX IF NOT EXISTS "booking_rooms_schedule_idx" ON "booking_rooms" USING btree ("schedule_id");
--> statement-breakpoint
-- conversions count the bookings created in the range.
CREATE INDEX IF NOT EXISTS "bookings_created_idx" ON "bookings" USING btree ("created_at");
--> statement-breakpoint
-- The money reports sum the billable lines of a range's bookings from the index alone (docs/domain/reports.md).
CREATE INDEX IF NOT EXISTS "calculation_lines_report_idx" ON "calculation_lines" USING btree ("booking_id") INCLUDE ("type", "customer_type", "total");
