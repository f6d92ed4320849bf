import fs from 'node:fs';
import { isInitializeRequest, isJSONRPCResultResponse } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { config, memoizer, z } from 'zod';

const Json: z.ZodType = z.lazy(() => z.union([z.string(), z.number(), z.array(Json), z.record(z.string(), Json)]));

/** How many WeakMap entries `run` writes: zod's default memoizer writes one per object a recursive schema visits. */
function weakMapWrites(run: () => unknown): number {
  const set = WeakMap.prototype.set;
  let writes = 0;
  WeakMap.prototype.set = function (this: WeakMap<object, unknown>, key: object, value: unknown) {
    writes++;
    return set.call(this, key, value);
  };
  try {
    run();
  } finally {
    WeakMap.prototype.set = set;
  }
  return writes;
}

describe('zod without cycle support (set up as the server and the CLI set it up)', () => {
  it('replaces the default memoizer', () => {
    expect(config().memoizer).toBeDefined();
    expect(config().memoizer).not.toBe(memoizer());
  });

  it("reached the MCP SDK's schemas, built as its module loaded: its recursive checks keep nothing", () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { experimental: { a: { b: [1] } } }, clientInfo: { name: 'c', version: '1' } } };
    const result = { jsonrpc: '2.0', id: 1, result: { content: [], _meta: { a: [{ b: 1 }] } } };
    expect(isInitializeRequest(initialize)).toBe(true);
    expect(isJSONRPCResultResponse(result)).toBe(true);
    expect(weakMapWrites(() => [isInitializeRequest(initialize), isJSONRPCResultResponse(result)])).toBe(0);
  });

  it('parses a shared object once per place it appears, as plain JSON would', () => {
    const shared = { n: 1 };
    const parsed = Json.parse({ a: shared, b: shared }) as Record<string, object>;
    expect(parsed).toEqual({ a: { n: 1 }, b: { n: 1 } });
    expect(parsed.a).not.toBe(parsed.b);
  });

  it('is loaded first by the HTTP front and the CLI, before anything that builds a schema', () => {
    for (const entry of ['server/surfaces/http/main.ts', 'server/surfaces/cli/main.ts']) {
      const imports = fs.readFileSync(entry, 'utf8').match(/^import .*$/gm) ?? [];
      const position = imports.findIndex((line) => line.includes("'../../zod-without-cycles'"));
      expect(position, entry).toBeGreaterThanOrEqual(0);
      // only the async storage setup, which loads no zod, may come before it
      expect(imports.slice(0, position).every((line) => line.includes('share-async-storage')), entry).toBe(true);
    }
  });
});
