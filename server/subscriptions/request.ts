import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { pendingSubscriptions, projects, recipients } from '@/db/schema';
import { generateSecret, hashSecret } from '../auth/tokens';
import { config } from '../config';
import { AppError } from '../errors';
import { getRateLimiter } from '../rate-limit/enforce';
import { normalizeEmail } from '../recipients/email';
import { suppressionOf } from '../suppressions/internal';
import { sendConfirmationEmail } from './emails';
import { findPublicForm } from './internal';
import { SUBSCRIBE_LIMITS, type TSubscribeInput, type TSubscribeResult } from './schemas';

export const ACCEPTED: TSubscribeResult = { status: 'check_email' };

/**
 * A public form submission. Whatever the address's state the caller learns nothing: the answer is the
 * same, nothing about a recipient changes here, and the confirmation email (only to an address that is
 * new or removed and not suppressed, at most once a day per list) is sent after the answer. `delivery` is that email.
 */
export async function requestSubscription({ ctx, input }: { ctx: { db: Database }; input: TSubscribeInput }) {
  const email = normalizeEmail(input.email);
  if (!email) throw new AppError('VALIDATION', 'Enter a valid email address', ['body', 'email']);
  const form = await findPublicForm(ctx.db, input.project);
  if (!form) throw new AppError('NOT_FOUND', 'This project has no subscribe form');
  const silent = { answer: ACCEPTED, delivery: null };
  // many clients naming one address: accepted and dropped, so the answer still tells nothing
  if (config.rateLimitEnabled && !(await getRateLimiter().check('subscribeAddress', `${form.listId}:${email}`)).allowed) return silent;

  const token = generateSecret('');
  const due = await ctx.db.transaction(async (tx) => {
    const [recipient] = await tx
      .select({ status: recipients.status })
      .from(recipients)
      .where(and(eq(recipients.listId, form.listId), eq(recipients.projectId, form.projectId), eq(recipients.email, email)));
    // active: nothing to confirm; unsubscribed: never changed by anyone but the recipient
    if (recipient && recipient.status !== 'removed') return false;
    // an address that bounced or complained gets nothing from this project, confirmations included
    const [suppressed] = await tx
      .select({ reason: sql<string | null>`${suppressionOf(form.projectId, sql`${email}`)}` })
      .from(projects)
      .where(eq(projects.id, form.projectId));
    if (suppressed?.reason) return false;
    const fresh = {
      tokenHash: hashSecret(token),
      expiresAt: sql`now() + make_interval(hours => ${SUBSCRIBE_LIMITS.linkHours})`,
      lastSentAt: sql`now()`,
      confirmedAt: null,
    };
    const written = await tx
      .insert(pendingSubscriptions)
      .values({ listId: form.listId, projectId: form.projectId, email, ...fresh })
      .onConflictDoUpdate({
        target: [pendingSubscriptions.listId, pendingSubscriptions.email],
        set: fresh,
        // a used link does not count: the address was removed since, and asks again
        setWhere: sql`${pendingSubscriptions.confirmedAt} is not null or ${pendingSubscriptions.lastSentAt} <= now() - make_interval(hours => ${SUBSCRIBE_LIMITS.resendHours})`,
      })
      .returning({ id: pendingSubscriptions.id });
    return written.length > 0;
  });
  if (!due) return silent;
  return { answer: ACCEPTED, delivery: sendConfirmationEmail({ projectId: form.projectId, projectName: form.projectName, listName: form.listName, email, token }) };
}
