import http from 'node:http';
import { pidOnPort, rssMb } from '../cpu';
import type { BenchContext, LoadResult } from '../harness';

const ATTACK_SECONDS = Number(process.env.BENCH_SECONDS ?? 5) + 2;

/**
 * While one client attacks, a second client's `/health` and `/banner` latency should stay near idle:
 * a flood of wrong sign-ins (password hashing must not run on the event loop), chunked uploads of
 * hundreds of megabytes (bodies are capped while they stream), and views of a pathological document
 * (markdown renders in linear time). Printed beside the idle figures of the same run.
 */
export default async function abuse(bench: BenchContext) {
  const { slug } = await publishBanner(bench);
  const pathological = await publishPathologicalChangelog(bench);
  const probes = [
    { name: 'GET /api/v1/health', path: '/api/v1/health' },
    { name: 'GET /banner?key=', path: `/api/v1/banner?key=${slug}` },
  ];
  const idle = await measure(bench, probes);
  const attacks: [string, (until: number) => Promise<number>][] = [
    ['wrong sign-ins, 32 at a time', (until) => floodSignIn(bench.baseUrl, until, 32)],
    ['8 chunked uploads of 450 MB', (until) => floodUploads(bench.baseUrl, until, 8)],
    ['views of a 100 KB pathological changelog', (until) => floodViews(bench.baseUrl, pathological, until, 8)],
  ];
  for (const [attack, run] of attacks) {
    const until = Date.now() + ATTACK_SECONDS * 1000;
    const rss = sampleRss(bench.baseUrl, until);
    const attackerRequests = run(until);
    const under = await measure(bench, probes);
    const [done, peakRss] = await Promise.all([attackerRequests, rss]);
    console.log(`\nwhile ${attack} (${done} attacking requests answered, server RSS peak ${peakRss} MB):`);
    for (const probe of probes) bench.report(`  ${probe.name}`, under.get(probe.name)!, { name: 'idle', result: idle.get(probe.name)! });
    for (const probe of probes) {
      const ratio = under.get(probe.name)!.p99 / Math.max(1, idle.get(probe.name)!.p99);
      console.log(`  ${probe.name} p99 ${ratio.toFixed(1)}x idle`);
    }
  }
}

async function measure(bench: BenchContext, probes: { name: string; path: string }[]): Promise<Map<string, LoadResult>> {
  const results = new Map<string, LoadResult>();
  for (const probe of probes) results.set(probe.name, await bench.load(bench.baseUrl + probe.path));
  return results;
}

async function floodSignIn(baseUrl: string, until: number, parallel: number): Promise<number> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  let answered = 0;
  const one = async (i: number) => {
    while (Date.now() < until) {
      const body = new URLSearchParams({ csrfToken, email: `victim${i % 4}@example.test`, password: `wrong-${Math.random()}`, json: 'true' });
      await fetch(`${baseUrl}/api/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-forwarded-for': `10.0.${i}.1` },
        body,
        redirect: 'manual',
      }).then((res) => res.arrayBuffer()).catch(() => undefined);
      answered++;
    }
  };
  await Promise.all(Array.from({ length: parallel }, (_, i) => one(i)));
  return answered;
}

/** Streams 1 MB chunks until the server answers (it should, after 5 MB) or 450 MB went out. */
async function floodUploads(baseUrl: string, until: number, parallel: number): Promise<number> {
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  let answered = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const url = new URL(`${baseUrl}/api/v1/email/lists`);
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json' } });
      let sent = 0;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        req.destroy();
        resolve();
      };
      req.on('response', (res) => {
        answered++;
        res.resume();
        finish();
      });
      req.on('error', finish);
      const pump = () => {
        while (!finished && sent < 450 && Date.now() < until) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!finished) req.end();
      };
      pump();
    });
  const loop = async () => {
    while (Date.now() < until) await one();
  };
  await Promise.all(Array.from({ length: parallel }, loop));
  return answered;
}

async function floodViews(baseUrl: string, paths: string[], until: number, parallel: number): Promise<number> {
  let answered = 0;
  const one = async (i: number) => {
    while (Date.now() < until) {
      await fetch(baseUrl + paths[i % paths.length]!).then((res) => res.arrayBuffer()).catch(() => undefined);
      answered++;
    }
  };
  await Promise.all(Array.from({ length: parallel }, (_, i) => one(i)));
  return answered;
}

/** The server's resident memory, sampled from /proc while the attack runs (Linux only; 0 elsewhere). */
async function sampleRss(baseUrl: string, until: number): Promise<number> {
  const pid = pidOnPort(new URL(baseUrl).port);
  let peak = 0;
  while (Date.now() < until && pid) {
    peak = Math.max(peak, rssMb(pid));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return peak;
}



async function callTool(bench: BenchContext, name: string, args: object): Promise<Record<string, unknown>> {
  const res = await fetch(`${bench.baseUrl}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const json = (await res.json()) as { result?: { structuredContent?: Record<string, unknown>; isError?: boolean } };
  if (!json.result?.structuredContent) throw new Error(`${name} failed: ${JSON.stringify(json).slice(0, 300)}`);
  return json.result.structuredContent;
}

async function publishBanner(bench: BenchContext): Promise<{ slug: string }> {
  return (await callTool(bench, 'publish_banner', { headline: 'Under attack', body: 'Still answering.', cta_label: 'Read' })) as { slug: string };
}

/** A changelog of `_a_` runs at the content limit: quadratic for a naive emphasis parser. */
async function publishPathologicalChangelog(bench: BenchContext): Promise<string[]> {
  const content = `## Fixed\n\n- ${'_a_ '.repeat(24_000)}\n`;
  const saved = await callTool(bench, 'save_changelog', { title: 'Pathological', content });
  const published = (await callTool(bench, 'publish_content', { kind: 'changelog', id: saved.id })) as { slug: string };
  return [`/changelog/${published.slug}`, `/api/v1/changelog/${published.slug}/feed`];
}
