ALTER TABLE "blog_posts" ADD COLUMN "rendered" jsonb;--> statement-breakpoint
ALTER TABLE "changelogs" ADD COLUMN "rendered" jsonb;--> statement-breakpoint
ALTER TABLE "kb_sets" ADD COLUMN "rendered" jsonb;