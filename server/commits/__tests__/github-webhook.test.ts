import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signBody } from '../github/signature';
import { getCommitSettings, removeWebhookSecret, rotateWebhookSecret } from '../settings';
import { newProject, randomSha, startHarness } from './harness';

const harness = startHarness();

async function projectWithWebhook() {
  const project = await newProject(harness);
  const ctx = { db: harness.db, projectId: project.projectId };
  const { secret, payload_url } = await rotateWebhookSecret({ ctx });
  return { ...project, ctx, secret, path: new URL(payload_url).pathname };
}

function pushPayload(overrides: Record<string, unknown> = {}, commits = [githubCommit(), githubCommit()]) {
  return {
    ref: 'refs/heads/main',
    before: randomSha(),
    after: commits.at(-1)?.id ?? randomSha(),
    repository: { full_name: 'acme/web', html_url: 'https://github.com/acme/web', default_branch: 'main' },
    pusher: { name: 'ada' },
    commits,
    ...overrides,
  };
}

function githubCommit(message = 'feat(api): add webhooks (#12)') {
  const id = randomSha();
  return {
    id,
    message,
    timestamp: '2025-03-10T12:00:00+01:00',
    url: `https://github.com/acme/web/commit/${id}`,
    author: { name: 'Ada Lovelace', email: 'ada@example.test', username: 'ada' },
    distinct: true,
  };
}

function flipLast(signature: string) {
  return signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
}

/** A delivery as GitHub sends it: raw body, event, delivery id and the HMAC of the body. */
async function deliver(path: string, options: { secret?: string; body?: unknown; event?: string; delivery?: string | null; signature?: string | null; contentType?: string }) {
  const raw = typeof options.body === 'string' ? options.body : JSON.stringify(options.body ?? pushPayload());
  const headers: Record<string, string> = {
    'content-type': options.contentType ?? 'application/json',
    'x-github-event': options.event ?? 'push',
    'user-agent': 'GitHub-Hookshot/test',
    'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
  if (options.delivery !== null) headers['x-github-delivery'] = options.delivery ?? randomUUID();
  const signature = options.signature === undefined ? (options.secret ? signBody(options.secret, raw) : null) : options.signature;
  if (signature) headers['x-hub-signature-256'] = signature;
  const response = await fetch(harness.url + path, { method: 'POST', headers, body: raw });
  return { status: response.status, json: await response.json() };
}

describe('GitHub push webhook', () => {
  it('records the commits of a signed push to the default branch and learns the repository URL', async () => {
    const { path, secret, call, ctx } = await projectWithWebhook();
    const payload = pushPayload();
    const res = await deliver(path, { secret, body: payload });
    expect(res).toEqual({ status: 200, json: { status: 'recorded', received: 2, added: 2, duplicates: 0 } });
    const listed = (await call('GET', '/api/v1/commits')).json.items;
    expect(listed.map((c: { sha: string }) => c.sha).sort()).toEqual(payload.commits.map((c) => c.id).sort());
    expect(listed[0]).toMatchObject({ author_name: 'Ada Lovelace', authored_at: '2025-03-10T11:00:00.000Z', message: 'feat(api): add webhooks (#12)' });
    expect((await getCommitSettings({ ctx })).repository_url).toBe('https://github.com/acme/web');
  });

  it('refuses a missing, malformed or wrong signature with 401 and records nothing', async () => {
    const { path, secret, call } = await projectWithWebhook();
    const body = JSON.stringify(pushPayload());
    const wrong = [
      null,
      'sha1=' + 'a'.repeat(40),
      'sha256=nothex',
      signBody('whsec_another_secret', body),
      signBody(secret, body + ' '),
      flipLast(signBody(secret, body)),
    ];
    for (const signature of wrong) {
      const res = await deliver(path, { body, signature });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ detail: 'Invalid or missing X-Hub-Signature-256' });
    }
    expect((await call('GET', '/api/v1/commits')).json.items).toEqual([]);
  });

  it('stops accepting the old secret once a new one is made, and everything once it is removed', async () => {
    const { path, secret, ctx } = await projectWithWebhook();
    const { secret: next } = await rotateWebhookSecret({ ctx });
    expect(next).not.toBe(secret);
    expect((await deliver(path, { secret })).status).toBe(401);
    expect((await deliver(path, { secret: next })).status).toBe(200);
    await removeWebhookSecret({ ctx });
    expect((await deliver(path, { secret: next })).status).toBe(404);
  });

  it('refuses replays: the same delivery id, or the same body under a new id, answers 409', async () => {
    const { path, secret } = await projectWithWebhook();
    const body = JSON.stringify(pushPayload());
    const delivery = randomUUID();
    expect((await deliver(path, { secret, body, delivery })).status).toBe(200);
    const replay = await deliver(path, { secret, body, delivery });
    expect(replay).toEqual({ status: 409, json: { detail: 'This delivery was already received' } });
    expect((await deliver(path, { secret, body })).status).toBe(409);
    // the same delivery id with another body is still a replay
    expect((await deliver(path, { secret, delivery })).status).toBe(409);
  });

  it('counts commits already recorded as duplicates in a later push', async () => {
    const { path, secret } = await projectWithWebhook();
    const first = pushPayload();
    await deliver(path, { secret, body: first });
    const second = pushPayload({}, [...first.commits, githubCommit('fix: later')]);
    expect((await deliver(path, { secret, body: second })).json).toEqual({ status: 'recorded', received: 3, added: 1, duplicates: 2 });
  });

  it('answers ping, and ignores other events, other branches, tags and branch deletions', async () => {
    const { path, secret, call } = await projectWithWebhook();
    expect((await deliver(path, { secret, event: 'ping', body: { zen: 'Keep it simple.', hook_id: 1 } })).json).toEqual({ status: 'pong' });
    expect((await deliver(path, { secret, event: 'issues', body: { action: 'opened' } })).json).toMatchObject({ status: 'ignored' });
    for (const overrides of [{ ref: 'refs/heads/feature' }, { ref: 'refs/tags/v1.0.0' }, { deleted: true, commits: [] }]) {
      const res = await deliver(path, { secret, body: pushPayload(overrides) });
      expect(res.json).toEqual({ status: 'ignored', reason: 'Only pushes to the default branch are recorded' });
    }
    expect((await call('GET', '/api/v1/commits')).json.items).toEqual([]);
  });

  it('keeps only an http(s) repository address from the payload', async () => {
    const { path, secret, ctx } = await projectWithWebhook();
    const payload = pushPayload({ repository: { html_url: 'javascript:alert(1)', default_branch: 'main' } });
    expect((await deliver(path, { secret, body: payload })).json).toMatchObject({ status: 'recorded', added: 2 });
    expect((await getCommitSettings({ ctx })).repository_url).toBeNull();
  });

  it('accepts the form content type GitHub also offers', async () => {
    const { path, secret } = await projectWithWebhook();
    const body = new URLSearchParams({ payload: JSON.stringify(pushPayload()) }).toString();
    const res = await deliver(path, { secret, body, contentType: 'application/x-www-form-urlencoded' });
    expect(res.json).toMatchObject({ status: 'recorded', added: 2 });
  });

  it('answers 400, never 500, for a signed body that is not a push payload, and keeps the delivery id usable', async () => {
    const { path, secret } = await projectWithWebhook();
    const delivery = randomUUID();
    expect(await deliver(path, { secret, body: 'not json', delivery })).toEqual({ status: 400, json: { detail: 'The delivery body is not JSON' } });
    expect((await deliver(path, { secret, body: { ref: 'refs/heads/main' } })).status).toBe(400);
    const badCommit = pushPayload({}, [{ ...githubCommit(), id: 'not-a-sha' }]);
    expect((await deliver(path, { secret, body: badCommit })).status).toBe(400);
    // the failed delivery was rolled back, so GitHub's redelivery with the same id goes through
    expect((await deliver(path, { secret, delivery })).status).toBe(200);
    expect((await deliver(path, { secret, delivery: null })).status).toBe(400);
  });

  it('answers 404 for unknown projects and projects without a webhook; a secret works only on its own project', async () => {
    const a = await projectWithWebhook();
    const b = await projectWithWebhook();
    const plain = await newProject(harness);
    expect((await deliver('/api/webhooks/github/no-such-project', { secret: a.secret })).status).toBe(404);
    // a path no project can have is not looked up (a NUL failed the query: a 500)
    for (const path of ['a%00b', 'Acme']) expect((await deliver(`/api/webhooks/github/${path}`, { secret: a.secret })).status).toBe(404);
    expect((await deliver(`/api/webhooks/github/${plain.project.slug}`, { secret: a.secret })).status).toBe(404);
    expect((await deliver(b.path, { secret: a.secret })).status).toBe(401);
    expect((await b.call('GET', '/api/v1/commits')).json.items).toEqual([]);
  });
});
