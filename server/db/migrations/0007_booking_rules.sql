ALTER TABLE "event_types" ADD COLUMN "weekly_limit" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "monthly_limit" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "daily_duration_limit" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "weekly_duration_limit" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;