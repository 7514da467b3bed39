CREATE INDEX "bookings_confirmed" ON "bookings" USING btree ("id") WHERE status = 'confirmed';--> statement-breakpoint
CREATE INDEX "flights_status_departure" ON "flights" USING btree ("status","departure_time");--> statement-breakpoint
CREATE INDEX "seat_allocations_hold_expiry" ON "seat_allocations" USING btree ("hold_expires_at");