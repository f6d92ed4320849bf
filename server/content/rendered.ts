import { excerpt } from '../markdown/structure';

/**
 * The version of what pages and feeds show of an item: its markdown rendered and sanitized, its feed
 * entries, its summaries. Raise it with every change to that output (a test pins the output of a
 * sample to this number): stored renderings of an older version are rendered again when read, and
 * rewritten once by the startup job (rerender.ts), so a sanitizer fix reaches every saved item.
 */
export const RENDERED_VERSION = 4;

/** A rendering as it is stored: with the version that made it. */
export function stamped<R extends object>(rendering: R): R & { version: number } {
  return { ...rendering, version: RENDERED_VERSION };
}

/**
 * The stored rendering while it is of this version or a newer one (saved by a newer instance during a
 * rolling deploy); otherwise the item rendered again from its source.
 */
export function currentRendering<R extends { version?: number }>(stored: R | null, render: () => R): R {
  return isCurrent(stored) ? stored : render();
}

/** Whether a stored rendering is of this version or a newer one. */
export function isCurrent<R extends { version?: number }>(stored: R | null): stored is R {
  return stored !== null && (stored.version ?? 0) >= RENDERED_VERSION;
}

/** The stored link-preview summary while its rendering is current; else made as a save makes it (no full render for it). */
export function summaryOf(rendered: { version?: number; summary: string } | null, content: string): string {
  return isCurrent(rendered) ? rendered.summary : excerpt(content, 200);
}
