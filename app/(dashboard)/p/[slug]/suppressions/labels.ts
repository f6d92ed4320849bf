import type { TSuppression } from '@/server/suppressions/schemas';

export const REASON_LABEL: Record<TSuppression['reason'], string> = {
  hard_bounce: 'Hard bounce',
  complaint: 'Spam complaint',
  manual: 'Added by hand',
};

export const PROVIDER_LABEL = { resend: 'Resend', mailgun: 'Mailgun' } as const;
