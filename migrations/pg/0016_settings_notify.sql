-- Every process keeps the parsed settings in memory (server/db/settings-writes.ts) until a write to them
-- is announced here, on commit, to every process (never for a rolled-back one). The channel and payload
-- are the trigger's arguments.
CREATE FUNCTION skyway_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], TG_ARGV[1]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER settings_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION skyway_notify('settings_written', '');
