import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { CLIENT_IP_HEADER, createContext } from '@/server/context';
import { createCaller } from '@/server/root';
import { insideOneRateWindow } from '@/tests/http';

// A page view the HTTP front counted (server/surfaces/http/counted-view.ts) is not counted again by the
// page's procedures; any other anonymous call is, once per call.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function healthCalls(clientIp: string, rateLimitCounted: boolean, times: number) {
  const resHeaders = new Headers();
  const caller = createCaller(await createContext({ headers: new Headers({ [CLIENT_IP_HEADER]: clientIp }), resHeaders, rateLimitCounted }));
  for (let i = 0; i < times; i++) await caller.service.health();
  return resHeaders;
}

it('skips the public limit only for a view the front counted', async () => {
  await insideOneRateWindow();
  const counted = await healthCalls('192.0.2.41', true, 120);
  expect(counted.get('ratelimit-limit')).toBeNull();
  const uncounted = await healthCalls('192.0.2.42', false, 100);
  expect(uncounted.get('ratelimit-remaining')).toBe('0');
  await expect(healthCalls('192.0.2.42', false, 1)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
});
