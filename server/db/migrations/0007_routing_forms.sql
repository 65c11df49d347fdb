CREATE TABLE "routing_form_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"route_id" text NOT NULL,
	"action_type" text NOT NULL,
	"event_type_id" uuid,
	"event_id" uuid,
	"utm" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "routing_forms" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "routing_forms" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "routing_form_responses" ADD CONSTRAINT "routing_form_responses_form_id_routing_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."routing_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_form_responses" ADD CONSTRAINT "routing_form_responses_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_form_responses" ADD CONSTRAINT "routing_form_responses_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "routing_form_responses_form_id_created_at_index" ON "routing_form_responses" USING btree ("form_id","created_at");--> statement-breakpoint
CREATE INDEX "routing_forms_user_id_index" ON "routing_forms" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "routing_forms_team_id_index" ON "routing_forms" USING btree ("team_id");--> statement-breakpoint
-- Hand-written (issue 14, routing forms): a form belongs to a host or to a team, never both or neither.
ALTER TABLE "routing_forms" ADD CONSTRAINT "routing_forms_one_owner" CHECK (num_nonnulls("user_id", "team_id") = 1);
