import { median, ROUNDS, type BenchContext, type HttpCase } from '../harness';

/**
 * The same reads through MCP `tools/call` and through REST: the goal is at most 1.3x the REST call's CPU.
 * The project's lists are the cheapest read there is, so the protocol's own cost shows most there; a page
 * of 100 recipients shows what that cost is beside a read with rows to send.
 */
export default async function mcp(bench: BenchContext) {
  const authorization = `Bearer ${bench.token}`;
  const api = (method: string, path: string, body: unknown) =>
    fetch(`${bench.baseUrl}/api/v1${path}`, { method, headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((res) => res.json());
  const list = (await api('POST', '/email/lists', { name: `MCP bench ${Date.now()}` })) as { id: string };
  const recipients = Array.from({ length: 100 }, (_, i) => ({ email: `mcp-${i}@example.com`, name: `MCP reader ${i}`, external_id: `mcp-${i}` }));
  await api('PUT', `/email/lists/${list.id}/recipients`, { recipients });

  const lists = { path: '/api/v1/email/lists', headers: { authorization } };
  await bench.compareWithBare('GET /api/v1/email/lists', lists);
  for (const revision of REVISIONS) {
    const name = `MCP tools/call list_mailing_lists (${revision})`;
    const toolCall = await checkedToolCall(bench, revision, 'list_mailing_lists', {});
    await bench.compareWithBare(name, toolCall);
    await compareWithRest(bench, name, toolCall, lists);
  }
  const page = { path: `/api/v1/email/lists/${list.id}/recipients?limit=100`, headers: { authorization } };
  for (const revision of REVISIONS) {
    const toolCall = await checkedToolCall(bench, revision, 'list_recipients', { list_id: list.id, limit: 100 });
    await compareWithRest(bench, `MCP tools/call list_recipients, 100 rows (${revision})`, toolCall, page);
  }
}

const REVISIONS = ['2025-11-25', '2026-07-28'];

/** The request a client of that revision sends, checked once to answer with the tool's result. */
async function checkedToolCall(bench: BenchContext, revision: string, tool: string, args: Record<string, unknown>): Promise<HttpCase> {
  const modern = revision === '2026-07-28';
  const meta = { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  const params = { name: tool, arguments: args, ...(modern && { _meta: meta }) };
  const headers: Record<string, string> = {
    authorization: `Bearer ${bench.token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': revision,
    ...(modern && { 'mcp-method': 'tools/call', 'mcp-name': tool }),
  };
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
  const check = await fetch(`${bench.baseUrl}/mcp`, { method: 'POST', headers, body });
  const answer = await check.text();
  if (!check.ok || !answer.includes('structuredContent') || answer.includes('"isError":true')) throw new Error(`MCP ${revision} ${tool} failed: ${check.status} ${answer.slice(0, 300)}`);
  return { method: 'POST', path: '/mcp', headers, body };
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
