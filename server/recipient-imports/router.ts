import { projectProcedure, router } from '../trpc';
import { createImport } from './create';
import { getImport } from './get';
import { listImports } from './list';
import { startImport } from './start';
import { undoImport } from './undo';
import { ZCreateImportInput, ZGetImportInput, ZImport, ZImportDetail, ZImportList, ZImportRef, ZListImportsInput } from './schemas';

// additive to api-v1.md: documented with the recipients, in docs/mailing-lists.md
const tags = ['Mailing lists'];
const path = '/email/lists/{list_id}/imports';
const one = `${path}/{import_id}`;

/** The CSV import as a server-side job: upload and preview, start, follow, undo. REST and dashboard; no MCP tool. */
export const recipientImportsRouter = router({
  create: projectProcedure
    .meta({ openapi: { method: 'POST', path, tags, summary: 'Upload a CSV file: parsed and previewed, nothing written yet' }, rateLimit: 'write', successStatus: 201, errors: [400, 404] })
    .input(ZCreateImportInput)
    .output(ZImport)
    .mutation(({ ctx, input }) => createImport({ ctx, input })),

  list: projectProcedure
    .meta({ openapi: { method: 'GET', path, tags, summary: 'Recent imports of the list, newest first' }, rateLimit: 'read', errors: [404] })
    .input(ZListImportsInput)
    .output(ZImportList)
    .query(({ ctx, input }) => listImports({ ctx, input })),

  get: projectProcedure
    .meta({ openapi: { method: 'GET', path: one, tags, summary: 'One import: status, progress, summary and a page of its rows' }, rateLimit: 'read', errors: [404] })
    .input(ZGetImportInput)
    .output(ZImportDetail)
    .query(({ ctx, input }) => getImport({ ctx, input })),

  start: projectProcedure
    .meta({ openapi: { method: 'POST', path: `${one}/start`, tags, summary: 'Apply the import on the server, in one transaction' }, rateLimit: 'write', successStatus: 202, errors: [400, 404, 409] })
    .input(ZImportRef)
    .output(ZImport)
    .mutation(({ ctx, input }) => startImport({ ctx, input })),

  undo: projectProcedure
    .meta({ openapi: { method: 'POST', path: `${one}/undo`, tags, summary: 'Undo a finished import as a batch, within 24 hours' }, rateLimit: 'write', errors: [400, 404, 409] })
    .input(ZImportRef)
    .output(ZImport)
    .mutation(({ ctx, input }) => undoImport({ ctx, input })),
});
