import { z } from 'zod';

/** The limits of api-v1.md section 8 this domain enforces; the dashboard shows them from here. */
export const LIMITS = {
  listsPerProject: 20,
  listName: 100,
  recipientName: 200,
  externalId: 255,
  search: 200,
  activePerList: 500,
  entriesPerRequest: 1000,
  pageSize: { min: 1, max: 500, default: 100 },
} as const;

export const ZListId = z.uuid();

export const ZCreateListInput = z.object({
  name: z.string().min(1, 'Name is required').max(LIMITS.listName, `Name is at most ${LIMITS.listName} characters`).meta({ description: '1-100 characters, not blank, unique within the project' }),
});
export type TCreateListInput = z.infer<typeof ZCreateListInput>;

export const ZGetListInput = z.object({ list_id: ZListId });

export const ZListSummary = z
  .object({
    id: z.uuid(),
    name: z.string(),
    recipient_count: z.number().int(),
    active_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'MailingListSummary' });
export type TListSummary = z.infer<typeof ZListSummary>;

export const ZMailingList = z
  .object({
    id: z.uuid(),
    name: z.string(),
    recipient_count: z.number().int(),
    active_count: z.number().int(),
    removed_count: z.number().int(),
    unsubscribed_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'MailingList' });
export type TMailingList = z.infer<typeof ZMailingList>;
