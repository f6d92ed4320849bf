import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** What the tests need of either SDK's client. */
export interface McpTestClient {
  revision: string;
  listTools(): Promise<{ tools: { name: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> }[] }>;
  /** A tool's structuredContent; a tool error, a protocol error or an output that fails its schema throws. */
  call(name: string, args?: Record<string, unknown>): Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

/**
 * A client of `<baseUrl>/mcp` holding a bearer token: the v1 SDK (`@modelcontextprotocol/sdk`, revision
 * 2025-11-25 after `initialize`) or the v2 client pinned to 2026-07-28. Both check every structuredContent
 * against the tool's outputSchema once the tools are listed, which `connect` does at once.
 */
export async function connectClient(baseUrl: string, token: string, revision: '2025-11-25' | '2026-07-28'): Promise<McpTestClient> {
  const url = new URL(`${baseUrl}/mcp`);
  const requestInit = { headers: { authorization: `Bearer ${token}` } };
  const client =
    revision === '2026-07-28'
      ? new ModernClient({ name: 'shipnote-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } })
      : new LegacyClient({ name: 'shipnote-test', version: '1.0.0' });
  const transport = revision === '2026-07-28' ? new ModernTransport(url, { requestInit }) : new LegacyTransport(url, { requestInit });
  await (client as LegacyClient).connect(transport as LegacyTransport);
  const negotiated = client instanceof ModernClient ? client.getNegotiatedProtocolVersion() : (transport as LegacyTransport).protocolVersion;
  const listTools = () => (client as LegacyClient).listTools() as ReturnType<McpTestClient['listTools']>;
  await listTools();
  return {
    revision: negotiated ?? 'unknown',
    listTools,
    async call(name, args = {}) {
      const result = await (client as LegacyClient).callTool({ name, arguments: args }).catch((error: Error) => {
        throw new Error(`${name} (${revision}): ${error.message}`);
      });
      if (result.isError) throw new Error(`${name} (${revision}) answered a tool error: ${(result.content as { text: string }[])[0]?.text}`);
      return result.structuredContent as Record<string, unknown>;
    },
    close: () => client.close(),
  };
}
