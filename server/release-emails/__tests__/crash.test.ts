import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase, openPglite, type DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { publishChangelog, tokenCaller } from '@/server/content/__tests__/helpers';
import { createTestProject } from '@/tests/factories';
import { ledger, ownerOf, sessionCaller, settled } from './harness';
import { countByAddress, startSmtpPeer, type SmtpPeer } from './smtp-peer';

const onServer = Boolean(process.env.DATABASE_URL);
const dataDir = onServer ? null : mkdtempSync(path.join(tmpdir(), 'shipnote-crash-'));
let peer: SmtpPeer;

/** The database for the test process; with PGlite only while no worker process holds the folder. */
async function openDb(): Promise<DatabaseHandle> {
  if (onServer) return openTestDatabase();
  const handle = await openPglite(dataDir);
  installDatabase(handle);
  return handle;
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  process.env.EMAIL_FROM = 'releases@shipnote.test';
});
afterAll(async () => {
  await peer.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function startWorkerProcess(projectId: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'worker-process.ts')], {
    env: { ...process.env, SMTP_URL: peer.url, WORKER_PROJECTS: JSON.stringify([projectId]), EMAIL_LEASE_SECONDS: '2', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[worker] ${chunk}`));
  child.stdout!.on('data', (chunk: Buffer) => {
    if (String(chunk).includes('worker idle')) child.emit('idle');
  });
  return child;
}

/** Resolves at the worker's next pass that finds nothing to deliver: what it was going to send, it sent. */
const nextIdle = (child: ChildProcess) => new Promise<void>((resolve) => child.once('idle', () => resolve()));

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve())));

async function kill(child: ChildProcess) {
  child.kill('SIGKILL');
  await exited(child);
}

/** A promise that the test resolves itself, and one that tells when the peer reached it. */
function gate() {
  let reached!: () => void;
  const hit = new Promise<void>((resolve) => (reached = resolve));
  return { hit, reached, never: new Promise<never>(() => {}) };
}

const wait = async (check: () => boolean, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out; peer has ${JSON.stringify(countByAddress(peer))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('a send killed half-way and resumed', () => {
  it('delivers every remaining recipient exactly once; the one handed over at the kill is never sent again', { timeout: 180_000 }, async () => {
    let db = await openDb();
    const { project, token } = await createTestProject(db.db);
    const caller = await tokenCaller(token);
    const list = await caller.mailingLists.create({ name: 'Crash list' });
    const emails = Array.from({ length: 8 }, (_, i) => `crash-${i}-${project.id.slice(0, 6)}@example.test`);
    await caller.recipients.add({ list_id: list.id, emails });
    const changelog = await publishChangelog(caller, { title: 'Crash proof', content: '- It survives' });
    const send = await caller.releaseEmails.send({ list_id: list.id, kind: 'changelog', id: changelog.id });
    const userId = await ownerOf(db.db, project.id);
    if (!onServer) await db.close();

    // 1. killed while the 3rd email waits at RCPT TO: it was never handed over
    const atRcpt = gate();
    peer.onRecipient = (address) => (address === emails[2] ? (atRcpt.reached(), atRcpt.never) : undefined);
    let child = startWorkerProcess(project.id);
    await atRcpt.hit;
    await kill(child);
    expect(Object.keys(countByAddress(peer)).sort()).toEqual([emails[0], emails[1]].sort());
    peer.onRecipient = () => {};

    // 2. killed after the 6th email's data went over, before the server's reply: it may have arrived
    const afterData = gate();
    let heldDataFor: string | undefined;
    peer.verdict = (to) => (to[0] === emails[5] ? ((heldDataFor = to[0]), afterData.reached(), afterData.never) : { accept: true });
    child = startWorkerProcess(project.id);
    await afterData.hit;
    await kill(child);
    expect(heldDataFor).toBe(emails[5]);
    peer.verdict = () => ({ accept: true });

    // 3. a clean run finishes the rest
    child = startWorkerProcess(project.id);
    await wait(() => emails.filter((e, i) => i !== 5 && countByAddress(peer)[e]).length === 7);
    // on a server the claim handed over at the kill comes back after its lease, as "failed, may have arrived"
    if (onServer) await settled(db.db, send.id);
    // the worker runs dry: had it (wrongly) meant to send the 6th again, it would have done so first
    await nextIdle(child);
    child.kill('SIGTERM');
    await exited(child);

    const counts = countByAddress(peer);
    for (const [i, email] of emails.entries()) expect(counts[email], email).toBe(i === 5 ? undefined : 1);

    db = await openDb();
    try {
      const rows = await ledger(db.db, send.id);
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'failed', 'sent', 'sent']);
      expect(rows[2]!.attempts).toBe(2);
      expect(rows[5]).toMatchObject({ failureKind: 'interrupted', attempts: 1 });
      expect(rows[5]!.reason).toMatch(/may have arrived/);
      const dashboard = await sessionCaller(userId, project.id);
      // the interrupted one is not retried: that could deliver it twice
      expect(await dashboard.releaseEmails.retry({ send_id: send.id })).toMatchObject({ requeued: 0, send: { status: 'done', sent: 7, failed: 1, retryable: 0 } });
    } finally {
      await db.close();
    }
  });
});
