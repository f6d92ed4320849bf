import { describe, expect, it } from 'vitest';
import { runWithRequestOrigin } from '@/server/request-origin';
import { cached } from '../cache';

describe('the public content cache', () => {
  it('keeps one entry per origin while APP_URL is unset: absolute links follow the origin asked', async () => {
    expect(process.env.APP_URL).toBeUndefined();
    const build = (origin: string) => runWithRequestOrigin(origin, () => cached('changelog-feed:acme-1-0', async () => `<link>${origin}/changelog/acme-1-0</link>`));
    // the first reader's origin used to be every later reader's
    expect(await build('http://192.168.7.7:3000')).toBe('<link>http://192.168.7.7:3000/changelog/acme-1-0</link>');
    expect(await build('http://127.0.0.1:3000')).toBe('<link>http://127.0.0.1:3000/changelog/acme-1-0</link>');
    expect(await build('http://192.168.7.7:3000')).toBe('<link>http://192.168.7.7:3000/changelog/acme-1-0</link>');
  });
});
