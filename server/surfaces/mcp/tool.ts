import type { AuthInfo, CallToolResult, McpServer, RegisteredTool, ServerContext, StandardSchemaWithJSON, ToolAnnotations } from '@modelcontextprotocol/server';
import { TRPCError } from '@trpc/server';
import { z, ZodError } from 'zod';
import { deepFrozen, isCheckedOnce } from '../../checked-once';
import { AppError } from '../../errors';
import { logError } from '../../log';
import { preciseIssues } from '../../validation-issues';
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
 * Registers a tool that runs a domain procedure through the caller. Its result, read through the
 * declared output schema (so structuredContent holds exactly the keys that schema advertises), is both
 * the structuredContent and a JSON text block; any error becomes an `isError` result with REST's `detail`.
 */
export function registerTool<I extends z.ZodType, O extends z.ZodObject>(server: McpServer, tool: ToolDefinition<I, O>): RegisteredTool {
  const { input, outputSchema, readResult } = schemasOf(tool);
  return server.registerTool(
    tool.name,
    { title: tool.title, description: tool.description, inputSchema: input, outputSchema, annotations: annotationsOf(tool) },
    (async (args: z.output<I>, ctx: ServerContext): Promise<CallToolResult> => {
      let result: unknown;
      try {
        result = await tool.run(callerOf(ctx.http?.authInfo), args);
      } catch (error) {
        return { content: [{ type: 'text', text: errorDetail(error) }], isError: true };
      }
      const read = readResult(result);
      if ('error' in read) {
        logError(`MCP tool ${tool.name} returned a result outside its output schema`, read.error);
        return { content: [{ type: 'text', text: 'Internal Server Error' }], isError: true };
      }
      return { content: [{ type: 'text', text: read.text }], structuredContent: read.data };
    }) as never,
  );
}

type ReadResult = { data: Record<string, unknown>; text: string } | { error: ZodError };

/** Results that cannot change: outputs checked once (a kept page or list), and list results around them. */
const unchangingResults = new WeakSet<object>();
const itemsResults = new WeakMap<object, { items: unknown[] }>();

/** A list tool's `{items}`; around an output checked once, the same object on every call, so its read is kept too. */
export function itemsResult<T>(items: T[]): { items: T[] } {
  if (!isCheckedOnce(items)) return { items };
  let result = itemsResults.get(items) as { items: T[] } | undefined;
  if (!result) {
    itemsResults.set(items, (result = Object.freeze({ items })));
    unchangingResults.add(result);
  }
  return result;
}

function isUnchanging(result: unknown): result is object {
  return isCheckedOnce(result) || (typeof result === 'object' && result !== null && unchangingResults.has(result));
}

/**
 * Reads a tool's results through its output schema, with their JSON text. A result that cannot change
 * is read and serialized once and kept beside it (a page of 100 recipients: about 150 us a call).
 */
function resultReader(output: z.ZodObject, readThroughOutput: WeakSet<object>) {
  const kept = new WeakMap<object, ReadResult>();
  const read = (result: unknown): ReadResult => {
    const structured = output.safeParse(result);
    if (!structured.success) return { error: structured.error };
    readThroughOutput.add(structured.data);
    return { data: structured.data, text: JSON.stringify(structured.data) };
  };
  return (result: unknown): ReadResult => {
    if (!isUnchanging(result)) return read(result);
    let known = kept.get(result);
    if (!known) {
      known = read(result);
      // handed to every later call: frozen, so nothing downstream can make it differ from its text
      if ('data' in known) deepFrozen(known.data);
      kept.set(result, known);
    }
    return known;
  };
}

/** What the MCP entry puts into a request's authInfo: the caller the tools run, and the pool's lease. */
interface RequestExtra {
  caller: Caller;
  lease?: object;
}

export function requestAuthInfo(token: string, clientId: string, scopes: string[], caller: Caller): AuthInfo {
  return { token, clientId, scopes, extra: { caller } satisfies RequestExtra };
}

export function withLease(authInfo: AuthInfo, lease: object): AuthInfo {
  return { ...authInfo, extra: { ...authInfo.extra, lease } };
}

export function callerOf(authInfo: AuthInfo | undefined): Caller {
  const caller = (authInfo?.extra as RequestExtra | undefined)?.caller;
  if (!caller) throw new Error('MCP tool called without an authenticated caller');
  return caller;
}

export function leaseOf(authInfo: AuthInfo | undefined): object | undefined {
  return (authInfo?.extra as RequestExtra | undefined)?.lease;
}

const toolSchemas = new Map<string, ReturnType<typeof buildSchemas>>();

/** A tool's schemas as every pooled server registers them: their JSON Schemas are computed once per process. */
function schemasOf(tool: ToolDefinition<z.ZodType, z.ZodObject>) {
  let schemas = toolSchemas.get(tool.name);
  if (!schemas) toolSchemas.set(tool.name, (schemas = buildSchemas(tool)));
  return schemas;
}

function buildSchemas(tool: ToolDefinition<z.ZodType, z.ZodObject>) {
  const output = freshObject(tool.output);
  // the SDK validates structuredContent against outputSchema; what registerTool made by parsing it with
  // that same schema is not validated a second time (a 100-recipient page costs 80-140 us to check)
  const readThroughOutput = new WeakSet<object>();
  const outputSchema = withJsonOnce(output, (value) => readThroughOutput.has(value as object));
  return { input: withJsonOnce(tool.input), outputSchema, readResult: resultReader(output, readThroughOutput) };
}

/**
 * The schema as a Standard Schema whose JSON Schema (per target and direction) is converted once; values
 * `alreadyValid` vouches for pass validation as they are.
 */
function withJsonOnce(schema: z.ZodType, alreadyValid: (value: unknown) => boolean = () => false): StandardSchemaWithJSON {
  const std = schema['~standard'] as unknown as StandardSchemaWithJSON['~standard'];
  const converted = new Map<string, Record<string, unknown>>();
  const once = (io: 'input' | 'output') => (options: { target: string }) => {
    const key = `${io} ${options.target}`;
    let json = converted.get(key);
    if (!json) converted.set(key, (json = std.jsonSchema[io](options as never)));
    return structuredClone(json);
  };
  const validate: typeof std.validate = (value, options) => (alreadyValid(value) ? { value } : std.validate(value, options));
  return { '~standard': { version: 1, vendor: std.vendor, types: std.types, validate, jsonSchema: { input: once('input'), output: once('output') } } };
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
    return preciseIssues(cause.issues).map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
  }
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') return error.message;
  logError('MCP tool failed', error);
  return 'Internal Server Error';
}
