ALTER TABLE `events` ADD `kind` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `events` SET `kind` = coalesce(json_extract(`effect`, '$.type'), '');--> statement-breakpoint
CREATE INDEX `events_waiting` ON `events` (`kind`,`created_at`,`done_at`) WHERE done_at is null;