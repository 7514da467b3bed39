CREATE TABLE `flight_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`flight_id` text NOT NULL,
	`departure_time` text NOT NULL,
	`arrival_time` text NOT NULL,
	`changed_at` text NOT NULL,
	FOREIGN KEY (`flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `flight_changes_flight` ON `flight_changes` (`flight_id`,`changed_at`);