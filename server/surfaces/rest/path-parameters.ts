import { getOpenApiDocument } from './openapi-cache';

interface Template {
  method: string;
  /** each segment: a literal, or a parameter with what may follow it (`{public_slug}.md`) */
  segments: ({ literal: string } | { parameter: string; suffix: string })[];
}

let templates: Template[] | undefined;

/** Every documented route's path, once: the procedures' and the raw routes' (feeds, twins, export). */
function documentedTemplates(): Template[] {
  const paths = (getOpenApiDocument() as { paths: Record<string, Record<string, unknown>> }).paths;
  templates ??= Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({
      method: method.toUpperCase(),
      segments: path.split('/').map((segment) => {
        const parameter = /^\{(\w+)\}(.*)$/.exec(segment);
        return parameter ? { parameter: parameter[1]!, suffix: parameter[2]! } : { literal: segment.toLowerCase() };
      }),
    })),
  );
  return templates;
}

/**
 * The name of the path parameter at `index` of a request's decoded segments (`public_slug`), when a
 * documented route of that method has one there; else undefined. For the `loc` of a 422.
 */
export function pathParameterAt(method: string, segments: string[], index: number): string | undefined {
  for (const template of documentedTemplates()) {
    if (template.method !== method || template.segments.length !== segments.length) continue;
    const fits = template.segments.every((part, i) =>
      'literal' in part ? part.literal === segments[i]!.toLowerCase() : i === index || segments[i]!.endsWith(part.suffix),
    );
    const part = template.segments[index];
    if (fits && part && 'parameter' in part) return part.parameter;
  }
  return undefined;
}
