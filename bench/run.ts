import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pidOnPort, pinned, rssMb } from './cpu';
import { compareWithBare, cpuTable, load, measureCpu, report, type BenchContext } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const DATA_DIR = path.resolve('.data-bench');
const baseUrl = `http://127.0.0.1:${PORT}`;

/**
 * `npm run bench`: the production build on a fresh database with rate limits off, each suite in
 * bench/suites/ loading it from a separate autocannon process beside its baseline.
 */
async function main() {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR, PORT: String(PORT), NODE_ENV: 'production' as const, RATE_LIMIT_ENABLED: 'false' };
  const { token, projectSlug } = createFixture(env);

  // the server as `npm start` runs it (its V8 flags included), on core 0; every load generator on core 1
  // (where taskset and two cores exist)
  const [command, args] = pinned(0, 'npm', ['start', '--silent']);
  const startedAt = Date.now();
  const server = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  try {
    await waitForHealth();
    const coldStartMs = Date.now() - startedAt;
    const pid = pidOnPort(PORT);
    const idleRss = pid ? rssMb(pid) : 0;
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, pid ? rssMb(pid) : 0)), 250);
    const bench: BenchContext = {
      baseUrl,
      token,
      projectSlug,
      load,
      measure: (url, request = {}) => measureCpu(url, request, pid, Boolean(process.env.DATABASE_URL)),
      report,
      compareWithBare: (name, request) => compareWithBare(baseUrl, name, request),
    };
    const only = process.argv[2];
    // in the order of their numbers: abuse last, as its floods leave the server's heap grown for whatever
    // is measured after them; `npm run bench -- abuse` names a suite without its number
    for (const file of fs.readdirSync(path.join(import.meta.dirname, 'suites')).sort()) {
      const suite = file.replace(/^\d+-/, '').replace(/\.ts$/, '');
      if (only && !suite.startsWith(only)) continue;
      console.log(`\n## ${suite}`);
      const { default: run } = (await import(`./suites/${file}`)) as { default: (bench: BenchContext) => Promise<void> };
      await run(bench);
    }
    clearInterval(sampler);
    printSummary(coldStartMs, idleRss, peakRss);
  } finally {
    process.kill(-server.pid!, 'SIGTERM');
  }
}

function printSummary(coldStartMs: number, idleRss: number, peakRss: number) {
  console.log(`\n## Summary (${process.env.DATABASE_URL ? 'PostgreSQL, its CPU included' : 'PGlite'})`);
  console.log(`cold start to a healthy /health: ${(coldStartMs / 1000).toFixed(1)} s; RSS idle ${idleRss} MB, peak ${peakRss} MB`);
  console.log('| path | service us/req | bare node | minimal Next | vs Next | of bare |');
  console.log('|---|---|---|---|---|---|');
  for (const row of cpuTable) {
    console.log(`| ${row.name} | ${row.service.toFixed(0)} | ${row.bare.toFixed(0)} | ${row.next.toFixed(0)} | ${row.vsNext.toFixed(2)}x | ${row.ofBare.toFixed(2)}x |`);
  }
}

/** A user, project and token made with the admin CLI before the server holds the database. */
function createFixture(env: NodeJS.ProcessEnv) {
  const cli = (...args: string[]) => execFileSync('npx', ['tsx', 'server/surfaces/cli/main.ts', ...args], { env, encoding: 'utf8' }).trim();
  const email = `bench-${Date.now()}@example.test`;
  cli('user', 'create', '--email', email, '--password', 'bench password');
  const [, projectSlug] = cli('project', 'create', '--name', 'Bench', '--owner', email).split(' ');
  const token = cli('token', 'create', '--project', projectSlug!);
  return { token, projectSlug: projectSlug! };
}

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
