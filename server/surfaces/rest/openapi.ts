import { generateOpenApiDocument } from 'trpc-to-openapi';
import { config } from '../../config';
import { appRouter } from '../../root';
import { API_VERSION } from '../../service/schemas';
import { cacheControlFor, errorStatusesOf, REST_PREFIX, successStatusOf } from './routes';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request (a rule of the API document)',
  401: 'Missing, invalid or expired token',
  404: 'Not found',
  409: 'Conflict',
  422: 'Validation error',
  429: 'Rate limit exceeded; wait `Retry-After` seconds',
  500: 'Internal server error',
};

const RATE_LIMIT_HEADERS = Object.fromEntries(
  ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'].map((name) => [
    name,
    { schema: { type: name === 'RateLimit-Policy' ? 'string' : 'integer' } },
  ]),
);

/**
 * The OpenAPI 3 document, generated from the procedures and then corrected to what the API answers:
 * the spec's error bodies instead of the library's, 201 for creates, 422 and 429 everywhere they occur.
 */
export function buildOpenApiDocument(): Json {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Shipnote API',
    version: API_VERSION,
    description: 'Public content, the announcement banner, mailing lists and the authenticated user.',
    baseUrl: config.appUrl + REST_PREFIX,
    securitySchemes: { Authorization: { type: 'http', scheme: 'bearer', description: 'A project API token (service_key_...)' } },
  }) as Json;

  doc.components.schemas = Object.fromEntries(
    Object.entries(doc.components.schemas as Json).filter(([name]) => !name.startsWith('error.')),
  );
  Object.assign(doc.components.schemas, {
    ErrorDetail: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
    ValidationError: {
      type: 'object',
      required: ['detail'],
      properties: {
        detail: {
          type: 'array',
          items: {
            type: 'object',
            required: ['loc', 'msg', 'type'],
            properties: {
              loc: { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
              msg: { type: 'string' },
              type: { type: 'string' },
            },
          },
        },
      },
    },
  });

  Object.assign(doc.paths, NON_JSON_PATHS);
  for (const operations of Object.values(doc.paths as Json)) {
    for (const operation of Object.values(operations as Json)) fixOperation(operation as Json);
  }
  return doc;
}

const slugSchema = { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 128 };
const slugParameter = { name: 'public_slug', in: 'path', required: true, schema: slugSchema };
const projectParameter = { name: 'project', in: 'query', required: false, schema: slugSchema, description: 'a project slug' };
const markdownTwin = (kind: string, what: string) => ({
  get: {
    operationId: `markdown-${kind}`,
    summary: `The markdown twin of a published ${what}'s page (also served at the page's own address plus \`.md\`)`,
    tags: ['Public content'],
    parameters: [slugParameter],
    responses: { '200': { description: 'Markdown', content: { 'text/markdown; charset=utf-8': { schema: { type: 'string' } } } }, '304': {}, '404': {} },
  },
});
const rss = (description: string) => ({ description, content: { 'application/xml': { schema: { type: 'string' } } } });

/** Routes served by plain route handlers (RSS, CSV): trpc-to-openapi cannot describe their bodies. */
const NON_JSON_PATHS: Json = {
  '/changelog/{public_slug}/feed': {
    get: { operationId: 'feeds-changelog', summary: 'RSS 2.0 feed of a published changelog, one item per entry', tags: ['Public content'], parameters: [slugParameter], responses: { '200': rss('RSS 2.0 XML'), '304': {}, '404': {} } },
  },
  '/blog/{public_slug}/feed': {
    get: { operationId: 'feeds-blogPost', summary: 'RSS 2.0 feed with the blog post as one item', tags: ['Public content'], parameters: [slugParameter], responses: { '200': rss('RSS 2.0 XML'), '304': {}, '404': {} } },
  },
  '/blogs/feed': {
    get: { operationId: 'feeds-blogs', summary: 'RSS 2.0 feed of all published blog posts', tags: ['Public content'], parameters: [projectParameter], responses: { '200': rss('RSS 2.0 XML'), '304': {}, '404': {} } },
  },
  '/changelog/{public_slug}.md': markdownTwin('changelog', 'changelog'),
  '/blog/{public_slug}.md': markdownTwin('blogPost', 'blog post'),
  '/kb/{public_slug}.md': markdownTwin('kbSet', 'knowledge-base set'),
  '/email/lists/{list_id}/recipients/export.csv': {
    get: {
      operationId: 'recipients-export',
      summary: 'Export recipients as CSV (email,name,external_id,status,created_at,status_changed_at,attributes)',
      tags: ['Mailing lists'],
      security: [{ Authorization: [] }],
      parameters: [
        { name: 'list_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'status', in: 'query', required: false, schema: { type: 'string', enum: ['active', 'removed', 'unsubscribed'] } },
      ],
      responses: { '200': { description: 'CSV', content: { 'text/csv; charset=utf-8': { schema: { type: 'string' } } } }, '400': {}, '401': {}, '404': {} },
    },
  },
};

const NON_JSON_OPERATION_IDS = Object.fromEntries(
  Object.values(NON_JSON_PATHS).map((ops) => [String((ops as Json).get.operationId).replace(/-/g, '.'), true]),
);

/** Answers with an ETag beside the cacheable public content: `If-None-Match` gets them a 304 too. */
const CONDITIONAL_PROCEDURES = new Set(['service.health', 'banner.live']);

const NOT_MODIFIED = { description: 'Not modified: `If-None-Match` names the current ETag (no body)' };

function fixOperation(operation: Json) {
  const procedurePath = String(operation.operationId).replace(/-/g, '.');
  // the library's own guesses (400, 403, 404) are dropped: a route documents what it really answers
  const declared = procedurePath in NON_JSON_OPERATION_IDS ? Object.keys(operation.responses).map(Number) : [];
  const conditional = declared.includes(304) || cacheControlFor(procedurePath) !== undefined || CONDITIONAL_PROCEDURES.has(procedurePath);
  const statuses = new Set<number>([...declared.filter((s) => s >= 400), 429, 500]);
  if (operation.security?.length) statuses.add(401);
  if (operation.parameters?.length || operation.requestBody) statuses.add(422);
  for (const status of errorStatusesOf(procedurePath)) statuses.add(status);

  const success = operation.responses['200'];
  const responses: Json = {};
  const successStatus = successStatusOf(procedurePath);
  responses[String(successStatus)] = { ...success, headers: RATE_LIMIT_HEADERS };
  if (conditional) responses['304'] = NOT_MODIFIED;
  for (const status of [...statuses].sort()) {
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      content: {
        'application/json': {
          schema: { $ref: status === 422 ? '#/components/schemas/ValidationError' : '#/components/schemas/ErrorDetail' },
        },
      },
      ...(status === 429 ? { headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': { schema: { type: 'integer' } } } } : {}),
    };
  }
  operation.responses = responses;
}
