import { config } from '../config';
import { getListRow, type ProjectScope } from '../mailing-lists/internal';
import { countAudience } from './audience';
import { frameEmail, type FrozenItem } from './render';
import type { TSendPreview, TStartSendInput } from './schemas';

/** The send dialog: the list, how many would receive the item, and the email as they would see it. */
export async function previewSend(
  { ctx, input }: { ctx: ProjectScope; input: TStartSendInput },
  freeze: () => Promise<Omit<FrozenItem, 'listName'>>,
): Promise<TSendPreview> {
  // the list first: an unknown one costs no rendering
  const list = await getListRow(ctx.db, ctx.projectId, input.list_id);
  const item = { ...(await freeze()), listName: list.name };
  const audience = await countAudience(ctx.db, ctx.projectId, list.id, input.kind, input.id);
  const { html, text } = frameEmail(item, { email: 'recipient@example.com', unsubscribeUrl: `${config.appUrl}/unsubscribe/…` });
  return {
    list_name: list.name,
    active_count: audience.active,
    will_receive: audience.reach,
    suppressed: audience.suppressed,
    from: `${item.fromName} <${config.emailFrom}>`,
    subject: item.subject,
    html,
    text,
  };
}
