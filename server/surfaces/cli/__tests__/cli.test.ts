import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipnote-cli-'));

/** Runs `npm run cli -- ...` as an operator would, on its own embedded database (or DATABASE_URL). */
async function cli(...args: string[]) {
  return runCli(args, { ...process.env, DATA_DIR: dataDir });
}

async function runCli(args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'server/surfaces/cli/main.ts', ...args], {
      env,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('admin CLI', () => {
  const email = `cli-${randomUUID().slice(0, 8)}@example.test`;

  it('creates a user, a project and a token that prints alone on stdout', async () => {
    const user = await cli('user', 'create', '--email', email, '--password', 'long enough secret', '--name', 'Grace', '--json');
    expect(user.code).toBe(0);
    expect(JSON.parse(user.stdout)).toMatchObject({ email, first_name: 'Grace', is_verified: false });

    const project = await cli('project', 'create', '--name', 'CLI Project', '--owner', email);
    expect(project.code).toBe(0);
    const [id, slug] = project.stdout.trim().split(' ');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(slug).toMatch(/^cli-project/);

    const token = await cli('token', 'create', '--project', slug!, '--name', 'deploy');
    expect(token.code).toBe(0);
    expect(token.stdout).toMatch(/^service_key_[A-Za-z0-9_-]{43}\n$/);

    const byId = await cli('token', 'create', '--project', id!, '--json');
    expect(JSON.parse(byId.stdout)).toMatchObject({ name: 'CLI token', token: expect.stringMatching(/^service_key_/) });
  }, 120_000);

  it('refuses clearly and exits non-zero on bad input', async () => {
    const duplicate = await cli('user', 'create', '--email', email, '--password', 'long enough secret');
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.stderr).toMatch(/already exists/);
    const missing = await cli('token', 'create', '--project', 'no-such-project');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/not found/);
    const purged = await cli('purge', '--json');
    expect(purged.code).toBe(0);
    expect(JSON.parse(purged.stdout)).toMatchObject({ consentTickets: expect.any(Number), oauthTokens: expect.any(Number) });
    const usage = await cli('frobnicate');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run cli/);
  }, 120_000);

  it('refuses to open an embedded database a running server holds', async () => {
    // this test process stands in for the running server
    fs.writeFileSync(path.join(dataDir, 'server.lock'), JSON.stringify({ pid: process.pid, role: 'server' }));
    try {
      const embedded = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
      const result = await runCli(['user', 'create', '--email', `x-${email}`, '--password', 'long enough secret'], embedded);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/in use by a running Shipnote server/);
    } finally {
      fs.unlinkSync(path.join(dataDir, 'server.lock'));
    }
  }, 60_000);
});
