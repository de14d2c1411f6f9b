/**
 * Flattening rendered text while it is young. V8 keeps concatenated text as a tree of its pieces;
 * a rendered loop or page was a tree of millions of small objects that outlived several
 * young-generation collections, each piece copied and promoted, page by page, before the writer
 * flattened the whole text anyway. Flattened as soon as a piece of output is complete, its pieces
 * become garbage at once. Used on each item of a template's `{{#each}}` (renderTemplate.ts) and
 * each section of a site page (site/renderMarkdown.ts): 20,000 synthetic instructions took
 * 646,000 page faults with both, 669,000–673,000 with the first alone, 760,000–775,000 with
 * neither (alternating runs of the compiled CLI).
 */

/** What `flattenText` computed, kept so that an optimizing compiler cannot drop the conversion. */
let converted = 0;

/** `text`, flattened: converting text to a number makes V8 flatten it first, into one string. */
export function flattenText(text: string): string {
  converted += Number(text) || 0;
  return text;
}
