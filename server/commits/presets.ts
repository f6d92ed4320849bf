import { ZDay } from '../dates';

export interface DayWindow {
  since: string;
  until: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** The windows the dashboard offers in one click, in UTC days. */
export function presetWindows(now = new Date()): (DayWindow & { label: string })[] {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const lastMonthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  return [
    { label: 'Last 7 days', since: day(addDays(today, -6)), until: day(today) },
    { label: 'Last 30 days', since: day(addDays(today, -29)), until: day(today) },
    { label: 'This month', since: day(monthStart), until: day(today) },
    { label: 'Last month', since: day(lastMonthStart), until: day(addDays(monthStart, -1)) },
  ];
}

/**
 * The window of the page's query string; anything missing or malformed falls back to the last 30 days,
 * and days given in the wrong order are read as the window between them.
 */
export function windowFromQuery(query: { since?: unknown; until?: unknown }, now = new Date()): DayWindow {
  const fallback = presetWindows(now)[1]!;
  const since = ZDay.safeParse(query.since);
  const until = ZDay.safeParse(query.until);
  if (!since.success || !until.success) return { since: fallback.since, until: fallback.until };
  return since.data <= until.data ? { since: since.data, until: until.data } : { since: until.data, until: since.data };
}
