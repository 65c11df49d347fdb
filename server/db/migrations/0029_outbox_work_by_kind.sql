-- An outbox row wakes only the worker of its kind: the payload names the table and, for the
-- outbox, the row's kind ("outbox:mail"). Before, every mail a booking wrote woke the webhook,
-- refund and calendar workers too, each running a claim that found nothing (on PGlite, where
-- they share the one database thread with the bookings, a tenth of a booking's cost).
-- Notifications of one transaction with the same payload still arrive once.
CREATE OR REPLACE FUNCTION notify_work() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'outbox' THEN
    PERFORM pg_notify('slotted_work', 'outbox:' || NEW.kind);
  ELSE
    PERFORM pg_notify('slotted_work', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
