ALTER TABLE `audit_log` ADD `actor_name` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `action` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `label` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `audit_actor` ON `audit_log` (`actor_id`);--> statement-breakpoint
CREATE INDEX `audit_action` ON `audit_log` (`action`);--> statement-breakpoint
CREATE INDEX `audit_created` ON `audit_log` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` text;--> statement-breakpoint
UPDATE `audit_log` SET `actor_name` = (SELECT `full_name` FROM `users` WHERE `users`.`id` = `audit_log`.`actor_id`);--> statement-breakpoint
UPDATE `audit_log` SET `action` = CASE
	WHEN `entity` = 'flight' THEN 'flight.status'
	WHEN `entity` = 'booking' AND `from_status` IS NULL THEN 'booking.created'
	WHEN `entity` = 'booking' AND `to_status` = 'refund_paid' THEN 'refund.paid'
	WHEN `entity` = 'booking' THEN 'booking.' || `to_status`
	WHEN `from_status` IS NULL THEN 'payment.created'
	WHEN `to_status` = 'successful' THEN 'payment.approved'
	WHEN `to_status` = 'failed' AND EXISTS (
		SELECT 1 FROM `audit_log` `b` WHERE `b`.`entity` = 'booking' AND `b`.`to_status` = 'cancelled'
			AND `b`.`created_at` = `audit_log`.`created_at` AND `b`.`reason` IS `audit_log`.`reason`
	) THEN 'payment.failed'
	WHEN `to_status` = 'failed' THEN 'payment.rejected'
	WHEN `from_status` = 'pending' THEN 'payment.method'
	ELSE 'payment.claimed' END;--> statement-breakpoint
UPDATE `audit_log` SET `label` = coalesce(CASE `entity`
	WHEN 'booking' THEN (SELECT `b`.`reference` || ' · ' || `u`.`full_name` FROM `bookings` `b` JOIN `users` `u` ON `u`.`id` = `b`.`user_id` WHERE `b`.`id` = `audit_log`.`entity_id`)
	WHEN 'payment' THEN (SELECT `b`.`reference` || ' · ' || `p`.`transaction_id` || ' · ' || `u`.`full_name` FROM `payments` `p` JOIN `bookings` `b` ON `b`.`id` = `p`.`booking_id` JOIN `users` `u` ON `u`.`id` = `p`.`user_id` WHERE `p`.`id` = `audit_log`.`entity_id`)
	WHEN 'flight' THEN (SELECT `f`.`flight_number` || ' ' || `o`.`code` || '-' || `d`.`code` || ' ' || `f`.`departure_local_date` FROM `flights` `f` JOIN `airports` `o` ON `o`.`id` = `f`.`origin_id` JOIN `airports` `d` ON `d`.`id` = `f`.`destination_id` WHERE `f`.`id` = `audit_log`.`entity_id`)
	END, '');
