CREATE TABLE "booking_hours" (
	"team_id" uuid,
	"event_type_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"bookings" integer NOT NULL,
	"confirmed" integer NOT NULL,
	"confirmed_end_min" timestamp with time zone,
	"confirmed_end_max" timestamp with time zone,
	"pending" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"by_host" integer NOT NULL,
	"by_invitee" integer NOT NULL,
	"by_system" integer NOT NULL,
	"rescheduled" integer NOT NULL,
	"no_shows" integer NOT NULL,
	"declined" integer NOT NULL,
	"expired" integer NOT NULL,
	"lead_counts" integer[] NOT NULL,
	"revenue" jsonb
);
--> statement-breakpoint
ALTER TABLE "booking_facts" ADD COLUMN "local_weekday" smallint;--> statement-breakpoint
ALTER TABLE "booking_facts" ADD COLUMN "local_hour" smallint;--> statement-breakpoint
ALTER TABLE "booking_hours" ADD CONSTRAINT "booking_hours_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_hours_team_idx" ON "booking_hours" USING btree ("team_id","hour");--> statement-breakpoint
CREATE INDEX "booking_hours_type_idx" ON "booking_hours" USING btree ("event_type_id","hour");--> statement-breakpoint
CREATE INDEX "booking_facts_type_meeting_idx" ON "booking_facts" USING btree ("event_type_id","start_at") WHERE "booking_facts"."user_id" is null;--> statement-breakpoint
-- Hand-written (issue 35, heatmap): the hosts' indexes are made again with the cell columns
-- (dropped first: the backfill below rewrites every host row, faster without them).
DROP INDEX "booking_facts_team_host_idx";--> statement-breakpoint
DROP INDEX "booking_facts_host_idx";--> statement-breakpoint
-- Each host row's cell, the weekday and hour of its start in the host's zone as it is now, as
-- server/insights/bookingFacts.ts writes it.
UPDATE "booking_facts" f
SET "local_weekday" = extract(isodow FROM f.start_at AT TIME ZONE u.time_zone),
  "local_hour" = extract(hour FROM f.start_at AT TIME ZONE u.time_zone)
FROM "users" u WHERE u.id = f.user_id;--> statement-breakpoint
CREATE INDEX "booking_facts_team_host_idx" ON "booking_facts" USING btree ("team_id", "start_at")
  INCLUDE ("user_id", "event_type_id", "end_kind", "no_shows", "local_weekday", "local_hour")
  WHERE "user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_facts_host_idx" ON "booking_facts" USING btree ("user_id", "start_at")
  INCLUDE ("team_id", "event_type_id", "status", "end_at", "lead_hours", "end_kind", "end_actor", "rescheduled", "no_shows", "local_weekday", "local_hour")
  WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
-- Hand-written (issue 35, rollup): every hour's sums, as server/insights/bookingHours.ts writes
-- them (rebuildBookingHours; the lead time buckets of core/api/bookingInsights.ts).
INSERT INTO "booking_hours" ("team_id", "event_type_id", "hour", "bookings", "confirmed",
  "confirmed_end_min", "confirmed_end_max", "pending", "cancelled", "by_host", "by_invitee",
  "by_system", "rescheduled", "no_shows", "declined", "expired", "lead_counts", "revenue")
SELECT c.*, paid.revenue FROM (
  SELECT f.team_id, f.event_type_id, date_trunc('hour', f.start_at, 'UTC') AS hour,
    count(*)::int,
    count(*) FILTER (WHERE f.status = 'CONFIRMED')::int,
    min(f.end_at) FILTER (WHERE f.status = 'CONFIRMED'),
    max(f.end_at) FILTER (WHERE f.status = 'CONFIRMED'),
    count(*) FILTER (WHERE f.status = 'PENDING_APPROVAL')::int,
    count(*) FILTER (WHERE f.end_kind = 'cancelled')::int,
    count(*) FILTER (WHERE f.end_kind = 'cancelled' AND f.end_actor NOT IN ('invitee', 'system'))::int,
    count(*) FILTER (WHERE f.end_kind = 'cancelled' AND f.end_actor = 'invitee')::int,
    count(*) FILTER (WHERE f.end_kind = 'cancelled' AND f.end_actor = 'system')::int,
    count(*) FILTER (WHERE f.rescheduled)::int,
    coalesce(sum(f.no_shows), 0)::int,
    count(*) FILTER (WHERE f.end_kind = 'declined')::int,
    count(*) FILTER (WHERE f.end_kind = 'expired')::int,
    array[
      count(*) FILTER (WHERE f.lead_hours < 24)::int,
      count(*) FILTER (WHERE f.lead_hours >= 24 AND f.lead_hours < 72)::int,
      count(*) FILTER (WHERE f.lead_hours >= 72 AND f.lead_hours < 168)::int,
      count(*) FILTER (WHERE f.lead_hours >= 168 AND f.lead_hours < 336)::int,
      count(*) FILTER (WHERE f.lead_hours >= 336 AND f.lead_hours < 672)::int,
      count(*) FILTER (WHERE f.lead_hours >= 672)::int
    ]
  FROM "booking_facts" f WHERE f.user_id IS NULL
  GROUP BY f.team_id, f.event_type_id, date_trunc('hour', f.start_at, 'UTC')
) c
LEFT JOIN (
  SELECT team_id, event_type_id, hour, jsonb_object_agg(currency, amount) AS revenue FROM (
    SELECT f.team_id, f.event_type_id, date_trunc('hour', f.start_at, 'UTC') AS hour,
      paid.key AS currency, sum(paid.value::int)::int AS amount
    FROM "booking_facts" f CROSS JOIN LATERAL jsonb_each_text(f.revenue) paid
    WHERE f.user_id IS NULL AND f.revenue IS NOT NULL
    GROUP BY f.team_id, f.event_type_id, date_trunc('hour', f.start_at, 'UTC'), paid.key
  ) per_currency GROUP BY team_id, event_type_id, hour
) paid ON paid.team_id IS NOT DISTINCT FROM c.team_id AND paid.event_type_id = c.event_type_id
  AND paid.hour = c.hour;
