CREATE INDEX "bookings_created" ON "bookings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_created" ON "payments" USING btree ("created_at");