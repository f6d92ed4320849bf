ALTER TABLE "banner_embeds" DROP COLUMN "page_url";--> statement-breakpoint
ALTER TABLE "banner_embeds" DROP COLUMN "page_url_seen_at";