import { registerClient } from '../../oauth/register';
import { oauthEndpoint, parseJson } from './entry';
import { noStoreJson } from './http';

/** `POST /oauth/register`: 201 with the registered metadata, rate limited per client IP. */
export const handleRegister = oauthEndpoint(
  { group: 'register', what: 'client registration', badBody: 'invalid_client_metadata', parse: parseJson },
  async ({ db, resHeaders }, body) => noStoreJson(await registerClient(db, body), 201, Object.fromEntries(resHeaders)),
);
