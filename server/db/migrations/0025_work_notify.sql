-- Wakes the workers of every process when due work commits, instead of on their next poll: a
-- notification sent inside a transaction is delivered at its commit, once per table however
-- many rows (server/workers/workSignal.ts listens). The payload is the table's name; a work table
-- joins with a trigger calling this function.
CREATE FUNCTION notify_work() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('slotted_work', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Row triggers with a WHEN clause, so only rows that became due work notify: a new pending row,
-- or a pending one brought forward (a claim given back, a retry due before its lease's end). A
-- claim moves next_attempt_at later and a mark leaves pending, so a worker's own statements wake
-- nobody (a statement trigger would fire on every claim, even one that found nothing).
CREATE TRIGGER outbox_work_inserted AFTER INSERT ON outbox FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION notify_work();
--> statement-breakpoint
CREATE TRIGGER outbox_work_sooner AFTER UPDATE OF status, next_attempt_at ON outbox FOR EACH ROW WHEN (NEW.status = 'pending' AND (OLD.status <> 'pending' OR NEW.next_attempt_at < OLD.next_attempt_at)) EXECUTE FUNCTION notify_work();
--> statement-breakpoint
-- A new calendar connection, or one asked to sync now, is read at once.
CREATE TRIGGER calendar_connections_work_inserted AFTER INSERT ON calendar_connections FOR EACH ROW EXECUTE FUNCTION notify_work();
--> statement-breakpoint
CREATE TRIGGER calendar_connections_work_sooner AFTER UPDATE OF next_sync_at ON calendar_connections FOR EACH ROW WHEN (NEW.next_sync_at < OLD.next_sync_at) EXECUTE FUNCTION notify_work();
