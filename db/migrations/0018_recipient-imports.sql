CREATE TABLE "recipient_import_changes" (
	"import_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	CONSTRAINT "recipient_import_changes_import_id_recipient_id_pk" PRIMARY KEY("import_id","recipient_id"),
	CONSTRAINT "recipient_import_changes_kind_check" CHECK ("recipient_import_changes"."kind" in ('created', 'updated', 'reactivated', 'status'))
);
--> statement-breakpoint
CREATE TABLE "recipient_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"total_rows" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"rows" jsonb,
	"report" jsonb,
	"summary" jsonb NOT NULL,
	"active_before" integer NOT NULL,
	"active_after" integer NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"undo_result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipient_imports_status_check" CHECK ("recipient_imports"."status" in ('ready', 'queued', 'running', 'done', 'failed', 'undone'))
);
--> statement-breakpoint
ALTER TABLE "recipient_import_changes" ADD CONSTRAINT "recipient_import_changes_import_id_recipient_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."recipient_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_import_changes" ADD CONSTRAINT "recipient_import_changes_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_imports" ADD CONSTRAINT "recipient_imports_list_id_project_id_mailing_lists_id_project_id_fk" FOREIGN KEY ("list_id","project_id") REFERENCES "public"."mailing_lists"("id","project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipient_import_changes_recipient_idx" ON "recipient_import_changes" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "recipient_imports_list_created_idx" ON "recipient_imports" USING btree ("list_id","created_at");--> statement-breakpoint
CREATE INDEX "recipient_imports_status_idx" ON "recipient_imports" USING btree ("status");