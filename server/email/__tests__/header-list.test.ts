import { describe, expect, it } from 'vitest';
import { headerList, type OutgoingEmail } from '../message';

const email = (fromName: string): OutgoingEmail => ({
  from: { name: fromName, address: 'releases@example.test' },
  to: { name: 'Ada "the first"', address: 'ada@example.test' },
  subject: 'Hello',
  text: 'Hi',
  html: '<p>Hi</p>',
  messageId: '<1@example.test>',
  headers: {},
  owner: { userId: 'u' },
});

describe('the outbox headers', () => {
  it('keep a name as written, its quotes and backslashes escaped, and no line break', () => {
    const headers = new Map(headerList(email('Acme "web" \\ team\r\nBcc: x@example.test'), new Date(0)));
    expect(headers.get('From')).toBe('"Acme \\"web\\" \\\\ teamBcc: x@example.test" <releases@example.test>');
    expect(headers.get('To')).toBe('"Ada \\"the first\\"" <ada@example.test>');
  });
});
