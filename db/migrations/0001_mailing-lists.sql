CREATE TABLE "mailing_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_lists_id_project_key" UNIQUE("id","project_id")
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "recipients_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"list_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"external_id" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipients_status_check" CHECK ("recipients"."status" in ('active', 'removed', 'unsubscribed')),
	CONSTRAINT "recipients_email_lower_check" CHECK ("recipients"."email" = lower("recipients"."email"))
);
--> statement-breakpoint
ALTER TABLE "mailing_lists" ADD CONSTRAINT "mailing_lists_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_list_id_project_id_mailing_lists_id_project_id_fk" FOREIGN KEY ("list_id","project_id") REFERENCES "public"."mailing_lists"("id","project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_lists_project_name_idx" ON "mailing_lists" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "mailing_lists_project_created_idx" ON "mailing_lists" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_list_email_idx" ON "recipients" USING btree ("list_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_list_external_id_idx" ON "recipients" USING btree ("list_id","external_id");--> statement-breakpoint
CREATE INDEX "recipients_list_seq_idx" ON "recipients" USING btree ("list_id","project_id","seq");--> statement-breakpoint
CREATE INDEX "recipients_list_status_seq_idx" ON "recipients" USING btree ("list_id","status","seq");