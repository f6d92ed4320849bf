/** Whitespace and characters Unicode says to draw as nothing (zero-width spaces and joiners, BOM, bidi marks, fillers). */
const INVISIBLE_ONLY = /^[\s\p{Default_Ignorable_Code_Point}]*$/u;

/** True for a name nobody could see or tell apart from an empty one. */
export function isBlank(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}
