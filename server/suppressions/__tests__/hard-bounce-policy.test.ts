import { describe, expect, it } from 'vitest';
import { classifyFailure, isHardBounce } from '@/server/email/classify';

describe('which SMTP replies are hard bounces', () => {
  it.each([
    [550, '550 5.1.1 <x@example.test>: Recipient address rejected: User unknown', true],
    [550, '550 No such user here', true],
    [551, '551 User not local', true],
    [553, '553 Mailbox name not allowed', true],
    [552, '552 5.2.2 Mailbox full', true],
    [554, '554 5.4.4 Unable to route', true],
    [550, '550 5.7.1 Relaying denied', false],
    [554, '554 5.7.1 Message rejected as spam', false],
    [552, '552 5.3.4 Message too big', false],
    [550, '550 5.6.0 Content refused', false],
    [554, '554 Transaction failed', false],
    [535, '535 Authentication credentials invalid', false],
    [451, '451 4.2.0 Try again later', false],
  ])('%i %s -> %s', (code, reply, hard) => {
    expect(isHardBounce(code, reply)).toBe(hard);
  });

  it('only a final 5xx reply carries the flag; 4xx stays temporary', () => {
    expect(classifyFailure({ responseCode: 550, response: '550 5.1.1 Unknown' }, false)).toEqual({ kind: 'rejected', reason: '550 5.1.1 Unknown', hardBounce: true });
    expect(classifyFailure({ responseCode: 451, response: '451 Later' }, false)).toEqual({ kind: 'temporary', reason: '451 Later' });
  });
});
