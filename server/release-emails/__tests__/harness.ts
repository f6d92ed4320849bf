import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database, DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { emailDeliveries, memberships, recipients } from '@/db/schema';
import { CLIENT_IP_HEADER, createContext } from '@/server/context';
import { publishBlogPost, publishChangelog, tokenCaller } from '@/server/content/__tests__/helpers';
import { createSmtpTransport } from '@/server/email/smtp';
import { installTransport } from '@/server/email/transport';
import { createCaller } from '@/server/root';
import { newList, type Harness } from '@/server/recipients/__tests__/helpers';
import { handleUnsubscribe } from '@/server/surfaces/web/unsubscribe';
import { randomClientIp, startTestServer, type TestServer } from '@/tests/http';
import { REST_ROUTES } from '@/tests/rest-server';
import { startWorker, type WorkerSettings } from '../worker';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';

export interface EmailHarness extends Harness {
  peer: SmtpPeer;
}

/** A test database, a real SMTP peer as the transport, and the REST API plus the unsubscribe links over HTTP. */
export function setupEmailHarness(): EmailHarness {
  const harness = {} as EmailHarness & { handle: DatabaseHandle };
  let server: TestServer;
  beforeAll(async () => {
    harness.handle = await openTestDatabase();
    harness.db = harness.handle.db;
    harness.peer = await startSmtpPeer();
    installTransport(createSmtpTransport(harness.peer.url));
    server = await startTestServer([['/unsubscribe/', (req) => handleUnsubscribe(req, new URL(req.url).pathname.split('/')[2] ?? '')], ...REST_ROUTES]);
    harness.url = server.url;
    // links in the emails point at the test server
    process.env.APP_URL = server.url;
    process.env.EMAIL_FROM = 'releases@shipnote.test';
  });
  afterAll(async () => {
    installTransport(undefined);
    await server.close();
    await harness.peer.close();
    await harness.handle.close();
  });
  return harness;
}

export const FAST: Omit<WorkerSettings, 'projects'> = {
  maxPerMinute: 60_000,
  maxAttempts: 3,
  retryBaseSeconds: 0.2,
  leaseSeconds: 60,
  soleWorker: false,
  pollMs: 50,
};

/** A worker of the test's own projects only, with the harness's transport. */
export function worker(harness: EmailHarness, projectIds: string[], settings: Partial<WorkerSettings> = {}) {
  return startWorker(harness.db, createSmtpTransport(harness.peer.url), { ...FAST, ...settings, projects: projectIds });
}

/** The user who owns a project (what the dashboard's member procedures run as). */
export async function ownerOf(db: Database, projectId: string) {
  const [row] = await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.projectId, projectId));
  return row!.userId;
}

/** A project with a list of `count` active addresses and a published changelog; `caller` uses the project's token. */
export async function listWithChangelog(harness: Harness, count: number, title = 'Version 2.0') {
  const list = await newList(harness);
  const prefix = `r${randomUUID().slice(0, 6)}-`;
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@example.test`);
  const added = await list.call('POST', `${list.base}/recipients`, { emails });
  if (added.status !== 200) throw new Error(`recipients not added: ${added.text}`);
  const caller = await tokenCaller(list.token);
  const changelog = await publishChangelog(caller, { title, content: '## Added\n\n- Dark mode for **everyone**\n- <script>alert(1)</script>Exports\n- Read the [guide](/kb/exports)' });
  return { ...list, emails, caller, changelog };
}

export async function blogPostOf(token: string, content: string) {
  return publishBlogPost(await tokenCaller(token), content);
}

/** A dashboard caller: the signed-in user acting through member procedures. */
export async function sessionCaller(userId: string, project?: string) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: randomClientIp() });
  return createCaller(await createContext({ headers, sessionUserId: userId , project }));
}

/** Waits until no delivery of the send is queued or in flight. */
export async function settled(db: Database, sendId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await ledger(db, sendId);
    if (rows.every((r) => r.status !== 'queued' && r.status !== 'sending')) return rows;
    if (Date.now() > deadline) throw new Error(`send ${sendId} did not settle: ${JSON.stringify(rows.map((r) => r.status))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function ledger(db: Database, sendId: string) {
  return db.select().from(emailDeliveries).where(eq(emailDeliveries.sendId, sendId)).orderBy(emailDeliveries.seq);
}

export async function statusOf(db: Database, listId: string, email: string) {
  const [row] = await db.select().from(recipients).where(and(eq(recipients.listId, listId), eq(recipients.email, email)));
  return row!;
}
