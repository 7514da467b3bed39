CREATE INDEX `bookings_created` ON `bookings` (`created_at`);--> statement-breakpoint
CREATE INDEX `payments_created` ON `payments` (`created_at`);