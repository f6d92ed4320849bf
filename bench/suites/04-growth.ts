import postgres from 'postgres';
import { publishContent, type BenchContext } from '../harness';
import { client } from './05-lists';

// How cost grows with data: the recipients listing and search over a list with 1k, 10k and 100k
// historical rows, and a changelog feed of 10, 100 and 1,000 items. CPU per request at each size.
const STEPS = [1_000, 10_000, 100_000].filter((n) => n <= Number(process.env.BENCH_GROWTH_MAX ?? 100_000));

export default async function growth(bench: BenchContext) {
  const api = client(bench);
  const list = (await api('POST', '/email/lists', { name: `Growth ${Date.now()}` })).id as string;
  let written = 0;
  let active: string[] = [];
  for (const size of STEPS) {
    // every batch but the newest is removed again: history grows, the list stays under its 500 active
    for (; written < size; written += 500) {
      if (active.length) await api('POST', `/email/lists/${list}/recipients/remove`, { emails: active });
      const batch = Array.from({ length: 500 }, (_, i) => ({ email: `grow-${written + i}@example.com`, name: `Grow ${written + i}` }));
      await api('PUT', `/email/lists/${list}/recipients`, { recipients: batch });
      active = batch.map((r) => r.email);
    }
    await analyze();
    const headers = { authorization: `Bearer ${bench.token}` };
    bench.report(`GET recipients?limit=100 at ${size} rows`, await bench.measure(`${bench.baseUrl}/api/v1/email/lists/${list}/recipients?limit=100`, { headers }));
    bench.report(`GET recipients?q= (rare) at ${size} rows`, await bench.measure(`${bench.baseUrl}/api/v1/email/lists/${list}/recipients?q=grow-7@&limit=100`, { headers }));
  }
  // the largest history beside both floors, in the summary table
  const headers = { authorization: `Bearer ${bench.token}` };
  await bench.compareWithBare(`GET recipients?limit=100 (${written} rows)`, { path: `/api/v1/email/lists/${list}/recipients?limit=100`, headers });

  for (const items of [10, 100, 1_000]) {
    const content = `## Added\n${Array.from({ length: items }, (_, i) => `- **Entry ${i}**: what changed and why it matters`).join('\n')}\n`;
    const slug = await publishContent(bench, 'changelogs.manage.save', { title: `Growth ${items}`, content }, 'changelog');
    bench.report(`GET changelog feed with ${items} items`, await bench.measure(`${bench.baseUrl}/api/v1/changelog/${slug}/feed`));
  }
}

/** What autovacuum does soon after a bulk write: fresh statistics, so the steady state is measured. */
async function analyze() {
  if (!process.env.DATABASE_URL) return; // PGlite: the server holds the only connection
  const sql = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    await sql`analyze recipients`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
