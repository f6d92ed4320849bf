import { expect, it } from 'vitest';
import { cacheGet, cachePeek, createTtlCache } from '../ttl-cache';

it('serves a value for ttlMs after its load, shares one load between concurrent misses, and loads again after', async () => {
  const cache = createTtlCache<number>(1_000);
  let loads = 0;
  const load = async () => ++loads;
  expect(await Promise.all([cacheGet(cache, 'k', load, 10_000), cacheGet(cache, 'k', load, 10_000)])).toEqual([1, 1]);
  expect(await cacheGet(cache, 'k', load, 10_999)).toBe(1);
  expect(cachePeek(cache, 'k', 10_999)).toEqual({ value: 1 });
  expect(cachePeek(cache, 'k', 11_000)).toBeUndefined();
  expect(await cacheGet(cache, 'k', load, 11_000)).toBe(2);
});

it('does not keep a value fresh when the clock is set back', async () => {
  const cache = createTtlCache<number>(1_000);
  let loads = 0;
  const load = async () => ++loads;
  expect(await cacheGet(cache, 'k', load, 50_000)).toBe(1);
  expect(cachePeek(cache, 'k', 49_999)).toBeUndefined();
  expect(await cacheGet(cache, 'k', load, 20_000)).toBe(2);
});

it('does not keep a failed load', async () => {
  const cache = createTtlCache<number>(1_000);
  await expect(cacheGet(cache, 'k', async () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
  expect(await cacheGet(cache, 'k', async () => 7, 1)).toBe(7);
});
