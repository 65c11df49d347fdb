ALTER TABLE "attendees" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "attendees_no_show_idx" ON "attendees" USING btree ("event_id") WHERE "attendees"."no_show_at" is not null;--> statement-breakpoint
CREATE INDEX "booking_changes_event_idx" ON "booking_changes" USING btree ("event_id","id");