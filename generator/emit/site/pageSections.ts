/**
 * A manual cut into pieces that markdown-it parses and renders one at a time to the same HTML as
 * the whole. A whole large manual is hundreds of thousands of tokens alive at once, which the
 * garbage collector copies again and again; a section's tokens die young. (Measured on the shipped
 * specs: the site's scavenges took 106 ms instead of 191 ms.)
 *
 * The cuts are markdownSections' (before a heading that follows a blank line, outside fenced
 * code and `$$` math blocks), where no CommonMark block is open. One more thing can reach across
 * one: a link reference definition (`[x]: url`) serves links anywhere in the document, so a
 * document that could hold one (that has `]:` anywhere) is not cut.
 */
import { markdownSections } from "../markdownSections";

/** The pieces of `markdown`, in order; joined they give `markdown` back. */
export function pageSections(markdown: string): string[] {
  return markdown.includes("]:") ? [markdown] : markdownSections(markdown);
}
