import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ensureConformanceRunner, NODE_24, readChecks, RUNNER_JS } from '../tests/conformance-runner';
import { signUpWithProject } from './helpers';

/** A port nothing listens on now, for the runner's own callback server. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// The official runner's authorization-server scenarios (metadata, then the authorization code grant
// with PKCE, iss and resource) against our authorization server; the user agent is this browser.
test('the MCP conformance runner passes every authorization-server scenario, consent given in the browser', async ({ page, baseURL }) => {
  test.setTimeout(360_000);
  ensureConformanceRunner();
  const { slug } = await signUpWithProject(page, 'Conformance');
  const issuer = new URL(baseURL!).origin;
  const port = await freePort();
  const registered = await page.request.post('/oauth/register', {
    data: { client_name: 'MCP conformance runner', redirect_uris: [`http://127.0.0.1:${port}/callback`], token_endpoint_auth_method: 'none' },
  });
  expect(registered.status()).toBe(201);
  const { client_id: clientId } = (await registered.json()) as { client_id: string };

  const outputDir = mkdtempSync(path.join(tmpdir(), 'shipnote-oauth-conformance-'));
  const args = [RUNNER_JS, 'authorization', '--url', issuer, '--client-id', clientId, '--resource', `${issuer}/mcp`, '--port', String(port), '-o', outputDir];
  const runner = spawn(NODE_24, args, { env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  const authorizeUrl = new Promise<string>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const found = /^(http\S+\/oauth\/authorize\?\S+)$/m.exec(output);
      if (found) resolve(found[1]!);
    };
    runner.stdout.on('data', read);
    runner.stderr.on('data', read);
  });
  const finished = new Promise<void>((resolve) => runner.on('close', () => resolve()));

  try {
    await page.goto(await authorizeUrl);
    await expect(page.getByRole('heading', { name: 'Connect MCP conformance runner to Shipnote' })).toBeVisible();
    await expect(page.getByLabel('Project')).toContainText('Conformance');
    await page.getByRole('button', { name: 'Approve' }).click();
    // the runner's callback server answers the browser, then redeems the code at our token endpoint
    await expect(page.getByText('You can close this page')).toBeVisible();
    await finished;

    const checks = readChecks(outputDir, 'authorization-server');
    expect(checks.map((check) => check.id).sort(), output).toEqual([
      'authorization-code-grant:authorization-code-grant',
      'authorization-server-metadata-endpoint:authorization-server-metadata',
      'authorization-server-metadata-endpoint:authorization-server-metadata-cimd',
    ]);
    expect(checks.filter((check) => check.status !== 'SUCCESS'), output).toEqual([]);
  } finally {
    runner.kill();
    rmSync(outputDir, { recursive: true, force: true });
  }

  // and the grant it obtained is listed for the project
  await page.goto(`/p/${slug}/connected-apps`);
  await expect(page.getByRole('row', { name: /MCP conformance runner/ })).toBeVisible();
});
