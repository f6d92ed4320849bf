/** Errors the caller never sees go here, with their stack, for the operator. */
export function logError(message: string, error: unknown) {
  console.error(`[shipnote] ${message}:`, error);
}
