-- The audit's search by object label (docs/decisions/021): a trigram index kept in step by triggers, as
-- migration 0015's are.
CREATE VIRTUAL TABLE `audit_search` USING fts5(`label`, content='', contentless_delete=1, tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `audit_search_insert` AFTER INSERT ON `audit_log` BEGIN
  INSERT INTO `audit_search` (rowid, `label`) VALUES (new.rowid, new.`label`);
END;--> statement-breakpoint
CREATE TRIGGER `audit_search_update` AFTER UPDATE OF `label` ON `audit_log` BEGIN
  DELETE FROM `audit_search` WHERE rowid = old.rowid;
  INSERT INTO `audit_search` (rowid, `label`) VALUES (new.rowid, new.`label`);
END;--> statement-breakpoint
CREATE TRIGGER `audit_search_delete` AFTER DELETE ON `audit_log` BEGIN
  DELETE FROM `audit_search` WHERE rowid = old.rowid;
END;--> statement-breakpoint
INSERT INTO `audit_search` (rowid, `label`) SELECT rowid, `label` FROM `audit_log`;
