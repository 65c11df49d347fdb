CREATE TABLE "booking_facts" (
	"event_id" uuid NOT NULL,
	"user_id" uuid,
	"team_id" uuid,
	"event_type_id" uuid NOT NULL,
	"status" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"lead_hours" double precision NOT NULL,
	"end_kind" text,
	"end_actor" text,
	"rescheduled" boolean NOT NULL,
	"no_shows" integer NOT NULL,
	"revenue" jsonb
);
--> statement-breakpoint
ALTER TABLE "booking_facts" ADD CONSTRAINT "booking_facts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_facts_event_idx" ON "booking_facts" USING btree ("event_id");--> statement-breakpoint
-- Hand-written (issue 35, insights summary): the facts of every meeting booked before this
-- migration, as server/insights/bookingFacts.ts writes them (rebuildBookingFacts); after it, the
-- booking facts processor keeps them with each booking change.
INSERT INTO "booking_facts" ("event_id", "user_id", "team_id", "event_type_id", "status", "start_at",
  "end_at", "lead_hours", "end_kind", "end_actor", "rescheduled", "no_shows", "revenue")
SELECT e.id, h.user_id, t.team_id, e.event_type_id, e.status,
  e.start_at, e.end_at, extract(epoch from (e.start_at - e.created_at)) / 3600,
  ended.kind, ended.actor, e.former_event_id IS NOT NULL, coalesce(ns.count, 0), paid.revenue
FROM events e
JOIN event_types t ON t.id = e.event_type_id
JOIN (
  SELECT id AS event_id, NULL::uuid AS user_id FROM events
  UNION ALL
  SELECT event_id, user_id FROM event_hosts
) h ON h.event_id = e.id
LEFT JOIN (
  SELECT DISTINCT ON (event_id) event_id, kind, actor FROM booking_changes
  WHERE kind IN ('cancelled', 'declined', 'expired')
  ORDER BY event_id, id DESC
) ended ON ended.event_id = e.id AND e.status = 'CANCELLED'
LEFT JOIN (
  SELECT event_id, count(*)::int AS count FROM attendees
  WHERE no_show_at IS NOT NULL GROUP BY event_id
) ns ON ns.event_id = e.id
LEFT JOIN (
  SELECT event_id, jsonb_object_agg(currency, amount) AS revenue FROM (
    SELECT event_id, currency, sum(amount - refunded_amount)::int AS amount FROM payments
    WHERE status IN ('PAID', 'REFUNDED')
    GROUP BY event_id, currency
  ) per_currency GROUP BY event_id
) paid ON paid.event_id = e.id
WHERE e.status <> 'PENDING_PAYMENT' AND (e.status <> 'CANCELLED' OR ended.kind IS NOT NULL);
--> statement-breakpoint
-- Hand-written (issue 35): the insights' covering indexes, made after the backfill (faster than
-- keeping them during it). A team's year of meetings (summary, over time, event types, lead
-- time), of its hosts' rows (per host, heatmap), one host's, and the paid meetings (revenue).
CREATE INDEX "booking_facts_team_meeting_idx" ON "booking_facts" USING btree ("team_id", "start_at")
  INCLUDE ("event_type_id", "status", "end_at", "lead_hours", "end_kind", "end_actor", "rescheduled", "no_shows")
  WHERE "user_id" IS NULL;--> statement-breakpoint
CREATE INDEX "booking_facts_team_host_idx" ON "booking_facts" USING btree ("team_id", "start_at")
  INCLUDE ("user_id", "event_type_id", "end_kind", "no_shows")
  WHERE "user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_facts_host_idx" ON "booking_facts" USING btree ("user_id", "start_at")
  INCLUDE ("team_id", "event_type_id", "status", "end_at", "lead_hours", "end_kind", "end_actor", "rescheduled", "no_shows")
  WHERE "user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_facts_paid_idx" ON "booking_facts" USING btree ("team_id", "start_at")
  WHERE "revenue" IS NOT NULL AND "user_id" IS NULL;
