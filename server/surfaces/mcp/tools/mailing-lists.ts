import { z } from 'zod';
import { ZCreateListInput, ZListSummary, ZMailingList } from '../../../mailing-lists/schemas';
import {
  ZListRecipientsInput,
  ZRecipientPage,
  ZRemoveBatchInput,
  ZRemoveBatchResult,
  ZUpsertInput,
  ZUpsertResult,
} from '../../../recipients/schemas';
import { defineTool, itemsOf, itemsResult, noInput } from '../tool';

export const mailingListTools = [
  defineTool({
    name: 'list_mailing_lists',
    title: 'List mailing lists',
    description: 'The mailing lists of the project with their recipient and active counts.',
    input: noInput,
    output: itemsOf(ZListSummary),
    effect: 'read',
    run: async (caller) => itemsResult(await caller.mailingLists.list()),
  }),
  defineTool({
    name: 'create_mailing_list',
    title: 'Create mailing list',
    description: 'Creates a mailing list. Names are 1-100 characters and unique within the project; a project holds at most 20 lists.',
    input: ZCreateListInput,
    output: ZMailingList,
    effect: { destructive: false, idempotent: false },
    run: (caller, input) => caller.mailingLists.create(input),
  }),
  defineTool({
    name: 'list_recipients',
    title: 'List recipients',
    description: 'One page of the recipients of a list, oldest first. Filter by status (active, removed, unsubscribed) or q; pass next_cursor as cursor for the next page.',
    input: ZListRecipientsInput.extend({ limit: z.int().min(1).max(500).default(100).describe('Page size, 1-500') }),
    output: ZRecipientPage,
    effect: 'read',
    run: (caller, input) => caller.recipients.list(input),
  }),
  defineTool({
    name: 'upsert_recipients',
    title: 'Upsert recipients',
    description:
      'Creates or updates up to 1000 recipients, as PUT recipients: each entry is an email string or {email, name?, external_id?, attributes?}. Matches by external_id, then email; removed recipients are reactivated, unsubscribed ones are never touched. A list holds at most 500 active recipients.',
    input: ZUpsertInput,
    output: ZUpsertResult,
    effect: { destructive: true, idempotent: true },
    run: (caller, input) => caller.recipients.upsert(input),
  }),
  defineTool({
    name: 'remove_recipients',
    title: 'Remove recipients',
    description: 'Removes recipients of a list by email and/or external_id (up to 1000 in total). Removal is soft and idempotent; unsubscribed recipients are left as they are.',
    input: ZRemoveBatchInput,
    output: ZRemoveBatchResult,
    effect: { destructive: true, idempotent: true },
    run: (caller, input) => caller.recipients.removeBatch(input),
  }),
];
