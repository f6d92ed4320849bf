import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { compareWithBare, load, report, type BenchContext } from './harness';

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

  const server = spawn('npx', ['tsx', 'server/surfaces/http/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  try {
    await waitForHealth();
    const bench: BenchContext = {
      baseUrl,
      token,
      projectSlug,
      load,
      report,
      compareWithBare: (name, request) => compareWithBare(baseUrl, name, request),
    };
    const only = process.argv[2];
    for (const file of fs.readdirSync(path.join(import.meta.dirname, 'suites')).sort()) {
      if (only && !file.startsWith(only)) continue;
      console.log(`\n## ${file.replace(/\.ts$/, '')}`);
      const suite = (await import(`./suites/${file}`)) as { default: (bench: BenchContext) => Promise<void> };
      await suite.default(bench);
    }
  } finally {
    process.kill(-server.pid!, 'SIGTERM');
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
