import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import * as trpcRoute from '@/app/api/trpc/[trpc]/route';
import { createTestProject } from '@/tests/factories';
import { apiClient, startTestServer, type TestServer } from '@/tests/http';
import { dispatch, REST_ROUTES } from '@/tests/rest-server';

const run = promisify(execFile);
// tsx itself rather than npx, so stderr holds only what the CLI says
const TSX = path.resolve('node_modules/.bin/tsx');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shipnote-commits-cli-'));
const repo = path.join(tmp, 'repo');
// a data folder a "running server" holds: admin commands refuse it, commits push never opens it
const dataDir = path.join(tmp, 'data');

let database: DatabaseHandle;
let server: TestServer;
let project: Awaited<ReturnType<typeof createTestProject>>;
const shas: string[] = [];

function git(...args: string[]) {
  return execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } }).trim();
}

function commit(message: string, date: string, author = 'Ada Lovelace <ada@example.test>') {
  // one file per commit, so branches merge without conflicts
  const file = `change-${shas.length}.txt`;
  fs.writeFileSync(path.join(repo, file), `${message}\n`);
  git('add', file);
  execFileSync('git', ['-C', repo, 'commit', '-q', '-m', message, `--author=${author}`], {
    env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });
  shas.push(git('rev-parse', 'HEAD'));
}

/** `npm run cli -- commits push ...` as a user runs it, in its own process. */
async function push(...args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, ['server/surfaces/cli/main.ts', 'commits', 'push', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SHIPNOTE_TOKEN: '' },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  process.env.NEXTAUTH_SECRET ||= 'test-secret';
  server = await startTestServer([['/api/trpc/', (req) => dispatch(trpcRoute, req)], ...REST_ROUTES]);
  project = await createTestProject(database.db);

  fs.mkdirSync(repo);
  fs.mkdirSync(dataDir);
  fs.writeFileSync(path.join(dataDir, 'server.lock'), JSON.stringify({ pid: process.pid, role: 'server' }));
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Committer');
  git('config', 'user.email', 'committer@example.test');
  git('remote', 'add', 'origin', 'https://ci-bot:secret-token@github.com/acme/web.git');
  commit('feat(api): add webhooks (#12)', '2025-03-03T10:00:00+01:00');
  commit('fix: trim names\n\nCloses #4', '2025-03-05T09:30:00Z', 'Grace Hopper <grace@example.test>');
  git('checkout', '-q', '-b', 'feature');
  commit('perf: cache queries', '2025-03-07T12:00:00Z');
  git('checkout', '-q', 'main');
  commit('chore: bump deps', '2025-03-08T12:00:00Z');
  execFileSync('git', ['-C', repo, 'merge', '-q', '--no-ff', '-m', 'Merge branch \'feature\'', 'feature'], {
    env: { ...process.env, GIT_AUTHOR_DATE: '2025-03-09T12:00:00Z', GIT_COMMITTER_DATE: '2025-03-09T12:00:00Z', GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });
  shas.push(git('rev-parse', 'HEAD'));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('npm run cli -- commits push', () => {
  it('sends the history of a real git repository, merges included, with links on the origin remote', async () => {
    const result = await push('--project', project.project.slug, '--url', server.url, '--token', project.token, '--dir', repo);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Pushed 5 commits to ${project.project.slug}: 5 added, 0 already recorded.\n`);

    const { items } = (await apiClient(server.url, { token: project.token })('GET', '/api/v1/commits')).json;
    expect(items.map((c: { sha: string }) => c.sha)).toEqual([...shas].reverse());
    expect(items.at(-1)).toEqual({
      sha: shas[0],
      message: 'feat(api): add webhooks (#12)',
      author_name: 'Ada Lovelace',
      authored_at: '2025-03-03T09:00:00.000Z',
      url: `https://github.com/acme/web/commit/${shas[0]}`,
    });
    expect(items.find((c: { sha: string }) => c.sha === shas[1]).message).toBe('fix: trim names\n\nCloses #4');
    // the remote's credentials never leave the machine
    expect(JSON.stringify(items)).not.toContain('secret-token');
    // the data folder a server holds was never opened
    expect(fs.readdirSync(dataDir)).toEqual(['server.lock']);
  }, 90_000);

  it('is safe to run again, and --since sends only the commits after a revision', async () => {
    const again = await push('--project', project.project.slug, '--url', server.url, '--token', project.token, '--dir', repo);
    expect(again.stdout).toBe(`Pushed 5 commits to ${project.project.slug}: 0 added, 5 already recorded.\n`);
    const since = await push('--project', project.project.slug, '--url', server.url, '--token', project.token, '--dir', repo, '--since', shas[1]!, '--json');
    // after the second commit: the feature commit, the chore and the merge
    expect(JSON.parse(since.stdout)).toEqual({ project: project.project.slug, commits: 3, received: 3, added: 0, duplicates: 3 });
  }, 90_000);

  it('takes the token from SHIPNOTE_TOKEN and refuses another project\'s slug', async () => {
    const other = await createTestProject(database.db);
    const wrong = await run(TSX, ['server/surfaces/cli/main.ts', 'commits', 'push', '--project', other.project.slug, '--url', server.url, '--dir', repo], {
      env: { ...process.env, SHIPNOTE_TOKEN: project.token, DATA_DIR: dataDir },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(wrong).toMatchObject({ code: 1, stderr: `Error: The token belongs to project ${project.project.slug}, not ${other.project.slug}\n` });
    const { items } = (await apiClient(server.url, { token: other.token })('GET', '/api/v1/commits')).json;
    expect(items).toEqual([]);
  }, 90_000);

  it('fails clearly on a bad token, an unknown revision, a folder without git history and no server', async () => {
    const base = ['--project', project.project.slug, '--url', server.url, '--dir', repo];
    const badToken = await push(...base, '--token', 'service_key_nope');
    expect(badToken).toMatchObject({ code: 1, stderr: expect.stringMatching(/refused the token \(401\)/) });
    const badRev = await push(...base, '--token', project.token, '--since', 'no-such-tag');
    expect(badRev).toMatchObject({ code: 1, stderr: 'Error: Unknown revision: no-such-tag\n' });
    const optionRev = await push(...base, '--token', project.token, '--since=--all');
    expect(optionRev).toMatchObject({ code: 1, stderr: 'Error: Not a revision: --all\n' });
    const notRepo = await push('--project', project.project.slug, '--url', server.url, '--token', project.token, '--dir', dataDir);
    expect(notRepo).toMatchObject({ code: 1, stderr: `Error: Not a git repository: ${dataDir}\n` });
    const noServer = await push('--project', project.project.slug, '--url', 'http://127.0.0.1:9', '--token', project.token, '--dir', repo);
    expect(noServer).toMatchObject({ code: 1, stderr: expect.stringMatching(/Could not reach Shipnote at http:\/\/127\.0\.0\.1:9/) });
    const noToken = await push('--project', project.project.slug, '--url', server.url, '--dir', repo);
    expect(noToken).toMatchObject({ code: 1, stderr: 'Error: A token is required: --token or SHIPNOTE_TOKEN\n' });
  }, 180_000);
});
