/**
 * The one logger: no personal data or credential reaches the logs (docs/security.md, "Logs"). Each pattern
 * starts only where a word starts (look-behind), so redacting stays linear in the text.
 */
const WORD = '[\\p{L}\\p{N}._%+-]';
const EMAIL = new RegExp(`(?<!${WORD})(${WORD})${WORD}*(?:@|%40)([\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)+)`, 'gu');
const URL_PASSWORD = /(?<![\w+.-])([a-z][\w+.-]*:\/\/)[^\s/?#@]+@/gi;
const SECRET = /\b(service_(?:key|at|rt|cs)_)[A-Za-z0-9_-]+/g;
const AUTHORIZATION = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const CREDENTIAL_PATH = /(\/(?:unsubscribe|verify-email)\/)[^/?#\s"'<>]+/g;
const CREDENTIAL_PARAM = /([?&;](?:ticket|code|token|access_token|refresh_token|client_secret|code_verifier|password)=)[^&#\s"'<>]+/gi;
const CREDENTIAL_FIELD = /("(?:password|client_secret|access_token|refresh_token|code_verifier|token|ticket)"\s*:\s*")(?:[^"\\]|\\.)*"/gi;

export function redact(text: string): string {
  return text
    .replace(URL_PASSWORD, '$1[redacted]@')
    .replace(EMAIL, (_, first: string, domain: string) => `${first}***@${domain}`)
    .replace(SECRET, '$1[redacted]')
    .replace(AUTHORIZATION, '$1 [redacted]')
    .replace(CREDENTIAL_PATH, '$1[redacted]')
    .replace(CREDENTIAL_PARAM, '$1[redacted]')
    .replace(CREDENTIAL_FIELD, '$1[redacted]"');
}

/** Errors the caller never sees go here, with their stack and cause chain, for the operator. */
export function logError(message: string, error: unknown) {
  console.error(`[shipnote] ${redact(message)}: ${redact(describe(error))}`);
}

function describe(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return typeof error === 'object' && error !== null ? json(error) : String(error);
  // drivers put the offending values in fields beside the message (PostgreSQL's `detail`)
  const detail = 'detail' in error && error.detail ? `\n  detail: ${String(error.detail)}` : '';
  const inner = error instanceof AggregateError && depth < 3 ? error.errors.map((e) => `\n  error: ${describe(e, depth + 1)}`).join('') : '';
  const cause = error.cause !== undefined && depth < 3 ? `\n  cause: ${describe(error.cause, depth + 1)}` : '';
  return `${error.stack ?? `${error.name}: ${error.message}`}${detail}${inner}${cause}`;
}

function json(value: object): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
