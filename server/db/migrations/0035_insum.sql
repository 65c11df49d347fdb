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
ALTER TABLE "booking_facts" ADD CONSTRAINT "booking_facts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_facts_event_idx" ON "booking_facts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "booking_facts_team_meeting_idx" ON "booking_facts" USING btree ("team_id","start_at") WHERE "booking_facts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "booking_facts_team_host_idx" ON "booking_facts" USING btree ("team_id","start_at") WHERE "booking_facts"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "booking_facts_host_idx" ON "booking_facts" USING btree ("user_id","start_at");--> statement-breakpoint
-- Hand-written (issue 35, insights summary): the facts of every meeting booked before this
-- migration, as server/insights/bookingFacts.ts writes them (rebuildBookingFacts); after it, the
-- booking facts processor keeps them with each booking change.
INSERT INTO "booking_facts" ("event_id", "user_id", "team_id", "event_type_id", "status", "start_at",
  "end_at", "lead_hours", "end_kind", "end_actor", "rescheduled", "no_shows", "revenue")
SELECT e.id, h.user_id, t.team_id, e.event_type_id, e.status,
  e.start_at, e.end_at, extract(epoch from (e.start_at - e.created_at)) / 3600,
  ended.kind, ended.actor, e.former_event_id is not null, coalesce(ns.count, 0), paid.revenue
FROM events e
JOIN event_types t ON t.id = e.event_type_id
LEFT JOIN LATERAL (
  SELECT c.kind, c.actor FROM booking_changes c
  WHERE e.status = 'CANCELLED' AND c.event_id = e.id
    AND c.kind IN ('cancelled', 'declined', 'expired')
  ORDER BY c.id DESC LIMIT 1
) ended ON true
LEFT JOIN LATERAL (
  SELECT count(*)::int AS count FROM attendees a
  WHERE a.event_id = e.id AND a.no_show_at IS NOT NULL
) ns ON true
LEFT JOIN LATERAL (
  SELECT jsonb_object_agg(p.currency, p.amount) AS revenue FROM (
    SELECT currency, sum(amount - refunded_amount)::int AS amount FROM payments
    WHERE event_id = e.id AND status IN ('PAID', 'REFUNDED') GROUP BY currency
  ) p
) paid ON true
CROSS JOIN LATERAL (
  SELECT NULL::uuid AS user_id
  UNION ALL
  SELECT eh.user_id FROM event_hosts eh WHERE eh.event_id = e.id
) h
WHERE e.status <> 'PENDING_PAYMENT' AND (e.status <> 'CANCELLED' OR ended.kind IS NOT NULL);
