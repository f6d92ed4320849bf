import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { afterEach, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { checkedOnce } from '../../../checked-once';
import { defineTool, itemsResult, noInput, registerTool, type Caller } from '../tool';

const connections: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close();
});

/** A real server and client joined in memory, with a tool that returns `result` and counts its output checks. */
async function connectedTool(result: unknown, output?: (counted: z.ZodType<number>) => z.ZodObject) {
  let checks = 0;
  const counted = z.number().refine(() => ++checks > 0);
  const tool = defineTool({
    name: `count_${Math.random().toString(36).slice(2)}`,
    title: 'Count',
    description: 'Returns what the test gave it',
    input: noInput,
    output: output?.(counted) ?? z.object({ n: counted }),
    effect: 'read',
    run: async () => result as never,
  });
  const server = new McpServer({ name: 'test', version: '1' });
  const registered = registerTool(server, tool);
  const client = new Client({ name: 'test', version: '1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  // the tool reads its caller from the request's auth info, as the HTTP entry provides it
  const auth = { token: 't', clientId: 'c', scopes: [], extra: { caller: {} as Caller } };
  await server.connect(serverSide);
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => send(message, { ...options, authInfo: auth });
  await client.connect(clientSide);
  connections.push(client, server);
  const outputCheck = (value: unknown) => registered.outputSchema!['~standard'].validate(value);
  return { call: () => client.callTool({ name: tool.name, arguments: {} }), checks: () => checks, outputCheck };
}

it('checks a tool result against its output schema once: the SDK does not repeat the check', async () => {
  const tool = await connectedTool({ n: 1, secret: 'not in the schema' });
  const result = await tool.call();
  expect(result.structuredContent).toEqual({ n: 1 });
  expect(tool.checks()).toBe(1);
});

it('the schema the SDK holds still checks anything the tool did not produce through it', async () => {
  const tool = await connectedTool({ n: 1 });
  const { structuredContent } = await tool.call();
  const copy = structuredClone(structuredContent);
  expect(await tool.outputCheck(copy)).toEqual({ value: { n: 1 } });
  expect(tool.checks()).toBe(2);
  expect((await tool.outputCheck({ n: 'one' })).issues?.[0]).toMatchObject({ path: ['n'] });
});

it('refuses a result outside the output schema', async () => {
  const tool = await connectedTool({ n: 'one' });
  const result = await tool.call();
  expect(result.isError).toBe(true);
  expect(result.content).toEqual([{ type: 'text', text: 'Internal Server Error' }]);
});

/** An output as a procedure's output check hands out a kept value: checked once, deep-frozen. */
function checkedOnceOutput<T extends object>(schema: z.ZodType<T>, value: T): T {
  return checkedOnce(schema, () => true).parse(Object.freeze(value));
}

it('reads and serializes a result checked once a single time, and a plain result on every call', async () => {
  const kept = await connectedTool(checkedOnceOutput(z.object({ n: z.number() }), { n: 7 }));
  const stringify = vi.spyOn(JSON, 'stringify');
  try {
    const first = await kept.call();
    const again = await kept.call();
    expect(again).toEqual(first);
    expect(again.content).toEqual([{ type: 'text', text: '{"n":7}' }]);
    expect(kept.checks()).toBe(1);
    const resultSerialized = stringify.mock.calls.filter(([value]) => (value as { n?: number } | null)?.n === 7);
    expect(resultSerialized).toHaveLength(1);
  } finally {
    stringify.mockRestore();
  }
  const plain = await connectedTool({ n: 7 });
  await plain.call();
  await plain.call();
  expect(plain.checks()).toBe(2);
});

it('keeps the read of a list result around items checked once, and reads fresh items every time', async () => {
  const items = checkedOnceOutput(z.array(z.object({ n: z.number() })), [{ n: 1 }, { n: 2 }]);
  expect(itemsResult(items)).toBe(itemsResult(items));
  const kept = await connectedTool(itemsResult(items), (counted) => z.object({ items: z.array(z.object({ n: counted })) }));
  const first = await kept.call();
  // every later call is handed the same kept items: nobody may change them under their text
  expect(() => (first.structuredContent as { items: object[] }).items.push({ n: 3 })).toThrow(TypeError);
  const { structuredContent } = await kept.call();
  expect(structuredContent).toEqual({ items: [{ n: 1 }, { n: 2 }] });
  expect(kept.checks()).toBe(2);

  const fresh = [{ n: 1 }];
  expect(itemsResult(fresh)).not.toBe(itemsResult(fresh));
  const plain = await connectedTool(itemsResult(fresh), (counted) => z.object({ items: z.array(z.object({ n: counted })) }));
  await plain.call();
  await plain.call();
  expect(plain.checks()).toBe(2);
});
