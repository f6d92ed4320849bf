/**
 * Links follow GitHub's layout (`/pull/N`, `/issues/N`, `/commit/SHA`), which Gitea and Forgejo share;
 * without a repository URL references stay plain `#N` text.
 */
export function repoLinks(repositoryUrl: string | null) {
  const base = repositoryUrl?.replace(/\/+$/, '') ?? null;
  return {
    pull: (n: number) => (base ? `${base}/pull/${n}` : null),
    issue: (n: number) => (base ? `${base}/issues/${n}` : null),
    commit: (sha: string) => (base ? `${base}/commit/${sha}` : null),
  };
}

const COMMIT_URL = /^(https?:\/\/[^/\s]+\/[^/\s]+\/[^/\s]+)\/(?:-\/)?commits?\/[0-9a-fA-F]{7,64}\/?$/;

/** The repository a commit URL points into (`https://github.com/o/r/commit/abc` -> `https://github.com/o/r`). */
export function repositoryOfCommitUrl(url: string | null | undefined): string | null {
  return (url && COMMIT_URL.exec(url)?.[1]) || null;
}

/**
 * A browsable https URL for a git remote (`git@github.com:o/r.git`, `https://user:token@host/o/r.git`);
 * credentials are dropped so they never travel. Null for local paths and unknown forms.
 */
export function browsableRemote(remote: string): string | null {
  const trimmed = remote.trim();
  const scp = /^(?:[\w.-]+@)?([\w.-]+\.[a-z]{2,}):(?!\/\/)([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/i.exec(trimmed);
  if (scp) return `https://${scp[1]}/${scp[2]}`;
  try {
    const url = new URL(trimmed);
    if (!['https:', 'http:', 'ssh:', 'git:'].includes(url.protocol)) return null;
    const path = url.pathname.replace(/\.git\/?$/, '').replace(/\/+$/, '');
    if (!/^\/[^/]+\/[^/]+/.test(path)) return null;
    const web = url.protocol === 'http:' || url.protocol === 'https:' ? `${url.protocol}//${url.host}` : `https://${url.hostname}`;
    return web + path;
  } catch {
    return null;
  }
}
