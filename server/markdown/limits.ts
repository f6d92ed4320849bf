import { nestingDepth, RENDER_MAX_NESTING } from './render';

/**
 * How deep saved markdown may nest, counted as rendered elements (a quote, a list and each of its items,
 * emphasis, a link, a raw HTML tag: one level each). Below the renderer's cap: accepted content renders whole.
 */
export const MARKDOWN_MAX_DEPTH = 32;
export const MARKDOWN_DEPTH_ERROR = `Content nests deeper than ${MARKDOWN_MAX_DEPTH} levels (quotes, lists, emphasis, links or HTML elements inside each other)`;
/** Longer values fail their field's own length limit; they are not parsed as well. */
const LONGEST_CHECKED = 200_000;

/** Why markdown may not be saved, or null. */
export function checkMarkdownLimits(source: string): string | null {
  if (source.length > LONGEST_CHECKED) return null;
  return nestingDepth(source) > MARKDOWN_MAX_DEPTH ? MARKDOWN_DEPTH_ERROR : null;
}

/** The refinement of every markdown input field: `.refine(withinMarkdownLimits, { error: MARKDOWN_DEPTH_ERROR })`. */
export function withinMarkdownLimits(source: string): boolean {
  return checkMarkdownLimits(source) === null;
}

// the renderer must show everything the limit accepts
if (MARKDOWN_MAX_DEPTH >= RENDER_MAX_NESTING) throw new Error('MARKDOWN_MAX_DEPTH must stay below RENDER_MAX_NESTING');
