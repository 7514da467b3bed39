-- E-mails compare without case from now on. Rows whose addresses differ only in case: the one already in
-- lower case keeps the address (log-in lower-cases, so it is the one that can log in today), else the
-- earliest created. The others become `conflict:<id>:<email>`, which no log-in matches; they keep their
-- bookings, payments and sessions, so their owner can set another address with the password, or ask support.
UPDATE `sync_state` SET `version` = `version` + 1 WHERE `id` = 1 AND EXISTS (SELECT 1 FROM `users` WHERE `email` <> lower(`email`));--> statement-breakpoint
UPDATE `users` SET `email` = 'conflict:' || `id` || ':' || lower(`email`), `version` = (SELECT `version` FROM `sync_state` WHERE `id` = 1)
WHERE `email` <> lower(`email`) AND EXISTS (
  SELECT 1 FROM `users` AS `o` WHERE `o`.`id` <> `users`.`id` AND lower(`o`.`email`) = lower(`users`.`email`)
    AND (`o`.`email` = lower(`o`.`email`) OR `o`.`created_at` < `users`.`created_at` OR (`o`.`created_at` = `users`.`created_at` AND `o`.`id` < `users`.`id`))
);--> statement-breakpoint
UPDATE `users` SET `email` = lower(`email`), `version` = (SELECT `version` FROM `sync_state` WHERE `id` = 1) WHERE `email` <> lower(`email`);--> statement-breakpoint
DROP INDEX `users_email_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_lower_unique` ON `users` (lower("email"));
