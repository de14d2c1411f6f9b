/**
 * A manual cut into pieces that markdown-it parses and renders one at a time to the same HTML as
 * the whole. A whole large manual is hundreds of thousands of tokens alive at once, which the
 * garbage collector copies again and again; a section's tokens die young. (Measured on the shipped
 * specs: the site's scavenges took 106 ms instead of 191 ms.)
 *
 * The cuts are markdownSections' (before a heading that follows a blank line, outside fenced
 * code), where no CommonMark block is open. Two things can still reach across one, so:
 * - a link reference definition (`[x]: url`) serves links anywhere in the document: a document
 *   that could hold one (that has `]:` anywhere) is not cut;
 * - a math block (`$$` … `$$`, texmath's rule: no `$` inside) may hold a blank line and a heading:
 *   no cut falls between a `$$` and the next `$$` with no `$` in between.
 */
import { markdownSections } from "../markdownSections";

/** The pieces of `markdown`, in order; joined they give `markdown` back. */
export function pageSections(markdown: string): string[] {
  if (markdown.includes("]:")) return [markdown];
  const sections: string[] = [];
  let at = 0;
  // The last `$` before `at` and the first at or after it, each found in one pass over the text.
  let lastDollar = -1;
  let nextDollar = -1;
  for (const section of markdownSections(markdown)) {
    if (nextDollar !== Infinity && nextDollar < at) {
      const i = markdown.indexOf("$", at);
      nextDollar = i < 0 ? Infinity : i;
    }
    // A `$$` math block could open before the cut and close after it.
    const inMath = markdown[lastDollar - 1] === "$" && markdown[nextDollar + 1] === "$";
    if (sections.length > 0 && inMath) sections[sections.length - 1] += section;
    else sections.push(section);
    const last = section.lastIndexOf("$");
    if (last >= 0) lastDollar = at + last;
    at += section.length;
  }
  return sections;
}
