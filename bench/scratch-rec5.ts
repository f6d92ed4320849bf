import { openPostgres } from '@/db/client';
import { listRecipients } from '@/server/recipients/list';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fs from 'node:fs';
const h = await openPostgres('postgres://postgres@127.0.0.1:5432/prof', 1);
const [{ project_id, id: list }] = (await h.db.execute(sql`select id, project_id from mailing_lists limit 1`)) as any;
const [{ pid }] = (await h.db.execute(sql`select pg_backend_pid() as pid`)) as any;
const pgCpu = () => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10000; };
const ctx = { db: h.db, projectId: project_id } as any;
const input = { list_id: list, limit: 100 } as any;
const cpu = () => { const u = process.cpuUsage(); return u.user + u.system; };
const mode = process.argv[2] ?? 'x';
const N = 1000;
for (let r = 0; r < 6; r++) {
  const c = cpu(); const p = pgCpu();
  for (let i = 0; i < N; i++) await listRecipients({ ctx, input });
  console.log(`${mode}: node ${((cpu() - c) / N).toFixed(0)} us, pg ${((pgCpu() - p) / N).toFixed(0)} us`);
}
await h.close();
