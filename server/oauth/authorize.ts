import type { Database } from '@/db/client';
import { FOREIGN_KEY_VIOLATION, hasSqlState } from '@/db/errors';
import { oauthConsentTickets } from '@/db/schema';
import { generateSecret, hashSecret } from '../auth/tokens';
import { findClient } from './clients';
import { OAuthError, uniqueParams } from './errors';
import { S256_CHALLENGE } from './pkce';
import { isLoopbackRedirect, redirectUriMatches } from './redirect-uris';
import { consentPageUrl, issuer, mcpResource, TICKET_SECONDS } from './urls';

const UNKNOWN_CLIENT = 'This application is not registered (unknown client_id).';

export type AuthorizeOutcome =
  | { kind: 'error-page'; message: string; returnTo?: string }
  | { kind: 'redirect'; location: string };

/**
 * The authorization endpoint. A request whose client or redirect URI cannot be trusted ends on an error
 * page (never a redirect); any other problem goes back to the client with `error`, `state` and `iss`:
 * at once to a loopback redirect URI, otherwise through a link on the error page. Anyone can register a
 * redirect URI, so sending every visitor of a crafted link there unasked would make this an open
 * redirector (RFC 9700 section 4.11.2). A valid request becomes a consent ticket and a redirect to the
 * consent page.
 */
export async function startAuthorization(db: Database, query: URLSearchParams): Promise<AuthorizeOutcome> {
  let params: Map<string, string>;
  try {
    params = uniqueParams(query);
  } catch (error) {
    return { kind: 'error-page', message: (error as OAuthError).message };
  }
  let client: Awaited<ReturnType<typeof findClient>>;
  try {
    client = await findClient(db, params.get('client_id'));
  } catch (error) {
    // a client metadata document that cannot be fetched or is not valid: nothing to redirect to
    if (error instanceof OAuthError) return { kind: 'error-page', message: error.description };
    throw error;
  }
  if (!client) return { kind: 'error-page', message: UNKNOWN_CLIENT };
  const requested = params.get('redirect_uri');
  const registered = client.redirectUris;
  const redirectUri = requested ?? (registered.length === 1 ? registered[0] : undefined);
  if (!redirectUri) return { kind: 'error-page', message: 'redirect_uri is required for this application.' };
  if (!registered.some((uri) => redirectUriMatches(uri, redirectUri))) {
    return { kind: 'error-page', message: 'The redirect_uri is not registered for this application.' };
  }

  const state = params.get('state');
  const fail = (error: string, description: string): AuthorizeOutcome => {
    const location = authorizationResponse(redirectUri, { error, error_description: description, state });
    return isLoopbackRedirect(redirectUri) ? { kind: 'redirect', location } : { kind: 'error-page', message: description, returnTo: location };
  };
  if (params.get('response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  const challenge = params.get('code_challenge');
  const method = params.get('code_challenge_method');
  if (!challenge) return fail('invalid_request', 'code_challenge is required (PKCE)');
  if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
  if (!S256_CHALLENGE.test(challenge)) return fail('invalid_request', 'code_challenge is not a valid S256 challenge');
  const resource = params.get('resource') ?? mcpResource();
  if (resource !== mcpResource()) return fail('invalid_target', `resource must be ${mcpResource()}`);
  if (state && state.length > 2000) return fail('invalid_request', 'state is too long');

  const ticket = generateSecret('');
  const stored = await db
    .insert(oauthConsentTickets)
    .values({
      ticketHash: hashSecret(ticket),
      clientId: client.id,
      redirectUri,
      redirectUriSent: requested !== undefined,
      state: state ?? null,
      codeChallenge: challenge,
      resource,
      expiresAt: new Date(Date.now() + TICKET_SECONDS * 1000),
    })
    .then(
      () => true,
      (error: unknown) => {
        // the client was deleted meanwhile (the purge of clients never used): as unknown as it now is
        if (hasSqlState(error, FOREIGN_KEY_VIOLATION)) return false;
        throw error;
      },
    );
  if (!stored) return { kind: 'error-page', message: UNKNOWN_CLIENT };
  return { kind: 'redirect', location: consentPageUrl(ticket) };
}

/** The redirect back to the client: the given parameters, the unchanged `state`, and `iss` (RFC 9207). */
export function authorizationResponse(redirectUri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value != null) url.searchParams.append(name, value);
  url.searchParams.append('iss', issuer());
  return url.href;
}
