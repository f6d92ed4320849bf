import { BANNER_LIMITS } from '../../banner/schemas';
import { highlightsOf, itemsOfType } from './blog-post';
import type { TGrouped } from './schemas';
import { describePeriod, fit, length, plainText, plural } from './text';

export const BANNER_CTA = "See what's new";

/** A proposed banner: exactly the fields of the banner domain's publish input, within its limits. */
export interface BannerProposal {
  headline: string;
  body: string;
  cta_label: string;
  badge: string;
  link_url: string | null;
  period_start: string;
  period_end: string;
  commit_count: number;
}

export function renderBanner(grouped: TGrouped, options: { linkUrl?: string | null } = {}): BannerProposal {
  const { label, phrase } = describePeriod(grouped.period_start, grouped.period_end);
  const features = itemsOfType(grouped, 'feat').length;
  const fixes = itemsOfType(grouped, 'fix').length;
  const counted = [features > 0 && plural(features, 'new feature', 'new features'), fixes > 0 && plural(fixes, 'fix', 'fixes')].filter(Boolean);
  const headline = counted.length > 0 ? `${label}: ${counted.join(' and ')}` : `What's new ${phrase}`;
  return {
    headline: fit(headline, BANNER_LIMITS.headline),
    body: bodyOf(grouped, phrase),
    cta_label: BANNER_CTA,
    badge: grouped.breaking_count > 0 ? 'Breaking' : 'New',
    link_url: options.linkUrl ?? null,
    period_start: grouped.period_start,
    period_end: grouped.period_end,
    commit_count: grouped.commit_count,
  };
}

/** One sentence: as many highlights as fit in 160 characters, then how many more there are. */
function bodyOf(grouped: TGrouped, phrase: string): string {
  const texts = highlightsOf(grouped).map((item) => plainText(item.text).replace(/[.\s]+$/, ''));
  if (texts.length === 0) return fit(`${plural(grouped.commit_count, 'commit', 'commits')} of maintenance ${phrase}.`, BANNER_LIMITS.body);
  for (let shown = texts.length; shown >= 1; shown--) {
    const more = texts.length - shown;
    const list = texts.slice(0, shown);
    const sentence = more > 0 ? `Highlights: ${list.join(', ')} and ${more} more.` : `Highlights: ${joinAll(list)}.`;
    if (length(sentence) <= BANNER_LIMITS.body) return sentence;
  }
  const more = texts.length - 1;
  const tail = more > 0 ? ` and ${more} more.` : '.';
  return `Highlights: ${fit(texts[0]!, BANNER_LIMITS.body - length('Highlights: ') - length(tail))}${tail}`;
}

function joinAll(list: string[]) {
  return list.length === 1 ? list[0]! : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}
