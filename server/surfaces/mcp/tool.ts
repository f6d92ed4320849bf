import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { TRPCError } from '@trpc/server';
import { z, ZodError } from 'zod';
import { AppError } from '../../errors';
import { logError } from '../../log';
import type { createCaller } from '../../root';

export type Caller = ReturnType<typeof createCaller>;

/** How a tool touches the project: every tool says whether it reads; writing tools also say how. */
type Effect = 'read' | { destructive: boolean; idempotent: boolean; openWorld?: boolean };

export interface ToolDefinition<I extends z.ZodType, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  effect: Effect;
  run: (caller: Caller, input: z.output<I>) => Promise<z.input<O>>;
}

/** Keeps each tool's input and output types tied to its own schemas. */
export function defineTool<I extends z.ZodType, O extends z.ZodObject>(tool: ToolDefinition<I, O>) {
  return tool;
}

export const noInput = z.object({});

/** `{items}`: the result shape of every list tool (structuredContent is always an object). */
export function itemsOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

/**
 * Registers a tool that runs a domain procedure through the caller. Its result is both the
 * structuredContent and a JSON text block; any error becomes an `isError` result with REST's `detail`.
 */
export function registerTool<I extends z.ZodType, O extends z.ZodObject>(server: McpServer, tool: ToolDefinition<I, O>) {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      outputSchema: freshObject(tool.output),
      annotations: annotationsOf(tool),
    },
    (async (args: z.output<I>, extra: { authInfo?: AuthInfo }): Promise<CallToolResult> => {
      try {
        const result = (await tool.run(callerOf(extra.authInfo), args)) as Record<string, unknown>;
        return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
      } catch (error) {
        return { content: [{ type: 'text', text: errorDetail(error) }], isError: true };
      }
    }) as never,
  );
}

/** The request's caller, put into the transport's authInfo by the MCP entry. */
export function callerOf(authInfo: AuthInfo | undefined): Caller {
  const caller = authInfo?.extra?.caller as Caller | undefined;
  if (!caller) throw new Error('MCP tool called without an authenticated caller');
  return caller;
}

/**
 * A fresh top-level object (a shared schema's OpenAPI id would turn it into a bare $ref, not
 * {type: object}) that keeps the original's policy on extra keys, so results validate as declared.
 */
function freshObject(schema: z.ZodObject): z.ZodObject {
  const fresh = z.object(schema.shape);
  const catchall = schema.def.catchall;
  return catchall ? fresh.catchall(catchall) : fresh;
}

function annotationsOf(tool: ToolDefinition<z.ZodType, z.ZodObject>): ToolAnnotations {
  if (tool.effect === 'read') return { title: tool.title, readOnlyHint: true, openWorldHint: false };
  const { destructive, idempotent, openWorld = false } = tool.effect;
  return { title: tool.title, readOnlyHint: false, destructiveHint: destructive, idempotentHint: idempotent, openWorldHint: openWorld };
}

/** The message REST would put in `detail`; validation issues in one readable line. */
export function errorDetail(error: unknown): string {
  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  if (cause instanceof AppError) return cause.message;
  if (cause instanceof ZodError) {
    return cause.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
  }
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') return error.message;
  logError('MCP tool failed', error);
  return 'Internal Server Error';
}
