/** Text on one line: a line break would end a heading or a list item early. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Markdown kept as written, ending with a line break so the next block starts on a line of its own. */
export function asBlock(markdown: string): string {
  return markdown.endsWith('\n') ? markdown : `${markdown}\n`;
}

/** Link text that cannot close the link early: `[`, `]` and `\` escaped. */
export function linkText(text: string): string {
  return oneLine(text).replace(/[[\]\\]/g, (c) => `\\${c}`);
}
