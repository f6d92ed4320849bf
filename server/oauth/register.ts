import { randomBytes } from 'node:crypto';
import type { Database } from '@/db/client';
import { oauthClients } from '@/db/schema';
import { generateSecret, hashSecret } from '../auth/tokens';
import { OAuthError } from './errors';
import { redirectUriProblem } from './redirect-uris';
import { CLIENT_SECRET_PREFIX, SCOPE } from './urls';

const AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic'] as const;
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const TEXT_FIELDS = ['client_name', 'client_uri', 'logo_uri', 'tos_uri', 'policy_uri', 'software_id', 'software_version'] as const;
const URI_FIELDS = new Set(['client_uri', 'logo_uri', 'tos_uri', 'policy_uri']);

type Metadata = Record<string, unknown>;

/**
 * RFC 7591 dynamic registration, open to anyone. Public clients (`none`) unless another method is
 * asked for; a confidential client gets its secret in this answer only, and only its hash is kept.
 */
export async function registerClient(db: Database, input: unknown) {
  const metadata = validateMetadata(input);
  const clientId = randomBytes(18).toString('base64url');
  const secret = metadata.token_endpoint_auth_method === 'none' ? null : generateSecret(CLIENT_SECRET_PREFIX);
  const [row] = await db
    .insert(oauthClients)
    .values({
      clientId,
      secretHash: secret ? hashSecret(secret) : null,
      authMethod: metadata.token_endpoint_auth_method,
      name: (metadata.client_name as string | undefined) ?? null,
      logoUri: (metadata.logo_uri as string | undefined) ?? null,
      redirectUris: metadata.redirect_uris,
      grantTypes: metadata.grant_types,
      metadata,
    })
    .returning();
  return {
    client_id: clientId,
    client_id_issued_at: Math.floor(row!.createdAt.getTime() / 1000),
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    ...metadata,
  };
}

/** RFC 7591 client metadata, validated and normalized (also the rules of a Client ID Metadata Document). */
export function validateMetadata(input: unknown) {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw metadataError('The body must be a JSON object');
  const body = input as Metadata;
  const redirectUris = body.redirect_uris;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0 || redirectUris.length > 20) {
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris must be an array of 1 to 20 URIs');
  }
  for (const uri of redirectUris) {
    if (typeof uri !== 'string' || uri.length > 2000) throw new OAuthError('invalid_redirect_uri', 'Every redirect URI must be a string');
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', problem);
  }

  const method = body.token_endpoint_auth_method ?? 'none';
  if (!AUTH_METHODS.includes(method as never)) {
    throw metadataError(`token_endpoint_auth_method must be one of ${AUTH_METHODS.join(', ')}`);
  }
  const grantTypes = body.grant_types ?? GRANT_TYPES;
  if (!isStringArray(grantTypes) || !grantTypes.includes('authorization_code') || grantTypes.some((g) => !GRANT_TYPES.includes(g))) {
    throw metadataError('grant_types must include authorization_code and may include refresh_token only');
  }
  const responseTypes = body.response_types ?? ['code'];
  if (!isStringArray(responseTypes) || responseTypes.join() !== 'code') throw metadataError('response_types must be ["code"]');

  const metadata: Metadata & { redirect_uris: string[]; grant_types: string[]; token_endpoint_auth_method: (typeof AUTH_METHODS)[number] } = {
    redirect_uris: redirectUris as string[],
    token_endpoint_auth_method: method as (typeof AUTH_METHODS)[number],
    grant_types: [...new Set(grantTypes)],
    response_types: ['code'],
    // only the one scope exists; anything else asked for is dropped
    scope: SCOPE,
  };
  for (const field of TEXT_FIELDS) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || value.length > 2000) throw metadataError(`${field} must be a string`);
    if (URI_FIELDS.has(field) && !isWebUrl(value)) throw metadataError(`${field} must be an http or https URL`);
    metadata[field] = value;
  }
  if (body.contacts !== undefined) {
    if (!isStringArray(body.contacts) || body.contacts.length > 10) throw metadataError('contacts must be an array of strings');
    metadata.contacts = body.contacts;
  }
  return metadata;
}

function metadataError(description: string) {
  return new OAuthError('invalid_client_metadata', description);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length <= 200);
}

function isWebUrl(value: string) {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
