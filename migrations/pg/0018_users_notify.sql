-- Every process keeps the rows of the accounts that call it (server/db/user-writes.ts) until a write to one
-- is announced here, on commit, to every process (never for a rolled-back one), with the account's id;
-- an empty payload (a truncation) means every account. One function announces a row's id on the channel
-- its trigger names, for this and for the sessions' channel of 0001, whose own function it replaces.
CREATE FUNCTION skyway_notify_row_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER users_session_changed ON users;
--> statement-breakpoint
DROP TRIGGER users_session_deleted ON users;
--> statement-breakpoint
DROP FUNCTION skyway_user_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE OF token_version, role ON users
  FOR EACH ROW WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION skyway_notify_row_id('user_session_changed');
--> statement-breakpoint
CREATE TRIGGER users_session_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION skyway_notify_row_id('user_session_changed');
--> statement-breakpoint
CREATE TRIGGER users_written AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION skyway_notify_row_id('users_written');
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION skyway_notify('users_written', '');
