import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, noInput, registerTool, type Caller } from '../tool';

/** A real server and client joined in memory, with tools that return `result` and count their output checks. */
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
  registerTool(server, tool);
  const client = new Client({ name: 'test', version: '1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  // the tool reads its caller from the request's auth info, as the HTTP entry provides it
  const auth = { token: 't', clientId: 'c', scopes: [], extra: { caller: {} as Caller } };
  await server.connect(serverSide);
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => send(message, { ...options, authInfo: auth });
  await client.connect(clientSide);
  return { call: () => client.callTool({ name: tool.name, arguments: {} }), checks: () => checks };
}

it('checks a tool result against its output schema once: the SDK does not repeat the check', async () => {
  const tool = await connectedTool({ n: 1, secret: 'not in the schema' });
  const result = await tool.call();
  expect(result.structuredContent).toEqual({ n: 1 });
  expect(tool.checks()).toBe(1);
});

it('still refuses a result outside the output schema', async () => {
  const tool = await connectedTool({ n: 'one' });
  const result = await tool.call();
  expect(result.isError).toBe(true);
  expect(result.content).toEqual([{ type: 'text', text: 'Internal Server Error' }]);
});
