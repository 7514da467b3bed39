CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`effect` text NOT NULL,
	`created_at` text NOT NULL,
	`due_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_by` text,
	`claimed_until` text,
	`done_at` text,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `events_pending` ON `events` (`done_at`,`due_at`);--> statement-breakpoint
UPDATE `mutation_results` SET `code` = CASE `code`
	WHEN '400' THEN 'invalid_input'
	WHEN '401' THEN 'unauthorized'
	WHEN '403' THEN 'forbidden'
	WHEN '404' THEN 'not_found'
	WHEN '409' THEN 'conflict'
	WHEN '413' THEN 'too_large'
	WHEN '415' THEN 'unsupported_media_type'
	WHEN '429' THEN 'rate_limited'
	ELSE 'internal' END
WHERE `code` GLOB '[0-9]*';
