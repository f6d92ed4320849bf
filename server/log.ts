/** Addresses and bearer secrets never reach the logs: they are personal data or credentials. */
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}/g;
const SECRET = /\b(service_(?:key|at|rt|cs)_)[A-Za-z0-9_-]+/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;

export function redact(text: string): string {
  return text
    .replace(EMAIL, (match, first: string) => `${first}***@${match.slice(match.lastIndexOf('@') + 1)}`)
    .replace(SECRET, '$1[redacted]')
    .replace(BEARER, '$1 [redacted]');
}

/** Errors the caller never sees go here, with their stack and cause chain, for the operator. */
export function logError(message: string, error: unknown) {
  console.error(`[shipnote] ${redact(message)}: ${redact(describe(error))}`);
}

function describe(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return String(error);
  // drivers put the offending values in fields beside the message (PostgreSQL's `detail`)
  const detail = 'detail' in error && error.detail ? `\n  detail: ${String(error.detail)}` : '';
  const cause = error.cause !== undefined && depth < 3 ? `\n  cause: ${describe(error.cause, depth + 1)}` : '';
  return `${error.stack ?? `${error.name}: ${error.message}`}${detail}${cause}`;
}
