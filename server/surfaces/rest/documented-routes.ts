import { getOpenApiDocument } from './openapi-cache';

interface DocumentedRoute {
  method: string;
  /** each segment: a literal, or a parameter with what may follow it (`{public_slug}.md`) */
  segments: ({ literal: string } | { parameter: string; suffix: string })[];
  /** query parameters documented as integers */
  integers: Set<string>;
}

interface Operation {
  parameters?: { name: string; in: string; schema?: { type?: string } }[];
}

let routes: DocumentedRoute[] | undefined;

/** Every route of the OpenAPI document, once: the procedures' and the raw routes' (feeds, twins, export). */
function documentedRoutes(): DocumentedRoute[] {
  const paths = (getOpenApiDocument() as { paths: Record<string, Record<string, Operation>> }).paths;
  routes ??= Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      segments: path.split('/').map((segment) => {
        const parameter = /^\{(\w+)\}(.*)$/.exec(segment);
        return parameter ? { parameter: parameter[1]!, suffix: parameter[2]! } : { literal: segment.toLowerCase() };
      }),
      integers: new Set((operation.parameters ?? []).filter((p) => p.in === 'query' && p.schema?.type === 'integer').map((p) => p.name)),
    })),
  );
  return routes;
}

/** The documented route a request's decoded path segments name, if any. */
function routeOf(method: string, segments: string[]): DocumentedRoute | undefined {
  return documentedRoutes().find(
    (route) =>
      route.method === method &&
      route.segments.length === segments.length &&
      route.segments.every((part, i) => ('literal' in part ? part.literal === segments[i]!.toLowerCase() : segments[i]!.endsWith(part.suffix))),
  );
}

/** The name of the path parameter at `index` of a request's segments (`public_slug`), for the `loc` of a 422. */
export function pathParameterAt(method: string, segments: string[], index: number): string | undefined {
  const part = routeOf(method, segments)?.segments[index];
  return part && 'parameter' in part ? part.parameter : undefined;
}

/**
 * The first query parameter documented as an integer whose value is not one written in digits: `Number`
 * (the schemas' coercion) would read `0x10`, `1e2` or ` 3 ` as numbers a client never meant.
 */
export function nonIntegerQueryParameter(method: string, segments: string[], query: URLSearchParams): string | undefined {
  if (query.size === 0) return undefined; // most requests: no route to look up
  const integers = routeOf(method, segments)?.integers;
  if (!integers?.size) return undefined;
  for (const [name, value] of query) if (integers.has(name) && !/^-?\d+$/.test(value)) return name;
  return undefined;
}
