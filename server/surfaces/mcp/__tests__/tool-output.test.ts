import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, noInput, registerTool, type Caller } from '../tool';

const connections: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close();
});

/** A real server and client joined in memory, with a tool that returns `result` and counts its output checks. */
async function connectedTool(result: unknown) {
  let checks = 0;
  const counted = z.number().refine(() => ++checks > 0);
  const tool = defineTool({
    name: `count_${Math.random().toString(36).slice(2)}`,
    title: 'Count',
    description: 'Returns what the test gave it',
    input: noInput,
    output: z.object({ n: counted }),
    effect: 'read',
    run: async () => result as { n: number },
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
