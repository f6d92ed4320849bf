import type { BenchContext } from '../harness';
import { cpuTable } from '../harness';

/** The same read through MCP `tools/call` and through REST: the goal is at most 1.3x the REST call's CPU. */
export default async function mcp(bench: BenchContext) {
  const authorization = `Bearer ${bench.token}`;
  await fetch(`${bench.baseUrl}/api/v1/email/lists`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ name: `MCP bench ${Date.now()}` }) });

  const rest = 'GET /api/v1/email/lists';
  await bench.compareWithBare(rest, { path: '/api/v1/email/lists', headers: { authorization } });
  for (const revision of ['2025-11-25', '2026-07-28']) {
    const modern = revision === '2026-07-28';
    const params = { name: 'list_mailing_lists', arguments: {}, ...(modern && { _meta: { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} } }) };
    const headers: Record<string, string> = {
      authorization,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': revision,
      ...(modern && { 'mcp-method': 'tools/call', 'mcp-name': 'list_mailing_lists' }),
    };
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
    const check = await fetch(`${bench.baseUrl}/mcp`, { method: 'POST', headers, body });
    const answer = await check.text();
    if (!check.ok || !answer.includes('structuredContent')) throw new Error(`MCP ${revision} tools/call failed: ${check.status} ${answer.slice(0, 300)}`);
    const name = `MCP tools/call list_mailing_lists (${revision})`;
    await bench.compareWithBare(name, { method: 'POST', path: '/mcp', headers, body });
    const [tool, call] = [cpuTable.find((row) => row.name === name), cpuTable.find((row) => row.name === rest)];
    if (tool && call) console.log(`  ${name}: ${(tool.service / call.service).toFixed(2)}x the CPU of ${rest}`);
  }
}
