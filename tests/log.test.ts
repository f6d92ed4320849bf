import { afterEach, describe, expect, it, vi } from 'vitest';
import { logError, redact } from '@/server/log';

describe('logs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keep no email address, bearer token or client secret, in the message, the stack, the detail or a cause', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), { detail: 'Key (email)=(ada.lovelace@example.com) already exists.' });
    const error = new Error('550 5.1.1 <grace@navy.example.org>: Recipient address rejected', { cause });
    logError('delivery to bob@example.net with Bearer service_key_AbC123-_xyz failed', error);
    const logged = lines.join('\n');
    expect(logged).not.toMatch(/ada\.lovelace@|grace@|bob@|AbC123|service_key_AbC/);
    expect(logged).toContain('a***@example.com');
    expect(logged).toContain('g***@navy.example.org');
    expect(logged).toContain('Recipient address rejected');
  });

  it('keep no personal data of aggregated errors or thrown plain objects', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    logError('batch failed', new AggregateError([new Error('to cy@example.org'), new Error('to dee@example.org')], 'two deliveries'));
    logError('driver failed', { message: 'bad row', row: { email: 'eve@example.org', password: 'hunter2' } });
    const logged = lines.join('\n');
    expect(logged).not.toMatch(/cy@|dee@|eve@|hunter2/);
    expect(logged).toContain('c***@example.org');
    expect(logged).toContain('e***@example.org');
  });

  it.each([
    ['DELETE /api/v1/email/lists/x/recipients/gone%40example.test failed', 'DELETE /api/v1/email/lists/x/recipients/g***@example.test failed'],
    ['to jörg.müller@bücher.example', 'to j***@bücher.example'],
    ['to first.last+tag@sub.example.co.uk.', 'to f***@sub.example.co.uk.'],
    ['connect postgres://shipnote:s3cr3t@db.internal:5432/app refused', 'connect postgres://[redacted]@db.internal:5432/app refused'],
    ['GET /unsubscribe/0f8fad5b.AbC-_x?x=1 failed', 'GET /unsubscribe/[redacted]?x=1 failed'],
    ['GET /verify-email/tok3n failed', 'GET /verify-email/[redacted] failed'],
    ['GET /oauth/authorize?ticket=T1&client_id=c', 'GET /oauth/authorize?ticket=[redacted]&client_id=c'],
    ['POST /oauth/token grant_type=authorization_code&code=abc&code_verifier=xyz', 'POST /oauth/token grant_type=authorization_code&code=[redacted]&code_verifier=[redacted]'],
    ['body {"password":"hunter2","client_secret":"s\\"x"}', 'body {"password":"[redacted]","client_secret":"[redacted]"}'],
    ['Authorization: Basic YWRhOnB3', 'Authorization: Basic [redacted]'],
    ['token service_rt_abc and service_at_def and service_cs_ghi', 'token service_rt_[redacted] and service_at_[redacted] and service_cs_[redacted]'],
  ])('redact %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it('leaves text without personal data as it was', () => {
    for (const text of ['procedure recipients.upsert failed: timeout after 5000 ms', 'see https://example.com/a/b?page=2', 'version 1.2.3@latest']) {
      expect(redact(text)).toBe(text);
    }
  });

  it('redacts a long line in time linear in its length', () => {
    // a word of address characters with no `@`: a pattern tried at every position of it was quadratic
    const cpu = (text: string) => {
      let best = Infinity;
      for (let round = 0; round < 3; round++) {
        const start = process.cpuUsage();
        redact(text);
        const spent = process.cpuUsage(start);
        best = Math.min(best, spent.user + spent.system);
      }
      return best;
    };
    const line = (n: number) => `${'a.'.repeat(n)} ${'b-'.repeat(n)}%4 ${'c'.repeat(n)}@`;
    cpu(line(5_000));
    expect(cpu(line(80_000)) / Math.max(1_000, cpu(line(20_000)))).toBeLessThan(10); // 4x the text: linear ~4x, quadratic 16x
  });
});
