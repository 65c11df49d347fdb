-- Every bump of a host's time versions now takes the host's advisory lock first (the lock of
-- server/booking/hostLock.ts: namespace 727002, hashtext of the id), in id order. Why: the
-- bump's upsert locks the host's host_time_versions row until commit. A booking takes the host
-- lock and then bumps; a cancel or reschedule used to bump first (freeing its old time fires the
-- trigger) and then wait for the lock, so under load the two waited for each other and
-- PostgreSQL broke the deadlock by failing one (a 503 "busy" to its client). With the lock taken
-- inside the bump, every writer of a host's time takes the lock before the row.
CREATE OR REPLACE FUNCTION bump_host_time(touched uuid[], kind text, spans tstzrange[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727002, hashtext(h.u::text))
  FROM (SELECT DISTINCT u FROM unnest(touched) AS u WHERE u IS NOT NULL ORDER BY u) AS h;
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
