/**
 * Where every anchor of the site's manuals lives once they are cut into pages, and the links of a
 * page rewritten to reach it: `#x` and `valhall.html#x` (as renderMarkdown writes links within and
 * between manuals) become a path to the page holding `x`, relative to the page linking.
 */

/** Anchor → the site path of its page (`ir3.html`, `ir3/mov.html`), per manual page name. */
export type AnchorPages = Map<string, Map<string, string>>;

/** The site path of page `id` of the manual of `isa` (`""` is the front page). */
export function manualPagePath(isa: string, id: string): string {
  return id === "" ? `${isa}.html` : `${isa}/${id}.html`;
}

/** `target` (a site path, maybe with `#anchor`) as a link from the page at site path `from`. */
export function relativeHref(from: string, target: string): string {
  const dir = from.includes("/") ? from.slice(0, from.lastIndexOf("/") + 1) : "";
  if (dir === "") return target;
  return target.startsWith(dir) ? target.slice(dir.length) : `../${target}`;
}

/** The link from page `from` to `anchor`, which lives on the page at `path` (no `#` for its own heading). */
export function anchorHref(from: string, path: string, anchor: string): string {
  if (path === from) return `#${anchor}`;
  const own = path.endsWith(`/${anchor}.html`);
  return relativeHref(from, own ? path : `${path}#${anchor}`);
}

const LINK = /(\shref=")([^"]*)"/g;
const IMAGE = /(\ssrc=")([^"]*)"/g;

/**
 * The HTML of the page at site path `from` (of the manual whose page is `page`), its in-site links
 * pointed at the pages now holding their anchors and its relative images resolved from its
 * directory. A link to an anchor no page holds is an error naming `source`.
 */
export function rewriteLinks(
  html: string,
  from: string,
  page: string,
  anchors: AnchorPages,
  source: string,
): string {
  const resolve = (href: string): string => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("/")) return href;
    const hashAt = href.indexOf("#");
    const file = hashAt < 0 ? href : href.slice(0, hashAt);
    const anchor = hashAt < 0 ? "" : decodeURIComponent(href.slice(hashAt + 1));
    const manual = anchors.get(file === "" ? page : file);
    if (!manual) return relativeHref(from, href);
    if (anchor === "") return relativeHref(from, file);
    const path = manual.get(anchor);
    if (path === undefined)
      throw new Error(`${source}: link '${href}' names an anchor no page of the site has`);
    return anchorHref(from, path, anchor);
  };
  return html
    .replace(LINK, (_, head: string, href: string) => `${head}${resolve(href)}"`)
    .replace(IMAGE, (_, head: string, src: string) => `${head}${relativeHref(from, src)}"`);
}
