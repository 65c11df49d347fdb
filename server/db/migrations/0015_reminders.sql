ALTER TABLE "event_types" ADD COLUMN "reminders" jsonb DEFAULT '[{"minutesBefore":1440,"to":"invitee"}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "reminder_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "follow_up" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attendee_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_event_idx" ON "outbox" USING btree ("event_id") WHERE "outbox"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_attendee_idx" ON "outbox" USING btree ("attendee_id") WHERE "outbox"."attendee_id" is not null;