DROP INDEX "microsoft_subscriptions_calendar_key";--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD COLUMN "carries_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "microsoft_subscriptions" ADD COLUMN "lifecycle_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "microsoft_subscriptions_calendar_idx" ON "microsoft_subscriptions" USING btree ("calendar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "microsoft_subscriptions_calendar_key" ON "microsoft_subscriptions" USING btree ("calendar_id") WHERE "microsoft_subscriptions"."lifecycle_notifications";