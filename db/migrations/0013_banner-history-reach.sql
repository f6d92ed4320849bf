CREATE TABLE "banner_reach" (
	"project_id" uuid NOT NULL,
	"banner_id" uuid NOT NULL,
	"page_url" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "published_via" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "published_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "published_by_token_id" uuid;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "published_by_client_id" uuid;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "republished_from_id" uuid;--> statement-breakpoint
ALTER TABLE "banner_reach" ADD CONSTRAINT "banner_reach_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_reach" ADD CONSTRAINT "banner_reach_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banner_reach_banner_page_idx" ON "banner_reach" USING btree ("banner_id","page_url");--> statement-breakpoint
CREATE INDEX "banner_reach_project_page_idx" ON "banner_reach" USING btree ("project_id","page_url");--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_published_by_token_id_api_tokens_id_fk" FOREIGN KEY ("published_by_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_published_by_client_id_oauth_clients_id_fk" FOREIGN KEY ("published_by_client_id") REFERENCES "public"."oauth_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_published_by_user_id_idx" ON "banners" USING btree ("published_by_user_id");--> statement-breakpoint
CREATE INDEX "banners_published_by_token_id_idx" ON "banners" USING btree ("published_by_token_id");--> statement-breakpoint
CREATE INDEX "banners_published_by_client_id_idx" ON "banners" USING btree ("published_by_client_id");