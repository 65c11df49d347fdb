ALTER TABLE "event_types" ADD COLUMN "approval_scope" text DEFAULT 'EVERYONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "recurrence" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE INDEX "events_series_id_index" ON "events" USING btree ("series_id") WHERE "events"."series_id" is not null;