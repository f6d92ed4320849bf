/** The change types of Conventional Commits we know, after folding aliases (`feature` -> `feat`). */
export const COMMIT_TYPES = ['feat', 'fix', 'perf', 'refactor', 'docs', 'revert', 'build', 'ci', 'test', 'style', 'chore'] as const;
export type TCommitType = (typeof COMMIT_TYPES)[number];

/** What one commit message says, read without a model: the kind of change, its scope and references. */
export interface ParsedMessage {
  /** a known type; `other` for messages that are not conventional; `merge` for merge commits */
  type: TCommitType | 'other' | 'merge';
  scope: string | null;
  /** the header without type, scope and a trailing `(#123)`; the whole header when not conventional */
  subject: string;
  breaking: boolean;
  /** the text of a `BREAKING CHANGE:` footer */
  breakingNote: string | null;
  /** a revert: the commit it names (`This reverts commit <sha>.`) and the header it quotes */
  reverts: { sha: string | null; header: string | null } | null;
  /** a trailing `(#123)` or `Merge pull request #123`: the pull request the commit came from */
  pullRequest: number | null;
  /** `Closes #12`, `Fixes #3, #4`, `Refs #5` in the body */
  issues: number[];
  /** the body's paragraphs before its footers (`Token: value`, `BREAKING CHANGE: ...`), as written */
  description: string | null;
}

const ALIASES: Record<string, TCommitType> = { feature: 'feat', bugfix: 'fix', tests: 'test', doc: 'docs', performance: 'perf' };
const HEADER = /^([a-zA-Z]+)(?:\(([^()\r\n]*)\))?(!)?:[ \t]*(\S.*)$/;
const MERGE = /^Merge (?:pull request #(\d+) from|branch |remote-tracking branch |tag |commit |[0-9a-f]{7,64}\b|'|")/;
const GIT_REVERT = /^Revert "(.+)"$/;
const REVERTS_SHA = /This reverts commit ([0-9a-fA-F]{7,64})/;
const TRAILING_PR = /\s*\(#(\d+)\)\s*$/;
const BREAKING_FOOTER = /^BREAKING[ -]CHANGE:[ \t]*(.*)$/;
const ISSUE_KEYWORDS = /^(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?|refs?|see)\b:?\s+((?:#\d+[\s,]*(?:and\s+)?)+)/gim;
const OPENS_WITH_ISSUE_REF = new RegExp(ISSUE_KEYWORDS.source, 'i');
// a footer token starts a new footer: `Token: value` or `Token #value` (git trailer convention)
const FOOTER_TOKEN = /^(?:[A-Za-z][\w-]*|BREAKING CHANGE)(?::\s|\s#)/;

export function parseMessage(message: string): ParsedMessage {
  const lines = message.replace(/\r\n?/g, '\n').trim().split('\n');
  const header = (lines[0] ?? '').trim();
  const body = lines.slice(1);
  const base = { breakingNote: breakingNoteOf(body), issues: issuesOf(body.join('\n')), description: descriptionOf(body), reverts: null };

  const merge = MERGE.exec(header);
  if (merge) return { ...base, type: 'merge', scope: null, subject: header, breaking: false, pullRequest: num(merge[1]) };

  const gitRevert = GIT_REVERT.exec(header);
  if (gitRevert) {
    const inner = parseMessage(gitRevert[1]!);
    const reverts = { sha: revertedShaOf(body), header: gitRevert[1]! };
    return { ...base, type: 'revert', scope: inner.scope, subject: inner.subject, breaking: false, reverts, pullRequest: trailingPr(header) };
  }

  const match = HEADER.exec(header);
  const typeWord = match?.[1]!.toLowerCase() ?? '';
  const type = (COMMIT_TYPES as readonly string[]).includes(typeWord) ? (typeWord as TCommitType) : ALIASES[typeWord];
  if (!match || !type) {
    return { ...base, type: 'other', scope: null, subject: stripPr(header), breaking: base.breakingNote !== null, pullRequest: trailingPr(header) };
  }
  const subject = stripPr(match[4]!);
  // `revert: fix(auth): x` quotes the header it undoes: list it by that header's scope and subject
  const quoted = type === 'revert' ? parseMessage(subject) : null;
  const reverts = quoted ? { sha: revertedShaOf(body), header: subject } : null;
  const inner = quoted && quoted.type !== 'other' ? quoted : null;
  return {
    ...base,
    type,
    scope: match[2]?.trim() || inner?.scope || null,
    subject: inner?.subject ?? subject,
    breaking: match[3] === '!' || base.breakingNote !== null,
    reverts,
    pullRequest: trailingPr(header),
  };
}

function breakingNoteOf(body: string[]): string | null {
  const start = body.findIndex((line) => BREAKING_FOOTER.test(line));
  if (start === -1) return null;
  const note = [BREAKING_FOOTER.exec(body[start]!)![1]!];
  for (const line of body.slice(start + 1)) {
    if (line.trim() === '' || FOOTER_TOKEN.test(line)) break;
    note.push(line.trim());
  }
  return note.join(' ').trim();
}

/** Paragraphs up to the first one that opens with a footer or an issue reference (`Closes #3`). */
function descriptionOf(body: string[]): string | null {
  const paragraphs = body.join('\n').split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const end = paragraphs.findIndex((p) => FOOTER_TOKEN.test(p) || BREAKING_FOOTER.test(p) || OPENS_WITH_ISSUE_REF.test(p));
  const kept = end === -1 ? paragraphs : paragraphs.slice(0, end);
  return kept.length > 0 ? kept.join('\n\n') : null;
}

function issuesOf(body: string): number[] {
  const found = new Set<number>();
  for (const match of body.matchAll(ISSUE_KEYWORDS)) {
    for (const ref of match[1]!.matchAll(/#(\d+)/g)) found.add(Number(ref[1]));
  }
  return [...found];
}

function revertedShaOf(body: string[]): string | null {
  return REVERTS_SHA.exec(body.join('\n'))?.[1]?.toLowerCase() ?? null;
}

function trailingPr(header: string): number | null {
  return num(TRAILING_PR.exec(header)?.[1]);
}

function stripPr(text: string): string {
  return text.replace(TRAILING_PR, '').trim();
}

function num(value: string | undefined): number | null {
  return value ? Number(value) : null;
}
