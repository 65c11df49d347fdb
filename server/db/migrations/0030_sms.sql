CREATE TABLE "host_phones" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text,
	"verified_at" timestamp with time zone,
	"pending_phone" text,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"host_user_id" uuid,
	"phone" text NOT NULL,
	"segments" integer NOT NULL,
	"status" text NOT NULL,
	"error_code" integer,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_usage" (
	"scope" text NOT NULL,
	"month" text NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_usage_scope_month_pk" PRIMARY KEY("scope","month")
);
--> statement-breakpoint
ALTER TABLE "host_phones" ADD CONSTRAINT "host_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_host_user_id_created_at_index" ON "sms_messages" USING btree ("host_user_id","created_at");