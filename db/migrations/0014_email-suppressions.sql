CREATE TABLE "bounce_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bounce_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"detail" text,
	"first_event_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_event_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_count" integer DEFAULT 1 NOT NULL,
	"removed_at" timestamp with time zone,
	"removal_reason" text,
	"removed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_reason_check" CHECK ("email_suppressions"."reason" in ('hard_bounce', 'complaint', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "suppressed_for" text;--> statement-breakpoint
ALTER TABLE "bounce_webhook_events" ADD CONSTRAINT "bounce_webhook_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounce_webhooks" ADD CONSTRAINT "bounce_webhooks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bounce_webhook_events_key_idx" ON "bounce_webhook_events" USING btree ("project_id","provider","event_id");--> statement-breakpoint
CREATE INDEX "bounce_webhook_events_received_idx" ON "bounce_webhook_events" USING btree ("project_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bounce_webhooks_project_provider_idx" ON "bounce_webhooks" USING btree ("project_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "email_suppressions_project_email_idx" ON "email_suppressions" USING btree ("project_id","email");--> statement-breakpoint
CREATE INDEX "email_suppressions_project_last_idx" ON "email_suppressions" USING btree ("project_id","last_event_at");--> statement-breakpoint
CREATE INDEX "email_suppressions_removed_by_idx" ON "email_suppressions" USING btree ("removed_by");