import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createTestProject } from '@/tests/factories';
import { startUnconfiguredServer } from './local-server';
import { ensureConformanceRunner, NODE_24, readChecks, RUNNER_JS } from '@/tests/conformance-runner';
import { NOT_APPLICABLE } from './conformance-expectations';

// The official MCP conformance runner against Shipnote's /mcp, for the 2025-11-25 and the 2026-07-28
// requirement sets, on the Node 24 it needs (tests/conformance-runner.ts).

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startUnconfiguredServer>>;
let token: string;
let results: string;

// the protocol does not depend on the database: one run, in the PGlite project (which also keeps the
// two projects from installing the runner into one folder at once)
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  if (onPostgres) return;
  ensureConformanceRunner();
  database = await openTestDatabase();
  token = (await createTestProject(database.db)).token;
  // the runner has no option for a bearer token: the test's gateway adds the project's API token
  server = await startUnconfiguredServer({
    mcp: (handler) => (req) => {
      if (req.method !== 'POST' || req.headers.get('authorization')) return handler(req);
      const headers = new Headers(req.headers);
      headers.set('authorization', `Bearer ${token}`);
      return handler(new Request(req, { headers }));
    },
  });
  results = mkdtempSync(path.join(tmpdir(), 'shipnote-mcp-conformance-'));
}, 360_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
  if (results) rmSync(results, { recursive: true, force: true });
});

/** Runs one requirement set and reads every check it recorded, as `<scenario>:<check-id>` -> status. */
async function runRequirementSet(revision: string) {
  const outputDir = path.join(results, revision);
  const args = [RUNNER_JS, 'server', '--url', `${server.url}/mcp`, '--requirements', revision, '-o', outputDir];
  const output = await new Promise<string>((resolve) => {
    const child = spawn(NODE_24, args, { env: { ...process.env, NO_COLOR: '1' } });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('close', () => resolve(text));
  });
  const checks = readChecks(outputDir, 'server');
  return { output, checks };
}

describe.skipIf(onPostgres).each(['2025-11-25', '2026-07-28'])('the %s requirement set', (revision) => {
  it('passes every scenario, except the checks listed as not applicable (docs/oauth-mcp.md)', { timeout: 600_000 }, async () => {
    const { output, checks } = await runRequirementSet(revision);
    expect(output).toContain('=== SUMMARY ===');
    const listed = NOT_APPLICABLE[revision] ?? {};
    const excused = (id: string) => id in listed || id.split(':')[0]! in listed;
    const failed = checks.filter((check) => check.status === 'FAILURE');
    expect(failed.filter((check) => !excused(check.id)).map((check) => `${check.id}: ${check.detail}`)).toEqual([]);
    // a listed entry that no longer fails is stale: the scenario applies now, or the list is wrong
    const stale = Object.keys(listed).filter((entry) => !failed.some((check) => check.id === entry || check.id.startsWith(`${entry}:`)));
    expect(stale).toEqual([]);
    expect(checks.filter((check) => check.status === 'SUCCESS').length).toBeGreaterThan(0);
    if (process.env.MCP_CONFORMANCE_REPORT) writeFileSync(process.env.MCP_CONFORMANCE_REPORT + `.${revision}.json`, JSON.stringify(checks, null, 1));
  });
});
