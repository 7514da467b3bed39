-- Every process keeps the rows of the accounts that call it (server/db/user-writes.ts) until a write to one
-- is announced here, on commit, to every process (never for a rolled-back one), with the account's id;
-- an empty payload (a truncation) means every account.
CREATE FUNCTION skyway_user_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('users_written', OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_written AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION skyway_user_written();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION skyway_notify('users_written', '');
