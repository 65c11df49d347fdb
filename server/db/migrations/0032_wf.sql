CREATE TABLE "workflow_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workflow_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"event_id" uuid,
	"attendee_id" uuid,
	"recipient" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"due_at" timestamp with time zone NOT NULL,
	"outbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"subject" text,
	"body" text,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"trigger" text NOT NULL,
	"offset_minutes" integer DEFAULT 0 NOT NULL,
	"cancelled_by" jsonb DEFAULT '["invitee","host","declined","expired"]'::jsonb NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "sms_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_step_id_workflow_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."workflow_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_runs_workflow_id_due_at_index" ON "workflow_runs" USING btree ("workflow_id","due_at");--> statement-breakpoint
CREATE INDEX "workflow_runs_outbox_idx" ON "workflow_runs" USING btree ("outbox_id") WHERE "workflow_runs"."outbox_id" is not null;--> statement-breakpoint
CREATE INDEX "workflow_steps_workflow_id_position_index" ON "workflow_steps" USING btree ("workflow_id","position");--> statement-breakpoint
CREATE INDEX "workflows_event_type_id_index" ON "workflows" USING btree ("event_type_id");--> statement-breakpoint
-- Each event type's reminders and follow-up become the workflows that send them: one per
-- reminder (to the invitee and their guests, and a copy to the hosts when it said so), one for
-- the follow-up (to the invitee), each with the built-in message and the host's text in it.
WITH r AS MATERIALIZED (
  SELECT gen_random_uuid() AS id, et.id AS event_type_id, 'before_start' AS trigger,
         (x.value->>'minutesBefore')::integer AS minutes, x.value->>'to' = 'invitee_and_host' AS hosts,
         et.reminder_text AS note, 'Reminder' AS name
    FROM event_types et, jsonb_array_elements(et.reminders) x(value)
  UNION ALL
  SELECT gen_random_uuid(), et.id, 'after_end', (et.follow_up->>'minutesAfter')::integer, false,
         coalesce(et.follow_up->>'text', ''), 'Follow-up'
    FROM event_types et WHERE et.follow_up IS NOT NULL AND jsonb_typeof(et.follow_up) = 'object'
), w AS (
  INSERT INTO workflows (id, event_type_id, name, trigger, offset_minutes, source)
  SELECT id, event_type_id, name, trigger, minutes, 'reminders' FROM r
)
INSERT INTO workflow_steps (workflow_id, position, action, note)
SELECT r.id, s.position, s.action, r.note
  FROM r CROSS JOIN (VALUES (0, 'email_invitee'), (1, 'email_guests'), (2, 'email_hosts')) s(position, action)
 WHERE (s.action = 'email_invitee')
    OR (r.trigger = 'before_start' AND (s.action = 'email_guests' OR (s.action = 'email_hosts' AND r.hosts)));
