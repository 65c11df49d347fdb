ALTER TABLE "calendar_connections" ADD COLUMN "cancel_on_delete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD COLUMN "external_change" text;--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD COLUMN "external_change_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connected_calendars" ADD COLUMN "sync_token" text;