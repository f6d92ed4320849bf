import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const TICK_MICROS = 1_000_000 / Number(safe(() => execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim(), '100'));

/** CPU time (user + system, microseconds) a process has used so far; 0 where /proc is missing. */
export function processCpuMicros(pid: number): number {
  const stat = safe(() => fs.readFileSync(`/proc/${pid}/stat`, 'utf8'), '');
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MICROS;
}

/**
 * CPU time of the PostgreSQL backends serving `clientPid`'s connections (found by their client port):
 * not the backends of anything else on the machine, such as a test suite running beside the bench, nor
 * the server's shared background work (WAL writer, checkpoints, autovacuum of every database).
 */
export function postgresCpuMicros(clientPid: number): number {
  const ports = clientPortsToPostgres(clientPid);
  let total = 0;
  for (const entry of safe(() => fs.readdirSync('/proc'), [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = safe(() => fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim(), '');
    if (comm !== 'postgres') continue;
    // a backend's title reads "postgres: 15/main: user db 127.0.0.1(54012) idle"
    const title = safe(() => fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8'), '');
    const clientPort = /\((\d+)\)/.exec(title)?.[1];
    if (clientPort !== undefined && ports.has(clientPort)) total += processCpuMicros(Number(entry));
  }
  return total;
}

/** The local ports of a process's TCP connections to PostgreSQL (port 5432). */
function clientPortsToPostgres(pid: number): Set<string> {
  const out = safe(() => execFileSync('ss', ['-tnpH', 'dport = :5432'], { encoding: 'utf8' }), '');
  const ports = out
    .split('\n')
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => /:(\d+)\s+\S+:5432\b/.exec(line)?.[1])
    .filter((port): port is string => port !== undefined);
  return new Set(ports);
}

/** The pid listening on a TCP port (the real server behind npx/tsx wrappers). */
export function pidOnPort(port: number | string): number | null {
  const out = safe(() => execFileSync('sh', ['-c', `ss -ltnpH "sport = :${port}" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`], { encoding: 'utf8' }), '');
  return Number(out.trim()) || null;
}

export function rssMb(pid: number): number {
  const status = safe(() => fs.readFileSync(`/proc/${pid}/status`, 'utf8'), '');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** `taskset -c <cpu>` in front of a command where taskset exists and the machine has two cores or more. */
export function pinned(cpu: number, command: string, args: string[]): [string, string[]] {
  const canPin = safe(() => execFileSync('sh', ['-c', 'command -v taskset && nproc'], { encoding: 'utf8' }), '').trim().split('\n');
  return canPin.length === 2 && Number(canPin[1]) >= 2 ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
