import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createApiToken } from '@/server/api-tokens/create';
import { createOutboxTransport } from '@/server/email/outbox';
import { installTransport } from '@/server/email/transport';
import { createProject } from '@/server/projects/create';
import { CLIENT_IP_HEADER, createContext } from '@/server/context';
import { createCaller } from '@/server/root';
import { apiClient, randomClientIp, startTestServer, type TestServer } from '@/tests/http';
import { REST_ROUTES } from '@/tests/rest-server';
import { uniqueEmail } from '@/tests/factories';
import { startWorker } from '../worker';
import { FAST, listWithChangelog, ownerOf, sessionCaller, settled } from './harness';

let handle: DatabaseHandle;
let server: TestServer;
const h = {} as { db: DatabaseHandle['db']; url: string };

beforeAll(async () => {
  handle = await openTestDatabase();
  h.db = handle.db;
  // the embedded default: no SMTP_URL, every email goes to the outbox
  installTransport(createOutboxTransport(async () => handle.db));
  server = await startTestServer(REST_ROUTES);
  h.url = server.url;
  process.env.APP_URL = server.url;
});
afterAll(async () => {
  installTransport(undefined);
  await server.close();
  await handle.close();
});

describe('the outbox', () => {
  it('stores every release email with its HTML, text and headers, for the project only', async () => {
    const setup = await listWithChangelog({ ...h, handle }, 3, 'Outbox release');
    const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
    const worker = startWorker(h.db, createOutboxTransport(async () => h.db), { ...FAST, projects: [setup.projectId] });
    await settled(h.db, send.id);
    await worker.stop();

    const owner = await sessionCaller(await ownerOf(h.db, setup.projectId), setup.projectId);
    const items = await owner.email.outbox.list({});
    expect(items.map((i) => i.to).sort()).toEqual([...setup.emails].sort());
    expect(items.every((i) => i.kind === 'release' && i.send_id === send.id && i.subject === 'Outbox release')).toBe(true);

    const message = await owner.email.outbox.get({ message_id: items[0]!.id });
    const headers = Object.fromEntries(message.headers.map((x) => [x.name, x.value]));
    expect(headers['List-Unsubscribe']).toMatch(new RegExp(`^<${h.url}/unsubscribe/[^>]+>$`));
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers.From).toMatch(/^"Project [^"]+" <.+>$/);
    expect(message.html).toContain('<strong>everyone</strong>');
    // a mail client has no page to resolve a relative link against
    expect(message.html).toContain(`href="${h.url}/kb/exports"`);
    expect(message.text).toContain(`Unsubscribe: ${headers['List-Unsubscribe']!.slice(1, -1)}`);

    // another project's member sees none of it, and cannot open it by id
    const stranger = await listWithChangelog({ ...h, handle }, 1);
    expect(await (await sessionCaller(await ownerOf(h.db, stranger.projectId), stranger.projectId)).email.outbox.list({})).toEqual([]);
    await expect((await sessionCaller(await ownerOf(h.db, stranger.projectId), stranger.projectId)).email.outbox.get({ message_id: items[0]!.id })).rejects.toThrow('Email not found');
    await expect((await sessionCaller(await ownerOf(h.db, stranger.projectId), setup.projectId)).email.outbox.list({})).rejects.toThrow('Project not found');
  });

  it('stores a message handed over twice (a resumed delivery) once', async () => {
    const transport = createOutboxTransport(async () => h.db);
    const setup = await listWithChangelog({ ...h, handle }, 1);
    const userId = await ownerOf(h.db, setup.projectId);
    const email = {
      messageId: `<${crypto.randomUUID()}@test>`,
      from: { name: 'P', address: 'p@example.test' },
      to: { address: 'x@example.test' },
      subject: 'Once',
      html: '<p>once</p>',
      text: 'once',
      headers: {},
      owner: { userId },
    };
    await transport.deliver(email);
    await transport.deliver(email);
    const owner = await sessionCaller(userId, setup.projectId);
    expect((await owner.email.outbox.list({})).filter((m) => m.subject === 'Once')).toHaveLength(1);
  });
});

describe('account email verification', () => {
  it('sign-up sends the link through the transport; following it turns is_verified true on /me', async () => {
    const email = uniqueEmail('verify');
    const headers = new Headers({ [CLIENT_IP_HEADER]: randomClientIp() });
    const anonymous = createCaller(await createContext({ headers }));
    const user = await anonymous.accounts.signUp({ email, password: 'correct horse battery' });
    // on the outbox a sign-up is an account at once (where email is delivered: "check your email")
    if (!('id' in user)) throw new Error('expected the new user');
    expect(user.is_verified).toBe(false);

    const project = await createProject(h.db, { name: 'Verify me', ownerId: user.id });
    const { token } = await createApiToken(h.db, { projectId: project.id, userId: user.id, name: 'me' });
    const me = apiClient(h.url, { token });
    expect((await me('GET', '/api/v1/me')).json.is_verified).toBe(false);

    const caller = await sessionCaller(user.id, project.id);
    await expect.poll(async () => (await caller.email.outbox.list({})).length).toBe(1);
    const [item] = await caller.email.outbox.list({});
    expect(item).toMatchObject({ to: email, kind: 'account', subject: 'Confirm your email for Shipnote' });
    const message = await (await sessionCaller(user.id, project.id)).email.outbox.get({ message_id: item!.id });
    const link = /\/verify-email\/([\w-]+)/.exec(message.text)![1]!;
    expect(message.html).toContain(`/verify-email/${link}`);

    // asking again right away is refused, not sent twice
    await expect(caller.verification.resend()).rejects.toThrow(/less than a minute ago/);

    expect(await anonymous.verification.confirm({ token: link })).toEqual({ email });
    expect((await me('GET', '/api/v1/me')).json.is_verified).toBe(true);
    // the link is used up; a verified account gets no new one
    await expect(anonymous.verification.confirm({ token: link })).rejects.toThrow(/not valid any more/);
    await expect(anonymous.verification.confirm({ token: 'forged' })).rejects.toThrow(/not valid any more/);
    expect(await caller.verification.resend()).toEqual({ sent: false });
  });
});
