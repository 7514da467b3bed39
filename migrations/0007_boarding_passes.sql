ALTER TABLE `flights` ADD `gate` text;--> statement-breakpoint
ALTER TABLE `flights` ADD `boarding_time` text;--> statement-breakpoint
ALTER TABLE `seat_allocations` ADD `boarding_code` text;--> statement-breakpoint
CREATE UNIQUE INDEX `seat_allocations_boarding_code` ON `seat_allocations` (`boarding_code`);