import { z } from 'zod';

/**
 * The instants stored and read back as they were sent: PostgreSQL cannot read year 0 ("0000") or years
 * past 9999 ("+010000") as JavaScript writes them, and the driver reads years 1-99 back as 1901-1999.
 * Inputs outside years 1000-9999 (UTC) are refused with 422, not a 500 or a silently changed date.
 */
const FIRST_INSTANT = Date.parse('1000-01-01T00:00:00.000Z');
export const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const RANGE_MESSAGE = 'Must be between the years 1000 and 9999 (UTC)';

function isStorable(text: string): boolean {
  const time = Date.parse(text);
  // text that is no date at all already failed the format check: one issue, not two
  return Number.isNaN(time) || (time >= FIRST_INSTANT && time <= LAST_INSTANT);
}

/** True when the day a date or date-time names (its first 10 characters, as written) is storable. */
function isStorableDay(value: string): boolean {
  return isStorable(`${value.slice(0, 10)}T00:00:00.000Z`);
}

/** An ISO 8601 date-time with an offset, within the years 1000-9999 in UTC. */
export const ZInstant = z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date-time' }).refine(isStorable, RANGE_MESSAGE);

/** A date as YYYY-MM-DD, within the years 1000-9999. */
export const ZDay = z.iso.date({ message: 'Must be a date as YYYY-MM-DD' }).refine(isStorableDay, RANGE_MESSAGE);

/** A date, or a date-time of which only the date as written is kept: its range is the kept date's. */
export const ZDayOf = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { message: 'Must be a date as YYYY-MM-DD or an ISO 8601 date-time' })
  .refine(isStorableDay, RANGE_MESSAGE);
