import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientIpOf } from '../client-ip';

function request(peer: string, forwardedFor?: string) {
  return { socket: { remoteAddress: peer }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} } as unknown as IncomingMessage;
}

describe('clientIpOf', () => {
  it('ignores X-Forwarded-For when no proxy is trusted, so clients cannot pick their own limit', () => {
    expect(clientIpOf(request('203.0.113.9', '1.2.3.4'), 0)).toBe('203.0.113.9');
  });

  it('takes the N-th address from the right with N trusted proxies', () => {
    expect(clientIpOf(request('10.0.0.1', 'spoofed, 198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(clientIpOf(request('10.0.0.1', 'spoofed, 198.51.100.7, 10.0.0.2'), 2)).toBe('198.51.100.7');
  });

  it('falls back to the peer when the header is shorter than the trusted chain', () => {
    expect(clientIpOf(request('10.0.0.1', '198.51.100.7'), 2)).toBe('10.0.0.1');
    expect(clientIpOf(request('10.0.0.1'), 1)).toBe('10.0.0.1');
  });

  it('unwraps IPv4-mapped IPv6 peers', () => {
    expect(clientIpOf(request('::ffff:127.0.0.1'), 0)).toBe('127.0.0.1');
  });
});
