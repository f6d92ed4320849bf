import { config } from 'zod';
import type { $ZodMemoizer } from 'zod/v4/core';

/**
 * Zod's default memoizer lets recursive schemas (two of the MCP SDK's message checks) parse objects with
 * reference cycles, writing a WeakMap entry for every object they visit: 15% of the SDK's exchange in one
 * process. What we parse is JSON from a request or values we built from rows, never cyclic.
 */
const withoutCycles: $ZodMemoizer = {
  attach() {},
  guard() {},
  alloc: (_schema, _payload, empty) => empty,
};

/** Zod reads this when each schema is built, so entries import this module before anything else that uses zod. */
config({ memoizer: withoutCycles });
