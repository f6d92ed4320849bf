import http from 'node:http';
import https from 'node:https';
import { sql } from 'drizzle-orm';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type { DbOrTx } from '@/db/client';
import { oauthClients } from '@/db/schema';

type OAuthClient = typeof oauthClients.$inferSelect;
import { isLocalHostname } from '../request-origin';
import { config } from '../config';
import { OAuthError } from './errors';
import { validateMetadata } from './register';

/** The limits a fetched document lives within: small, fast, few hops, cached as its server says. */
export const CLIENT_METADATA_LIMITS = { maxBytes: 5 * 1024, timeoutMs: 5_000, maxRedirects: 3, minCacheSeconds: 60, maxCacheSeconds: 86_400 };

/**
 * A `client_id` that is an https URL with a path names a Client ID Metadata Document (MCP authorization
 * 2025-11-25). http on a loopback or private host only when configured for development.
 */
export function isClientMetadataUrl(clientId: string): boolean {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (url.pathname === '/' || url.hash || url.username || url.password || clientId.length > 2048) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && config.clientMetadataAllowPrivate && isLocalHostname(url.hostname);
}

declare global {
  var __shipnoteClientDocuments: Map<string, { client: OAuthClient; until: number }> | undefined;
}

const cache = (globalThis.__shipnoteClientDocuments ??= new Map());

/**
 * The client a metadata document describes, fetched with an SSRF guard (no private, loopback or link-
 * local address unless configured; checked at connect time, so DNS rebinding cannot slip past), kept
 * as a client row so grants can refer to it, and cached per its Cache-Control.
 */
export async function clientFromMetadataDocument(db: DbOrTx, url: string, now = Date.now()): Promise<OAuthClient> {
  const hit = cache.get(url);
  if (hit && hit.until > now) return hit.client;
  const { body, maxAge } = await fetchDocument(url, Date.now() + CLIENT_METADATA_LIMITS.timeoutMs);
  const metadata = validateDocument(body, url);
  const values = {
    clientId: url,
    secretHash: null,
    authMethod: 'none' as const,
    name: (metadata.client_name as string | undefined) ?? null,
    logoUri: (metadata.logo_uri as string | undefined) ?? null,
    redirectUris: metadata.redirect_uris,
    grantTypes: metadata.grant_types,
    metadata: { ...metadata, client_id: url },
  };
  // the row is a copy of the document: fetched again, it counts as new, so the purge of unused clients
  // (maintenance/purge.ts, a week) never takes a row this cache (a day at most) still hands out
  const [client] = await db
    .insert(oauthClients)
    .values(values)
    .onConflictDoUpdate({ target: oauthClients.clientId, set: { ...values, createdAt: sql`now()` } })
    .returning();
  const seconds = Math.min(CLIENT_METADATA_LIMITS.maxCacheSeconds, Math.max(CLIENT_METADATA_LIMITS.minCacheSeconds, maxAge ?? 300));
  if (cache.size > 1000) cache.clear();
  cache.set(url, { client: client!, until: now + seconds * 1000 });
  return client!;
}

function validateDocument(body: string, url: string) {
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    throw new OAuthError('invalid_client', 'The client metadata document is not JSON');
  }
  const claimed = (document as { client_id?: unknown } | null)?.client_id;
  if (claimed !== url) throw new OAuthError('invalid_client', 'The client metadata document names another client_id');
  const method = (document as { token_endpoint_auth_method?: unknown }).token_endpoint_auth_method;
  if (method !== undefined && method !== 'none') throw new OAuthError('invalid_client', 'Only public clients (token_endpoint_auth_method "none") may use a metadata document');
  try {
    return validateMetadata(document);
  } catch (error) {
    if (error instanceof OAuthError) throw new OAuthError('invalid_client', `The client metadata document is not valid: ${error.description}`);
    throw error;
  }
}

/** `deadline` bounds the whole fetch, redirects included, however slowly the server answers. */
async function fetchDocument(url: string, deadline: number, hops = 0): Promise<{ body: string; maxAge: number | null }> {
  const answer = await get(url, deadline);
  if (answer.redirect) {
    const next = new URL(answer.redirect, url).href;
    if (hops >= CLIENT_METADATA_LIMITS.maxRedirects || !isClientMetadataUrl(next)) {
      throw new OAuthError('invalid_client', 'The client metadata document redirects too often or to a URL that is not allowed');
    }
    return fetchDocument(next, deadline, hops + 1);
  }
  return answer;
}

interface Answer {
  body: string;
  maxAge: number | null;
  redirect?: string;
}

function get(url: string, deadline: number): Promise<Answer> {
  const allowPrivate = config.clientMetadataAllowPrivate;
  const secure = url.startsWith('https:');
  const agent = secure ? new RequestFilteringHttpsAgent({ allowPrivateIPAddress: allowPrivate }) : new RequestFilteringHttpAgent({ allowPrivateIPAddress: allowPrivate });
  const failed = (why: string) => new OAuthError('invalid_client', `The client metadata document could not be fetched: ${why}`);
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).get(url, { agent, headers: { accept: 'application/json' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ body: '', maxAge: null, redirect: res.headers.location });
      }
      if (status !== 200) {
        res.resume();
        return reject(failed(`it answered ${status}`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > CLIENT_METADATA_LIMITS.maxBytes) {
          req.destroy();
          return reject(failed(`it is larger than ${CLIENT_METADATA_LIMITS.maxBytes} bytes`));
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8'), maxAge: maxAgeOf(res.headers['cache-control']) }));
      res.on('error', (error) => reject(failed(error.message)));
    });
    // a total deadline, not an idle timeout: a server dripping a byte now and then would hold it for hours
    const timer = setTimeout(() => {
      req.destroy();
      reject(failed(`it took longer than ${CLIENT_METADATA_LIMITS.timeoutMs} ms`));
    }, Math.max(0, deadline - Date.now()));
    req.on('close', () => clearTimeout(timer));
    req.on('error', (error) => reject(failed(error.message)));
  });
}

function maxAgeOf(cacheControl: string | undefined): number | null {
  if (!cacheControl) return null;
  if (/no-store|no-cache/i.test(cacheControl)) return 0;
  const match = /max-age=(\d+)/i.exec(cacheControl);
  return match ? Number(match[1]) : null;
}
