import { z } from 'zod';
import { AppError } from '../../errors';
import { MESSAGE_MAX, ZCommitInput, type TCommitInput } from '../schemas';

/** The parts of GitHub's push event we read; everything else in the payload is ignored. */
const ZPushPayload = z.object({
  ref: z.string(),
  deleted: z.boolean().optional(),
  repository: z.object({ html_url: z.string().nullish(), default_branch: z.string().nullish() }),
  commits: z
    .array(
      z.object({
        id: z.string(),
        message: z.string(),
        timestamp: z.string(),
        url: z.string().nullish(),
        author: z.object({ name: z.string().nullish(), email: z.string().nullish() }).nullish(),
      }),
    )
    .default([]),
});

export interface PushEvent {
  /** false for pushes to other branches, tags and branch deletions: nothing to record */
  onDefaultBranch: boolean;
  repositoryUrl: string | null;
  commits: TCommitInput[];
}

/** The delivered body, JSON or `payload=<json>` (the form content type GitHub also offers). */
export function parseDeliveryBody(body: string, contentType: string | null): unknown {
  const json = contentType?.includes('application/x-www-form-urlencoded') ? new URLSearchParams(body).get('payload') ?? '' : body;
  try {
    return JSON.parse(json);
  } catch {
    throw new AppError('BAD_REQUEST', 'The delivery body is not JSON');
  }
}

export function readPushEvent(payload: unknown): PushEvent {
  const parsed = ZPushPayload.safeParse(payload);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'Not a GitHub push event payload');
  const { ref, deleted, repository } = parsed.data;
  const onDefaultBranch = !deleted && !!repository.default_branch && ref === `refs/heads/${repository.default_branch}`;
  const commits = z.array(ZCommitInput).safeParse(
    parsed.data.commits.map((c) => ({
      sha: c.id,
      message: c.message.slice(0, MESSAGE_MAX) || '(no message)',
      author_name: c.author?.name?.slice(0, 200) || null,
      author_email: c.author?.email?.slice(0, 320) || null,
      authored_at: c.timestamp,
      url: c.url || null,
    })),
  );
  if (!commits.success) throw new AppError('BAD_REQUEST', `A commit of the push is invalid: ${commits.error.issues[0]!.message}`);
  // the repository URL becomes the base of links: only a plain http(s) address is kept
  const repositoryUrl = repository.html_url && /^https?:\/\/[^\s\u0000]{1,2040}$/.test(repository.html_url) ? repository.html_url : null;
  return { onDefaultBranch, repositoryUrl, commits: commits.data };
}
