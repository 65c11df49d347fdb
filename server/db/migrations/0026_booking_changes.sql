CREATE TABLE "booking_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"event_id" uuid NOT NULL,
	"attendee_id" uuid,
	"actor" text NOT NULL,
	"before" jsonb,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "booking_changes_unprocessed_idx" ON "booking_changes" USING btree ("id") WHERE "booking_changes"."processed_at" is null;--> statement-breakpoint
-- A recorded change wakes the change workers of every process at its commit (notify_work, 0025).
CREATE TRIGGER booking_changes_work_inserted AFTER INSERT ON booking_changes FOR EACH ROW EXECUTE FUNCTION notify_work();
