CREATE TABLE `mutation_results` (
	`client_id` text NOT NULL,
	`mutation_id` integer NOT NULL,
	`code` text NOT NULL,
	`message` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`client_id`, `mutation_id`)
);
--> statement-breakpoint
CREATE TABLE `sync_clients` (
	`client_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`last_mutation_id` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
