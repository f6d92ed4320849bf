import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { startOAuthServer } from '@/server/oauth/__tests__/helpers';
import { createTestProject } from '@/tests/factories';
import type { TestServer } from '@/tests/http';
import { FUZZ, hostileJson, valueOf } from './arbitraries';

// Property: whatever arguments an agent sends to any tool, the answer is a result, a tool error or a
// JSON-RPC error about the params (or 413 past the body cap); never an internal error.
let database: DatabaseHandle;
let server: TestServer;
let client: Client;
let tools: { name: string; inputSchema: Record<string, unknown> }[];

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startOAuthServer();
  const owner = await createTestProject(database.db);
  client = new Client({ name: 'fuzz', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${owner.token}` } } }));
  tools = (await client.listTools()).tools as typeof tools;
});
afterAll(async () => {
  await client.close();
  await server.close();
  await database.close();
});

describe('every tool', () => {
  it.each([...Array(23).keys()])('#%s survives arbitrary arguments', async (index) => {
    const { name, inputSchema } = tools[index]!;
    await fc.assert(
      fc.asyncProperty(fc.oneof(valueOf(inputSchema, (s) => s), hostileJson), async (args) => {
        try {
          const result = await client.callTool({ name, arguments: args as Record<string, unknown> });
          const text = (result.content as { text?: string }[])[0]?.text ?? '';
          expect(text, `${name} ${JSON.stringify(args)?.slice(0, 200)}`).not.toMatch(/Internal Server Error|Internal error/);
        } catch (error) {
          // bad params, or a body past the 1 MB cap (the transport reports the HTTP status)
          expect([-32602, 413], `${name}: ${(error as Error).message.slice(0, 300)}`).toContain((error as { code?: number }).code);
        }
      }),
      { numRuns: FUZZ.runs, seed: FUZZ.seed, endOnFailure: true },
    );
  });
});
