import { buildOpenApiDocument } from './openapi';

let document: object | undefined;

/** The document never changes while the process runs: build it on first use. */
export function getOpenApiDocument(): object {
  document ??= buildOpenApiDocument();
  return document;
}
