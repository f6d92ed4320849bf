import { and, eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import * as schema from '@/db/schema';
import { addRecipients } from '@/server/recipients/add';
import { removeRecipient } from '@/server/recipients/remove';
import { createList } from '@/server/mailing-lists/create';
import { createImport } from '@/server/recipient-imports/create';
import { startImport } from '@/server/recipient-imports/start';
import { runImportJobs } from '@/server/recipient-imports/worker';
import { pushCommits } from '@/server/commits/push';
import { recordSuppression } from '@/server/suppressions/internal';
import { publishBlogPost, publishChangelog, publishKbSet, tokenCaller } from '@/server/content/__tests__/helpers';
import { setSubscribeForm } from '@/server/subscriptions/settings';
import { createTestProject } from '@/tests/factories';

/**
 * What the contract and fuzz suites call routes and tools with: a project holding a list with an active,
 * a removed and an unsubscribed recipient (and the public subscribe form on it), a suppressed address, one published item of every kind and one
 * commit; and another project
 * with a list of its own, for cross-project calls.
 */
export async function createWorld(db: Database) {
  const a = await createTestProject(db);
  const b = await createTestProject(db);
  const ctx = { db, projectId: a.project.id };
  const list = await createList({ ctx, input: { name: 'Contract' } });
  await addRecipients({ ctx, input: { list_id: list.id, emails: ['active@example.test', 'removed@example.test', 'unsubscribed@example.test'] } });
  await removeRecipient({ ctx, input: { list_id: list.id, identifier: 'removed@example.test' } });
  await db
    .update(schema.recipients)
    .set({ status: 'unsubscribed', statusChangedAt: new Date() })
    .where(and(eq(schema.recipients.listId, list.id), eq(schema.recipients.email, 'unsubscribed@example.test')));
  await setSubscribeForm({ ctx, input: { list_id: list.id } });
  await recordSuppression(db, { projectId: a.project.id, email: 'suppressed@example.test', reason: 'hard_bounce', source: 'smtp' });
  const caller = await tokenCaller(a.token);
  const changelog = await publishChangelog(caller, { title: 'Contract', content: '## Added\n- a thing' });
  const blogPost = await publishBlogPost(caller, '# Contract\n\nA post.');
  const kbSet = await publishKbSet(caller, [{ category: 'Start', title: 'Hello', body: 'World' }]);
  const banner = await caller.banner.publish({ headline: 'Contract', body: 'A banner.', cta_label: 'Read' });
  const [bannerEntry] = (await caller.banner.history({ limit: 1 })).items;
  // a feature on the day minimal requests name (format `date`: 2025-03-01), so drafting from commits succeeds
  await pushCommits({ ctx, input: { commits: [{ sha: 'c0ffee1', message: 'feat(contract): a thing', authored_at: '2025-03-01T12:00:00Z' }] } });
  // a CSV import waiting for Import, and one applied (Undo still open)
  const ready = await createImport({ ctx, input: { list_id: list.id, csv: 'email\nimported@example.test' } });
  const applied = await createImport({ ctx, input: { list_id: list.id, csv: 'email,status\nactive@example.test,active' } });
  await startImport({ ctx, input: { list_id: list.id, import_id: applied.id } });
  await runImportJobs({ db, kind: 'pglite' }, { projects: [a.project.id] });
  const theirList = await createList({ ctx: { db, projectId: b.project.id }, input: { name: 'Theirs' } });
  return {
    mine: {
      ...a,
      listId: list.id,
      recipient: 'active@example.test',
      /** a published item's public slug, by the first path segment of the public route that serves it */
      slugs: { changelog: changelog.slug!, blog: blogPost.slug!, kb: kbSet.slug! } as Record<string, string>,
      ids: { changelog: changelog.id, blog_post: blogPost.id, kb_set: kbSet.id },
      /** the published banner's history id (`banner_id`) */
      bannerId: bannerEntry!.id,
      banner,
      /** `import_id`s: one ready to start, one applied that can be undone */
      imports: { ready: ready.id, done: applied.id },
    },
    theirs: { ...b, listId: theirList.id },
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

// bookkeeping that reads update on purpose (a token's last use) is not "a write"
const BOOKKEEPING = new Set(['api_tokens', 'oauth_grants']);

/** Every table of the schema with a project_id column: where a project's rows live. */
const PROJECT_TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableConfig(table as PgTable))
  .filter((config) => config.columns.some((column) => column.name === 'project_id') && !BOOKKEEPING.has(config.name))
  .map((config) => config.name);

/** A digest of every row of the project in every table (and the project row), in one query: equal digests, nothing written. */
export async function projectDigest(db: Database, projectId: string): Promise<Record<string, string>> {
  const parts = ['projects', ...PROJECT_TABLES].map((table) => {
    const column = sql.identifier(table === 'projects' ? 'id' : 'project_id');
    return sql`select ${table}::text as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as digest from ${sql.identifier(table)} t where ${column} = ${projectId}`;
  });
  const result = await db.execute(sql.join(parts, sql` union all `));
  const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as { name: string; digest: string }[];
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}
