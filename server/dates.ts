import { z } from 'zod';

/**
 * The instants PostgreSQL accepts as JavaScript writes them: year 0 is "0000" (PostgreSQL has no year 0)
 * and years past 9999 are "+010000", which it cannot read. Inputs outside are refused, not a 500.
 */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
export const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const RANGE_MESSAGE = 'Must be between the years 1 and 9999 (UTC)';

function isStorable(text: string): boolean {
  const time = Date.parse(text);
  // text that is no date at all already failed the format check: one issue, not two
  return Number.isNaN(time) || (time >= FIRST_INSTANT && time <= LAST_INSTANT);
}

/** An ISO 8601 date-time with an offset, within the years 1-9999 in UTC. */
export const ZInstant = z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date-time' }).refine(isStorable, RANGE_MESSAGE);

/** A date as YYYY-MM-DD, within the years 1-9999. */
export const ZDay = z.iso.date({ message: 'Must be a date as YYYY-MM-DD' }).refine((day) => isStorable(`${day}T00:00:00.000Z`), RANGE_MESSAGE);
