import { escapeHtml } from '../email/html';

/** The item as frozen when a send starts: sanitized HTML and plain text of its markdown. */
export interface FrozenItem {
  subject: string;
  fromName: string;
  publicUrl: string;
  bodyHtml: string;
  bodyText: string;
  listName: string;
}

export interface Personalisation {
  email: string;
  unsubscribeUrl: string;
}

/** One recipient's email: the item, a link to its public page and their own unsubscribe link. */
export function frameEmail(item: FrozenItem, to: Personalisation): { html: string; text: string } {
  const e = escapeHtml;
  const why = `You receive this email because ${to.email} is on the list “${item.listName}” of ${item.fromName}.`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(item.subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f7f9">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;color:#1d2430;font:16px/1.5 -apple-system,'Segoe UI',Helvetica,Arial,sans-serif">
<p style="margin:0 0 16px;color:#5b6472;font-size:14px">${e(item.fromName)}</p>
${item.bodyHtml}
<p style="margin:24px 0"><a href="${e(item.publicUrl)}" style="color:#2456d6">Read it online</a></p>
<hr style="border:0;border-top:1px solid #dde1e7">
<p style="color:#5b6472;font-size:12px">${e(why)} <a href="${e(to.unsubscribeUrl)}" style="color:#5b6472">Unsubscribe</a></p>
</div>
</body></html>`;
  const text = `${item.bodyText}

Read it online: ${item.publicUrl}

--
${why}
Unsubscribe: ${to.unsubscribeUrl}
`;
  return { html, text };
}
