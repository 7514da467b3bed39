-- Every process disconnects a user's sockets once their token version or role changes or the user is
-- deleted (server/realtime/sessions.ts): the change is announced on a channel each process listens to,
-- delivered when its transaction commits (never for a rolled-back one).
CREATE FUNCTION skyway_user_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_session_changed', OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE OF token_version, role ON users
  FOR EACH ROW WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION skyway_user_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION skyway_user_session_changed();
