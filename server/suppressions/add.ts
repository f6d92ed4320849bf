import { and, eq } from 'drizzle-orm';
import { emailSuppressions } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { AppError } from '../errors';
import { normalizeEmail } from '../recipients/email';
import { recordSuppression } from './internal';
import { toSuppression } from './list';

/** Suppresses an address by hand (reason manual unless a stronger one is already there). */
export async function addSuppression({ ctx, input }: { ctx: ProjectScope & { via?: string }; input: { email: string } }) {
  const email = normalizeEmail(input.email);
  if (!email) throw new AppError('BAD_REQUEST', 'Not a valid email address');
  await recordSuppression(ctx.db, { projectId: ctx.projectId, email, reason: 'manual', source: ctx.via === 'session' ? 'dashboard' : 'api' });
  const [row] = await ctx.db
    .select()
    .from(emailSuppressions)
    .where(and(eq(emailSuppressions.projectId, ctx.projectId), eq(emailSuppressions.email, email)));
  return toSuppression(row!);
}
