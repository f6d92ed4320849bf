CREATE TABLE "banner_embeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"page_url" text,
	"page_url_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"headline" text NOT NULL,
	"body" text NOT NULL,
	"cta_label" text NOT NULL,
	"badge" text NOT NULL,
	"link_url" text,
	"period_start" date,
	"period_end" date,
	"commit_count" integer,
	"published_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banner_embeds" ADD CONSTRAINT "banner_embeds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banner_embeds_project_id_idx" ON "banner_embeds" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "banner_embeds_slug_idx" ON "banner_embeds" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "banners_project_id_published_at_idx" ON "banners" USING btree ("project_id","published_at" DESC NULLS LAST);