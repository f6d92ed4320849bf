import type { Metadata } from 'next';
import { getOpenApiDocument } from '@/server/surfaces/rest/openapi-cache';

export const metadata: Metadata = { title: 'API reference' };
export const dynamic = 'force-dynamic';

type Operation = {
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: unknown;
  responses: Record<string, { description?: string }>;
};

/** A readable page over the OpenAPI document; the JSON stays the machine source. */
export default function ApiReferencePage() {
  const doc = getOpenApiDocument() as { info: { version: string }; servers: { url: string }[]; paths: Record<string, Record<string, Operation>> };
  return (
    <main>
      <h1>Shipnote API v{doc.info.version}</h1>
      <p>
        Base URL <code>{doc.servers[0]?.url}</code>. Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a>.
        Authenticated routes take <code>Authorization: Bearer service_key_…</code>. Errors are{' '}
        <code>{'{"detail": "..."}'}</code>; validation errors (422) are <code>{'{"detail": [{"loc", "msg", "type"}]}'}</code>.
        Every route is rate limited per client IP and answers with <code>RateLimit-*</code> headers.
      </p>
      {Object.entries(doc.paths).flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, op]) => (
          <section key={method + path} className="card" style={{ marginBottom: 12 }}>
            <h2 style={{ margin: 0 }}>
              <code>{method.toUpperCase()} {path}</code>
            </h2>
            <p>
              {op.summary} {op.security?.length ? <span className="muted">(API token)</span> : <span className="muted">(no auth)</span>}
            </p>
            {op.parameters?.length ? (
              <p className="muted">
                Parameters: {op.parameters.map((p) => `${p.name} (${p.in}${p.required ? ', required' : ''})`).join(', ')}
              </p>
            ) : null}
            <p className="muted">
              Responses: {Object.entries(op.responses).map(([status, r]) => `${status} ${r.description ?? ''}`).join(' · ')}
            </p>
          </section>
        )),
      )}
    </main>
  );
}
