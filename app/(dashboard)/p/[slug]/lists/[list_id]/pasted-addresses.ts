/**
 * The addresses in text pasted from a spreadsheet, a mail client or a plain list. Entries are separated
 * by commas, semicolons or line breaks (not inside quotes); within an entry, `Name <address>` is read as
 * the address, words with an `@` as addresses too, and without angle brackets every word is an address
 * (so a typo is reported, not dropped). Quotes and brackets around a word go. Repeats (in any case) are
 * kept once and counted, since the list would skip them silently. Linear in the text's length.
 */
export function pastedAddresses(text: string): { emails: string[]; repeated: number } {
  const seen = new Set<string>();
  const emails: string[] = [];
  let repeated = 0;
  for (const entry of entriesOf(text)) {
    const bracketed = [...entry.matchAll(/<([^<>]*)>/g)].map((match) => match[1]!.trim()).filter(Boolean);
    const words = entry.replace(/<[^<>]*>/g, ' ').split(/\s+/).map(unwrapped).filter(Boolean);
    // beside an <address>, the words without @ are its display name
    for (const candidate of bracketed.length ? [...words.filter((word) => word.includes('@')), ...bracketed] : words) {
      const key = candidate.toLowerCase();
      if (seen.has(key)) repeated++;
      else {
        seen.add(key);
        emails.push(candidate);
      }
    }
  }
  return { emails, repeated };
}

/** The text cut at commas, semicolons and line breaks outside double quotes. */
function entriesOf(text: string): string[] {
  const entries: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ',' || c === ';' || c === '\n' || c === '\r')) {
      entries.push(text.slice(start, i));
      start = i + 1;
    }
  }
  entries.push(text.slice(start));
  return entries;
}

const WRAPPERS = new Set(['"', "'", '[', ']', '(', ')', '{', '}']);

/** A word without the quotes or brackets a CSV cell or a JSON array put around it. */
function unwrapped(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && WRAPPERS.has(word[start]!)) start++;
  while (end > start && WRAPPERS.has(word[end - 1]!)) end--;
  return word.slice(start, end);
}
