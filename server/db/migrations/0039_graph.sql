CREATE TABLE "microsoft_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"client_state_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connected_calendars" ADD COLUMN "delta_state" jsonb;--> statement-breakpoint
ALTER TABLE "microsoft_subscriptions" ADD CONSTRAINT "microsoft_subscriptions_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "microsoft_subscriptions" ADD CONSTRAINT "microsoft_subscriptions_calendar_id_connected_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."connected_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "microsoft_subscriptions_calendar_key" ON "microsoft_subscriptions" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "microsoft_subscriptions_expires_at_index" ON "microsoft_subscriptions" USING btree ("expires_at");