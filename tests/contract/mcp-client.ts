import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { randomClientIp } from '@/tests/http';

/** An SDK client of `{url}/mcp` whose every request comes from a new address, so rate limits never answer for a case. */
export async function connectMcp(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'contract', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), 'x-forwarded-for': randomClientIp() } }),
  });
  await client.connect(transport);
  return client;
}

/** A raw JSON-RPC message (or any JSON text) to `{url}/mcp` as a new client: status, headers, text and parsed body. */
export async function rawMcp(url: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-forwarded-for': randomClientIp(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}
