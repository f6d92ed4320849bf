'use client';
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False while the server renders and the browser hydrates, true in the browser from then on. */
export function useIsClient(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/** How much of a time to show: the default is date and minute. */
const STYLES = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'medium' },
  seconds: { dateStyle: 'medium', timeStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** What the server can say without the reader's zone: the same parts, in UTC. */
const UTC_PARTS: Record<keyof typeof STYLES, (iso: string) => string> = {
  dateTime: (iso) => `${iso.slice(0, 16).replace('T', ' ')} UTC`,
  date: (iso) => iso.slice(0, 10),
  time: (iso) => `${iso.slice(11, 19)} UTC`,
  seconds: (iso) => `${iso.slice(0, 19).replace('T', ' ')} UTC`,
};

/**
 * A time in the reader's own time zone. The server cannot know it: it renders the time in UTC, and the
 * browser shows its local time as soon as the page hydrates, so the two renders never disagree.
 */
export function LocalTime({ iso, style = 'dateTime' }: { iso: string; style?: keyof typeof STYLES }) {
  const client = useIsClient();
  return <time dateTime={iso}>{client ? new Date(iso).toLocaleString('en', STYLES[style]) : UTC_PARTS[style](iso)}</time>;
}
