CREATE TABLE "booking_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_busy" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"during" "tstzrange" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"server_url" text NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"secret" text NOT NULL,
	"on_failure" text DEFAULT 'KEEP_OFFERING' NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failing_since" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_writes" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"href" text NOT NULL,
	"etag" text,
	CONSTRAINT "calendar_writes_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "connected_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"time_zone" text,
	"busy" boolean DEFAULT true NOT NULL,
	"write_target" boolean DEFAULT false NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_feeds" ADD CONSTRAINT "booking_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy" ADD CONSTRAINT "calendar_busy_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy" ADD CONSTRAINT "calendar_busy_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy" ADD CONSTRAINT "calendar_busy_calendar_id_connected_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."connected_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD CONSTRAINT "calendar_writes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD CONSTRAINT "calendar_writes_calendar_id_connected_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."connected_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connected_calendars" ADD CONSTRAINT "connected_calendars_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_during_idx" ON "calendar_busy" USING gist ("user_id","during");--> statement-breakpoint
CREATE INDEX "calendar_busy_connection_id_index" ON "calendar_busy" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "calendar_connections_user_id_index" ON "calendar_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "calendar_connections_next_sync_at_index" ON "calendar_connections" USING btree ("next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "connected_calendars_url_key" ON "connected_calendars" USING btree ("connection_id","url");