import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { browsableRemote } from '../../commits/generate/links';
import { MESSAGE_MAX } from '../../commits/schemas';

const run = promisify(execFile);
const FIELD = '\x1f';
const RECORD = '\x1e';

export interface GitCommit {
  sha: string;
  message: string;
  author_name: string | null;
  author_email: string | null;
  authored_at: string;
  url?: string;
}

export class GitError extends Error {}

async function git(dir: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run('git', ['-C', dir, ...args], { maxBuffer: 1024 * 1024 * 1024, encoding: 'utf8' });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; code?: string | number };
    if (e.code === 'ENOENT') throw new GitError('git is not installed or not on PATH');
    throw new GitError((e.stderr ?? String(error)).trim().split('\n')[0] || 'git failed');
  }
}

/**
 * The history reachable from HEAD, newest first, read with git itself; with `since`, only the commits
 * after that revision (`since..HEAD`).
 */
export async function readHistory(dir: string, options: { since?: string; repositoryUrl?: string | null } = {}): Promise<GitCommit[]> {
  await git(dir, ['rev-parse', '--git-dir']).catch(() => {
    throw new GitError(`Not a git repository: ${dir}`);
  });
  if ((await git(dir, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']).catch(() => '')) === '') return [];
  let range = 'HEAD';
  if (options.since) {
    // a revision that looks like an option would be read as one
    if (options.since.startsWith('-')) throw new GitError(`Not a revision: ${options.since}`);
    await git(dir, ['rev-parse', '--verify', '--quiet', `${options.since}^{commit}`]).catch(() => {
      throw new GitError(`Unknown revision: ${options.since}`);
    });
    range = `${options.since}..HEAD`;
  }
  const format = ['%H', '%an', '%ae', '%aI', '%B'].join('%x1f') + '%x1e';
  const out = await git(dir, ['log', `--format=${format}`, range, '--']);
  const base = options.repositoryUrl === undefined ? await remoteUrl(dir) : options.repositoryUrl;
  return out
    .split(RECORD)
    .map((record) => record.replace(/^\n/, ''))
    .filter((record) => record.includes(FIELD))
    .map((record) => toCommit(record.split(FIELD), base));
}

function toCommit([sha, name, email, date, message]: string[], repositoryUrl: string | null): GitCommit {
  return {
    sha: sha!,
    message: (message ?? '').trim().slice(0, MESSAGE_MAX) || '(no message)',
    author_name: name?.slice(0, 200) || null,
    author_email: email?.slice(0, 320) || null,
    authored_at: date!,
    ...(repositoryUrl ? { url: `${repositoryUrl}/commit/${sha}` } : {}),
  };
}

/** The web address of the `origin` remote, when it has one (credentials dropped). */
async function remoteUrl(dir: string): Promise<string | null> {
  const remote = await git(dir, ['remote', 'get-url', 'origin']).catch(() => '');
  return remote ? browsableRemote(remote) : null;
}
