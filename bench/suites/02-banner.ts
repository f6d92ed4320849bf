import type { BenchContext } from '../harness';

/** Publishes through the agent endpoint (an API token works there as a plain bearer token). */
async function publishBanner(bench: BenchContext): Promise<{ slug: string }> {
  const res = await fetch(`${bench.baseUrl}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'publish_banner',
        arguments: { headline: 'Dark mode is here', body: 'Every page now follows your system theme.', cta_label: 'See what changed', link_url: 'https://example.com/changelog' },
      },
    }),
  });
  const json = (await res.json()) as { result?: { structuredContent?: { slug: string } } };
  if (!json.result?.structuredContent) throw new Error(`publish_banner failed: ${JSON.stringify(json)}`);
  return json.result.structuredContent;
}

/**
 * `/banner` is fetched on every page view of every customer site: the fast path in front of Next
 * answers it from an in-process cache. Goal: at least 0.8x of a bare node:http server with the same bytes.
 */
export default async function banner(bench: BenchContext) {
  const { slug } = await publishBanner(bench);
  const first = await fetch(`${bench.baseUrl}/api/v1/banner?key=${slug}`);
  const etag = first.headers.get('etag')!;

  await bench.compareWithBare('GET /banner?key= (the widget)', { path: `/api/v1/banner?key=${slug}` });
  await bench.compareWithBare('GET /banner (operator, no token)', { path: '/api/v1/banner' });
  await bench.compareWithBare('GET /banner with a token', { path: '/api/v1/banner', headers: { authorization: `Bearer ${bench.token}` } });
  await bench.compareWithBare('GET /banner If-None-Match -> 304', { path: `/api/v1/banner?key=${slug}`, headers: { 'if-none-match': etag } });
  await bench.compareWithBare('GET /banner nothing live -> 404', { path: '/api/v1/banner?key=nothing-here' });
}
