CREATE TABLE "host_time_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"settings_version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "host_time_versions" ADD CONSTRAINT "host_time_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Bumps each user's counter once (busy time, or settings: what a public link resolves to), in id
-- order so two transactions never wait on each other in opposite orders. Statement-level
-- triggers below pass every user a statement touched: one bump per user however many rows (a
-- calendar sync writes hundreds).
CREATE FUNCTION bump_host_time(touched uuid[], kind text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO host_time_versions AS v (user_id)
  SELECT DISTINCT u FROM unnest(touched) AS u
  WHERE u IS NOT NULL AND EXISTS (SELECT 1 FROM users WHERE id = u)
  ORDER BY u
  ON CONFLICT (user_id) DO UPDATE SET
    version = v.version + (kind = 'busy')::int,
    settings_version = v.settings_version + (kind = 'settings')::int
$$;
--> statement-breakpoint
-- One function per table: the users a changed row concerns. Transition tables exist only for the
-- operations a trigger names, and PL/pgSQL plans a statement when it first runs, so each branch
-- reads only the tables its operation has.
CREATE FUNCTION host_time_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  column_name text := TG_ARGV[0];
  kind text := TG_ARGV[1];
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(%I) FROM new_rows', column_name) INTO touched;
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE format('SELECT array_agg(%1$I) FROM (SELECT %1$I FROM new_rows UNION SELECT %1$I FROM old_rows) t', column_name) INTO touched;
  ELSE
    EXECUTE format('SELECT array_agg(%I) FROM old_rows', column_name) INTO touched;
  END IF;
  PERFORM bump_host_time(touched, kind);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER host_busy_inserted AFTER INSERT ON host_busy REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('host_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER host_busy_updated AFTER UPDATE ON host_busy REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('host_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER host_busy_deleted AFTER DELETE ON host_busy REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('host_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER calendar_busy_inserted AFTER INSERT ON calendar_busy REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER calendar_busy_updated AFTER UPDATE ON calendar_busy REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER calendar_busy_deleted AFTER DELETE ON calendar_busy REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy');
--> statement-breakpoint
-- A connection's failure state can make its host's whole horizon busy.
CREATE TRIGGER calendar_connections_inserted AFTER INSERT ON calendar_connections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER calendar_connections_updated AFTER UPDATE ON calendar_connections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER calendar_connections_deleted AFTER DELETE ON calendar_connections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER out_of_office_inserted AFTER INSERT ON out_of_office REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER out_of_office_updated AFTER UPDATE ON out_of_office REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER out_of_office_deleted AFTER DELETE ON out_of_office REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER schedules_inserted AFTER INSERT ON schedules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'settings');
--> statement-breakpoint
CREATE TRIGGER schedules_updated AFTER UPDATE ON schedules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'settings');
--> statement-breakpoint
CREATE TRIGGER schedules_deleted AFTER DELETE ON schedules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'settings');
--> statement-breakpoint
CREATE TRIGGER event_type_hosts_inserted AFTER INSERT ON event_type_hosts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'settings');
--> statement-breakpoint
CREATE TRIGGER event_type_hosts_updated AFTER UPDATE ON event_type_hosts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'settings');
--> statement-breakpoint
CREATE TRIGGER event_type_hosts_deleted AFTER DELETE ON event_type_hosts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'settings');
--> statement-breakpoint
CREATE TRIGGER event_hosts_inserted AFTER INSERT ON event_hosts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER event_hosts_updated AFTER UPDATE ON event_hosts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy');
--> statement-breakpoint
CREATE TRIGGER event_hosts_deleted AFTER DELETE ON event_hosts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy');
--> statement-breakpoint
-- The user's own row: zone, username, email and verification all shape what a link resolves to.
CREATE TRIGGER users_updated AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('id', 'settings');
--> statement-breakpoint
-- An event's status, time or type (what its busy block counts toward), and a GROUP event's
-- attendees (its seats left), concern the event's hosts.
CREATE FUNCTION event_host_time_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(h.user_id) INTO touched FROM event_hosts h WHERE h.event_id IN (SELECT event_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(h.user_id) INTO touched FROM event_hosts h
    WHERE h.event_id IN (SELECT event_id FROM new_rows UNION SELECT event_id FROM old_rows);
  ELSE
    SELECT array_agg(h.user_id) INTO touched FROM event_hosts h WHERE h.event_id IN (SELECT event_id FROM old_rows);
  END IF;
  PERFORM bump_host_time(touched, 'busy');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER attendees_inserted AFTER INSERT ON attendees REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_host_time_changed();
--> statement-breakpoint
CREATE TRIGGER attendees_updated AFTER UPDATE ON attendees REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_host_time_changed();
--> statement-breakpoint
CREATE TRIGGER attendees_deleted AFTER DELETE ON attendees REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_host_time_changed();
--> statement-breakpoint
CREATE FUNCTION events_host_time_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_host_time(array(
    SELECT h.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN event_hosts h ON h.event_id = n.id
    WHERE (n.status, n.start_at, n.end_at, n.event_type_id) IS DISTINCT FROM (o.status, o.start_at, o.end_at, o.event_type_id)), 'busy');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER events_updated AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_host_time_changed();
--> statement-breakpoint
-- An event type's rules (durations, buffers, limits, horizon, schedule, hosts) shape its slots:
-- its owner and its hosts.
CREATE FUNCTION event_types_host_time_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_host_time(array(
    SELECT n.user_id FROM new_rows n
    UNION ALL SELECT h.user_id FROM event_type_hosts h WHERE h.event_type_id IN (SELECT id FROM new_rows)), 'settings');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_types_updated AFTER UPDATE ON event_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_types_host_time_changed();
