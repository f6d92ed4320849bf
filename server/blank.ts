/** Whitespace and invisible format characters (zero-width spaces and joiners, BOM, bidi marks). */
const INVISIBLE_ONLY = /^[\s\p{Cf}]*$/u;

/** True for a name nobody could see or tell apart from an empty one. */
export function isBlank(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}
