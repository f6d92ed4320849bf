import MailComposer from 'nodemailer/lib/mail-composer';
import type { OutgoingEmail } from './message';

/** The MIME message (multipart/alternative: text and HTML) as the SMTP server receives it. */
export function composeMime(email: OutgoingEmail, date: Date): Promise<Buffer> {
  const composer = new MailComposer({
    from: { name: email.from.name, address: email.from.address },
    to: email.to.name ? { name: email.to.name, address: email.to.address } : email.to.address,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageId,
    date,
    // prepared: written as is, never folded or encoded (URLs in angle brackets must stay intact)
    headers: Object.fromEntries(Object.entries(email.headers).map(([k, v]) => [k, { prepared: true, value: v }])),
  });
  return new Promise((resolve, reject) => composer.compile().build((error, message) => (error ? reject(error) : resolve(message))));
}
