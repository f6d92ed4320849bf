import { CLIENT_IP_HEADER, createContext } from '@/server/context';
import { createCaller } from '@/server/root';
import { randomClientIp } from '@/tests/http';

/** A tRPC caller with an API token, as the MCP tools call the authoring procedures; its own client IP. */
export async function tokenCaller(token: string) {
  const headers = new Headers({ authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: randomClientIp() });
  return createCaller(await createContext({ headers }));
}

export type TokenCaller = Awaited<ReturnType<typeof tokenCaller>>;

/** A published changelog of the caller's project. */
export async function publishChangelog(caller: TokenCaller, input: { title: string; content: string; version?: string }) {
  const draft = await caller.changelogs.manage.save(input);
  return caller.content.publish({ kind: 'changelog', id: draft.id }) as Promise<typeof draft>;
}

/** A published blog post of the caller's project. */
export async function publishBlogPost(caller: TokenCaller, content: string) {
  const draft = await caller.blogPosts.manage.save({ content });
  return caller.content.publish({ kind: 'blog_post', id: draft.id }) as Promise<typeof draft>;
}

/** A published knowledge-base set of the caller's project. */
export async function publishKbSet(caller: TokenCaller, articles: { category: string; title: string; body: string }[], title?: string) {
  const draft = await caller.kbSets.manage.save({ articles, title });
  return caller.content.publish({ kind: 'kb_set', id: draft.id }) as Promise<typeof draft>;
}
