import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { SuppressionReason } from '@/db/schema';

export interface SuppressionEvent {
  projectId: string;
  email: string;
  reason: SuppressionReason;
  source: string;
  detail?: string | null;
}

/**
 * Puts the address on the list or counts one more event. While the row is active the stronger reason
 * stays (complaint over hard bounce over manual); a removed row comes back with the new event's reason.
 */
export async function recordSuppression(db: DbOrTx, event: SuppressionEvent) {
  const email = event.email.trim().toLowerCase();
  // a provider's text: never a NUL or a lone surrogate, which PostgreSQL cannot store
  const detail = event.detail?.replace(/\u0000/g, '').slice(0, 500).toWellFormed() ?? null;
  const rank = (reason: SQL) => sql`array_position(array['manual','hard_bounce','complaint']::text[], ${reason})`;
  await db.execute(sql`
    insert into email_suppressions (project_id, email, reason, source, detail)
    values (${event.projectId}::uuid, ${email}, ${event.reason}, ${event.source}, ${detail})
    on conflict (project_id, email) do update set
      reason = case when email_suppressions.removed_at is null
        and ${rank(sql`email_suppressions.reason`)} > ${rank(sql`excluded.reason`)} then email_suppressions.reason else excluded.reason end,
      source = excluded.source, detail = excluded.detail, last_event_at = now(),
      event_count = email_suppressions.event_count + 1,
      removed_at = null, removal_reason = null, removed_by = null, updated_at = now()`);
}

/** SQL: the active suppression reason of `emailColumn` in the project, or null. */
export const suppressionOf = (projectId: string, emailColumn: SQL) => sql`(
  select s.reason from email_suppressions s
  where s.project_id = ${projectId}::uuid and s.email = ${emailColumn} and s.removed_at is null)`;

/** How the ledger and the send report name each reason. */
export const SKIP_REASON: Record<SuppressionReason, string> = {
  hard_bounce: 'Suppressed: the address bounced (hard bounce)',
  complaint: 'Suppressed: the recipient reported an email as spam',
  manual: 'Suppressed: added to the suppression list by hand',
};
