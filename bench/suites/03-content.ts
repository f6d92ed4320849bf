import type { BenchContext } from '../harness';

const CHANGELOG = `Highlights of the month.\n\n## Added\n${Array.from({ length: 8 }, (_, i) => `- **Feature ${i}**: a sentence about it`).join('\n')}\n\n## Fixed\n- A crash\n- A typo`;

/** Authoring goes through the token procedures, as the MCP tools do; then the public GETs are loaded. */
async function publish(bench: BenchContext, procedure: string, input: object, kind: string): Promise<string> {
  const call = async (path: string, body: object) => {
    const res = await fetch(`${bench.baseUrl}/api/trpc/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json', origin: bench.baseUrl },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { result: { data: { id: string; slug: string } } }).result.data;
  };
  const draft = await call(procedure, input);
  return (await call('content.publish', { kind, id: draft.id })).slug;
}

export default async function content(bench: BenchContext) {
  const changelog = await publish(bench, 'changelogs.manage.save', { title: 'Bench release', version: '1.0.0', content: CHANGELOG }, 'changelog');
  const post = await publish(bench, 'blogPosts.manage.save', { content: `# Bench post\n\n${'Some words about the release. '.repeat(40)}` }, 'blog_post');
  const articles = Array.from({ length: 12 }, (_, i) => ({ category: `Topic ${i % 3}`, title: `Article ${i}`, body: 'How to do it, step by step.' }));
  const kb = await publish(bench, 'kbSets.manage.save', { articles }, 'kb_set');

  const paths = [
    `/api/v1/changelogs?project=${bench.projectSlug}`,
    `/api/v1/changelog/${changelog}`,
    `/api/v1/changelog/${changelog}/feed`,
    '/api/v1/blogs',
    `/api/v1/blog/${post}`,
    `/api/v1/blog/${post}/feed`,
    `/api/v1/blogs/feed?project=${bench.projectSlug}`,
    `/api/v1/kb/${kb}`,
  ];
  for (const path of paths) await bench.compareWithBare(`GET ${path.replace(/[?].*/, '')}`, { path });

  // what a CDN revalidating (or a browser with a cached copy) costs: a 304 without a body
  const etag = (await fetch(`${bench.baseUrl}/api/v1/changelog/${changelog}`)).headers.get('etag')!;
  await bench.compareWithBare('GET /api/v1/changelog/{slug} (304)', { path: `/api/v1/changelog/${changelog}`, headers: { 'if-none-match': etag } });

  // the public pages: rendered by Next once, then answered from the front's page cache
  for (const page of [`/changelog/${changelog}`, `/kb/${kb}`]) {
    await fetch(`${bench.baseUrl}${page}`).then((res) => res.arrayBuffer());
    await bench.compareWithBare(`GET /${page.split('/')[1]}/{slug} page (HTML)`, { path: page });
  }
}
