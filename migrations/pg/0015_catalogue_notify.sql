-- Every process keeps flight searches' stamps in memory (server/services/catalogue/search-answers.ts)
-- until a write that may change them is announced here, on commit, to every process (never for a
-- rolled-back one). The payload is a JSON array of the keys of server/db/catalogue-writes.ts: a flight's
-- route "origin|destination" and "origin|destination|local day", before and after the write; "airports"
-- for any write to airports, and for a TRUNCATE of either table (everything kept is stale then).
CREATE FUNCTION skyway_flight_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null on an INSERT and NEW on a DELETE, so their keys drop out.
  PERFORM pg_notify('catalogue_written', (
    SELECT array_to_json(array_agg(DISTINCT key))::text
    FROM unnest(ARRAY[
      OLD.origin_id || '|' || OLD.destination_id,
      OLD.origin_id || '|' || OLD.destination_id || '|' || OLD.departure_local_date,
      NEW.origin_id || '|' || NEW.destination_id,
      NEW.origin_id || '|' || NEW.destination_id || '|' || NEW.departure_local_date
    ]) AS key
    WHERE key IS NOT NULL
  ));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION skyway_catalogue_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_written', '["airports"]');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER flights_written AFTER INSERT OR UPDATE OR DELETE ON flights
  FOR EACH ROW EXECUTE FUNCTION skyway_flight_written();
--> statement-breakpoint
CREATE TRIGGER flights_truncated AFTER TRUNCATE ON flights
  FOR EACH STATEMENT EXECUTE FUNCTION skyway_catalogue_written();
--> statement-breakpoint
CREATE TRIGGER airports_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON airports
  FOR EACH STATEMENT EXECUTE FUNCTION skyway_catalogue_written();
