import { repoLinks, repositoryOfCommitUrl } from './links';
import { parseMessage, type ParsedMessage } from './parse-message';
import type { SourceCommit, TDraftItem, TDraftSection, TGrouped } from './schemas';
import { HIDDEN_TYPES, SECTIONS, TYPE_LABELS, type TSectionKey } from './sections';

interface Parsed extends ParsedMessage {
  commit: SourceCommit;
}

export interface GroupOptions {
  period: { start: string; end: string };
  /** the project's configured repository; else the one commit URLs point into */
  repositoryUrl?: string | null;
  includeHidden?: boolean;
}

/**
 * Groups a window's commits into changelog sections, deterministically: the same commits give the same
 * sections whatever order they arrive in. Merge commits are counted but not listed (their changes are
 * the merged commits); a revert and the commit it undoes cancel out when both are in the window.
 */
export function groupCommits(commits: SourceCommit[], options: GroupOptions): TGrouped {
  const ordered = [...commits].sort((a, b) => a.authored_at.localeCompare(b.authored_at) || a.sha.localeCompare(b.sha));
  const parsed: Parsed[] = ordered.map((commit) => ({ ...parseMessage(commit.message), commit }));
  const cancelled = cancelReverts(parsed);
  const repositoryUrl = options.repositoryUrl ?? firstRepository(ordered);
  const links = repoLinks(repositoryUrl);

  const bySection = new Map<TSectionKey, TDraftItem[]>();
  let hiddenCount = 0;
  for (const entry of parsed) {
    if (entry.type === 'merge' || cancelled.has(entry)) continue;
    const key: TSectionKey = entry.breaking ? 'breaking' : entry.type;
    if (HIDDEN_TYPES.has(key) && !options.includeHidden) {
      hiddenCount++;
      continue;
    }
    bySection.set(key, [...(bySection.get(key) ?? []), toItem(entry, links)]);
  }

  const sections: TDraftSection[] = SECTIONS.filter((s) => bySection.has(s.key)).map((s) => ({
    key: s.key,
    title: s.title,
    items: bySection.get(s.key)!.sort(byScope),
  }));
  return {
    period_start: options.period.start,
    period_end: options.period.end,
    commit_count: commits.length,
    counts: countTypes(parsed),
    breaking_count: parsed.filter((p) => p.breaking && !cancelled.has(p)).length,
    sections,
    hidden_count: hiddenCount,
    reverted_count: cancelled.size,
    authors: creditedAuthors(parsed),
    repository_url: repositoryUrl,
  };
}

/** Newest revert first, so a revert of a revert cancels the revert and the original change stays. */
function cancelReverts(parsed: Parsed[]): Set<Parsed> {
  const cancelled = new Set<Parsed>();
  for (const revert of [...parsed].reverse()) {
    if (!revert.reverts || cancelled.has(revert)) continue;
    const { sha, header } = revert.reverts;
    const target = parsed.find(
      (p) =>
        p !== revert &&
        !cancelled.has(p) &&
        p.commit.authored_at <= revert.commit.authored_at &&
        (sha ? sameSha(p.commit.sha, sha) : firstLine(p.commit.message) === header),
    );
    if (target) cancelled.add(revert).add(target);
  }
  return cancelled;
}

function toItem(entry: Parsed, links: ReturnType<typeof repoLinks>): TDraftItem {
  const { commit } = entry;
  return {
    sha: commit.sha,
    type: entry.type,
    scope: entry.scope,
    text: capitalize(entry.subject),
    breaking: entry.breaking,
    breaking_note: entry.breakingNote ? capitalize(entry.breakingNote) : null,
    description: entry.description,
    pull_request: entry.pullRequest === null ? null : { number: entry.pullRequest, url: links.pull(entry.pullRequest) },
    issues: entry.issues.filter((n) => n !== entry.pullRequest).map((n) => ({ number: n, url: links.issue(n) })),
    commit_url: commit.url ?? links.commit(commit.sha),
    author_name: commit.author_name,
  };
}

/** Scoped items first, grouped by scope; time order within a scope (the sort is stable). */
function byScope(a: TDraftItem, b: TDraftItem): number {
  if (a.scope === b.scope) return 0;
  if (a.scope === null) return 1;
  if (b.scope === null) return -1;
  return a.scope.localeCompare(b.scope, 'en');
}

function countTypes(parsed: Parsed[]) {
  const counts = new Map<string, number>();
  for (const p of parsed) counts.set(p.type, (counts.get(p.type) ?? 0) + 1);
  return (Object.keys(TYPE_LABELS) as (keyof typeof TYPE_LABELS)[])
    .filter((type) => counts.has(type))
    .map((type) => ({ type, label: TYPE_LABELS[type], count: counts.get(type)!, hidden: type === 'merge' || HIDDEN_TYPES.has(type) }));
}

/** Everyone with a non-merge commit in the window, most commits first; bots are not credited. */
function creditedAuthors(parsed: Parsed[]): string[] {
  const commitsBy = new Map<string, number>();
  for (const p of parsed) {
    const name = p.commit.author_name?.trim();
    if (p.type === 'merge' || !name || /\[bot\]$/i.test(name)) continue;
    commitsBy.set(name, (commitsBy.get(name) ?? 0) + 1);
  }
  return [...commitsBy].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'en')).map(([name]) => name);
}

function firstRepository(commits: SourceCommit[]): string | null {
  for (const commit of commits) {
    const repository = repositoryOfCommitUrl(commit.url);
    if (repository) return repository;
  }
  return null;
}

/** Abbreviated SHAs match the full ones they start. */
function sameSha(a: string, b: string) {
  return a.length >= b.length ? a.startsWith(b) : b.startsWith(a);
}

function firstLine(message: string) {
  return message.trim().split(/\r?\n/)[0]!.trim();
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
