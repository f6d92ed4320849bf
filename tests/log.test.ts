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

  it('leaves text without personal data as it was', () => {
    expect(redact('procedure recipients.upsert failed: timeout after 5000 ms')).toBe('procedure recipients.upsert failed: timeout after 5000 ms');
    expect(redact('token service_rt_abc and service_at_def')).toBe('token service_rt_[redacted] and service_at_[redacted]');
  });
});
