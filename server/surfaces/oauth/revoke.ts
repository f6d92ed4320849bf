import { authenticateClient } from '../../oauth/clients';
import { revokeClientToken } from '../../oauth/revoke';
import { findUnsafeText } from '../body';
import { oauthEndpoint, parseForm } from './entry';
import { withCors } from './http';

/**
 * RFC 7009 answers 200 whatever was sent (api-v1.md: "always"): a body we cannot read revokes nothing,
 * and neither does one past the cap or with text no token or client credential can hold (a NUL, a lone
 * surrogate), which other endpoints refuse.
 */
function lenientForm(text: string, req: Request): Map<string, string> {
  try {
    const form = parseForm(text, req);
    return findUnsafeText(Object.fromEntries(form)) ? new Map() : form;
  } catch {
    return new Map();
  }
}

/** `POST /oauth/revoke` (RFC 7009): 200 whatever the token: unknown, already revoked, or another client's. */
export const handleRevoke = oauthEndpoint({ group: 'general', what: 'token revocation', badBody: 'invalid_request', oversizedAsEmpty: true, parse: lenientForm }, async ({ req, db, resHeaders }, form) => {
  const token = form.get('token');
  const client = await authenticateClient(db, req, form).catch(() => null);
  if (token && client) await revokeClientToken(db, { token, clientId: client.id });
  return withCors(new Response(null, { status: 200, headers: { 'Cache-Control': 'no-store', ...Object.fromEntries(resHeaders) } }));
});
