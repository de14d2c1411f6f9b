/**
 * Headings of one manual and their anchors, computed as GitHub does: one slugger per document, fed
 * every heading in document order (a repeated slug gets `-1`, `-2`, …). The view registers the
 * headings in the order the templates print them, so an anchor is known before its heading is
 * rendered. Heading texts are unique within a manual by construction: a text already used gets a
 * qualifier (`FRCP_FREXPM (ADD)`), so no two sections can be confused and no link is ambiguous.
 */
import { newGithubSlugger } from "../site/githubSlugger";
import { escapeInline } from "./markdownText";

export interface Heading {
  level: number;
  /** Plain text of the heading (what GitHub slugs). */
  text: string;
  anchor: string;
  /** The text as Markdown (escaped), as the template prints it after the `#`s. */
  markdown: string;
}

export class HeadingRegistry {
  private readonly slugger = newGithubSlugger();
  private readonly texts = new Set<string>();
  readonly headings: Heading[] = [];

  /** Register the next heading; `qualifier` disambiguates a text already used. */
  add(level: number, text: string, qualifier?: string): Heading {
    let unique = text;
    if (this.texts.has(unique) && qualifier) unique = `${text} (${qualifier})`;
    for (let n = 2; this.texts.has(unique); n++)
      unique = `${text} (${qualifier ? `${qualifier} ` : ""}${n})`;
    this.texts.add(unique);
    const heading = {
      level,
      text: unique,
      anchor: this.slugger.slug(unique),
      markdown: escapeInline(unique),
    };
    this.headings.push(heading);
    return heading;
  }
}
