import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
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
  /** autocannon from a separate process against any URL */
  load(url: string, request?: Omit<HttpCase, 'path'>): Promise<LoadResult>;
  /** loads the service and a bare node:http server answering the same bytes, one after the other */
  compareWithBare(name: string, request: HttpCase): Promise<void>;
  /** prints one result row; `ratio` compares it to a baseline */
  report(name: string, result: LoadResult, baseline?: { name: string; result: LoadResult }): void;
}

export const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export async function load(url: string, request: Omit<HttpCase, 'path'> = {}): Promise<LoadResult> {
  const args = ['node_modules/autocannon/autocannon.js', '--json', '-c', String(CONNECTIONS), '-d', String(LOAD_SECONDS)];
  args.push('-m', request.method ?? 'GET');
  for (const [name, value] of Object.entries(request.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (request.body !== undefined) args.push('-b', request.body);
  const { stdout } = await exec('node', [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const json = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number };
  return { requestsPerSecond: json.requests.average, p50: json.latency.p50, p99: json.latency.p99, non2xx: json.non2xx };
}

export function report(name: string, result: LoadResult, baseline?: { name: string; result: LoadResult }) {
  const ratio = baseline ? ` ${(result.requestsPerSecond / baseline.result.requestsPerSecond).toFixed(3)}x of ${baseline.name}` : '';
  const errors = result.non2xx ? `  (${result.non2xx} non-2xx)` : '';
  console.log(
    `${name.padEnd(44)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms${ratio}${errors}`,
  );
}

/** Records the service's exact answer, serves it from a bare node:http process, and loads both. */
export async function compareWithBare(baseUrl: string, name: string, request: HttpCase) {
  const response = await fetch(baseUrl + request.path, { method: request.method, headers: request.headers, body: request.body });
  const body = Buffer.from(await response.arrayBuffer());
  const headers = Object.fromEntries([...response.headers].filter(([k]) => !['transfer-encoding', 'connection', 'keep-alive', 'date'].includes(k)));
  const bare = await startBareServer({ status: response.status, headers, body: body.toString('base64') });
  try {
    const service = await load(baseUrl + request.path, request);
    const baseline = await load(bare.url + request.path, request);
    report(`${name} (bare node:http)`, baseline);
    report(name, service, { name: 'bare', result: baseline });
  } finally {
    bare.process.kill();
  }
}

async function startBareServer(answer: { status: number; headers: Record<string, string>; body: string }) {
  const file = path.join(os.tmpdir(), `shipnote-bare-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(answer));
  const child = spawn('node', ['bench/bare-server.mjs', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk) => resolve(String(chunk).trim())));
  return { url: `http://127.0.0.1:${port}`, process: child as ChildProcess };
}
