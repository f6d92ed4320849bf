/** The response with `extra` set on it (rate limit headers on a page or redirect built elsewhere). */
export function withHeaders(response: Response, extra: Headers): Response {
  extra.forEach((value, name) => response.headers.set(name, value));
  return response;
}
