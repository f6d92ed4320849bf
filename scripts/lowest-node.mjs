// CI: the lowest Node version `engines` allows, installed from npm beside the project (npm's own build
// of Node for this platform), starts the production server on a fresh data folder and answers the
// public, authenticated and agent surfaces. Proves the README's "Node 20.19 and later".
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const engines = JSON.parse(fs.readFileSync('package.json', 'utf8')).engines.node;
const lowest = /^>=\s*(\d+\.\d+\.\d+)$/.exec(engines)?.[1];
if (!lowest) throw new Error(`engines.node must be ">=x.y.z", not ${engines}`);

const dir = path.resolve('node_modules/.cache/node-lowest');
const pkg = `node-${process.platform}-${process.arch}`;
const node = path.join(dir, 'node_modules', pkg, 'bin/node');
const installed = fs.existsSync(path.join(dir, 'node_modules', pkg, 'package.json'))
  ? JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version
  : null;
if (installed !== lowest) {
  execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', `${pkg}@${lowest}`], { stdio: 'inherit' });
}
const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
if (version !== `v${lowest}`) throw new Error(`expected Node v${lowest}, got ${version}`);

const port = 3950;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipnote-lowest-node-'));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: '', REDIS_URL: '' };
const server = spawn(node, ['--import', 'tsx', 'server/surfaces/http/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
const base = `http://127.0.0.1:${port}`;

try {
  let healthy = null;
  for (let i = 0; i < 120 && !healthy; i++) {
    healthy = await fetch(`${base}/api/v1/health`).then((res) => res.json(), () => null);
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect('GET /api/v1/health', JSON.stringify(healthy), '{"status":"healthy","version":"1.0.0"}');
  expect('GET /api/v1/changelogs', (await fetch(`${base}/api/v1/changelogs`)).status, 200);
  expect('GET /api/v1/me without a token', (await fetch(`${base}/api/v1/me`)).status, 401);
  const mcp = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
  expect('POST /mcp without a token', mcp.status, 401);
  expect('GET /signin', (await fetch(`${base}/signin`)).status, 200);
  console.log(`Node ${version} (engines ${engines}): the server starts and answers`);
} finally {
  process.kill(-server.pid, 'SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function expect(what, actual, wanted) {
  if (actual !== wanted) throw new Error(`${what} on Node ${version}: ${actual}, expected ${wanted}`);
}
