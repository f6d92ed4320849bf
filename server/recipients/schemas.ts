import { z } from 'zod';
import { LIMITS, ZListId } from '../mailing-lists/schemas';
import { preciseIssues } from '../validation-issues';

export const STATUSES = ['active', 'removed', 'unsubscribed'] as const;
const ATTRIBUTES = { maxKeys: 20, maxKeyLength: 64, maxBytes: 2048 };

const ZAttributeValue = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: 'Attribute values are strings, numbers, booleans or null',
});

/** Input attributes: flat values, at most 20 keys of 1-64 characters and 2 KB serialized (section 2). */
export const ZAttributesInput = z
  .record(z.string().min(1).max(ATTRIBUTES.maxKeyLength, `Keys are at most ${ATTRIBUTES.maxKeyLength} characters`), ZAttributeValue)
  .superRefine((attributes, ctx) => {
    if (Object.keys(attributes).length > ATTRIBUTES.maxKeys) {
      ctx.addIssue({ code: 'custom', message: `At most ${ATTRIBUTES.maxKeys} keys` });
    }
    if (new TextEncoder().encode(JSON.stringify(attributes)).length > ATTRIBUTES.maxBytes) {
      ctx.addIssue({ code: 'custom', message: `At most ${ATTRIBUTES.maxBytes} bytes serialized` });
    }
  })
  .meta({ description: 'Flat map; values string, number, boolean or null (null drops the key)' });

export const ZRecipientEntryObject = z.object({
  email: z.string().meta({ description: 'Matched case-insensitively; stored lowercased' }),
  // null means "not sent", as clients that serialize unset fields as null expect; "" clears the name
  name: z.string().max(LIMITS.recipientName).nullish(),
  external_id: z.string().min(1).max(LIMITS.externalId).nullish(),
  attributes: ZAttributesInput.nullish().meta({ description: 'Replaces the stored map when present' }),
});
export const ZRecipientEntry = z.union([z.string(), ZRecipientEntryObject], {
  // the union alone says only "Invalid input": name what is wrong inside an object entry
  error: (issue) => {
    const inner = issue.code === 'invalid_union' && issue.input !== null && typeof issue.input === 'object' ? issue.errors[1] : undefined;
    if (!inner?.length) return 'Expected an email address or an object with an email';
    return preciseIssues(inner).map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
  },
});
export type TRecipientEntry = z.infer<typeof ZRecipientEntry>;

const entries = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(LIMITS.entriesPerRequest);

export const ZAddInput = z.object({ list_id: ZListId, emails: entries(z.string()) });
export const ZUpsertInput = z.object({ list_id: ZListId, recipients: entries(ZRecipientEntry) });
export type TUpsertInput = z.infer<typeof ZUpsertInput>;

export const ZRemoveOneInput = z.object({
  list_id: ZListId,
  identifier: z.string().min(1).max(1000).meta({ description: 'An email address, else an external_id; URL-encoded' }),
});

export const ZRemoveBatchInput = z
  .object({ list_id: ZListId, emails: z.array(z.string()).optional(), external_ids: z.array(z.string()).optional() })
  .superRefine((input, ctx) => {
    const total = (input.emails?.length ?? 0) + (input.external_ids?.length ?? 0);
    if (total === 0) ctx.addIssue({ code: 'custom', message: 'Send at least one of emails or external_ids' });
    if (total > LIMITS.entriesPerRequest) {
      ctx.addIssue({ code: 'custom', message: `At most ${LIMITS.entriesPerRequest} identifiers in total` });
    }
  });
export type TRemoveBatchInput = z.infer<typeof ZRemoveBatchInput>;

const ZStatusQuery = z.string().optional().meta({ description: '`active`, `removed` or `unsubscribed`' });

export const ZListRecipientsInput = z.object({
  list_id: ZListId,
  status: ZStatusQuery,
  q: z.string().max(LIMITS.search).optional().meta({ description: 'Case-insensitive search across email, name and external_id' }),
  limit: z.coerce.number().int().min(LIMITS.pageSize.min).max(LIMITS.pageSize.max).default(LIMITS.pageSize.default),
  cursor: z.string().optional().meta({ description: 'The next_cursor of the previous page' }),
});
export type TListRecipientsInput = z.infer<typeof ZListRecipientsInput>;

export const ZExportInput = z.object({ list_id: ZListId, status: ZStatusQuery });

export const ZRecipient = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string().optional(),
    external_id: z.string().optional(),
    attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    status: z.enum(STATUSES),
    status_changed_at: z.string().nullable(),
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Recipient' });
export type TRecipient = z.infer<typeof ZRecipient>;

export const ZRecipientPage = z.object({ items: z.array(ZRecipient), next_cursor: z.string().nullable() });
export type TRecipientPage = z.infer<typeof ZRecipientPage>;

export const ZAddResult = z
  .object({ added: z.number().int(), skipped_existing: z.number().int(), invalid: z.array(z.string()) })
  .meta({ id: 'AddRecipientsResult' });
export type TAddResult = z.infer<typeof ZAddResult>;

export const ZConflict = z.object({ email: z.string(), external_id: z.string(), reason: z.string() });

export const ZUpsertResult = z
  .object({
    added: z.number().int(),
    updated: z.number().int(),
    reactivated: z.number().int(),
    unchanged: z.number().int(),
    skipped_unsubscribed: z.number().int(),
    invalid: z.array(z.string()),
    conflicts: z.array(ZConflict),
  })
  .meta({ id: 'UpsertRecipientsResult' });
export type TUpsertResult = z.infer<typeof ZUpsertResult>;

export const ZRemoveOneResult = z.object({ status: z.enum(['removed', 'already_removed', 'unsubscribed']) });

export const ZRemoveBatchResult = z
  .object({
    removed: z.number().int(),
    already_removed: z.number().int(),
    skipped_unsubscribed: z.number().int(),
    not_found: z.array(z.string()),
  })
  .meta({ id: 'RemoveRecipientsResult' });
export type TRemoveBatchResult = z.infer<typeof ZRemoveBatchResult>;
