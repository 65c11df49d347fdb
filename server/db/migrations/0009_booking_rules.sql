ALTER TABLE "event_types" ADD COLUMN "weekly_limit" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "monthly_limit" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "daily_duration_limit" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "weekly_duration_limit" integer;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "allow_cancel" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "allow_reschedule" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "cancel_notice" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "reschedule_notice" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "requires_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "approval_deadline" integer DEFAULT 0 NOT NULL;