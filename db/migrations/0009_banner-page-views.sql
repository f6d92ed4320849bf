CREATE TABLE "banner_page_views" (
	"project_id" uuid NOT NULL,
	"page_url" text NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banner_embeds" ADD COLUMN "site_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "banner_page_views" ADD CONSTRAINT "banner_page_views_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banner_page_views_project_page_idx" ON "banner_page_views" USING btree ("project_id","page_url");--> statement-breakpoint
CREATE INDEX "banner_page_views_project_views_idx" ON "banner_page_views" USING btree ("project_id","views");--> statement-breakpoint
INSERT INTO "banner_page_views" ("project_id", "page_url", "views", "first_seen_at", "last_seen_at") SELECT "project_id", "page_url", 1, coalesce("page_url_seen_at", now()), coalesce("page_url_seen_at", now()) FROM "banner_embeds" WHERE "page_url" IS NOT NULL;
