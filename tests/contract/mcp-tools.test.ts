import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@/db/testing';
import { tokenCaller } from '@/server/content/__tests__/helpers';
import { startOAuthServer } from '@/server/oauth/__tests__/helpers';
import { TOOL_NAMES } from '@/server/surfaces/mcp/server';
import { connectMcp, rawMcp } from './mcp-client';
import { exampleOf, firstStringPath, setAt, uniqueAddress, wrongValueOf, type Schema } from './routes';
import { createWorld, type World } from './world';

// The tool contract, generated from tools/list as an SDK client sees it: every tool gets every case its
// input schema allows. The list is read before the cases are declared, so a new tool is covered as it is.
const database = await openTestDatabase();
const server = await startOAuthServer();
const world = await createWorld(database.db);
const client = await connectMcp(server.url, world.mine.token);
const tools = (await client.listTools()).tools as { name: string; inputSchema: Schema }[];
afterAll(async () => {
  await client.close();
  await server.close();
  await database.close();
});

type Outcome = { kind: 'result' | 'tool-error' | 'invalid-params' | 'failure'; text: string };

/**
 * A tool call's outcome. The SDK client also throws -32602 when a result does not fit the tool's output
 * schema: that is the server's fault, so it counts as a failure, not as refused params.
 */
async function outcome(name: string, args: unknown): Promise<Outcome> {
  try {
    const result = await client.callTool({ name, arguments: args as Record<string, unknown> });
    const text = (result.content as { text?: string }[])[0]?.text ?? '';
    if (result.isError) return { kind: /Internal Server Error|Internal error/.test(text) ? 'failure' : 'tool-error', text };
    return { kind: 'result', text };
  } catch (error) {
    const text = String((error as Error).message);
    const refused = error instanceof McpError && error.code === -32602 && !/structured content|output schema/i.test(text);
    return { kind: refused ? 'invalid-params' : 'failure', text };
  }
}

const call = (name: string, args: unknown, token?: string) => rawMcp(server.url, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } }, token);

/** Where an input schema is looser than the rule behind it (plain strings for addresses, all of a batch optional). */
const EXAMPLES: Record<string, () => Record<string, unknown>> = {
  upsert_recipients: () => ({ recipients: [uniqueAddress()] }),
  remove_recipients: () => ({ emails: ['nobody@example.test'] }),
};

/** Minimal valid arguments: the project's own list, and its published item of the kind the tool names where it takes an id. */
function argsOf({ name, inputSchema }: { name: string; inputSchema: Schema }): Record<string, unknown> {
  const kind = (inputSchema.properties?.kind?.enum?.[0] ?? name.replace(/^(get|save)_/, '')) as keyof World['mine']['ids'];
  const id = world.mine.ids[kind] ?? exampleOf(inputSchema.properties?.id ?? {});
  return { ...(exampleOf(inputSchema, (s) => s, { list_id: world.mine.listId, id }) as object), ...EXAMPLES[name]?.() };
}

const cases = (list: typeof tools) => list.map((tool) => [tool.name, tool] as const);

describe('the MCP endpoint', () => {
  it('lists exactly the tools the server registers (TOOL_NAMES)', () => {
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
  });
});

describe.each(cases(tools))('%s', (name, tool) => {
  it('answers 401 with a WWW-Authenticate challenge without a token, and with an unknown one', async () => {
    const none = await call(name, argsOf(tool));
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="[^"]+", scope="mcp"$/);
    const unknown = await call(name, argsOf(tool), 'service_key_contractUnknownToken0000000000');
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('answers minimal valid arguments with a result that fits its output schema, or a tool error', async () => {
    const result = await outcome(name, argsOf(tool));
    expect(['result', 'tool-error'], result.text).toContain(result.kind);
  });

  it('refuses arguments that are not an object with JSON-RPC invalid params', async () => {
    for (const args of ['text', [1, 2], 42, null]) {
      const res = await call(name, args, world.mine.token);
      expect(res.status, res.text).toBe(200);
      expect(res.json?.error?.code, `${JSON.stringify(args)}: ${res.text}`).toBe(-32602);
    }
  });

  it('refuses a NUL character and a lone surrogate in its arguments with JSON-RPC -32602', async () => {
    const args = argsOf(tool);
    const properties = tool.inputSchema.properties ?? {};
    const optionalString = Object.keys(properties).find((p) => typeof exampleOf(properties[p]) === 'string');
    // a string the minimal arguments hold, else an optional string argument, else an argument the tool does not know
    const at = firstStringPath(args) ?? [optionalString ?? 'note'];
    for (const hostile of ['a\u0000b', 'a\ud800b']) {
      const result = await outcome(name, setAt(args, at, hostile));
      expect(result.kind, `${at.join('.')}=${JSON.stringify(hostile)}: ${result.text}`).toBe('invalid-params');
    }
  });
});

describe.each(cases(tools.filter((t) => Object.keys(t.inputSchema.properties ?? {}).length)))('%s, argument by argument', (name, tool) => {
  it.each(Object.entries<Schema>(tool.inputSchema.properties).map(([property, schema]) => [property, schema] as const))(
    'refuses %s of the wrong type as a tool error or invalid params, never an internal error',
    async (property, schema) => {
      const result = await outcome(name, { ...argsOf(tool), [property]: wrongValueOf(schema) });
      expect(['tool-error', 'invalid-params'], `${property}: ${result.text}`).toContain(result.kind);
    },
  );
});

describe("every tool that takes a list_id, called with another project's list", () => {
  const listTools = tools.filter((t) => t.inputSchema.properties?.list_id);
  // the cases above unpublished items: published again, so only the list is wrong
  beforeAll(async () => {
    const caller = await tokenCaller(world.mine.token);
    for (const [kind, id] of Object.entries(world.mine.ids)) await caller.content.publish({ kind: kind as keyof typeof world.mine.ids, id });
  });
  it('there are such tools', () => expect(listTools.length).toBeGreaterThan(0));

  it.each(cases(listTools))('%s answers a tool error saying not found', async (name, tool) => {
    const args = { ...argsOf(tool), list_id: world.theirs.listId };
    const result = await outcome(name, args);
    expect(result.kind, result.text).toBe('tool-error');
    expect(result.text).toMatch(/not found/i);
  });
});
