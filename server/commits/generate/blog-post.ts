import { renderItem } from './changelog';
import type { TDraftItem, TGrouped } from './schemas';
import { describePeriod, escapeMarkdown, joinWords, plural } from './text';

const HIGHLIGHTS_MAX = 8;

/** Listed items of the given types, breaking ones wherever they were filed. */
export function itemsOfType(grouped: TGrouped, type: string): TDraftItem[] {
  return grouped.sections.flatMap((s) => s.items).filter((item) => item.type === type);
}

/** What a reader should hear about first: breaking changes, then features and performance, else fixes. */
export function highlightsOf(grouped: TGrouped): TDraftItem[] {
  const breaking = grouped.sections.find((s) => s.key === 'breaking')?.items ?? [];
  const notable = [...breaking, ...itemsOfType(grouped, 'feat').filter((i) => !i.breaking), ...itemsOfType(grouped, 'perf').filter((i) => !i.breaking)];
  return notable.length > 0 ? notable : itemsOfType(grouped, 'fix');
}

/** "5 new features, 7 fixes and 1 performance improvement" (empty when none of those). */
export function tally(grouped: TGrouped): string {
  const parts = [
    [itemsOfType(grouped, 'feat').length, 'new feature', 'new features'],
    [itemsOfType(grouped, 'fix').length, 'fix', 'fixes'],
    [itemsOfType(grouped, 'perf').length, 'performance improvement', 'performance improvements'],
  ] as const;
  return joinWords(parts.filter(([n]) => n > 0).map(([n, one, many]) => plural(n, one, many)));
}

/** The blog post draft: a title (its first `# `), an introduction and the highlights. */
export function renderBlogPost(grouped: TGrouped): { title: string; content: string } {
  const period = describePeriod(grouped.period_start, grouped.period_end);
  const title = `What we shipped ${period.phrase}`;
  const highlights = highlightsOf(grouped);
  const shown = highlights.slice(0, HIGHLIGHTS_MAX);
  const listed = grouped.sections.reduce((n, s) => n + s.items.length, 0);
  const blocks = [`# ${title}`, introduction(grouped, period.phrase)];
  if (shown.length > 0) {
    blocks.push('## Highlights', shown.map((item) => renderItem(item, { commitLink: false })).join('\n'));
  }
  const rest = listed - shown.length;
  if (rest > 0) blocks.push(`Also in this release: ${plural(rest, 'more change', 'more changes')}. The changelog lists every one of them.`);
  if (grouped.authors.length > 0) blocks.push(`Thanks to ${joinWords(grouped.authors.map(escapeMarkdown))} for their work.`);
  return { title, content: blocks.join('\n\n') + '\n' };
}

function introduction(grouped: TGrouped, phrase: string): string {
  const what = tally(grouped);
  const people = grouped.authors.length > 0 ? ` from ${plural(grouped.authors.length, 'contributor', 'contributors')}` : '';
  const commits = `${plural(grouped.commit_count, 'commit', 'commits')}${people}`;
  const lines = [what ? `${capitalize(phrase)} we shipped ${what}, in ${commits}.` : `${capitalize(phrase)} we made ${commits}, mostly behind the scenes.`];
  if (grouped.breaking_count > 0) {
    lines.push(`Heads up: ${plural(grouped.breaking_count, 'breaking change needs', 'breaking changes need')} your attention; see below.`);
  }
  return lines.join(' ');
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
