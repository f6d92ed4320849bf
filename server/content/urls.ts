import { config } from '../config';

// the REST prefix; not imported from server/surfaces/rest so pages don't load the REST adapter
const REST_PREFIX_PATH = '/api/v1';

/** Public addresses of pages and feeds, on `{app_url}` (decisions.md "Hosts and URLs"). */
export const publicUrls = {
  project: (projectSlug: string) => `${config.appUrl}/pub/${projectSlug}`,
  changelog: (slug: string) => `${config.appUrl}/changelog/${slug}`,
  blogPost: (slug: string) => `${config.appUrl}/blog/${slug}`,
  kbSet: (slug: string) => `${config.appUrl}/kb/${slug}`,
  changelogFeed: (slug: string) => `${config.appUrl}${REST_PREFIX_PATH}/changelog/${slug}/feed`,
  blogPostFeed: (slug: string) => `${config.appUrl}${REST_PREFIX_PATH}/blog/${slug}/feed`,
  blogsFeed: (projectSlug?: string) =>
    `${config.appUrl}${REST_PREFIX_PATH}/blogs/feed${projectSlug ? `?project=${encodeURIComponent(projectSlug)}` : ''}`,
};
