import { KB_SET } from '../content/kinds';
import { ZSaveKbSetInput, type TSaveKbSetInput } from '../content/kinds/kb-set-schemas';
import { saveItem } from '../content/save';
import { AppError } from '../errors';
import { fitsContentRules, nonEmptyWindow, type DraftsScope } from './draft-rules';
import { renderKbSet } from './generate/kb-set';
import type { TGrouped } from './generate/schemas';
import type { TDayWindowInput } from './schemas';

/** A knowledge-base set draft from the window's features and breaking changes, saved through the content domain. */
export async function generateKbSet({ ctx, input }: { ctx: DraftsScope; input: TDayWindowInput }) {
  const draft = kbSetInput(await nonEmptyWindow(ctx, input));
  return saveItem(KB_SET, { ctx, input: draft });
}

/** The save_kb_set input of a window, checked before anything is saved: no articles, or too many, is a 400. */
export function kbSetInput(grouped: TGrouped): TSaveKbSetInput {
  const draft = renderKbSet(grouped);
  if (draft.articles.length === 0) {
    throw new AppError(
      'BAD_REQUEST',
      `No features or breaking changes from ${grouped.period_start} to ${grouped.period_end} to write knowledge-base articles about`,
    );
  }
  return fitsContentRules(ZSaveKbSetInput, draft, 'knowledge-base set');
}
