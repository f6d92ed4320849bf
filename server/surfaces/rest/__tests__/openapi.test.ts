import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { apiClient, type TestServer } from '@/tests/http';
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

type Operation = { security?: unknown[]; responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> };

describe('GET /api/v1/openapi.json', () => {
  it('describes every route with the spec error bodies instead of the library ones', async () => {
    const res = await apiClient(server.url)('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.json as { openapi: string; info: { version: string }; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('1.0.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/health', '/me', '/email/lists', '/changelog/{public_slug}/feed', '/email/lists/{list_id}/recipients/export.csv']),
    );
    expect(Object.keys(doc.components.schemas).filter((name) => name.startsWith('error.'))).toEqual([]);

    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.responses['429'], where).toBeDefined();
        expect(operation.responses['403'], where).toBeUndefined();
        if (operation.security?.length) expect(operation.responses['401'], where).toBeDefined();
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          const expected = status === '422' ? '#/components/schemas/ValidationError' : '#/components/schemas/ErrorDetail';
          expect(response.content?.['application/json']?.schema.$ref, `${where} ${status}`).toBe(expected);
        }
      }
    }
    expect(doc.paths['/health']!.get!.security ?? []).toEqual([]);
    expect(doc.paths['/email/lists']!.post!.responses['201']).toBeDefined();
    expect(doc.paths['/email/lists']!.post!.responses['200']).toBeUndefined();
  });

  it('documents the 304 of every answer with an ETag, the 404 of an unknown project, and the slug rule of ?project', async () => {
    const doc = (await apiClient(server.url)('GET', '/api/v1/openapi.json')).json as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters?: { name: string; schema: { pattern?: string } }[] }>>;
    };
    const conditional = ['/health', '/banner', '/changelogs', '/changelog/{public_slug}', '/changelog/{public_slug}/feed', '/blogs/feed', '/kb/{public_slug}.md'];
    for (const path of conditional) expect(doc.paths[path]!.get!.responses['304'], path).toBeDefined();
    for (const path of ['/me', '/email/lists', '/email/lists/{list_id}/recipients/export.csv']) expect(doc.paths[path]!.get!.responses['304'], path).toBeUndefined();
    const blogsFeed = doc.paths['/blogs/feed']!.get!;
    expect(blogsFeed.responses['404']).toBeDefined();
    expect(blogsFeed.parameters!.find((p) => p.name === 'project')!.schema.pattern).toBe('^[a-z0-9]+(-[a-z0-9]+)*$');
  });
});
