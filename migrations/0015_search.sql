-- The admins' lists search by substring (docs/decisions/021): a trigram full-text index per searched table,
-- contentless (the text stays in its table only) and keyed by the row's rowid. The lists ask it for the
-- rows that may match and keep the exact test, so the answers are those of a full scan. Triggers keep each
-- index in step with its table; an update touches it only when a searched column changes.
CREATE VIRTUAL TABLE `bookings_search` USING fts5(`reference`, content='', contentless_delete=1, tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `bookings_search_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO `bookings_search` (rowid, `reference`) VALUES (new.rowid, new.`reference`);
END;--> statement-breakpoint
CREATE TRIGGER `bookings_search_update` AFTER UPDATE OF `reference` ON `bookings` BEGIN
  DELETE FROM `bookings_search` WHERE rowid = old.rowid;
  INSERT INTO `bookings_search` (rowid, `reference`) VALUES (new.rowid, new.`reference`);
END;--> statement-breakpoint
CREATE TRIGGER `bookings_search_delete` AFTER DELETE ON `bookings` BEGIN
  DELETE FROM `bookings_search` WHERE rowid = old.rowid;
END;--> statement-breakpoint
INSERT INTO `bookings_search` (rowid, `reference`) SELECT rowid, `reference` FROM `bookings`;--> statement-breakpoint
CREATE VIRTUAL TABLE `payments_search` USING fts5(`transaction_id`, content='', contentless_delete=1, tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `payments_search_insert` AFTER INSERT ON `payments` BEGIN
  INSERT INTO `payments_search` (rowid, `transaction_id`) VALUES (new.rowid, new.`transaction_id`);
END;--> statement-breakpoint
CREATE TRIGGER `payments_search_update` AFTER UPDATE OF `transaction_id` ON `payments` BEGIN
  DELETE FROM `payments_search` WHERE rowid = old.rowid;
  INSERT INTO `payments_search` (rowid, `transaction_id`) VALUES (new.rowid, new.`transaction_id`);
END;--> statement-breakpoint
CREATE TRIGGER `payments_search_delete` AFTER DELETE ON `payments` BEGIN
  DELETE FROM `payments_search` WHERE rowid = old.rowid;
END;--> statement-breakpoint
INSERT INTO `payments_search` (rowid, `transaction_id`) SELECT rowid, `transaction_id` FROM `payments`;--> statement-breakpoint
CREATE VIRTUAL TABLE `users_search` USING fts5(`full_name`, `email`, content='', contentless_delete=1, tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_search` (rowid, `full_name`, `email`) VALUES (new.rowid, new.`full_name`, new.`email`);
END;--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `full_name`, `email` ON `users` BEGIN
  DELETE FROM `users_search` WHERE rowid = old.rowid;
  INSERT INTO `users_search` (rowid, `full_name`, `email`) VALUES (new.rowid, new.`full_name`, new.`email`);
END;--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM `users_search` WHERE rowid = old.rowid;
END;--> statement-breakpoint
INSERT INTO `users_search` (rowid, `full_name`, `email`) SELECT rowid, `full_name`, `email` FROM `users`;--> statement-breakpoint
-- A passenger is searched by first and last name together, as the bookings list reads them.
CREATE VIRTUAL TABLE `travellers_search` USING fts5(`name`, content='', contentless_delete=1, tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `travellers_search_insert` AFTER INSERT ON `travellers` BEGIN
  INSERT INTO `travellers_search` (rowid, `name`) VALUES (new.rowid, new.`first_name` || ' ' || new.`last_name`);
END;--> statement-breakpoint
CREATE TRIGGER `travellers_search_update` AFTER UPDATE OF `first_name`, `last_name` ON `travellers` BEGIN
  DELETE FROM `travellers_search` WHERE rowid = old.rowid;
  INSERT INTO `travellers_search` (rowid, `name`) VALUES (new.rowid, new.`first_name` || ' ' || new.`last_name`);
END;--> statement-breakpoint
CREATE TRIGGER `travellers_search_delete` AFTER DELETE ON `travellers` BEGIN
  DELETE FROM `travellers_search` WHERE rowid = old.rowid;
END;--> statement-breakpoint
INSERT INTO `travellers_search` (rowid, `name`) SELECT rowid, `first_name` || ' ' || `last_name` FROM `travellers`;--> statement-breakpoint
CREATE VIRTUAL TABLE `flights_search` USING fts5(`flight_number`, content='', contentless_delete=1, tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `flights_search_insert` AFTER INSERT ON `flights` BEGIN
  INSERT INTO `flights_search` (rowid, `flight_number`) VALUES (new.rowid, new.`flight_number`);
END;--> statement-breakpoint
CREATE TRIGGER `flights_search_update` AFTER UPDATE OF `flight_number` ON `flights` BEGIN
  DELETE FROM `flights_search` WHERE rowid = old.rowid;
  INSERT INTO `flights_search` (rowid, `flight_number`) VALUES (new.rowid, new.`flight_number`);
END;--> statement-breakpoint
CREATE TRIGGER `flights_search_delete` AFTER DELETE ON `flights` BEGIN
  DELETE FROM `flights_search` WHERE rowid = old.rowid;
END;--> statement-breakpoint
INSERT INTO `flights_search` (rowid, `flight_number`) SELECT rowid, `flight_number` FROM `flights`;
