import { describe, expect, it } from 'vitest';
import { safeLocalPath } from '@/app/safe-callback';

// Every form known to leave a site after a naive "starts with /" check: as Next hands the decoded query
// value to the page, and the percent-encoded forms a later consumer might decode once more.
const BYPASSES = [
  '//attacker.example',
  '///attacker.example',
  '////attacker.example',
  '/.//attacker.example',
  '/./../..//attacker.example',
  '/a/..//attacker.example',
  '/\\attacker.example',
  '\\/attacker.example',
  '/\\/attacker.example',
  '/\t/attacker.example',
  '/\n/attacker.example',
  '/\r/attacker.example',
  '/ /attacker.example',
  '/\u00a0/attacker.example',
  '/\u3000/attacker.example',
  '/\u200b/attacker.example',
  '/\u202e/attacker.example',
  '/\ufeff/attacker.example',
  '/\u0085/attacker.example',
  '/%09/attacker.example',
  '/%2F%2Fattacker.example',
  '/%2f/attacker.example',
  '/%5C%5Cattacker.example',
  '/%5Cattacker.example',
  '/%E2%80%A8/attacker.example',
  '/%zz',
  'https://attacker.example',
  'http:attacker.example',
  'https:attacker.example',
  'http:\\\\attacker.example',
  '//attacker.example/%2F..',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  ' /dashboard',
  '\t/dashboard',
  'dashboard',
  '',
  '/\u0000/attacker.example',
  '/\u2028/attacker.example',
  `/${'a'.repeat(3000)}`,
];

describe('safeLocalPath', () => {
  it.each(BYPASSES)('refuses %j', (value) => {
    expect(safeLocalPath(value, '/fallback')).toBe('/fallback');
  });

  it('refuses the percent-encoded forms once decoded, as Next hands them to the page', () => {
    for (const raw of ['%2F%2Fattacker.example', '/%09/attacker.example', '/%5Cattacker.example', '%5C%5Cattacker.example', '/%2F%2Fattacker.example']) {
      expect(safeLocalPath(decodeURIComponent(raw), '/fallback'), raw).toBe('/fallback');
    }
  });

  it.each([
    ['/dashboard', '/dashboard'],
    ['/p/acme', '/p/acme'],
    ['/p/acme-web/lists', '/p/acme-web/lists'],
    ['/oauth/authorize?ticket=x', '/oauth/authorize?ticket=x'],
    ['/oauth/authorize?ticket=abc%2Fdef', '/oauth/authorize?ticket=abc%2Fdef'],
    ['/p/acme/../acme/banner', '/p/acme/banner'],
    ['/p/ac%C3%A9me', '/p/ac%C3%A9me'],
    ['/p/acmé', '/p/acm%C3%A9'],
    ['/verify-email#done', '/verify-email#done'],
    ['/search?q=//x', '/search?q=//x'],
  ])('keeps the local path %s', (value, expected) => {
    expect(safeLocalPath(value, '/fallback')).toBe(expected);
  });

  it('returns paths that a browser resolves on our origin, whatever the input', () => {
    for (const value of [...BYPASSES, '/dashboard', '/oauth/authorize?ticket=x']) {
      const result = safeLocalPath(value, '/fallback');
      expect(new URL(result, 'https://shipnote.example').origin).toBe('https://shipnote.example');
      expect(new URL(decodeURIComponent(result), 'https://shipnote.example').origin).toBe('https://shipnote.example');
    }
  });
});
