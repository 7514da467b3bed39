ALTER TABLE `password_resets` ADD `email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `push_subscriptions` ADD `failures` integer DEFAULT 0 NOT NULL;