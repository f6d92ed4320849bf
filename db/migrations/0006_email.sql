CREATE TABLE "email_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "email_deliveries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"send_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"failure_kind" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"handoff_at" timestamp with time zone,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_deliveries_send_recipient_key" UNIQUE("send_id","recipient_id"),
	CONSTRAINT "email_deliveries_status_check" CHECK ("email_deliveries"."status" in ('queued', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "email_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"list_name" text NOT NULL,
	"content_kind" text NOT NULL,
	"content_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"from_name" text NOT NULL,
	"public_url" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"created_by" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_sends_id_project_key" UNIQUE("id","project_id"),
	CONSTRAINT "email_sends_kind_check" CHECK ("email_sends"."content_kind" in ('changelog', 'blog_post'))
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid,
	"user_id" uuid,
	"send_id" uuid,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"headers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_verification_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_send_id_project_id_email_sends_id_project_id_fk" FOREIGN KEY ("send_id","project_id") REFERENCES "public"."email_sends"("id","project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_list_id_project_id_mailing_lists_id_project_id_fk" FOREIGN KEY ("list_id","project_id") REFERENCES "public"."mailing_lists"("id","project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_send_id_email_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."email_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_deliveries_send_seq_idx" ON "email_deliveries" USING btree ("send_id","project_id","seq");--> statement-breakpoint
CREATE INDEX "email_deliveries_recipient_idx" ON "email_deliveries" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "email_deliveries_queue_idx" ON "email_deliveries" USING btree ("next_attempt_at") WHERE "email_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "email_deliveries_lease_idx" ON "email_deliveries" USING btree ("lease_until") WHERE "email_deliveries"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "email_sends_project_created_idx" ON "email_sends" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "email_sends_list_idx" ON "email_sends" USING btree ("list_id","project_id");--> statement-breakpoint
CREATE INDEX "email_sends_content_idx" ON "email_sends" USING btree ("project_id","content_kind","content_id");--> statement-breakpoint
CREATE INDEX "email_sends_created_by_idx" ON "email_sends" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_message_id_idx" ON "email_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "email_outbox_project_created_idx" ON "email_outbox" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_user_created_idx" ON "email_outbox" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_send_idx" ON "email_outbox" USING btree ("send_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_verification_tokens_hash_idx" ON "email_verification_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_idx" ON "email_verification_tokens" USING btree ("user_id","created_at");