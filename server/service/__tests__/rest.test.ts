import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createApiToken } from '@/server/api-tokens/create';
import { revokeApiToken } from '@/server/api-tokens/revoke';
import { createTestProject } from '@/tests/factories';
import { apiClient, type TestServer, insideOneRateWindow } from '@/tests/http';
import { startRestServer } from '@/tests/rest-server';

let database: DatabaseHandle;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startRestServer();
});
afterAll(async () => {
  await server.close();
  await database.close();
});

describe('GET /health', () => {
  it('answers healthy with the API version and the rate limit headers', async () => {
    const res = await apiClient(server.url)('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'healthy', version: '1.0.0' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('ratelimit-limit')).toBe('100');
    expect(res.headers.get('ratelimit-remaining')).toBe('99');
    expect(res.headers.get('ratelimit-policy')).toBe('100;w=60');
    expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
  });

  it('answers 429 with Retry-After and the spec body after 100 requests a minute', async () => {
    await insideOneRateWindow();
    const call = apiClient(server.url);
    for (let i = 0; i < 100; i++) expect((await call('GET', '/api/v1/health')).status).toBe(200);
    const limited = await call('GET', '/api/v1/health');
    expect(limited.status).toBe(429);
    expect(typeof limited.json.detail).toBe('string');
    expect(Object.keys(limited.json)).toEqual(['detail']);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // another client is not affected
    expect((await apiClient(server.url)('GET', '/api/v1/health')).status).toBe(200);
  });
});

describe('GET /me', () => {
  it('returns the user who created the token, omitting unset names', async () => {
    const { user, token } = await createTestProject(database.db);
    const res = await apiClient(server.url, { token })('GET', '/api/v1/me');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: user.id, email: user.email, is_active: true, is_verified: false });
  });

  it.each([
    ['no header', undefined],
    ['an unknown token', 'Bearer service_key_unknown'],
    ['a malformed header', 'Token abc'],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 {detail} with %s', async (_, authorization) => {
    const res = await apiClient(server.url)('GET', '/api/v1/me', undefined, authorization ? { authorization } : {});
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ detail: 'Invalid or expired token' });
    expect(res.headers.get('ratelimit-limit')).toBe('100');
  });

  it('stops accepting a token once it is revoked', async () => {
    const { project, user } = await createTestProject(database.db);
    const created = await createApiToken(database.db, { projectId: project.id, userId: user.id, name: 'short-lived' });
    const call = apiClient(server.url, { token: created.token });
    expect((await call('GET', '/api/v1/me')).status).toBe(200);
    await revokeApiToken(database.db, { projectId: project.id, tokenId: created.id });
    expect((await call('GET', '/api/v1/me')).status).toBe(401);
  });

  it('answers 429 once the client used its budget of the group', async () => {
    await insideOneRateWindow();
    const { token } = await createTestProject(database.db);
    const call = apiClient(server.url, { token });
    for (let i = 0; i < 100; i++) await call('GET', '/api/v1/me');
    const limited = await call('GET', '/api/v1/me');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/v1/nothing-here'],
    ['POST', '/api/v1/health'],
    ['DELETE', '/api/v1/me'],
  ])('%s %s answers 404 {"detail":"Not Found"} without a stack', async (method, path) => {
    const res = await apiClient(server.url)(method, path);
    expect(res.status).toBe(404);
    expect(res.text).toBe('{"detail":"Not Found"}');
  });
});
