CREATE INDEX "bookings_updated" ON "bookings" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "bookings_version" ON "bookings" USING btree ("version");--> statement-breakpoint
CREATE INDEX "conversations_version" ON "conversations" USING btree ("version");--> statement-breakpoint
CREATE INDEX "flights_version" ON "flights" USING btree ("version");--> statement-breakpoint
CREATE INDEX "messages_version" ON "messages" USING btree ("version");--> statement-breakpoint
CREATE INDEX "payments_updated" ON "payments" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "payments_version" ON "payments" USING btree ("version");--> statement-breakpoint
CREATE INDEX "payments_awaiting" ON "payments" USING btree ("awaiting_review_at") WHERE status = 'pending' and awaiting_review_at is not null;--> statement-breakpoint
CREATE INDEX "users_version" ON "users" USING btree ("version");