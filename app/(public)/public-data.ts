import { TRPCError } from '@trpc/server';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { createContext } from '@/server/context';
import { createCaller } from '@/server/root';
import { isCountedView } from '@/server/surfaces/http/counted-view';

/**
 * The public procedures as this visitor: their address counts against the public rate limit, once per
 * page view where the HTTP front counted the view, else once per procedure.
 */
const publicCaller = cache(async () => {
  const requestHeaders = new Headers(await headers());
  return createCaller(await createContext({ headers: requestHeaders, rateLimitCounted: isCountedView(requestHeaders) }));
});

/** Runs a public page procedure; an unknown, unpublished or malformed slug is the 404 page. */
async function load<T>(run: (caller: Awaited<ReturnType<typeof publicCaller>>) => Promise<T>): Promise<T> {
  try {
    return await run(await publicCaller());
  } catch (error) {
    if (error instanceof TRPCError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) notFound();
    throw error;
  }
}

// cached per request: generateMetadata and the page share one call
export const loadSite = cache((project: string) => load((c) => c.content.site({ project })));
export const loadChangelog = cache((slug: string) => load((c) => c.changelogs.page({ public_slug: slug })));
export const loadBlogPost = cache((slug: string) => load((c) => c.blogPosts.page({ public_slug: slug })));
export const loadKbSet = cache((slug: string) => load((c) => c.kbSets.page({ public_slug: slug })));

/**
 * The project's subscribe form beside the RSS link, or null when it is off (or cannot be read now). A
 * visitor past the rate limit gets no page at all: a page without its form would be kept for everyone.
 */
export const loadSubscribeForm = cache(async (project: string) => {
  const form = await (await publicCaller())
    .subscriptions.publicForm({ project })
    .catch((error: unknown) => {
      if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS') throw error;
      return null;
    });
  return form?.enabled ? form : null;
});

/** A date as readers see it, the same on server and client. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' });
}
