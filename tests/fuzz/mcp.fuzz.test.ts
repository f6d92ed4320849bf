import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@/db/testing';
import { startOAuthServer } from '@/server/oauth/__tests__/helpers';
import { connectMcp, rawMcp } from '../contract/mcp-client';
import { createWorld, projectDigest } from '../contract/world';
import { arbitraryOf, fuzzParameters, fuzzTimeout, hostileJson, type Schema } from './arbitraries';

// Property: whatever arguments an agent sends to any tool, the answer is a result that fits the tool's
// output schema, a tool error or JSON-RPC invalid params (413 past the 5 MB cap); never a 5xx or an
// internal error; and a refused call writes nothing to the project.
const database = await openTestDatabase();
const server = await startOAuthServer();
const world = await createWorld(database.db);
const lister = await connectMcp(server.url, world.mine.token);
const tools = (await lister.listTools()).tools as { name: string; inputSchema: Schema; outputSchema?: Schema }[];
await lister.close();
afterAll(async () => {
  await server.close();
  await database.close();
});

const validator = new AjvJsonSchemaValidator();
const ADDRESSES = ['active@example.test', 'removed@example.test', 'unsubscribed@example.test'];
const known = {
  list_id: [world.mine.listId, world.theirs.listId],
  id: Object.values(world.mine.ids),
  emails: ADDRESSES,
  email: ADDRESSES,
  recipients: ADDRESSES,
  external_ids: ['crm-1'],
};

/** The JSON-RPC request id: an integer or a string, and now and then one that is neither (odd). */
const requestId = fc.oneof(
  { weight: 12, arbitrary: fc.oneof(fc.integer({ min: -1, max: 2 ** 31 }), fc.constantFrom('id-\u00e9', '')).map((id) => ({ id, odd: false })) },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 53, 1.5, true, {}, [1]).map((id) => ({ id, odd: true })) },
);

describe.each(tools.map((tool) => [tool.name, tool] as const))('%s', (name, tool) => {
  const check = tool.outputSchema ? validator.getValidator(tool.outputSchema as never) : undefined;

  it(
    'answers a fitting result, a tool error or invalid params; never 5xx or an internal error; writes nothing when it refuses',
    async () => {
      const args = fc.oneof(
        { weight: 3, arbitrary: arbitraryOf(tool.inputSchema, { known }) },
        { weight: 4, arbitrary: arbitraryOf(tool.inputSchema, { known, hostile: true }) },
        { weight: 1, arbitrary: hostileJson },
      );
      // the digest after one run is the digest before the next, unless that run wrote
      let last: Record<string, string> | undefined;
      await fc.assert(
        fc.asyncProperty(args, requestId, async (input, { id, odd }) => {
          const before = last ?? (await projectDigest(database.db, world.mine.project.id));
          last = undefined;
          const res = await rawMcp(server.url, { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: input } }, world.mine.token);
          const sent = `${name} ${JSON.stringify(input)?.slice(0, 300)}`;
          const got = `${res.status} ${res.text.slice(0, 400)}`;
          // an id that is not an integer or a string may be refused as a bad message (400)
          expect(odd ? [200, 400, 413] : [200, 413], `${sent} id ${JSON.stringify(id)} -> ${got}`).toContain(res.status);
          let refused = res.status === 413;
          if (res.status === 400) {
            expect([-32700, -32600], got).toContain(res.json?.error?.code);
            refused = true;
          }
          if (res.status === 200) {
            expect(res.json?.jsonrpc, got).toBe('2.0');
            if (res.json.error) {
              expect(res.json.error.code, `${sent} -> ${got}`).toBe(-32602);
              refused = true;
            } else if (res.json.result?.isError) {
              expect(res.json.result.content?.[0]?.text, `${sent} -> ${got}`).not.toMatch(/Internal Server Error|Internal error/);
              refused = true;
            } else {
              const fits = check?.(res.json.result.structuredContent);
              expect(fits?.valid ?? true, `${sent} -> ${got}: ${fits?.errorMessage}`).toBe(true);
            }
          }
          if (refused) {
            last = await projectDigest(database.db, world.mine.project.id);
            expect(last, `${sent} -> ${got}`).toEqual(before);
          }
        }),
        fuzzParameters,
      );
    },
    fuzzTimeout(400),
  );
});
