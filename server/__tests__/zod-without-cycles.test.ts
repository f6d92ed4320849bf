import { isJSONRPCRequest } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { config, memoizer, z } from 'zod';

const Json: z.ZodType = z.lazy(() => z.union([z.string(), z.number(), z.array(Json), z.record(z.string(), Json)]));

describe('zod without cycle support (set up as the server and the CLI set it up)', () => {
  it('replaces the default memoizer before any schema is built', () => {
    expect(config().memoizer).toBeDefined();
    expect(config().memoizer).not.toBe(memoizer());
  });

  it('parses a shared object once per place it appears, as plain JSON would', () => {
    const shared = { n: 1 };
    const parsed = Json.parse({ a: shared, b: shared }) as Record<string, object>;
    expect(parsed).toEqual({ a: { n: 1 }, b: { n: 1 } });
    expect(parsed.a).not.toBe(parsed.b);
  });

  it("keeps the MCP SDK's message checks as they were", () => {
    expect(isJSONRPCRequest({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: { a: [{ b: 1 }] } } })).toBe(true);
    expect(isJSONRPCRequest({ jsonrpc: '2.0', method: 'tools/call' })).toBe(false);
  });
});
