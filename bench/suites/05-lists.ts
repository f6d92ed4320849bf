import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '@/db/client';
import type { BenchContext } from '../harness';

// Mailing lists: PUT 1000 entries and GET recipients?q= over a list with a long history, each beside a
// raw SQL baseline doing the same work on the same engine (the same PostgreSQL when DATABASE_URL is
// set; otherwise an in-process PGlite, since the server holds its own data folder).
const HISTORY = Number(process.env.BENCH_LIST_HISTORY ?? 100_000);
const ROUNDS = Number(process.env.BENCH_LIST_ROUNDS ?? 20);
const SEARCH_TEXT = sql.raw(`(email || ' ' || coalesce(lower(name), '') || ' ' || coalesce(lower(external_id), ''))`);

export default async function lists(bench: BenchContext) {
  const api = client(bench);
  const upsertList = (await api('POST', '/email/lists', { name: `Upsert ${Date.now()}` })).id as string;
  const searchList = (await api('POST', '/email/lists', { name: `History ${Date.now()}` })).id as string;

  const baseline = await openBaseline(upsertList, searchList);
  try {
    const started = Date.now();
    for (let n = 0; n < HISTORY; n += 500) {
      if (n % 20_000 === 0) await baseline.analyze();
      const batch = Array.from({ length: Math.min(500, HISTORY - n) }, (_, i) => ({ email: `hist-${n + i}@example.com`, name: `History ${n + i}` }));
      await api('PUT', `/email/lists/${searchList}/recipients`, { recipients: batch });
      await api('POST', `/email/lists/${searchList}/recipients/remove`, { emails: batch.map((r) => r.email) });
    }
    await api('PUT', `/email/lists/${searchList}/recipients`, { recipients: live() });
    await api('PUT', `/email/lists/${upsertList}/recipients`, { recipients: members(0) });
    await baseline.analyze();
    console.log(`(history of ${HISTORY} removed + 500 active recipients written through the API in ${((Date.now() - started) / 1000).toFixed(0)} s)`);

    await compare(
      'PUT recipients, 1000 entries (500 updated)',
      (round) => api('PUT', `/email/lists/${upsertList}/recipients`, { recipients: upsertPayload(round) }),
      (round) => rawUpsert(baseline.db, baseline.upsertList, round),
    );
    for (const [label, q] of [['rare', 'live-499@'], ['common', 'example.com'], ['none', 'nobody-here']] as const) {
      await compare(
        `GET recipients?q= (${label} term, ${HISTORY + 500} rows)`,
        () => api('GET', `/email/lists/${searchList}/recipients?q=${encodeURIComponent(q)}&limit=100`),
        () => rawSearch(baseline.db, baseline.searchList, q),
      );
    }
  } finally {
    await baseline.close();
  }
}

/** 500 members addressed twice each: a name change by email, then by external_id: 1000 entries. */
function upsertPayload(round: number) {
  return members(round).flatMap((m) => [{ email: m.email, name: m.name }, { email: m.email, external_id: m.external_id }]);
}

function members(round: number) {
  return Array.from({ length: 500 }, (_, i) => ({ email: `member-${i}@example.com`, name: `Member ${i} r${round}`, external_id: `m-${i}` }));
}

const live = () => Array.from({ length: 500 }, (_, i) => ({ email: `live-${i}@example.com`, name: `Live ${i}` }));

/** The same change in hand-written SQL: lock the list, check the cap, one UPDATE of the 500 names. */
async function rawUpsert(db: Database, list: { id: string; projectId: string }, round: number) {
  const rows = members(round).map((m) => ({ external_id: m.external_id, name: m.name }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from mailing_lists where id = ${list.id} and project_id = ${list.projectId} for no key update`);
    await tx.execute(sql`select count(*) from recipients where list_id = ${list.id} and project_id = ${list.projectId} and status = 'active'`);
    await tx.execute(sql`
      update recipients r set name = v.name, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(external_id text, name text)
      where r.list_id = ${list.id} and r.project_id = ${list.projectId} and r.external_id = v.external_id and r.name is distinct from v.name`);
  });
}

/** The same page in hand-written SQL. */
async function rawSearch(db: Database, list: { id: string; projectId: string }, q: string) {
  const pattern = `%${q}%`;
  await db.execute(sql`
    select * from recipients
    where list_id = ${list.id} and project_id = ${list.projectId} and ${SEARCH_TEXT} like ${pattern}
      and (email like ${pattern} or lower(name) like ${pattern} or lower(external_id) like ${pattern})
    order by seq limit 101`);
}

/** The server's own database when it is PostgreSQL; else an in-process PGlite seeded with the same rows. */
async function openBaseline(upsertListId: string, searchListId: string) {
  if (process.env.DATABASE_URL) {
    const handle = await openPostgres(process.env.DATABASE_URL, 2);
    const projectOf = async (id: string) => {
      const [row] = rowsOf(await handle.db.execute(sql`select project_id as id from mailing_lists where id = ${id}`));
      return { id, projectId: row!.id };
    };
    // the local test server runs without autovacuum: analyze as it would, for the service and the baseline alike
    const analyze = async () => void (await handle.db.execute(sql`analyze recipients`));
    return { db: handle.db, upsertList: await projectOf(upsertListId), searchList: await projectOf(searchListId), analyze, close: handle.close };
  }
  const handle = await openPglite(null);
  const db = handle.db;
  const projectId = rowsOf(await db.execute(sql`insert into projects (name, slug) values ('Baseline', 'baseline') returning id`))[0]!.id;
  const list = async (name: string) => ({
    id: rowsOf(await db.execute(sql`insert into mailing_lists (project_id, name) values (${projectId}, ${name}) returning id`))[0]!.id,
    projectId,
  });
  const upsertList = await list('Upsert');
  const searchList = await list('History');
  const insert = (listId: string, rows: { email: string; name: string; external_id?: string; status?: string }[]) =>
    db.execute(sql`
      insert into recipients (list_id, project_id, email, name, external_id, status)
      select ${listId}::uuid, ${projectId}::uuid, v.email, v.name, v.external_id, coalesce(v.status, 'active')
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(email text, name text, external_id text, status text)`);
  await insert(upsertList.id, members(0));
  for (let n = 0; n < HISTORY; n += 5000) {
    const size = Math.min(5000, HISTORY - n);
    await insert(searchList.id, Array.from({ length: size }, (_, i) => ({ email: `hist-${n + i}@example.com`, name: `History ${n + i}`, status: 'removed' })));
  }
  await insert(searchList.id, live());
  // PGlite has no autovacuum, neither here nor in the server: no statistics on either side
  return { db, upsertList, searchList, analyze: async () => {}, close: handle.close };
}

async function compare(name: string, service: (round: number) => Promise<unknown>, raw: (round: number) => Promise<unknown>) {
  const time = async (run: (round: number) => Promise<unknown>, offset: number) => {
    await run(offset); // warm-up
    const ms: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const start = performance.now();
      await run(offset + round);
      ms.push(performance.now() - start);
    }
    return ms.sort((a, b) => a - b);
  };
  const serviceMs = await time(service, 1000);
  const rawMs = await time(raw, 2000);
  const median = (ms: number[]) => ms[Math.floor(ms.length / 2)]!;
  const p95 = (ms: number[]) => ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))]!;
  const line = (label: string, ms: number[]) => `${label.padEnd(58)} median ${median(ms).toFixed(1).padStart(7)} ms  p95 ${p95(ms).toFixed(1).padStart(7)} ms`;
  console.log(line(`${name} (raw SQL)`, rawMs));
  console.log(`${line(name, serviceMs)}  ${(median(serviceMs) / median(rawMs)).toFixed(2)}x the raw SQL time`);
}

export function client(bench: BenchContext) {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${bench.baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${bench.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return async (method: string, path: string, body?: unknown) => {
    // the server drops keep-alive sockets idle for 5 s (while the baseline is seeded): one retry
    const res = await send(method, path, body).catch(() => send(method, path, body));
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
}

function rowsOf(result: unknown): { id: string }[] {
  return ((result as { rows?: { id: string }[] }).rows ?? (result as { id: string }[]));
}
