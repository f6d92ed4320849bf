import { escapeHtml } from '../email/html';

export const LINK_LIFETIME_HOURS = 48;

/** The verification email: one link, HTML and text. */
export function verificationEmail(link: string, firstName: string | null) {
  const hello = firstName ? `Hi ${firstName},` : 'Hi,';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Confirm your email</title></head>
<body style="font:16px/1.5 -apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#1d2430">
<p>${escapeHtml(hello)}</p><p>Confirm the address of your Shipnote account:</p>
<p><a href="${escapeHtml(link)}" style="color:#2456d6">Confirm my email</a></p>
<p style="color:#5b6472;font-size:13px">The link works for ${LINK_LIFETIME_HOURS} hours. If you did not sign up, ignore this email.</p>
</body></html>`;
  const text = `${hello}

Confirm the address of your Shipnote account:
${link}

The link works for ${LINK_LIFETIME_HOURS} hours. If you did not sign up, ignore this email.
`;
  return { subject: 'Confirm your email for Shipnote', html, text };
}
