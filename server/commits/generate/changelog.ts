import type { TDraftItem, TGrouped } from './schemas';
import { describePeriod, escapeMarkdown, joinWords, markdownUrl, plural } from './text';

export interface ChangelogDraft {
  title: string;
  content: string;
}

/**
 * The changelog draft: a summary line, then one `## ` section per kind of change with one list item per
 * change (the feed turns each item into an entry), then the contributors.
 */
export function renderChangelog(grouped: TGrouped): ChangelogDraft {
  const period = describePeriod(grouped.period_start, grouped.period_end);
  const blocks = [summaryOf(grouped, period.phrase)];
  for (const section of grouped.sections) {
    blocks.push(`## ${section.title}`, section.items.map((item) => renderItem(item)).join('\n'));
  }
  if (grouped.authors.length > 0) blocks.push('## Contributors', `Thanks to ${joinWords(grouped.authors.map(escapeMarkdown))}.`);
  return { title: `Changes ${period.phrase}`, content: blocks.join('\n\n') + '\n' };
}

function summaryOf(grouped: TGrouped, phrase: string): string {
  const listed = grouped.sections.reduce((n, s) => n + s.items.length, 0);
  const lines = [`${plural(grouped.commit_count, 'commit', 'commits')} ${phrase}.`];
  if (listed === 0) lines.push('Nothing user-facing changed in this period.');
  if (grouped.hidden_count > 0) {
    lines.push(`${plural(grouped.hidden_count, 'maintenance commit', 'maintenance commits')} (build, CI, tests, style, chores) not listed.`);
  }
  return lines.join(' ');
}

/** `- **scope:** Text ([#12](…), closes [#3](…))` or `… ([abc1234](…))`, with a breaking note below it. */
export function renderItem(item: TDraftItem, options: { commitLink?: boolean } = {}): string {
  const scope = item.scope ? `**${escapeMarkdown(item.scope)}:** ` : '';
  const refs = [
    ...(item.pull_request ? [link(`#${item.pull_request.number}`, item.pull_request.url)] : []),
    ...(item.issues.length ? [`closes ${item.issues.map((i) => link(`#${i.number}`, i.url)).join(', ')}`] : []),
  ];
  const shortSha = item.sha.slice(0, 7);
  // the pull request is the better reference; a commit link only for changes pushed without one
  const commitLink = options.commitLink !== false && !item.pull_request && item.commit_url;
  const commit = commitLink ? ` ([${shortSha}](${markdownUrl(item.commit_url!)}))` : '';
  const line = `- ${scope}${escapeMarkdown(item.text)}${refs.length ? ` (${refs.join(', ')})` : ''}${commit}`;
  return item.breaking_note ? `${line}\n\n  ${escapeMarkdown(item.breaking_note)}` : line;
}

function link(label: string, url: string | null) {
  return url ? `[${label}](${markdownUrl(url)})` : label;
}
