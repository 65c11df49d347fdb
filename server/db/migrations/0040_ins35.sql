ALTER TABLE "booking_facts" ADD COLUMN "local_weekday" smallint;--> statement-breakpoint
ALTER TABLE "booking_facts" ADD COLUMN "local_hour" smallint;--> statement-breakpoint
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
