import { config } from '../config';

// the REST prefix; not imported from server/surfaces/rest so pages don't load the REST adapter
const REST_PREFIX_PATH = '/api/v1';

/**
 * Public addresses of pages and feeds, on `{app_url}` (decisions.md "Hosts and URLs"). `path` is a kind's
 * public path segment (its descriptor's `path`): `changelog`, `blog`, `kb`.
 */
export const publicUrls = {
  project: (projectSlug: string) => `${config.appUrl}/pub/${projectSlug}`,
  page: (path: string, slug: string) => `${config.appUrl}/${path}/${slug}`,
  feed: (path: string, slug: string) => `${config.appUrl}${REST_PREFIX_PATH}/${path}/${slug}/feed`,
  /** the feed of a kind's published items, of every project or one */
  listFeed: (path: string, projectSlug?: string) =>
    `${config.appUrl}${REST_PREFIX_PATH}/${path}s/feed${projectSlug ? `?project=${encodeURIComponent(projectSlug)}` : ''}`,
  /** the markdown twin of a page, for agents */
  markdown: (path: string, slug: string) => `${config.appUrl}/${path}/${slug}.md`,
  /** a project's index of its public content for agents (llmstxt.org) */
  llmsTxt: (projectSlug: string) => `${config.appUrl}/pub/${projectSlug}/llms.txt`,
  changelog: (slug: string) => publicUrls.page('changelog', slug),
  blogPost: (slug: string) => publicUrls.page('blog', slug),
  kbSet: (slug: string) => publicUrls.page('kb', slug),
};
