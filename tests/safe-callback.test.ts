import { describe, expect, it } from 'vitest';
import { safeLocalPath } from '@/app/safe-callback';

// Every form known to leave a site after a naive "starts with /" check, raw and as a query value decodes.
const BYPASSES = [
  '//attacker.example',
  '///attacker.example',
  '////attacker.example',
  '/\\attacker.example',
  '\\/attacker.example',
  '/\\/attacker.example',
  '/\t/attacker.example',
  '/\n/attacker.example',
  '/\r/attacker.example',
  '/ /attacker.example',
  '/%09/attacker.example',
  '/%5C%5Cattacker.example',
  'https://attacker.example',
  'http:attacker.example',
  'https:attacker.example',
  '//attacker.example/%2F..',
  'javascript:alert(1)',
  ' /dashboard',
  'dashboard',
  '/\u0000/attacker.example',
  '/\u2028/attacker.example',
  `/${'a'.repeat(3000)}`,
];

describe('safeLocalPath', () => {
  it.each(BYPASSES)('refuses %j', (value) => {
    const result = safeLocalPath(value, '/fallback');
    // whatever comes back, a browser resolving it against our origin stays on our origin
    expect(new URL(result, 'https://shipnote.example').origin).toBe('https://shipnote.example');
    if (!value.startsWith('/') || /\/\/|\\|[\u0000-\u001f]/.test(value)) expect(result).toBe('/fallback');
  });

  it('refuses the percent-encoded forms once decoded, as Next hands them to the page', () => {
    for (const raw of ['%2F%2Fattacker.example', '/%09/attacker.example', '/%5Cattacker.example', '%5C%5Cattacker.example']) {
      expect(safeLocalPath(decodeURIComponent(raw), '/fallback'), raw).toBe('/fallback');
    }
  });

  it.each([
    ['/dashboard', '/dashboard'],
    ['/p/acme-web/lists', '/p/acme-web/lists'],
    ['/oauth/authorize?ticket=abc%2Fdef', '/oauth/authorize?ticket=abc%2Fdef'],
    ['/p/acme/../acme/banner', '/p/acme/banner'],
    ['/verify-email#done', '/verify-email#done'],
  ])('keeps the local path %s', (value, expected) => {
    expect(safeLocalPath(value, '/fallback')).toBe(expected);
  });
});
