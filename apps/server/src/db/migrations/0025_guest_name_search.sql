CREATE INDEX "booking_guests_name_trgm" ON "booking_guests" USING gin (lower("name") gin_trgm_ops);
