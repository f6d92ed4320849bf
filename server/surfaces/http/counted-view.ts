import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Set by the HTTP front on a public page it hands to Next after counting the view against the visitor's
 * public limit itself: the page's procedures then do not count it again, and a visitor past the limit
 * gets the front's 429 instead of a page that fails to render. The front drops any copy a client sends.
 */
export const COUNTED_VIEW_HEADER = 'x-shipnote-counted-view';

declare global {
  var __shipnoteCountedViewProof: Buffer | undefined;
}

/** A value per process, so the header means nothing to anyone but this process's front. */
function proof(): Buffer {
  return (globalThis.__shipnoteCountedViewProof ??= randomBytes(16));
}

export function countedViewProof(): string {
  return proof().toString('hex');
}

export function isCountedView(headers: { get(name: string): string | null }): boolean {
  const sent = Buffer.from(headers.get(COUNTED_VIEW_HEADER) ?? '', 'hex');
  return sent.length === proof().length && timingSafeEqual(sent, proof());
}
