import { and, eq, or, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { recipients } from '@/db/schema';
import { AppError } from '../errors';
import { countActive } from '../mailing-lists/internal';
import { LIMITS } from '../mailing-lists/schemas';
import { normalizeEmail } from './email';
import type { StoredRecipient, UpsertPlan } from './plan-upsert';
import type { TRecipient, TRecipientEntry } from './schemas';

export type RecipientRow = typeof recipients.$inferSelect;

/** A JSON array as one bound parameter: one round trip and one plan, whatever the batch size. */
export const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export function scopeOf(projectId: string | Placeholder, listId: string | Placeholder) {
  return and(eq(recipients.listId, listId), eq(recipients.projectId, projectId));
}

/**
 * The recipients of the list that any entry can match (by email or external_id), locked until
 * commit so an unsubscribe arriving meanwhile waits instead of being overwritten.
 */
export async function loadMatches(
  tx: DbOrTx,
  projectId: string,
  listId: string,
  entries: TRecipientEntry[],
  lock: boolean,
): Promise<StoredRecipient[]> {
  const emails = new Set<string>();
  const externalIds = new Set<string>();
  for (const entry of entries) {
    const email = normalizeEmail(typeof entry === 'string' ? entry : entry.email);
    if (email) emails.add(email);
    if (typeof entry !== 'string' && entry.external_id != null) externalIds.add(entry.external_id);
  }
  if (emails.size === 0 && externalIds.size === 0) return [];
  const query = tx
    .select({
      id: recipients.id,
      email: recipients.email,
      name: recipients.name,
      externalId: recipients.externalId,
      attributes: recipients.attributes,
      status: recipients.status,
    })
    .from(recipients)
    .where(and(scopeOf(projectId, listId), or(inJson(recipients.email, [...emails]), inJson(recipients.externalId, [...externalIds]))));
  return lock ? query.for('no key update') : query;
}

/**
 * `column = any(values)` with the values as one JSON parameter, as an array the planner can take into
 * an index scan (an `in (subquery)` becomes a filter over every row of the list). Undefined when empty.
 */
export function inJson(column: typeof recipients.email | typeof recipients.externalId | typeof recipients.id, values: string[]) {
  if (!values.length) return undefined;
  const elements = sql`jsonb_array_elements_text(${jsonParam(values)})`;
  return sql`${column} = any(array(select ${column === recipients.id ? sql`(${elements})::uuid` : elements}))`;
}

/** Refuses a batch that would take the list past 500 active recipients; call with the list locked. */
export async function assertRoomFor(tx: DbOrTx, projectId: string, listId: string, newlyActive: number) {
  if (newlyActive === 0) return;
  const active = await countActive(tx, projectId, listId);
  if (active + newlyActive > LIMITS.activePerList) {
    throw new AppError(
      'LIMIT',
      `This batch would bring the list to ${active + newlyActive} active recipients; a list holds at most ${LIMITS.activePerList}`,
    );
  }
}

/**
 * Parks the addresses of recipients about to move on a unique placeholder first, so two recipients
 * can trade addresses in one write.
 */
export async function parkAddresses(tx: DbOrTx, projectId: string, listId: string, ids: string[]) {
  if (!ids.length) return;
  await tx.execute(sql`
    update recipients set email = id::text
    where list_id = ${listId} and project_id = ${projectId}
      and id = any(array(select (jsonb_array_elements_text(${jsonParam(ids)}))::uuid))`);
}

/** Writes a plan set-based: at most three statements, whatever the batch size. */
export async function writePlan(tx: DbOrTx, projectId: string, listId: string, plan: UpsertPlan) {
  await parkAddresses(tx, projectId, listId, plan.updates.filter((u) => u.moved).map((u) => u.id));
  if (plan.updates.length) {
    const rows = plan.updates.map((u) => ({ id: u.id, email: u.email, name: u.name, external_id: u.externalId, attributes: u.attributes }));
    await tx.execute(sql`
      update recipients r set
        email = v.email, name = v.name, external_id = v.external_id, attributes = v.attributes,
        status = 'active',
        status_changed_at = case when r.status <> 'active' then now() else r.status_changed_at end,
        updated_at = now()
      from jsonb_to_recordset(${jsonParam(rows)}) as v(id uuid, email text, name text, external_id text, attributes jsonb)
      where r.id = v.id and r.list_id = ${listId} and r.project_id = ${projectId} and r.status <> 'unsubscribed'`);
  }
  if (plan.inserts.length) {
    const rows = plan.inserts.map((u) => ({ email: u.email, name: u.name, external_id: u.externalId, attributes: u.attributes }));
    await tx.execute(sql`
      insert into recipients (list_id, project_id, email, name, external_id, attributes)
      select ${listId}::uuid, ${projectId}::uuid, e.value->>'email', e.value->>'name', e.value->>'external_id', e.value->'attributes'
      from jsonb_array_elements(${jsonParam(rows)}) with ordinality as e(value, n)
      order by e.n`);
  }
}

export function toRecipient(row: RecipientRow): TRecipient {
  return {
    id: row.id,
    email: row.email,
    ...(row.name === null ? {} : { name: row.name }),
    ...(row.externalId === null ? {} : { external_id: row.externalId }),
    attributes: row.attributes ?? {},
    status: row.status,
    status_changed_at: row.statusChangedAt?.toISOString() ?? null,
    is_active: row.status === 'active',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
