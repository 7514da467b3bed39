-- The admins' lists search by substring (docs/decisions/021): trigram GIN indexes on the lower-cased
-- searched columns, which `lower(column) LIKE '%text%'` uses as it is written.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "bookings_reference_trgm" ON "bookings" USING gin (lower("reference") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_transaction_id_trgm" ON "payments" USING gin (lower("transaction_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm" ON "users" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "travellers_name_trgm" ON "travellers" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "flights_flight_number_trgm" ON "flights" USING gin (lower("flight_number") gin_trgm_ops);
--> statement-breakpoint
-- The planner knows an expression's values only once the table is analysed; until then it guesses how many
-- rows a search finds and may read a whole table beside the index (autovacuum may be off or not yet due).
ANALYZE "bookings", "payments", "users", "travellers", "flights";
