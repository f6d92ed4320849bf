import type { SuppressionReason } from '@/db/schema';

/** What one delivery means once its signature held. */
export interface ProviderEvent {
  /** the provider's id of this delivery: seen twice means a replay */
  eventId: string;
  /** null: not a bounce or complaint we act on (soft bounce, delivery, open ...) */
  reason: SuppressionReason | null;
  /** why it is ignored, or the provider's description of the bounce */
  detail: string;
  recipients: string[];
}

export interface Provider {
  /** why a pasted secret cannot be this provider's, or null */
  checkSecret(secret: string): string | null;
  /** verifies the signature and its freshness (throws UNAUTHORIZED), then reads the event (throws BAD_REQUEST) */
  read(secret: string, body: string, headers: Record<string, string>, now: number): ProviderEvent;
}
