CREATE TABLE "pending_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribe_forms" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_subscriptions" ADD CONSTRAINT "pending_subscriptions_list_id_project_id_mailing_lists_id_project_id_fk" FOREIGN KEY ("list_id","project_id") REFERENCES "public"."mailing_lists"("id","project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribe_forms" ADD CONSTRAINT "subscribe_forms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribe_forms" ADD CONSTRAINT "subscribe_forms_list_id_project_id_mailing_lists_id_project_id_fk" FOREIGN KEY ("list_id","project_id") REFERENCES "public"."mailing_lists"("id","project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_subscriptions_list_email_idx" ON "pending_subscriptions" USING btree ("list_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_subscriptions_token_idx" ON "pending_subscriptions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pending_subscriptions_project_idx" ON "pending_subscriptions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "pending_subscriptions_expires_idx" ON "pending_subscriptions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "subscribe_forms_list_idx" ON "subscribe_forms" USING btree ("list_id");