import type { Actor } from '../auth/actor';
import type { BannerRow } from './internal';
import type { TBannerPublisher } from './schemas';

/** The columns that record who publishes: the person, and the API key or OAuth client they act through. */
export interface PublishedBy {
  publishedVia: 'session' | 'api_token' | 'oauth' | null;
  publishedByUserId: string | null;
  publishedByTokenId: string | null;
  publishedByClientId: string | null;
}

export const UNKNOWN_PUBLISHER: PublishedBy = { publishedVia: null, publishedByUserId: null, publishedByTokenId: null, publishedByClientId: null };

export function publishedByActor(actor: Actor): PublishedBy {
  if (actor.kind !== 'project') return UNKNOWN_PUBLISHER;
  return {
    publishedVia: actor.via,
    publishedByUserId: actor.userId,
    publishedByTokenId: actor.via === 'api_token' ? (actor.credentialId ?? null) : null,
    publishedByClientId: actor.via === 'oauth' ? (actor.credentialId ?? null) : null,
  };
}

/** The names joined to a banner row: the person, the key, the OAuth client (null when deleted since). */
export interface PublisherNames {
  userFirstName: string | null;
  userLastName: string | null;
  userEmail: string | null;
  tokenName: string | null;
  clientName: string | null;
}

export function toPublisher(row: Pick<BannerRow, 'publishedVia'>, names: PublisherNames): TBannerPublisher {
  const full = [names.userFirstName, names.userLastName].filter(Boolean).join(' ');
  const person = full || names.userEmail || null;
  if (row.publishedVia === 'session') return { kind: 'person', name: person, person };
  if (row.publishedVia === 'api_token') return { kind: 'api_key', name: names.tokenName, person };
  if (row.publishedVia === 'oauth') return { kind: 'agent', name: names.clientName, person };
  return { kind: 'unknown', name: null, person: null };
}
