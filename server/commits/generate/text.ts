const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A window in words, without the machine's locale: "March 2025", "March 3 to 16, 2025", "March 3, 2025". */
export function describePeriod(start: string, end: string): { label: string; phrase: string } {
  const [sy, sm, sd] = parts(start);
  const [ey, em, ed] = parts(end);
  if (start === end) return { label: `${MONTHS[sm]} ${sd}, ${sy}`, phrase: `on ${MONTHS[sm]} ${sd}, ${sy}` };
  if (sy === ey && sm === em && sd === 1 && ed === lastDayOf(ey, em)) return { label: `${MONTHS[sm]} ${sy}`, phrase: `in ${MONTHS[sm]} ${sy}` };
  const range =
    sy !== ey
      ? `${MONTHS[sm]} ${sd}, ${sy} to ${MONTHS[em]} ${ed}, ${ey}`
      : sm !== em
        ? `${MONTHS[sm]} ${sd} to ${MONTHS[em]} ${ed}, ${ey}`
        : `${MONTHS[sm]} ${sd} to ${ed}, ${ey}`;
  return { label: range, phrase: `from ${range}` };
}

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y!, m! - 1, d!];
}

function lastDayOf(year: number, month: number) {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** "3 fixes", "1 fix". */
export function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/** "a", "a and b", "a, b and c". */
export function joinWords(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * Commit text as markdown: backtick code spans are kept, other characters that would make links, HTML,
 * emphasis or headings are escaped (the renderer sanitizes anyway; this keeps the text as written).
 */
export function escapeMarkdown(text: string): string {
  return text
    .split(/(`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? part : escapeText(part)))
    .join('');
}

// an underscore inside a word (snake_case) never starts emphasis in GFM, so it stays readable as is
function escapeText(text: string): string {
  return text
    .replace(/([\\<>[\]*~|])/g, '\\$1')
    .replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, '\\_')
    .replace(/^([#+-]|\d+\.)(\s)/, '\\$1$2');
}

/**
 * Commit text where no markdown is rendered (a knowledge-base title, the banner): the one markdown commit
 * texts use, backtick code spans, loses its backticks; anything else stays as written, as in the drafts.
 */
export function plainText(text: string): string {
  return text.replace(/`([^`\n]+)`/g, '$1');
}

/** At most `max` characters (code points), cut at a word with an ellipsis when it has to be cut. */
export function fit(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

export function length(text: string) {
  return [...text].length;
}

/** A URL that cannot end a markdown link early. */
export function markdownUrl(url: string): string {
  return url.replace(/[()<>\s\\[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
