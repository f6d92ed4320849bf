import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { oauthClients } from '@/db/schema';
import { hashSecret } from '../auth/tokens';
import { clientFromMetadataDocument, isClientMetadataUrl } from './client-metadata-document';
import { OAuthError } from './errors';

export type OAuthClient = typeof oauthClients.$inferSelect;

export async function findClient(db: DbOrTx, clientId: string | undefined): Promise<OAuthClient | null> {
  if (clientId && isClientMetadataUrl(clientId)) return clientFromMetadataDocument(db, clientId);
  // ids are issued as base64url: anything beyond visible ASCII (a NUL fails the query) names no client
  if (!clientId || clientId.length > 200 || !/^[\x21-\x7e]+$/.test(clientId)) return null;
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  return row ?? null;
}

/**
 * Client authentication at the token and revocation endpoints: HTTP Basic (both parts URL-decoded after
 * base64, RFC 6749 section 2.3.1) or `client_id` + `client_secret` in the form; public clients send
 * `client_id` alone. Using two methods at once is refused.
 */
export async function authenticateClient(db: DbOrTx, req: Request, form: Map<string, string>): Promise<OAuthClient> {
  const basic = parseBasic(req.headers.get('authorization'));
  if (basic && form.has('client_secret')) throw new OAuthError('invalid_request', 'Use one client authentication method only');
  if (basic && form.has('client_id') && form.get('client_id') !== basic.id) {
    throw new OAuthError('invalid_request', 'client_id does not match the Authorization header');
  }
  const clientId = basic?.id ?? form.get('client_id');
  const secret = basic?.secret ?? form.get('client_secret');
  const client = await findClient(db, clientId);
  const challenge = basic ? { 'WWW-Authenticate': 'Basic realm="Shipnote"' } : undefined;
  if (!client) throw new ClientAuthError('Unknown client', challenge);
  // only the method the client registered: a Basic client never authenticates in the form, nor the reverse
  const used = basic ? 'client_secret_basic' : secret ? 'client_secret_post' : 'none';
  if (used !== client.authMethod) throw new ClientAuthError(`This client authenticates with ${client.authMethod}`, challenge);
  if (client.secretHash) {
    if (!secret || !sameHash(hashSecret(secret), client.secretHash)) throw new ClientAuthError('Client authentication failed', challenge);
  } else if (secret) {
    throw new ClientAuthError('This client is public and has no secret', challenge);
  }
  return client;
}

/** `invalid_client` (401), with the Basic challenge when the client tried Basic (RFC 6749 section 5.2). */
export class ClientAuthError extends OAuthError {
  constructor(description: string, challenge?: Record<string, string>) {
    super('invalid_client', description, 401, challenge);
  }
}

function parseBasic(header: string | null): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!header || !/^Basic\s/i.test(header)) return null;
  if (!match) throw new ClientAuthError('Malformed Basic credentials', { 'WWW-Authenticate': 'Basic realm="Shipnote"' });
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new ClientAuthError('Malformed Basic credentials', { 'WWW-Authenticate': 'Basic realm="Shipnote"' });
  try {
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw new ClientAuthError('Malformed Basic credentials', { 'WWW-Authenticate': 'Basic realm="Shipnote"' });
  }
}

function formDecode(value: string) {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

function sameHash(a: string, b: string) {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
