import type { IncomingMessage } from 'node:http';

/**
 * The client's address per decisions.md: with no trusted proxies the TCP peer, whatever
 * X-Forwarded-For says; with N trusted proxies the N-th address from the right of X-Forwarded-For.
 */
export function clientIpOf(req: IncomingMessage, trustedProxyHops: number): string {
  const peer = normalize(req.socket.remoteAddress ?? '0.0.0.0');
  if (trustedProxyHops === 0) return peer;
  const forwarded = headerValue(req.headers['x-forwarded-for'])
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const client = forwarded[forwarded.length - trustedProxyHops];
  return client ? normalize(client) : peer;
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

function normalize(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
