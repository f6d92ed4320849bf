import { randomUUID } from 'node:crypto';
import { config } from '../config';
import { escapeHtml } from '../email/html';
import { messageIdFor } from '../email/message';
import { getTransport } from '../email/transport';
import { confirmationUrl } from './internal';
import { SUBSCRIBE_LIMITS } from './schemas';

interface Confirmation {
  projectId: string;
  projectName: string;
  listName: string;
  email: string;
  token: string;
}

/** The double opt-in email: a link to the page whose button confirms (a GET alone never does). */
export async function sendConfirmationEmail(to: Confirmation): Promise<void> {
  const link = confirmationUrl(to.token);
  const subject = `Confirm your subscription to ${to.projectName}`;
  const lines = [
    'Hi,',
    `Someone, hopefully you, asked to receive the release emails of ${to.projectName} (list "${to.listName}") at this address. To confirm, open the link and press the button:`,
  ];
  const footer = `The link works for ${SUBSCRIBE_LIMITS.linkHours} hours. If you did not ask for this, ignore this email: nothing happens without the button.`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font:16px/1.5 -apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#1d2430">
${lines.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="color:#2456d6">Confirm my subscription</a></p>
<p style="color:#5b6472;font-size:13px">${escapeHtml(footer)}</p>
</body></html>`;
  await getTransport().deliver({
    messageId: messageIdFor(randomUUID(), config.appUrl),
    from: { name: to.projectName, address: config.emailFrom },
    to: { address: to.email },
    subject,
    html,
    text: `${lines.join('\n\n')}\n\n${link}\n\n${footer}\n`,
    headers: {},
    owner: { projectId: to.projectId },
  });
}
