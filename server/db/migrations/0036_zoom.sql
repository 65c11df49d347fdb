CREATE TABLE "zoom_meetings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"connection_id" uuid,
	"meeting_id" text,
	"join_url" text,
	"synced_start" timestamp with time zone,
	"synced_minutes" integer,
	"synced_topic" text,
	"create_sent_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoom_meetings" ADD CONSTRAINT "zoom_meetings_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE set null ON UPDATE no action;