import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { emailVerificationTokens } from '@/db/schema';
import { generateSecret, hashSecret } from '../auth/tokens';
import { config } from '../config';
import { escapeHtml } from '../email/html';
import { messageIdFor } from '../email/message';
import { getTransport } from '../email/transport';
import { getRateLimiter } from '../rate-limit/enforce';

export const SIGN_UP_LINK_HOURS = 48;

/** Who a sign-up wrote to: a new (or still unconfirmed) account gets its link, a taken address a notice. */
export type SignUpRecipient = { kind: 'new'; userId: string; email: string } | { kind: 'taken'; userId: string; email: string };

/**
 * The one email a sign-up sends. At most one a minute per address (whoever fills the form), so the
 * form cannot flood anybody's mailbox; the caller's answer is the same whether it went or not.
 */
export async function sendSignUpEmail(db: DbOrTx, to: SignUpRecipient): Promise<{ sent: boolean }> {
  if (config.rateLimitEnabled && !(await getRateLimiter().check('signUpEmail', to.email)).allowed) return { sent: false };
  let content: { subject: string; html: string; text: string };
  if (to.kind === 'new') {
    const token = generateSecret('');
    await db.insert(emailVerificationTokens).values({
      userId: to.userId,
      tokenHash: hashSecret(token),
      email: to.email,
      expiresAt: sql`now() + make_interval(hours => ${SIGN_UP_LINK_HOURS})`,
    });
    content = finishSignUpEmail(`${config.appUrl}/signup/confirm/${token}`);
  } else {
    content = addressTakenEmail(`${config.appUrl}/signin`);
  }
  await getTransport().deliver({
    messageId: messageIdFor(randomUUID(), config.appUrl),
    from: { name: 'Shipnote', address: config.emailFrom },
    to: { address: to.email },
    headers: {},
    owner: { userId: to.userId },
    ...content,
  });
  return { sent: true };
}

function render(title: string, paragraphs: string[], link: { href: string; label: string }, footer: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font:16px/1.5 -apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#1d2430">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="color:#2456d6">${escapeHtml(link.label)}</a></p>
<p style="color:#5b6472;font-size:13px">${escapeHtml(footer)}</p>
</body></html>`;
  const text = `${paragraphs.join('\n\n')}\n\n${link.href}\n\n${footer}\n`;
  return { subject: title, html, text };
}

function finishSignUpEmail(link: string) {
  return render(
    'Finish creating your Shipnote account',
    ['Hi,', 'Someone, hopefully you, started creating a Shipnote account with this address. To finish, open the link and enter the password you chose:'],
    { href: link, label: 'Finish creating my account' },
    `The link works for ${SIGN_UP_LINK_HOURS} hours. If you did not sign up, ignore this email: without the password nobody can use it.`,
  );
}

function addressTakenEmail(signInLink: string) {
  return render(
    'You already have a Shipnote account',
    ['Hi,', 'Someone, maybe you, tried to create a Shipnote account with this address. It already has one, so nothing was created or changed. To use it, sign in:'],
    { href: signInLink, label: 'Sign in to Shipnote' },
    'If it was not you, you can ignore this email.',
  );
}
