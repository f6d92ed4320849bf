export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

/** An RFC 6749 section 5.2 (or RFC 7591 section 3.2.2) error; `invalid_client` is a 401. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = error === 'invalid_client' ? 401 : 400,
    /** response headers the error needs, such as a Basic challenge */
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

/** Query or form parameters, each at most once (RFC 6749 section 3.2): a value is never picked from two. */
export function uniqueParams(params: URLSearchParams): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of params) {
    if (map.has(name)) throw new OAuthError('invalid_request', `Parameter ${name} is repeated`);
    if (value !== '') map.set(name, value);
  }
  return map;
}
