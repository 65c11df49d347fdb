CREATE TABLE "host_time_changes" (
	"user_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"during" "tstzrange",
	CONSTRAINT "host_time_changes_user_id_version_pk" PRIMARY KEY("user_id","version")
);
--> statement-breakpoint
ALTER TABLE "host_time_changes" ADD CONSTRAINT "host_time_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Bumps each user's counter once, as migration 0020's did, and logs per user the span the write
-- touched: the hull of `spans` (aligned with `touched`; a null span, or none given, logs null: any
-- of their time may have changed). Only busy-time versions are logged; at least the last 64 kept.
-- PL/pgSQL: it keeps its statements' plans for the session, where a SQL function's body is
-- planned on every call (a booking bumps three or four times).
CREATE FUNCTION bump_host_time(touched uuid[], kind text, spans tstzrange[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF kind <> 'busy' THEN
    INSERT INTO host_time_versions AS v (user_id)
    SELECT DISTINCT u FROM unnest(touched) AS u
    WHERE u IS NOT NULL AND EXISTS (SELECT 1 FROM users WHERE id = u)
    ORDER BY u
    ON CONFLICT (user_id) DO UPDATE SET settings_version = v.settings_version + 1;
    RETURN;
  END IF;
  WITH bumped AS (
    INSERT INTO host_time_versions AS v (user_id)
    SELECT DISTINCT u FROM unnest(touched) AS u
    WHERE u IS NOT NULL AND EXISTS (SELECT 1 FROM users WHERE id = u)
    ORDER BY u
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1
    RETURNING v.user_id, v.version
  ), logged AS (
    INSERT INTO host_time_changes AS c (user_id, version, during)
    SELECT b.user_id, b.version,
      CASE WHEN bool_or(t.span IS NULL) THEN NULL ELSE range_merge(range_agg(t.span)) END
    FROM bumped b JOIN unnest(touched, spans) AS t(u, span) ON t.u = b.user_id
    GROUP BY b.user_id, b.version
    -- Never expected (versions only grow under the row lock), but a write must not fail on it.
    ON CONFLICT (user_id, version) DO UPDATE SET during = NULL
  )
  -- Every 32nd version: between 64 and 96 kept, a delete on one write in 32.
  DELETE FROM host_time_changes c USING bumped b
  WHERE b.version % 32 = 0 AND c.user_id = b.user_id AND c.version <= b.version - 64;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_host_time(touched uuid[], kind text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_host_time(touched, kind, NULL::tstzrange[]);
END
$$;
--> statement-breakpoint
-- An event's time as a range, whichever way round its ends were written.
CREATE FUNCTION event_span(start_at timestamptz, end_at timestamptz) RETURNS tstzrange LANGUAGE sql IMMUTABLE AS $$
  SELECT tstzrange(least(start_at, end_at), greatest(start_at, end_at), '[)')
$$;
--> statement-breakpoint
-- TG_ARGV: the user column, the kind, and optionally the range column whose spans are logged.
CREATE OR REPLACE FUNCTION host_time_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  column_name text := TG_ARGV[0];
  kind text := TG_ARGV[1];
  span text := CASE WHEN TG_NARGS > 2 THEN quote_ident(TG_ARGV[2]) ELSE 'NULL::tstzrange' END;
  touched uuid[];
  spans tstzrange[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(%I), array_agg(%s) FROM new_rows', column_name, span) INTO touched, spans;
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE format('SELECT array_agg(u), array_agg(s) FROM (SELECT %1$I AS u, %2$s AS s FROM new_rows UNION ALL SELECT %1$I, %2$s FROM old_rows) t', column_name, span) INTO touched, spans;
  ELSE
    EXECUTE format('SELECT array_agg(%I), array_agg(%s) FROM old_rows', column_name, span) INTO touched, spans;
  END IF;
  PERFORM bump_host_time(touched, kind, spans);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER host_busy_inserted ON host_busy;
--> statement-breakpoint
DROP TRIGGER host_busy_updated ON host_busy;
--> statement-breakpoint
DROP TRIGGER host_busy_deleted ON host_busy;
--> statement-breakpoint
CREATE TRIGGER host_busy_inserted AFTER INSERT ON host_busy REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('host_id', 'busy', 'during');
--> statement-breakpoint
CREATE TRIGGER host_busy_updated AFTER UPDATE ON host_busy REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('host_id', 'busy', 'during');
--> statement-breakpoint
CREATE TRIGGER host_busy_deleted AFTER DELETE ON host_busy REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('host_id', 'busy', 'during');
--> statement-breakpoint
DROP TRIGGER calendar_busy_inserted ON calendar_busy;
--> statement-breakpoint
DROP TRIGGER calendar_busy_updated ON calendar_busy;
--> statement-breakpoint
DROP TRIGGER calendar_busy_deleted ON calendar_busy;
--> statement-breakpoint
CREATE TRIGGER calendar_busy_inserted AFTER INSERT ON calendar_busy REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy', 'during');
--> statement-breakpoint
CREATE TRIGGER calendar_busy_updated AFTER UPDATE ON calendar_busy REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy', 'during');
--> statement-breakpoint
CREATE TRIGGER calendar_busy_deleted AFTER DELETE ON calendar_busy REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION host_time_changed('user_id', 'busy', 'during');
--> statement-breakpoint
-- A host joining or leaving an event: the event's time (an event already gone logs all time).
CREATE FUNCTION event_hosts_time_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
  spans tstzrange[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.user_id), array_agg(event_span(e.start_at, e.end_at)) INTO touched, spans
    FROM new_rows r LEFT JOIN events e ON e.id = r.event_id;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(r.user_id), array_agg(event_span(e.start_at, e.end_at)) INTO touched, spans
    FROM (SELECT user_id, event_id FROM new_rows UNION ALL SELECT user_id, event_id FROM old_rows) r
    LEFT JOIN events e ON e.id = r.event_id;
  ELSE
    SELECT array_agg(r.user_id), array_agg(event_span(e.start_at, e.end_at)) INTO touched, spans
    FROM old_rows r LEFT JOIN events e ON e.id = r.event_id;
  END IF;
  PERFORM bump_host_time(touched, 'busy', spans);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER event_hosts_inserted ON event_hosts;
--> statement-breakpoint
DROP TRIGGER event_hosts_updated ON event_hosts;
--> statement-breakpoint
DROP TRIGGER event_hosts_deleted ON event_hosts;
--> statement-breakpoint
CREATE TRIGGER event_hosts_inserted AFTER INSERT ON event_hosts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_hosts_time_changed();
--> statement-breakpoint
CREATE TRIGGER event_hosts_updated AFTER UPDATE ON event_hosts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_hosts_time_changed();
--> statement-breakpoint
CREATE TRIGGER event_hosts_deleted AFTER DELETE ON event_hosts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_hosts_time_changed();
--> statement-breakpoint
-- A GROUP event's attendees (its seats left): the event's time, for each of its hosts.
CREATE OR REPLACE FUNCTION event_host_time_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
  spans tstzrange[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(h.user_id), array_agg(event_span(e.start_at, e.end_at)) INTO touched, spans
    FROM event_hosts h JOIN events e ON e.id = h.event_id WHERE h.event_id IN (SELECT event_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(h.user_id), array_agg(event_span(e.start_at, e.end_at)) INTO touched, spans
    FROM event_hosts h JOIN events e ON e.id = h.event_id
    WHERE h.event_id IN (SELECT event_id FROM new_rows UNION SELECT event_id FROM old_rows);
  ELSE
    SELECT array_agg(h.user_id), array_agg(event_span(e.start_at, e.end_at)) INTO touched, spans
    FROM event_hosts h JOIN events e ON e.id = h.event_id WHERE h.event_id IN (SELECT event_id FROM old_rows);
  END IF;
  PERFORM bump_host_time(touched, 'busy', spans);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An event's status, time or type: its time before and after, for each of its hosts.
CREATE OR REPLACE FUNCTION events_host_time_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
  spans tstzrange[];
BEGIN
  SELECT array_agg(x.user_id), array_agg(x.span) INTO touched, spans FROM (
    SELECT h.user_id, event_span(n.start_at, n.end_at) AS span, event_span(o.start_at, o.end_at) AS former
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN event_hosts h ON h.event_id = n.id
    WHERE (n.status, n.start_at, n.end_at, n.event_type_id) IS DISTINCT FROM (o.status, o.start_at, o.end_at, o.event_type_id)
  ) c, LATERAL (VALUES (c.user_id, c.span), (c.user_id, c.former)) AS x(user_id, span);
  PERFORM bump_host_time(touched, 'busy', spans);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Per user of an event type (its owner and hosts), "id:busy:settings:down": down is 1 while a
-- failing BLOCK connection of theirs is past its grace (failing since p_down_since or earlier).
CREATE FUNCTION timetable_stamp_versions(p_event_type_id uuid, p_owner_id uuid, p_down_since timestamptz)
RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((
    SELECT string_agg(u.id::text || ':' || coalesce(v.version, 0) || ':' || coalesce(v.settings_version, 0) || ':'
      || (EXISTS (SELECT 1 FROM calendar_connections c WHERE c.user_id = u.id
        AND c.on_failure = 'BLOCK' AND c.failing_since <= p_down_since))::int, ',' ORDER BY u.id)
    FROM (SELECT p_owner_id AS id WHERE p_owner_id IS NOT NULL
      UNION SELECT h.user_id FROM event_type_hosts h WHERE h.event_type_id = p_event_type_id) u
    LEFT JOIN host_time_versions v ON v.user_id = u.id), '');
END
$$;
--> statement-breakpoint
-- What changed in hosts' busy time since the versions a cache holds them at (p_versions, aligned
-- with p_ids). Per host with changes, a 'changed' row "latest,complete,hull": complete is 1 when
-- every version since is logged with a span; the hull of those spans is "empty", or its ends in
-- epoch ms ("-inf"/"inf" when unbounded). Then, for complete hosts, their blocks overlapping the
-- hull within [p_from, p_to), as loadHostTime reads them ('busy' and 'external' rows). A loop of
-- small statements: as one statement joining the changes, its plan took three times as long.
CREATE FUNCTION host_time_since(p_ids uuid[], p_versions bigint[], p_from timestamptz, p_to timestamptz, p_count_attendees boolean)
RETURNS TABLE (kind text, host_id uuid, blocks text) LANGUAGE plpgsql STABLE AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT k.id, max(c.version) AS latest,
      (count(*) = max(c.version) - k.version AND NOT bool_or(c.during IS NULL)) AS complete,
      range_merge(range_agg(c.during)) AS hull
    FROM unnest(p_ids, p_versions) AS k(id, version)
    JOIN host_time_changes c ON c.user_id = k.id AND c.version > k.version
    GROUP BY k.id, k.version
  LOOP
    kind := 'changed';
    host_id := r.id;
    blocks := r.latest || ',' || r.complete::int || ',' || CASE
      WHEN NOT r.complete OR r.hull IS NULL OR isempty(r.hull) THEN 'empty'
      ELSE coalesce((date_part('epoch', lower(r.hull)) * 1000)::text, '-inf') || ','
        || coalesce((date_part('epoch', upper(r.hull)) * 1000)::text, 'inf')
    END;
    RETURN NEXT;
    IF r.complete AND NOT isempty(r.hull) THEN
      RETURN QUERY SELECT 'busy'::text, hb.host_id, string_agg(concat_ws(',', e.id, e.event_type_id,
          date_part('epoch', e.start_at) * 1000, date_part('epoch', e.end_at) * 1000,
          date_part('epoch', lower(hb.during)) * 1000, date_part('epoch', upper(hb.during)) * 1000,
          CASE WHEN p_count_attendees
            THEN (SELECT count(*) FROM attendees a WHERE a.event_id = e.id AND a.status = 'CONFIRMED')
            ELSE 1 END), ';')
        FROM host_busy hb
        CROSS JOIN LATERAL (
          SELECT e.id, e.event_type_id, e.start_at, e.end_at FROM events e
          WHERE e.id = hb.event_id AND e.status IN ('CONFIRMED', 'PENDING_PAYMENT', 'PENDING_APPROVAL')
          OFFSET 0
        ) e
        WHERE hb.host_id = r.id AND hb.during && r.hull AND hb.during && tstzrange(p_from, p_to, '[)')
        GROUP BY hb.host_id;
      RETURN QUERY SELECT 'external'::text, cb.user_id, string_agg(concat_ws(',',
          date_part('epoch', lower(cb.during)) * 1000, date_part('epoch', upper(cb.during)) * 1000), ';')
        FROM calendar_busy cb
        WHERE cb.user_id = r.id AND cb.during && r.hull AND cb.during && tstzrange(p_from, p_to, '[)')
        GROUP BY cb.user_id;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The stamp of the event type a public link names (by username and slug, or by shared link): a
-- 'stamp' row of its id and its users' versions. When the caller holds the hosts' busy time as of
-- another stamp (p_held_stamp; p_ids at p_versions over [p_from, p_to)), what changed since comes
-- in the same call, as host_time_since's rows: a booking's next timetable costs one round trip.
-- PL/pgSQL keeps its statements' plans for the session: planning was two thirds of the stamp's
-- time on PGlite, which plans every statement it is sent. STABLE: one snapshot for the whole call.
CREATE FUNCTION timetable_stamp(p_username text, p_slug text, p_shared_link text, p_down_since timestamptz,
  p_held_stamp text, p_ids uuid[], p_versions bigint[], p_from timestamptz, p_to timestamptz, p_count_attendees boolean)
RETURNS TABLE (kind text, host_id uuid, blocks text) LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_id uuid;
  found_versions text;
BEGIN
  IF p_shared_link IS NULL THEN
    SELECT et.id, timetable_stamp_versions(et.id, et.user_id, p_down_since) INTO found_id, found_versions
    FROM event_types et
    WHERE et.slug = p_slug AND et.user_id = (SELECT u.id FROM users u WHERE u.username = p_username)
    LIMIT 1;
  ELSE
    SELECT et.id, timetable_stamp_versions(et.id, et.user_id, p_down_since) INTO found_id, found_versions
    FROM event_types et WHERE et.shared_link = p_shared_link LIMIT 1;
  END IF;
  IF found_id IS NULL THEN
    RETURN;
  END IF;
  kind := 'stamp';
  host_id := found_id;
  blocks := found_versions;
  RETURN NEXT;
  IF p_ids IS NOT NULL AND found_versions IS DISTINCT FROM p_held_stamp THEN
    RETURN QUERY SELECT * FROM host_time_since(p_ids, p_versions, p_from, p_to, p_count_attendees);
  END IF;
END
$$;
