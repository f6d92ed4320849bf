import { publishContent, type BenchContext } from '../harness';

const CHANGELOG = `Highlights of the month.\n\n## Added\n${Array.from({ length: 8 }, (_, i) => `- **Feature ${i}**: a sentence about it`).join('\n')}\n\n## Fixed\n- A crash\n- A typo`;

/** Authoring goes through the token procedures, as the MCP tools do (`publishContent`); then the public GETs are loaded. */
export default async function content(bench: BenchContext) {
  const changelog = await publishContent(bench, 'changelogs.manage.save', { title: 'Bench release', version: '1.0.0', content: CHANGELOG }, 'changelog');
  const post = await publishContent(bench, 'blogPosts.manage.save', { content: `# Bench post\n\n${'Some words about the release. '.repeat(40)}` }, 'blog_post');
  const articles = Array.from({ length: 12 }, (_, i) => ({ category: `Topic ${i % 3}`, title: `Article ${i}`, body: 'How to do it, step by step.' }));
  const kb = await publishContent(bench, 'kbSets.manage.save', { articles }, 'kb_set');

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
