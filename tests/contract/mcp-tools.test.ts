import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createList } from '@/server/mailing-lists/create';
import { startOAuthServer } from '@/server/oauth/__tests__/helpers';
import { createTestProject } from '@/tests/factories';
import type { TestServer } from '@/tests/http';
import { exampleOf, firstStringPath, setAt } from './routes';

// The tool contract, generated from tools/list: every tool gets every case it can have.
let database: DatabaseHandle;
let server: TestServer;
let client: Client;
let tools: { name: string; inputSchema: Record<string, any> }[]; // eslint-disable-line @typescript-eslint/no-explicit-any
let theirList: string;

const noRefs = (schema: Record<string, unknown>) => schema;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startOAuthServer();
  const mine = await createTestProject(database.db);
  const theirs = await createTestProject(database.db);
  theirList = (await createList({ ctx: { db: database.db, projectId: theirs.project.id }, input: { name: 'Theirs' } })).id;
  client = new Client({ name: 'contract', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${mine.token}` } } }));
  tools = (await client.listTools()).tools as typeof tools;
});
afterAll(async () => {
  await client.close();
  await server.close();
  await database.close();
});

const tool = (name: string) => tools.find((t) => t.name === name)!;

/** A tool call's outcome: a result (maybe `isError`), or a JSON-RPC error; never a thrown transport failure. */
async function outcome(name: string, args: unknown) {
  try {
    const result = await client.callTool({ name, arguments: args as Record<string, unknown> });
    const text = (result.content as { text?: string }[])[0]?.text ?? '';
    return { isError: Boolean(result.isError), text, rpcError: null as number | null };
  } catch (error) {
    return { isError: true, text: String((error as Error).message), rpcError: (error as { code?: number }).code ?? null };
  }
}

describe('the MCP endpoint', () => {
  it('answers 401 with the resource metadata challenge without a token', async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/resource_metadata=/);
  });
});

describe('every tool', () => {
  it('is listed: 23 of them', () => expect(tools).toHaveLength(23));

  it.each([...Array(23).keys()])('#%s answers minimal valid arguments with a result that fits its output schema, or a tool error; never an internal error', async (index) => {
    const { name, inputSchema } = tools[index]!;
    const result = await outcome(name, exampleOf(inputSchema, noRefs));
    // the SDK client checks structuredContent against outputSchema and throws on a mismatch
    expect(result.rpcError, `${name}: ${result.text}`).toBeNull();
    expect(result.text, name).not.toMatch(/Internal Server Error|Internal error/);
  });

  it.each([...Array(23).keys()])('#%s refuses arguments of the wrong type as a tool or protocol error, never an internal one', async (index) => {
    const { name, inputSchema } = tools[index]!;
    const properties = Object.keys(inputSchema.properties ?? {});
    const wrong = properties.length ? Object.fromEntries(properties.map((p) => [p, { unexpected: [1, 2] }])) : { unexpected: 1 };
    const result = await outcome(name, wrong);
    if (properties.length) expect(result.isError, name).toBe(true);
    expect(result.text, name).not.toMatch(/Internal Server Error|Internal error/);
  });

  it.each([...Array(23).keys()])('#%s refuses NUL characters and lone surrogates before anything runs', async (index) => {
    const { name, inputSchema } = tools[index]!;
    const args = exampleOf(inputSchema, noRefs);
    const at = firstStringPath(args);
    if (!at) return expect(Object.keys(inputSchema.properties ?? {}).filter((p) => inputSchema.properties[p].type === 'string')).toEqual([]);
    for (const hostile of ['a\u0000b', '\ud800']) {
      const result = await outcome(name, setAt(args, at, hostile));
      expect(result.rpcError, `${name} ${JSON.stringify(hostile)}`).toBe(-32602);
    }
  });

  it('treats another project\'s list as not found, in every tool that takes a list_id', async () => {
    const listTools = tools.filter((t) => t.inputSchema.properties?.list_id);
    expect(listTools.length).toBeGreaterThan(0);
    for (const t of listTools) {
      // batch removal needs something to remove besides the list
      const extra = t.inputSchema.properties.emails ? { emails: ['nobody@example.test'] } : {};
      const result = await outcome(t.name, { ...(exampleOf(tool(t.name).inputSchema, noRefs) as object), ...extra, list_id: theirList });
      expect(result.isError, t.name).toBe(true);
      expect(result.text, t.name).toMatch(/not found/i);
    }
  });
});

