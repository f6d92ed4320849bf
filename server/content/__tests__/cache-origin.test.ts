import { describe, expect, it } from 'vitest';
import { runWithRequestOrigin } from '@/server/request-origin';
import { cached, invalidatePublicContent } from '../cache';

describe('the public content cache', () => {
  it('keeps one entry per origin while APP_URL is unset: absolute links follow the origin asked', async () => {
    expect(process.env.APP_URL).toBeUndefined();
    const build = (origin: string) => runWithRequestOrigin(origin, () => cached('changelog-feed:acme-1-0', async () => `<link>${origin}/changelog/acme-1-0</link>`));
    // the first reader's origin used to be every later reader's
    expect(await build('http://192.168.7.7:3000')).toBe('<link>http://192.168.7.7:3000/changelog/acme-1-0</link>');
    expect(await build('http://127.0.0.1:3000')).toBe('<link>http://127.0.0.1:3000/changelog/acme-1-0</link>');
    expect(await build('http://192.168.7.7:3000')).toBe('<link>http://192.168.7.7:3000/changelog/acme-1-0</link>');
  });

  it('keeps the first 8 origins since the last write; past them every read is a fresh render, kept nowhere', async () => {
    invalidatePublicContent();
    let loads = 0;
    const read = (origin: string) => runWithRequestOrigin(origin, () => cached('feed', async () => ++loads));
    for (let host = 1; host <= 8; host++) await read(`http://10.0.0.${host}`);
    await read('http://10.0.0.1');
    expect(loads).toBe(8);
    // a Host per request: rendered each time, so memory does not grow with the Hosts sent
    await read('http://10.0.0.9');
    await read('http://10.0.0.9');
    expect(loads).toBe(10);
    invalidatePublicContent();
    await read('http://10.0.0.9');
    await read('http://10.0.0.9');
    expect(loads).toBe(11);
  });
});
