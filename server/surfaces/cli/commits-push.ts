import { parseArgs } from 'node:util';
import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '../../root';
import { COMMITS_PER_PUSH } from '../../commits/schemas';
import { GitError, readHistory, type GitCommit } from './git-history';

const MAX_RETRIES = 5;

class PushError extends Error {}

/**
 * `commits push`: reads the local history with git and sends it to a running server over HTTP in
 * batches of 1000, waiting out rate limits. It never opens a database.
 */
export async function runCommitsPush(args: string[], out = process.stdout, err = process.stderr): Promise<number> {
  try {
    const { values } = parseArgs({
      args,
      strict: true,
      options: {
        project: { type: 'string' },
        since: { type: 'string' },
        url: { type: 'string', default: 'http://localhost:3000' },
        token: { type: 'string' },
        dir: { type: 'string', default: process.cwd() },
        'repo-url': { type: 'string' },
        json: { type: 'boolean' },
      },
    });
    const token = values.token ?? process.env.SHIPNOTE_TOKEN;
    if (!values.project) throw new PushError('--project is required');
    if (!token) throw new PushError('A token is required: --token or SHIPNOTE_TOKEN');
    const server = values.url.replace(/\/+$/, '');

    await checkProject(server, token, values.project);
    const history = await readHistory(values.dir, { since: values.since, repositoryUrl: values['repo-url']?.replace(/\/+$/, '') });
    const totals = { received: 0, added: 0, duplicates: 0 };
    for (let i = 0; i < history.length; i += COMMITS_PER_PUSH) {
      const result = await pushBatch(server, token, history.slice(i, i + COMMITS_PER_PUSH), err);
      totals.received += result.received;
      totals.added += result.added;
      totals.duplicates += result.duplicates;
    }
    const summary = { project: values.project, commits: history.length, ...totals };
    out.write(
      values.json
        ? JSON.stringify(summary) + '\n'
        : history.length === 0
          ? 'No commits to push.\n'
          : `Pushed ${history.length} commits to ${values.project}: ${totals.added} added, ${totals.duplicates} already recorded.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof PushError || error instanceof GitError || (error instanceof TypeError && 'code' in error)) {
      err.write(`Error: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** The token must belong to the project named on the command line: pushing elsewhere is a mistake. */
async function checkProject(server: string, token: string, slug: string) {
  const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server}/api/trpc`, headers: { authorization: `Bearer ${token}` } })] });
  const project = await client.projects.current.query().catch((error: unknown) => {
    const status = (error as { data?: { httpStatus?: number } }).data?.httpStatus;
    if (status === 401) throw new PushError(`${server} refused the token (401): invalid, revoked or expired`);
    throw new PushError(`Could not reach Shipnote at ${server}: ${describe(error)}`);
  });
  if (project.slug !== slug) throw new PushError(`The token belongs to project ${project.slug}, not ${slug}`);
}

async function pushBatch(server: string, token: string, commits: GitCommit[], err: NodeJS.WritableStream) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${server}/api/v1/commits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ commits }),
    }).catch((error: unknown) => {
      throw new PushError(`Could not reach Shipnote at ${server}: ${describe(error)}`);
    });
    const body = (await response.json().catch(() => ({}))) as { detail?: unknown; received: number; added: number; duplicates: number };
    if (response.ok) return body;
    if (response.status === 429 && attempt < MAX_RETRIES) {
      const wait = Math.min(Number(response.headers.get('retry-after')) || 60, 120);
      err.write(`Rate limited; retrying in ${wait} s\n`);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      continue;
    }
    throw new PushError(`${server} answered ${response.status}: ${JSON.stringify(body.detail ?? body)}`);
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
