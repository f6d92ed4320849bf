import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { pidOnPort, pinned, postgresCpuMicros, processCpuMicros } from './cpu';

const exec = promisify(execFile);

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** requests answered in the run */
  total: number;
  /** server CPU time per request in microseconds, when the server's process is known */
  cpuMicrosPerRequest?: number;
}

export interface HttpCase {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface BenchContext {
  /** the production server under test, e.g. http://127.0.0.1:3900 */
  baseUrl: string;
  /** an API token of the bench project, and its slug */
  token: string;
  projectSlug: string;
  /** autocannon from a separate process (on its own core where possible) against any URL */
  load(url: string, request?: Omit<HttpCase, 'path'>): Promise<LoadResult>;
  /** the same, with the CPU time the service (and PostgreSQL, when it is the database) spent per request */
  measure(url: string, request?: Omit<HttpCase, 'path'>): Promise<LoadResult>;
  /** loads the service, a bare node:http server and a minimal Next route handler answering the same bytes */
  compareWithBare(name: string, request: HttpCase): Promise<void>;
  /** prints one result row; `ratio` compares it to a baseline */
  report(name: string, result: LoadResult, baseline?: { name: string; result: LoadResult }): void;
}

export const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export async function load(url: string, request: Omit<HttpCase, 'path'> = {}): Promise<LoadResult> {
  const args = ['node_modules/autocannon/autocannon.js', '--json', '-c', String(CONNECTIONS), '-d', String(LOAD_SECONDS)];
  args.push('-m', request.method ?? 'GET');
  for (const [name, value] of Object.entries(request.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (request.body !== undefined) args.push('-b', request.body);
  const [command, pinnedArgs] = pinned(1, 'node', [...args, url]);
  const { stdout } = await exec(command, pinnedArgs, { maxBuffer: 16 * 1024 * 1024 });
  const json = JSON.parse(stdout) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number };
  return { requestsPerSecond: json.requests.average, p50: json.latency.p50, p99: json.latency.p99, non2xx: json.non2xx, total: json.requests.total };
}

/** Loads `url` and charges the CPU time of `pid` (and PostgreSQL's, when asked) to each request. */
export async function measureCpu(url: string, request: Omit<HttpCase, 'path'>, pid: number | null, withPostgres = false): Promise<LoadResult> {
  const cpu = () => (pid ? processCpuMicros(pid) + (withPostgres ? postgresCpuMicros(pid) : 0) : 0);
  const before = cpu();
  const result = await load(url, request);
  const spent = cpu() - before;
  return pid && result.total ? { ...result, cpuMicrosPerRequest: spent / result.total } : result;
}

export function report(name: string, result: LoadResult, baseline?: { name: string; result: LoadResult }) {
  const ratio = baseline ? ` ${(result.requestsPerSecond / baseline.result.requestsPerSecond).toFixed(3)}x of ${baseline.name}` : '';
  const errors = result.non2xx ? `  (${result.non2xx} non-2xx)` : '';
  const cpu = result.cpuMicrosPerRequest === undefined ? '' : `  ${result.cpuMicrosPerRequest.toFixed(0).padStart(6)} us CPU/req`;
  console.log(
    `${name.padEnd(44)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms${cpu}${ratio}${errors}`,
  );
}

interface PairedRound {
  service: LoadResult;
  baseline: LoadResult;
  nextFloor: LoadResult;
}

/**
 * CPU per request beside both floors, over the paired rounds: each ratio is the median of that ratio's
 * own rounds (`x Next` = service / Next floor, `of bare` = bare / service), and each cost the median of
 * that target's rounds. A ratio taken from the round picked for the other floor would be any round's.
 */
function reportCpu(name: string, rounds: PairedRound[]) {
  const cpu = (result: LoadResult) => result.cpuMicrosPerRequest;
  if (rounds.some((round) => cpu(round.service) === undefined || cpu(round.baseline) === undefined || cpu(round.nextFloor) === undefined)) return;
  const ofBare = (round: PairedRound) => cpu(round.baseline)! / cpu(round.service)!;
  const row = {
    name,
    service: median(rounds.map((round) => cpu(round.service)!))!,
    bare: median(rounds.map((round) => cpu(round.baseline)!))!,
    next: median(rounds.map((round) => cpu(round.nextFloor)!))!,
    vsNext: median(rounds.map(vsNext))!,
    ofBare: median(rounds.map(ofBare))!,
  };
  const each = (ratio: (round: PairedRound) => number) => rounds.map((round) => ratio(round).toFixed(2)).join('/');
  console.log(
    `${'  CPU per request'.padEnd(44)} service ${row.service.toFixed(0)} us, bare ${row.bare.toFixed(0)} us, Next floor ${row.next.toFixed(0)} us: ${row.vsNext.toFixed(2)}x Next, ${row.ofBare.toFixed(2)}x of bare  [${name}; medians of rounds ${each(vsNext)} and ${each(ofBare)}]`,
  );
  cpuTable.push(row);
}

/** The service's CPU over the Next floor's in one round. */
function vsNext(round: PairedRound): number {
  return (round.service.cpuMicrosPerRequest ?? 0) / (round.nextFloor.cpuMicrosPerRequest || 1);
}

/** Every CPU comparison of the run, printed as one table at the end (bench/run.ts). */
export const cpuTable: { name: string; service: number; bare: number; next: number; vsNext: number; ofBare: number }[] = [];

/** Paired rounds per comparison (`BENCH_ROUNDS`); the table shows the medians of their costs and ratios. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The middle value (the upper one of an even count); undefined for none. */
export function median(values: number[]): number | undefined {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** The round whose service-to-Next ratio is the median: its loads are the ones printed in full. */
function medianRound(rounds: PairedRound[]): PairedRound {
  return [...rounds].sort((a, b) => vsNext(a) - vsNext(b))[Math.floor(rounds.length / 2)]!;
}

/**
 * Records the service's exact answer, serves it from a bare node:http process and from a minimal Next
 * route handler (the two floors), and loads all three in turn, each pinned to the same core.
 */
export async function compareWithBare(baseUrl: string, name: string, request: HttpCase) {
  // identity: the recorded bytes are what the load generator (which asks for no compression) receives
  const response = await fetch(baseUrl + request.path, { method: request.method, headers: { 'accept-encoding': 'identity', ...request.headers }, body: request.body });
  const body = Buffer.from(await response.arrayBuffer());
  const headers = Object.fromEntries([...response.headers].filter(([k]) => !['transfer-encoding', 'connection', 'keep-alive', 'date', 'content-length'].includes(k)));
  const file = path.join(os.tmpdir(), `shipnote-floor-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify({ status: response.status, headers, body: body.toString('base64') }));
  const bare = await startBareServer(file);
  const next = await startNextFloor(file);
  try {
    const servicePid = pidOnPort(new URL(baseUrl).port);
    const nextPid = pidOnPort(new URL(next.url).port);
    // each floor is a fresh process, and a large app's JIT settles later than a small one's: every
    // target is loaded until its cost per request stops falling, so no round compares a cold JIT
    await warmUp(baseUrl + request.path, request, servicePid);
    await warmUp(bare.url + request.path, request, bare.process.pid ?? null);
    await warmUp(`${next.url}/floor`, request, nextPid);
    // paired rounds, each loading the three in turn, so a load change on a busy machine hits all three
    const rounds: PairedRound[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const service = await measureCpu(baseUrl + request.path, request, servicePid, Boolean(process.env.DATABASE_URL));
      const baseline = await measureCpu(bare.url + request.path, request, bare.process.pid ?? null);
      const nextFloor = await measureCpu(`${next.url}/floor`, request, nextPid);
      rounds.push({ service, baseline, nextFloor });
    }
    const { service, baseline, nextFloor } = medianRound(rounds);
    report(`${name} (bare node:http)`, baseline);
    report(`${name} (minimal Next route)`, nextFloor);
    report(name, service, { name: 'bare', result: baseline });
    reportCpu(name, rounds);
  } finally {
    bare.process.kill();
    process.kill(-next.process.pid!, 'SIGTERM');
  }
}

const WARM_UP_LOADS = { min: 3, max: 12 };

/**
 * Loads `url` until its CPU per request stops falling: at least 3 loads, then until a load is no more
 * than 5% below the cheapest so far (at most 12). A plateau in a slow phase of the machine is not taken
 * for warm: the cost must have stopped falling after the minimum.
 */
async function warmUp(url: string, request: HttpCase, pid: number | null) {
  let cheapest = Infinity;
  for (let i = 0; i < WARM_UP_LOADS.max; i++) {
    const cost = (await measureCpu(url, request, pid)).cpuMicrosPerRequest;
    if (process.env.BENCH_DEBUG) console.log(`  warm-up ${url}: ${cost?.toFixed(0)} us`);
    if (cost === undefined) return;
    const fell = cost < cheapest * 0.95;
    cheapest = Math.min(cheapest, cost);
    if (!fell && i + 1 >= WARM_UP_LOADS.min) return;
  }
}

async function startBareServer(file: string) {
  const [command, args] = pinned(0, 'node', ['bench/bare-server.mjs', file]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk) => resolve(String(chunk).trim())));
  // behind taskset the pid is taskset's until it execs node: the port names the real one
  const pid = pidOnPort(port) ?? child.pid;
  return { url: `http://127.0.0.1:${port}`, process: { pid, kill: () => child.kill() } };
}

const NEXT_FLOOR_DIR = 'bench/next-floor';

/** The minimal Next 16 app of bench/next-floor (built once), answering the recorded bytes at /floor. */
async function startNextFloor(file: string) {
  if (!fs.existsSync(path.join(NEXT_FLOOR_DIR, '.next', 'BUILD_ID'))) execFileSync('npx', ['next', 'build', NEXT_FLOOR_DIR], { stdio: 'ignore' });
  const port = 3990;
  const [command, args] = pinned(0, 'node', ['node_modules/next/dist/bin/next', 'start', NEXT_FLOOR_DIR, '-p', String(port), '-H', '127.0.0.1']);
  const child = spawn(command, args, { env: { ...process.env, FLOOR_ANSWER_FILE: file, NODE_ENV: 'production' }, stdio: 'ignore', detached: true });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/floor`).then((res) => res.arrayBuffer().then(() => true), () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, process: child };
}

/** A procedure called with the bench's token, as the MCP tools and integrators write: its result's data. */
export async function callProcedure(bench: BenchContext, path: string, input: object): Promise<{ id: string; slug: string }> {
  const res = await fetch(`${bench.baseUrl}/api/trpc/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json', origin: bench.baseUrl },
    body: JSON.stringify(input),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { data: { id: string; slug: string } } }).result.data;
}

/** Saves a draft through its procedure and publishes it: the public slug. */
export async function publishContent(bench: BenchContext, save: string, input: object, kind: 'changelog' | 'blog_post' | 'kb_set'): Promise<string> {
  const draft = await callProcedure(bench, save, input);
  return (await callProcedure(bench, 'content.publish', { kind, id: draft.id })).slug;
}
