import { expect, it } from 'vitest';
import { procedureRouteAccess } from '../routes';

// What a request refused before its procedure must pass: the route found as trpc-to-openapi finds it.
it('finds a route as the library does (one slash at either end dropped, parameters one segment), in the spec\'s case only', () => {
  expect(procedureRouteAccess('POST', '/email/lists')).toMatchObject({ tokenRequired: true, rateLimit: 'write' });
  expect(procedureRouteAccess('POST', '/email/lists/')).toMatchObject({ tokenRequired: true, rateLimit: 'write' });
  expect(procedureRouteAccess('GET', '/EMAIL/LISTS')).toBeUndefined();
  expect(procedureRouteAccess('GET', '/email/lists/abc/recipients')).toMatchObject({ tokenRequired: true, rateLimit: 'read' });
  expect(procedureRouteAccess('GET', '/email/lists/a/b/recipients')).toBeUndefined();
  expect(procedureRouteAccess('DELETE', '/email/lists')).toBeUndefined();
});

it('tells public routes, and those any page may call, from token routes', () => {
  expect(procedureRouteAccess('GET', '/changelog/acme-1-0')).toMatchObject({ tokenRequired: false, anyOrigin: true });
  expect(procedureRouteAccess('GET', '/health')).toMatchObject({ tokenRequired: false });
  expect(procedureRouteAccess('POST', '/banner/events')).toMatchObject({ tokenRequired: false, anyOrigin: true });
  expect(procedureRouteAccess('GET', '/me')).toMatchObject({ tokenRequired: true });
});
