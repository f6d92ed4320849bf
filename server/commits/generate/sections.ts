import type { TCommitType } from './parse-message';

export type TSectionKey = 'breaking' | TCommitType | 'other';

/** Sections in the order a reader wants them; `hidden` ones are left out unless asked for. */
export const SECTIONS: { key: TSectionKey; title: string; hidden: boolean }[] = [
  { key: 'breaking', title: 'Breaking changes', hidden: false },
  { key: 'feat', title: 'Features', hidden: false },
  { key: 'fix', title: 'Fixes', hidden: false },
  { key: 'perf', title: 'Performance', hidden: false },
  { key: 'revert', title: 'Reverts', hidden: false },
  { key: 'refactor', title: 'Refactoring', hidden: false },
  { key: 'docs', title: 'Documentation', hidden: false },
  { key: 'other', title: 'Other changes', hidden: false },
  { key: 'build', title: 'Build', hidden: true },
  { key: 'ci', title: 'CI', hidden: true },
  { key: 'test', title: 'Tests', hidden: true },
  { key: 'style', title: 'Style', hidden: true },
  { key: 'chore', title: 'Chores', hidden: true },
];

/** Labels of the per-type counts the dashboard shows (merge commits are counted, never listed). */
export const TYPE_LABELS: Record<TCommitType | 'other' | 'merge', string> = {
  feat: 'Features',
  fix: 'Fixes',
  perf: 'Performance',
  revert: 'Reverts',
  refactor: 'Refactoring',
  docs: 'Documentation',
  other: 'Other',
  build: 'Build',
  ci: 'CI',
  test: 'Tests',
  style: 'Style',
  chore: 'Chores',
  merge: 'Merges',
};

export const HIDDEN_TYPES = new Set(SECTIONS.filter((s) => s.hidden).map((s) => s.key));
