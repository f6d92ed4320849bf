import { config } from 'zod';
import type { $ZodMemoizer } from 'zod/v4/core';

/**
 * Zod's default memoizer lets recursive schemas (the MCP SDK's JSON-RPC messages and JSON values) parse
 * objects with reference cycles, keeping WeakMaps of every object each parse visits: about a tenth of a
 * tool call's CPU. What we parse is JSON from a request or values we built from rows, never cyclic.
 */
const withoutCycles: $ZodMemoizer = {
  attach() {},
  guard() {},
  alloc: (_schema, _payload, empty) => empty,
};

/** Zod reads this when each schema is built, so entries import this module before anything else that uses zod. */
config({ memoizer: withoutCycles });
