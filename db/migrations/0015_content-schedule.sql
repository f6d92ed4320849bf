ALTER TABLE "blog_posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "publish_email_list_id" uuid;--> statement-breakpoint
ALTER TABLE "changelogs" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "changelogs" ADD COLUMN "publish_email_list_id" uuid;--> statement-breakpoint
ALTER TABLE "kb_sets" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kb_sets" ADD COLUMN "publish_email_list_id" uuid;--> statement-breakpoint
CREATE INDEX "blog_posts_publish_at_idx" ON "blog_posts" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "changelogs_publish_at_idx" ON "changelogs" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "kb_sets_publish_at_idx" ON "kb_sets" USING btree ("publish_at");