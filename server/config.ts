import { isIP } from 'node:net';
import { databaseSettings } from '@/db/settings';
import { requestOrigin } from './request-origin';

/** Every setting the service reads, in one place; all optional for the embedded default. */
export const config = {
  get port() {
    return Number(process.env.PORT ?? 3000);
  },
  get databaseUrl() {
    return databaseSettings.url;
  },
  get dataDir() {
    return databaseSettings.dataDir;
  },
  /** Public origin of the app; every host below defaults to it. */
  get appUrl() {
    return trimSlash(process.env.APP_URL || requestOrigin() || `http://localhost:${this.port}`);
  },
  /** With APP_URL unset, links follow the loopback or private origin each request arrives on. */
  get appUrlConfigured() {
    return Boolean(process.env.APP_URL);
  },
  /** `{auth_url}`: host of the OAuth endpoints and the issuer (not AUTH_URL: next-auth reads that). */
  get oauthIssuerUrl() {
    return trimSlash(process.env.OAUTH_ISSUER_URL || this.appUrl);
  },
  /** `{mcp_url}`: host of the agent endpoint `/mcp` and its discovery documents. */
  get mcpUrl() {
    return trimSlash(process.env.MCP_URL || this.appUrl);
  },
  /** Development only: Client ID Metadata Documents may then live on http loopback or private hosts. */
  get clientMetadataAllowPrivate() {
    return process.env.OAUTH_CIMD_ALLOW_PRIVATE === 'true';
  },
  get trustedProxyHops() {
    const hops = Number(process.env.TRUSTED_PROXY_HOPS ?? 0);
    return Number.isInteger(hops) && hops > 0 ? hops : 0;
  },
  get rateLimitEnabled() {
    return process.env.RATE_LIMIT_ENABLED !== 'false';
  },
  /** SMTP server for every email (`smtp://user:pass@host:587`); unset: the outbox in the database. */
  get smtpUrl() {
    return process.env.SMTP_URL || undefined;
  },
  /** Sender address of every email; release emails show the project's name beside it. */
  get emailFrom() {
    // an IP literal (`http://127.0.0.1:3000`) is no mail domain: such a local origin sends as localhost
    const host = new URL(this.appUrl).hostname;
    return process.env.EMAIL_FROM || `shipnote@${isIP(host.replace(/^\[|\]$/g, '')) ? 'localhost' : host}`;
  },
  /** Release email budget, shared by every instance; retries back off from EMAIL_RETRY_BASE_SECONDS. */
  get email() {
    return {
      maxPerMinute: positive(process.env.EMAIL_MAX_PER_MINUTE, 120),
      maxAttempts: positive(process.env.EMAIL_MAX_ATTEMPTS, 6),
      retryBaseSeconds: positive(process.env.EMAIL_RETRY_BASE_SECONDS, 30),
      leaseSeconds: positive(process.env.EMAIL_LEASE_SECONDS, 120),
    };
  },
  /** How often each instance publishes scheduled content that has come due (seconds; fractions allowed). */
  get contentSchedulerIntervalMs() {
    return positive(process.env.CONTENT_SCHEDULER_INTERVAL_SECONDS, 5) * 1000;
  },
  /** A plain Redis server (`redis://`, `rediss://`): rate limits, the email budget and cache invalidation. */
  get redisUrl() {
    return process.env.REDIS_URL || undefined;
  },
  get upstash() {
    const url = process.env.UPSTASH_REDIS_REST_URL;
    const token = process.env.UPSTASH_REDIS_REST_TOKEN;
    return url && token ? { url, token } : undefined;
  },
};

function positive(value: string | undefined, fallback: number) {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

function trimSlash(url: string) {
  return url.replace(/\/+$/, '');
}
