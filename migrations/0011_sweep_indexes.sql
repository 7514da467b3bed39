CREATE INDEX `bookings_confirmed` ON `bookings` (`id`) WHERE status = 'confirmed';--> statement-breakpoint
CREATE INDEX `flights_status_departure` ON `flights` (`status`,`departure_time`);--> statement-breakpoint
CREATE INDEX `seat_allocations_hold_expiry` ON `seat_allocations` (`hold_expires_at`);