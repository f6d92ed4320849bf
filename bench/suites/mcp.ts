import { median, ROUNDS, type BenchContext, type HttpCase } from '../harness';

/** The same read through MCP `tools/call` and through REST: the goal is at most 1.3x the REST call's CPU. */
export default async function mcp(bench: BenchContext) {
  const authorization = `Bearer ${bench.token}`;
  await fetch(`${bench.baseUrl}/api/v1/email/lists`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ name: `MCP bench ${Date.now()}` }) });

  const restCall = { path: '/api/v1/email/lists', headers: { authorization } };
  await bench.compareWithBare('GET /api/v1/email/lists', restCall);
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
    const toolCall = { method: 'POST', path: '/mcp', headers, body };
    await bench.compareWithBare(name, toolCall);
    await compareWithRest(bench, name, toolCall, restCall);
  }
}

/**
 * The goal's own ratio, in paired rounds (the tool call, then the REST call, in turn): the two rows of
 * the table are measured minutes apart, and this machine's speed can change by half in that time.
 */
async function compareWithRest(bench: BenchContext, name: string, toolCall: HttpCase, restCall: HttpCase) {
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const tool = await bench.measure(bench.baseUrl + toolCall.path, toolCall);
    const rest = await bench.measure(bench.baseUrl + restCall.path, restCall);
    if (tool.cpuMicrosPerRequest && rest.cpuMicrosPerRequest) ratios.push(tool.cpuMicrosPerRequest / rest.cpuMicrosPerRequest);
  }
  const middle = median(ratios);
  if (middle !== undefined) console.log(`  ${name}: ${middle.toFixed(2)}x the CPU of the same REST call (median of ${ratios.length} paired rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')})`);
}
