CREATE INDEX `bookings_updated` ON `bookings` (`updated_at`);--> statement-breakpoint
CREATE INDEX `bookings_version` ON `bookings` (`version`);--> statement-breakpoint
CREATE INDEX `conversations_version` ON `conversations` (`version`);--> statement-breakpoint
CREATE INDEX `flights_version` ON `flights` (`version`);--> statement-breakpoint
CREATE INDEX `messages_version` ON `messages` (`version`);--> statement-breakpoint
CREATE INDEX `payments_updated` ON `payments` (`updated_at`);--> statement-breakpoint
CREATE INDEX `payments_version` ON `payments` (`version`);--> statement-breakpoint
CREATE INDEX `payments_awaiting` ON `payments` (`awaiting_review_at`) WHERE status = 'pending' and awaiting_review_at is not null;--> statement-breakpoint
CREATE INDEX `users_version` ON `users` (`version`);