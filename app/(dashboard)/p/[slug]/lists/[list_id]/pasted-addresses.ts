/**
 * The addresses in text pasted from a spreadsheet, a mail client or a plain list: separated by commas,
 * semicolons, spaces or line breaks, and `Name <address>` or `"Last, First" <address>` read as the
 * address alone. Repeats (in any case) are kept once and counted, since the list would skip them silently.
 */
export function pastedAddresses(text: string): { emails: string[]; repeated: number } {
  const bare = text
    .replace(/"(?:[^"\\]|\\.)*"/g, ' ') // quoted display names, which may hold commas
    .replace(/[^,;\n<>]*<([^<>]*)>/g, ' $1 '); // Name <address> -> address
  const seen = new Set<string>();
  const emails: string[] = [];
  let repeated = 0;
  for (const entry of bare.split(/[\s,;]+/).filter(Boolean)) {
    const key = entry.toLowerCase();
    if (seen.has(key)) repeated++;
    else {
      seen.add(key);
      emails.push(entry);
    }
  }
  return { emails, repeated };
}
