import { CONTENT_LIMITS } from '../../content/limits';
import type { TDraftItem, TGrouped } from './schemas';
import { describePeriod, escapeMarkdown, fit, markdownUrl, plainText } from './text';

/** The category of an article whose commit named no scope. */
export const UNSCOPED_CATEGORY = 'General';
export const MIGRATION_HEADING = '### Migration notes';
export const NO_MIGRATION_NOTES = '_The commit gave no migration notes: describe here what users must change._';

// a body must stay within the content domain's 20,000 characters even after escaping doubles it
const DESCRIPTION_MAX = 6_000;
const NOTE_MAX = 3_000;

export interface KbArticleDraft {
  category: string;
  title: string;
  body: string;
}

/** Exactly the fields of the content domain's save_kb_set input. */
export interface KbSetDraft {
  title: string;
  articles: KbArticleDraft[];
}

/**
 * The knowledge-base draft: one article per breaking change (whatever its type) and per feature, its scope
 * as the category; fixes, performance and maintenance commits get none. Breaking ones come first and
 * carry migration notes from their `BREAKING CHANGE:` footer.
 */
export function renderKbSet(grouped: TGrouped): KbSetDraft {
  const { phrase } = describePeriod(grouped.period_start, grouped.period_end);
  const items = ['breaking', 'feat'].flatMap((key) => grouped.sections.find((s) => s.key === key)?.items ?? []);
  return { title: fit(`New ${phrase}`, CONTENT_LIMITS.title), articles: items.map((item) => articleOf(item, phrase)) };
}

function articleOf(item: TDraftItem, phrase: string): KbArticleDraft {
  const blocks: string[] = [];
  if (item.breaking) blocks.push('**Breaking change.** Read the migration notes before you update.');
  if (item.description) blocks.push(prose(fit(item.description, DESCRIPTION_MAX)));
  blocks.push(`${item.breaking ? 'Changed' : 'New'} ${phrase}${reference(item)}.`);
  // the notes end the article, so what a reviewer adds at the end belongs to them
  if (item.breaking) blocks.push(MIGRATION_HEADING, item.breaking_note ? escapeMarkdown(fit(item.breaking_note, NOTE_MAX)) : NO_MIGRATION_NOTES);
  return {
    category: fit(item.scope ?? UNSCOPED_CATEGORY, CONTENT_LIMITS.category),
    title: fit(plainText(item.text), CONTENT_LIMITS.title),
    body: blocks.join('\n\n') + '\n',
  };
}

/** ` ([#12](…))` for the pull request, else ` ([abc1234](…))` for the commit, else nothing. */
function reference(item: TDraftItem): string {
  if (item.pull_request) {
    const label = `#${item.pull_request.number}`;
    return ` (${item.pull_request.url ? `[${label}](${markdownUrl(item.pull_request.url)})` : label})`;
  }
  return item.commit_url ? ` ([${item.sha.slice(0, 7)}](${markdownUrl(item.commit_url)}))` : '';
}

/**
 * A commit body as markdown: escaped like every commit text, list lines (`- `, `* `) kept as a list,
 * other lines of a paragraph joined (git wraps bodies at 72 columns).
 */
function prose(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const lines = paragraph.split('\n').map((line) => line.trim());
      const listed = lines.map((line) => /^[-*]\s+/.exec(line) && `- ${escapeMarkdown(line.replace(/^[-*]\s+/, ''))}`);
      return lines.every((_, i) => listed[i]) ? listed.join('\n') : escapeMarkdown(lines.join(' '));
    })
    .join('\n\n');
}
