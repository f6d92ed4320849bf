'use client';
import { useSyncExternalStore } from 'react';
import { formatTime } from './format';

const noSubscription = () => () => {};

/** False while the server renders and the browser hydrates, true in the browser from then on. */
export function useIsClient(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/**
 * A time in the reader's own time zone. The server cannot know it: it renders the UTC minute, and the
 * browser shows its local time as soon as the page hydrates, so the two renders never disagree.
 */
export function LocalTime({ iso }: { iso: string }) {
  const client = useIsClient();
  return <time dateTime={iso}>{client ? formatTime(iso) : `${iso.slice(0, 16).replace('T', ' ')} UTC`}</time>;
}
