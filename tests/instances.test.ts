import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encode } from 'next-auth/jwt';
import postgres from 'postgres';
import { Redis as IORedis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase, openPostgres, type DatabaseHandle } from '@/db/client';
import { createApiToken } from '@/server/api-tokens/create';
import { publishChangelog, tokenCaller } from '@/server/content/__tests__/helpers';
import { startSmtpPeer, type SmtpPeer } from '@/server/release-emails/__tests__/smtp-peer';
import { createTestProject } from './factories';
import { randomClientIp } from './http';
import { redisAvailable } from './upstash-bridge';

/**
 * Two instances as an operator runs them: two server processes (tests/instance-server.ts: the
 * production front over the route handlers) on one fresh PostgreSQL database and one Redis, loopback
 * only, without NEXTAUTH_SECRET, each with its own data folder, behind one trusted proxy hop.
 */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const serverUrl = process.env.DATABASE_URL; // set in the `postgres` project only
const skip = !serverUrl
  ? process.env.SHIPNOTE_TEST_POSTGRES_PROJECT
    ? 'runs in the postgres project'
    : 'no PostgreSQL server reachable (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)'
  : !(await redisAvailable(REDIS_URL))
    ? `no Redis at ${REDIS_URL} (TEST_REDIS_URL)`
    : null;
if (skip && skip !== 'runs in the postgres project') console.warn(`[instances] two-instance test skipped: ${skip}`);

const EMAIL_LIMIT = 4;
const budgetName = `test-${randomBytes(4).toString('hex')}`;

interface Instance {
  label: string;
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: string[];
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One request with exactly these headers (Host included, as a proxy would send it). */
function request(instance: Instance, method: string, pathname: string, options: { headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { 'x-forwarded-for': randomClientIp(), ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: instance.port, method, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode!, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls until `done` holds; the milliseconds it took. */
async function within(ms: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe.skipIf(skip)('two instances on one PostgreSQL and one Redis', () => {
  let databaseUrl: string;
  let database: DatabaseHandle;
  let peer: SmtpPeer;
  let a: Instance;
  let b: Instance;

  function startInstance(label: string): Promise<Instance> {
    const dataDir = mkdtempSync(path.join(tmpdir(), `shipnote-${label}-`));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      TRUSTED_PROXY_HOPS: '1',
      DATA_DIR: dataDir,
      SMTP_URL: peer.url,
      EMAIL_FROM: 'releases@shipnote.test',
      EMAIL_BUDGET_TEST: `${EMAIL_LIMIT}:3600:${budgetName}`,
    };
    for (const name of ['NEXTAUTH_SECRET', 'NEXTAUTH_URL', 'APP_URL', 'UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'RATE_LIMIT_ENABLED', 'EMAIL_LINK_SECRET']) delete env[name];
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'instance-server.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    child.stderr!.on('data', (chunk: Buffer) => output.push(String(chunk)));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`instance ${label} did not start:\n${output.join('')}`)), 90_000);
      child.on('exit', (code) => reject(new Error(`instance ${label} exited (${code}):\n${output.join('')}`)));
      child.stdout!.on('data', (chunk: Buffer) => {
        const port = /ready (\d+)/.exec(String(chunk))?.[1];
        if (!port) return;
        clearTimeout(timer);
        resolve({ label, url: `http://127.0.0.1:${port}`, port: Number(port), dataDir, child, output });
      });
    });
  }

  async function stopInstance(instance: Instance | undefined) {
    if (!instance || instance.child.exitCode !== null) return;
    const exited = new Promise((resolve) => instance.child.once('exit', resolve));
    instance.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
    rmSync(instance.dataDir, { recursive: true, force: true });
  }

  beforeAll(async () => {
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    const name = `shipnote_instances_${randomBytes(4).toString('hex')}`;
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    database = await openPostgres(databaseUrl, 4); // migrates once, before the instances open it
    installDatabase(database);
    peer = await startSmtpPeer();
    [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await database?.close();
    await peer?.close();
    const redis = new IORedis(REDIS_URL);
    for (const key of await redis.keys(`shipnote:email-budget:${budgetName}:*`)) await redis.del(key);
    redis.disconnect();
    if (databaseUrl) {
      const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
      await admin.end();
    }
  }, 60_000);

  /** A user's dashboard session as next-auth sets it on sign-in, made by one instance. */
  async function sessionOn(instance: Instance, userId: string) {
    const { cookie } = (await request(instance, 'GET', `/__test/session?user=${userId}`)).json as { cookie: string };
    return `next-auth.session-token=${cookie}`;
  }

  /** A dashboard tRPC call as the browser makes it: session cookie, the project header, our own Origin. */
  function dashboard(instance: Instance, cookie: string, projectId: string) {
    return (procedure: string, input?: unknown, headers: Record<string, string> = {}) =>
      request(instance, input === undefined ? 'GET' : 'POST', `/api/trpc/${procedure}`, {
        headers: { cookie, 'x-shipnote-project': projectId, origin: instance.url, ...headers },
        body: input,
      });
  }

  it('answers healthy on both (limiter and invalidation link working)', async () => {
    for (const instance of [a, b]) expect((await request(instance, 'GET', '/api/v1/health')).json).toEqual({ status: 'healthy', version: '1.0.0' });
  });

  it('a session cookie from A works on B: the session secret is in the database, not in a data folder', async () => {
    const { user, project } = await createTestProject(database.db);
    const fromA = await sessionOn(a, user.id);
    const fromB = await sessionOn(b, user.id);
    const onB = await dashboard(b, fromA, project.id)('projects.list');
    expect(onB.status).toBe(200);
    expect(onB.json.result.data.map((p: { id: string }) => p.id)).toContain(project.id);
    expect((await dashboard(a, fromB, project.id)('projects.list')).status).toBe(200);
    // the check is real: a cookie sealed with another secret is refused
    const forged = `next-auth.session-token=${await encode({ token: { sub: user.id }, secret: randomBytes(32).toString('base64url') })}`;
    expect((await dashboard(b, forged, project.id)('projects.list')).status).toBe(401);
    for (const instance of [a, b]) expect(readdirSync(instance.dataDir)).not.toContain('auth-secret');
  });

  it('a banner take-down on A stops B serving it within a second (the cache keeps 5 s); a publish on B reaches A as fast', async () => {
    const { user, project } = await createTestProject(database.db);
    const cookie = await sessionOn(a, user.id);
    const published = await dashboard(a, cookie, project.id)('banner.publish', { headline: 'Two instances', body: 'One cache.', cta_label: '' });
    expect(published.status).toBe(200);
    const slug = published.json.result.data.slug as string;
    const banner = (instance: Instance) => request(instance, 'GET', `/api/v1/banner?key=${slug}`);
    expect((await banner(b)).status).toBe(200); // B now holds it in its cache
    expect((await banner(a)).status).toBe(200);

    expect((await dashboard(a, cookie, project.id)('banner.takeDown', {})).status).toBe(200);
    const tookDown = await within(1000, async () => (await banner(b)).status === 404);
    expect(tookDown).toBeLessThan(1000);

    expect((await dashboard(b, cookie, project.id)('banner.publish', { headline: 'Back again', body: 'From B.', cta_label: '' })).status).toBe(200);
    const reached = await within(1000, async () => (await banner(a)).json?.headline === 'Back again');
    expect(reached).toBeLessThan(1000);
  });

  it('an unpublish on A stops B serving the changelog and its feed within a second (the cache keeps 30 s); a republish reaches B as fast', async () => {
    const { user, project } = await createTestProject(database.db);
    const cookie = await sessionOn(a, user.id);
    const draft = await dashboard(a, cookie, project.id)('changelogs.manage.save', { title: 'Shared cache', content: '## Added\n- One cache' });
    const id = draft.json.result.data.id as string;
    const published = await dashboard(a, cookie, project.id)('content.publish', { kind: 'changelog', id });
    const slug = published.json.result.data.slug as string;
    const read = (instance: Instance) => request(instance, 'GET', `/api/v1/changelog/${slug}`);
    const feed = (instance: Instance) => request(instance, 'GET', `/api/v1/changelog/${slug}/feed`);
    expect((await read(b)).status).toBe(200); // B now holds both in its cache
    expect((await feed(b)).status).toBe(200);

    expect((await dashboard(a, cookie, project.id)('content.unpublish', { kind: 'changelog', id })).status).toBe(200);
    expect(await within(1000, async () => (await read(b)).status === 404 && (await feed(b)).status === 404)).toBeLessThan(1000);

    expect((await dashboard(a, cookie, project.id)('content.publish', { kind: 'changelog', id })).status).toBe(200);
    expect(await within(1000, async () => (await read(b)).status === 200)).toBeLessThan(1000);
  });

  it('a token revoked on A is refused by B within a second (well before its 1 s cache would expire)', async () => {
    const { user, project } = await createTestProject(database.db);
    const created = await createApiToken(database.db, { projectId: project.id, userId: user.id, name: 'revoked on A' });
    const me = () => request(b, 'GET', '/api/v1/me', { headers: { authorization: `Bearer ${created.token}` } });
    expect((await me()).status).toBe(200); // cached on B for a second
    const cookie = await sessionOn(a, user.id);
    expect((await dashboard(a, cookie, project.id)('apiTokens.revoke', { tokenId: created.id })).status).toBe(200);
    const refused = await within(1000, async () => (await me()).status === 401);
    expect(refused).toBeLessThan(600);
  });

  it("recipients written on A show in B's mailing lists within a second (B keeps a project's lists for a second)", async () => {
    const { token } = await createTestProject(database.db);
    const headers = { authorization: `Bearer ${token}` };
    const created = await request(a, 'POST', '/api/v1/email/lists', { headers, body: { name: 'Shared' } });
    expect(created.status).toBe(201);
    const activeOnB = async () => (await request(b, 'GET', '/api/v1/email/lists', { headers })).json[0].active_count as number;
    expect(await activeOnB()).toBe(0); // B now keeps the lists
    const written = await request(a, 'PUT', `/api/v1/email/lists/${created.json.id}/recipients`, { headers, body: { recipients: [{ email: 'shared@example.com' }] } });
    expect(written.status).toBe(200);
    expect(await within(1000, async () => (await activeOnB()) === 1)).toBeLessThan(600);
  });

  it('rate limit counts are shared through REDIS_URL: one budget per client across both instances', async () => {
    const ip = randomClientIp();
    const health = (instance: Instance) => request(instance, 'GET', '/api/v1/health', { headers: { 'x-forwarded-for': ip } });
    expect((await health(a)).headers['ratelimit-remaining']).toBe('99');
    expect((await health(b)).headers['ratelimit-remaining']).toBe('98');
    for (let i = 0; i < 49; i++) await health(a);
    for (let i = 0; i < 49; i++) await health(b);
    const limitedA = await health(a);
    const limitedB = await health(b);
    expect([limitedA.status, limitedB.status]).toEqual([429, 429]);
    expect(Number(limitedB.headers['retry-after'])).toBeGreaterThan(0);
    // another client still has its own budget
    expect((await request(b, 'GET', '/api/v1/health', { headers: { 'x-forwarded-for': randomClientIp() } })).status).toBe(200);
  });

  it('honours X-Forwarded-Host and -Proto from the one trusted proxy: dashboard writes and the consent form are not refused', async () => {
    const { user, project } = await createTestProject(database.db);
    const cookie = await sessionOn(b, user.id);
    // the proxy rewrote Host to the instance's address; the browser was on https://shipnote.localhost:8443
    const proxied = { 'x-forwarded-host': 'shipnote.localhost:8443', 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.4, 10.0.0.2' };
    const write = (origin: string) =>
      dashboard(b, cookie, project.id)('banner.publish', { headline: 'Behind a proxy', body: 'Host rewritten.', cta_label: '' }, { ...proxied, origin });
    expect((await write('https://shipnote.localhost:8443')).status).toBe(200);
    expect((await write('http://shipnote.localhost:8443')).status).toBe(403); // the scheme counts too
    expect((await write(b.url)).status).toBe(403); // the instance's own address is not where the browser was
    expect((await write('https://evil.example')).status).toBe(403);

    const consent = (origin: string) =>
      request(b, 'POST', '/oauth/authorize', {
        headers: { ...proxied, origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await consent('https://shipnote.localhost:8443')).status).not.toBe(403);
    expect((await consent('https://evil.example')).status).toBe(403);
    // with APP_URL unset a forwarded public name is refused as any unknown host is (DNS rebinding)
    expect((await request(b, 'GET', '/api/v1/health', { headers: { 'x-forwarded-host': 'evil.example' } })).status).toBe(421);
  });

  it('the SMTP budget (EMAIL_MAX_PER_MINUTE) is one for both instances', async () => {
    // the test's window is an hour long: start well inside one
    const intoHour = Date.now() % 3_600_000;
    if (intoHour > 3_600_000 - 30_000) await new Promise((resolve) => setTimeout(resolve, 3_600_000 - intoHour + 1_000));
    const { project, token } = await createTestProject(database.db);
    const caller = await tokenCaller(token);
    const list = await caller.mailingLists.create({ name: 'Two instances' });
    const emails = Array.from({ length: 10 }, (_, i) => `budget-${i}-${project.id.slice(0, 6)}@example.test`);
    await caller.recipients.add({ list_id: list.id, emails });
    const changelog = await publishChangelog(caller, { title: 'Shared budget', content: '- One budget' });
    await caller.releaseEmails.send({ list_id: list.id, kind: 'changelog', id: changelog.id });

    const stats = async () => Promise.all([a, b].map(async (instance) => (await request(instance, 'GET', '/__test/email')).json as { delivered: number; refused: number }));
    // both workers poll every 100 ms: each is soon held back by the budget the two share
    await within(20_000, async () => (await stats()).every((s) => s.refused > 0));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [fromA, fromB] = await stats();
    expect(fromA!.delivered + fromB!.delivered).toBe(EMAIL_LIMIT);
    expect(peer.received.filter((m) => m.to.some((to) => emails.includes(to)))).toHaveLength(EMAIL_LIMIT);
  });
});
