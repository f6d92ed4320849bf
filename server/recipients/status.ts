import type { RecipientStatus } from '@/db/schema/mailing-lists';
import { AppError } from '../errors';
import { STATUSES } from './schemas';

/** The `status` query of list and export: absent or empty means every status; anything else unknown is a 400. */
export function parseStatusFilter(status: string | undefined): RecipientStatus | undefined {
  if (status === undefined || status === '') return undefined;
  if ((STATUSES as readonly string[]).includes(status)) return status as RecipientStatus;
  throw new AppError('BAD_REQUEST', `Unknown status "${status}"; use active, removed or unsubscribed`);
}
