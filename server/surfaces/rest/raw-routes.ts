import { jsonOf } from '../../checked-once';
import type { createCaller } from '../../root';
import { PUBLIC_CONTENT_CACHE } from '../../content/procedures';
import type { HttpCachePolicy } from '../../trpc';
import { getOpenApiDocument } from './openapi-cache';
import { accessOfProcedure, type RouteAccess } from './routes';

type Caller = ReturnType<typeof createCaller>;

/** A success the OpenAPI adapter does not produce: RSS, CSV, the OpenAPI document, JSON serialized once. */
export type RawAnswer =
  /** a cacheable public document: ETag, 304 and this Cache-Control */
  | { body: string; headers: Record<string, string>; cache: HttpCachePolicy }
  /** streamed as it is produced (CSV exports) */
  | { body: string | ReadableStream<Uint8Array>; headers: Record<string, string>; cache?: undefined };

interface RawRoute {
  pattern: RegExp;
  /** who may call it and its limit group: public and `general` unless stated */
  access?: RouteAccess;
  /** public content any web page may read: every answer, errors included, carries `Access-Control-Allow-Origin: *` */
  anyOrigin?: boolean;
  run(caller: Caller, params: string[], query: URLSearchParams): Promise<RawAnswer>;
}

/**
 * A query parameter as the REST routes read it: repeated, it is passed on as every value given, which
 * the procedure's string schema refuses (422 on that parameter), never silently as its first value.
 */
const optional = (query: URLSearchParams, name: string) => {
  const values = query.getAll(name);
  return (values.length > 1 ? values : values[0]) as string | undefined;
};
const xml = (body: string): RawAnswer => ({ body, headers: { 'Content-Type': 'application/xml' }, cache: PUBLIC_CONTENT_CACHE });
// untrusted markdown as text: nosniff, so no browser ever renders it as HTML
const text = (body: string, type: string): RawAnswer => ({ body, headers: { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' }, cache: PUBLIC_CONTENT_CACHE });
const markdownAnswer = (body: string) => text(body, 'text/markdown; charset=utf-8');
/** llms.txt is markdown served as plain text (llmstxt.org) */
export const llmsTxtAnswer = (body: string) => text(body, 'text/plain; charset=utf-8');

/** The markdown twin procedure of each public path segment. */
const TWINS: Record<string, (caller: Caller) => Caller['changelogs']['markdown']> = {
  changelog: (caller) => caller.changelogs.markdown,
  blog: (caller) => caller.blogPosts.markdown,
  kb: (caller) => caller.kbSets.markdown,
};

/**
 * The GET routes of api-v1.md whose bodies trpc-to-openapi cannot carry or would rebuild on every
 * request, each still one procedure call.
 * Patterns match the decoded path below `/api/v1`; their groups are the path parameters.
 */
export const RAW_ROUTES: RawRoute[] = [
  {
    pattern: /^\/changelog\/([^/]+)\/feed$/,
    anyOrigin: true,
    run: async (caller, [slug]) => xml((await caller.changelogs.feed({ public_slug: slug! })).xml),
  },
  {
    pattern: /^\/blog\/([^/]+)\/feed$/,
    anyOrigin: true,
    run: async (caller, [slug]) => xml((await caller.blogPosts.feed({ public_slug: slug! })).xml),
  },
  {
    pattern: /^\/blogs\/feed$/,
    anyOrigin: true,
    run: async (caller, _, query) =>
      xml((await caller.blogPosts.feedAll({ project: optional(query, 'project'), limit: optional(query, 'limit') as never })).xml),
  },
  {
    // also `/changelog/<slug>.md` beside the pages: the HTTP front hands them here (http/rest-route.ts)
    pattern: /^\/(changelog|blog|kb)\/([^/]+)\.md$/,
    anyOrigin: true,
    run: async (caller, [path, slug]) => markdownAnswer((await TWINS[path!]!(caller)({ public_slug: slug! })).markdown),
  },
  {
    // the adapter would serialize a page served again on every request: here its JSON is made once
    pattern: /^\/email\/lists\/([^/]+)\/recipients$/,
    access: accessOfProcedure('recipients.list'),
    run: async (caller, [listId], query) => {
      const page = await caller.recipients.list({
        list_id: listId!,
        status: optional(query, 'status'),
        q: optional(query, 'q'),
        limit: optional(query, 'limit') as never,
        cursor: optional(query, 'cursor'),
      });
      return { body: jsonOf(page), headers: { 'Content-Type': 'application/json' } };
    },
  },
  {
    pattern: /^\/email\/lists\/([^/]+)\/recipients\/export\.csv$/,
    access: accessOfProcedure('recipients.exportCsv'),
    run: async (caller, [listId], query) => {
      const csv = await caller.recipients.exportCsv({ list_id: listId!, status: optional(query, 'status') });
      return {
        body: csv.body,
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': csv.contentDisposition, 'Cache-Control': 'no-store' },
      };
    },
  },
  {
    pattern: /^\/openapi\.json$/,
    run: async () => ({ body: JSON.stringify(getOpenApiDocument()), headers: { 'Content-Type': 'application/json' } }),
  },
];
