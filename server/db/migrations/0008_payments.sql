CREATE TABLE "payment_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway_id" text NOT NULL,
	"event_id" uuid,
	"attendee_id" uuid,
	"event_type_id" uuid,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"payer_name" text NOT NULL,
	"payer_email" text NOT NULL,
	"payer_language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_gateway_id_unique" UNIQUE("gateway_id"),
	CONSTRAINT "payments_amounts" CHECK ("payments"."amount" > 0 and "payments"."refunded_amount" between 0 and "payments"."amount")
);
--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "payment_terms" text;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "refund_policy" text DEFAULT 'FULL' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_types" ADD COLUMN "refund_hours" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_status_expires_at_index" ON "payments" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payments_event_id_index" ON "payments" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "payments_attendee_id_index" ON "payments" USING btree ("attendee_id");--> statement-breakpoint
ALTER TABLE "event_types" ADD CONSTRAINT "event_types_refund_policy" CHECK ("event_types"."refund_policy" in ('NONE', 'FULL', 'FULL_BEFORE') and ("event_types"."refund_policy" = 'FULL_BEFORE') = ("event_types"."refund_hours" is not null));