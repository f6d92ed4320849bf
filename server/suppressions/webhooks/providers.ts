import type { BounceProvider } from '@/db/schema';
import { mailgun } from './mailgun';
import type { Provider } from './provider';
import { resend } from './resend';

export const PROVIDERS: Record<BounceProvider, Provider> = { mailgun, resend };
