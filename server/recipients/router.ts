import { checkedOnce } from '../checked-once';
import { projectProcedure, router } from '../trpc';
import { addRecipients } from './add';
import { exportRecipients } from './export';
import { listRecipients } from './list';
import { isCachedPage } from './page-cache';
import { removeRecipient } from './remove';
import { removeRecipients } from './remove-batch';
import { upsertRecipients } from './upsert';
import {
  ZAddInput,
  ZAddResult,
  ZExportInput,
  ZListRecipientsInput,
  ZRecipientPage,
  ZRemoveBatchInput,
  ZRemoveBatchResult,
  ZRemoveOneInput,
  ZRemoveOneResult,
  ZUpsertInput,
  ZUpsertResult,
} from './schemas';

const tags = ['Mailing lists'];
const path = '/email/lists/{list_id}/recipients';

/** Section 4.4 recipients: one procedure per verb for REST, MCP and the dashboard. */
export const recipientsRouter = router({
  list: projectProcedure
    .meta({ openapi: { method: 'GET', path, tags, summary: 'Page through recipients, oldest first' }, rateLimit: 'read', errors: [400, 404] })
    .input(ZListRecipientsInput)
    .output(checkedOnce(ZRecipientPage, isCachedPage))
    .query(({ ctx, input }) => listRecipients({ ctx, input })),

  add: projectProcedure
    .meta({ openapi: { method: 'POST', path, tags, summary: 'Add addresses' }, rateLimit: 'write', errors: [400, 404] })
    .input(ZAddInput)
    .output(ZAddResult)
    .mutation(({ ctx, input }) => addRecipients({ ctx, input })),

  upsert: projectProcedure
    .meta({ openapi: { method: 'PUT', path, tags, summary: 'Create or update recipients' }, rateLimit: 'write', errors: [400, 404] })
    .input(ZUpsertInput)
    .output(ZUpsertResult)
    .mutation(({ ctx, input }) => upsertRecipients({ ctx, input })),

  remove: projectProcedure
    .meta({ openapi: { method: 'DELETE', path: `${path}/{identifier}`, tags, summary: 'Remove one recipient' }, rateLimit: 'write', errors: [404] })
    .input(ZRemoveOneInput)
    .output(ZRemoveOneResult)
    // the identifier arrives as it stands in the URL path: percent-encoded
    .mutation(({ ctx, input }) => removeRecipient({ ctx, input: { ...input, identifier: decodePathSegment(input.identifier) } })),

  removeBatch: projectProcedure
    .meta({ openapi: { method: 'POST', path: `${path}/remove`, tags, summary: 'Remove recipients in a batch' }, rateLimit: 'write', errors: [404] })
    .input(ZRemoveBatchInput)
    .output(ZRemoveBatchResult)
    .mutation(({ ctx, input }) => removeRecipients({ ctx, input })),

  /** GET .../export.csv is a plain route handler (CSV is no JSON body); it calls this. */
  exportCsv: projectProcedure
    .meta({ rateLimit: 'export' })
    .input(ZExportInput)
    .query(({ ctx, input }) => exportRecipients({ ctx, input })),
});

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
