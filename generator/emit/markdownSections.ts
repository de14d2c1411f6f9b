/**
 * A Markdown document cut into its sections, so prettier can format one section at a time.
 *
 * Prettier's Markdown printer costs more than linear time in the document's size (a manual of
 * 1,000 instructions took 9.5 s, one of 4,000 took 60 s), while the same document formatted
 * section by section gives the same text in linear time. A section starts at an ATX heading
 * (`#` … `######` at column 0) that follows a blank line, outside fenced code: there no block can
 * be open (a paragraph, list, table or HTML block of types 6–7 ends at the blank line), so
 * formatting each piece alone cannot change how the rest parses. Inputs that could break that
 * rule are not split: a document with a raw HTML block of types 1–5 (`<pre>`, `<script>`,
 * `<style>`, `<textarea>`, comments, `<?`, `<!X`, CDATA), which a blank line does not end, comes
 * back whole, unless the block ends on the line it starts; and no cut falls inside a `$$` math block, which prettier reads as one block, blank
 * lines and all: not where the count of `$$` before it is odd, nor between a `$$` and the next `$$`
 * with no `$` in between (a `$$` in a code span would make the count wrong there).
 */

/** An opening or closing code fence: up to 3 spaces, then 3+ backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^#{1,6}(\s|$)/;
/** Starts of HTML blocks a blank line does not end (CommonMark types 1–5). */
const UNSPLITTABLE =
  /^ {0,3}(<(pre|script|style|textarea)(\s|>|$)|<!--|<\?|<![A-Za-z]|<!\[CDATA\[)/i;

/**
 * Whether the HTML block of types 1–5 that `line` starts ends on that line too (its end marker
 * after its start: `-->`, `?>`, `>`, `]]>`, a closing tag), as the manuals' one-line
 * `<!-- Generated … -->` banner does: such a block is over, and cuts after it are safe.
 */
function htmlBlockEndsOnItsLine(line: string): boolean {
  const start = UNSPLITTABLE.exec(line)!;
  const rest = line.slice(start.index + start[0].length);
  const opening = start[1].toLowerCase();
  if (opening === "<!--") return rest.includes("-->");
  if (opening === "<?") return rest.includes("?>");
  if (opening === "<![cdata[") return rest.includes("]]>");
  if (opening.startsWith("<!")) return rest.includes(">");
  return /<\/(pre|script|style|textarea)>/i.test(rest);
}

/** `$$` occurrences in `line` (not overlapping, as `split` counts them). */
function mathDelimitersIn(line: string): number {
  let n = 0;
  for (let at = line.indexOf("$$"); at >= 0; at = line.indexOf("$$", at + 2)) n++;
  return n;
}

/**
 * The sections of `markdown`, in order; joined they give `markdown` back exactly. A document with
 * a block the rule above cannot see across comes back whole.
 */
export function markdownSections(markdown: string): string[] {
  const sections: string[] = [];
  // Lines are walked by offset, and sections sliced from the text, rather than split and joined:
  // the site cuts every manual of a build, megabytes of text.
  let start = 0;
  let fence: string | null = null;
  let previousBlank = true;
  let mathDelimiters = 0;
  // The last `$` before the current line and the first at or after it: found once each, so the
  // walk stays linear (a search from every heading for a `$` that is not there was quadratic).
  let lastDollar = -1;
  let nextDollar = -1;
  for (let lineStart = 0; lineStart <= markdown.length;) {
    const newline = markdown.indexOf("\n", lineStart);
    const lineEnd = newline < 0 ? markdown.length : newline;
    const line = markdown.slice(lineStart, lineEnd);
    const mark = FENCE.exec(line)?.[1];
    if (nextDollar !== Infinity && nextDollar < lineStart) {
      const i = markdown.indexOf("$", lineStart);
      nextDollar = i < 0 ? Infinity : i;
    }
    if (fence !== null) {
      // A closing fence: the same character, at least as long, nothing after it.
      if (mark && mark[0] === fence[0] && mark.length >= fence.length && line.trim() === mark)
        fence = null;
    } else if (mark) fence = mark;
    else if (UNSPLITTABLE.test(line) && !htmlBlockEndsOnItsLine(line)) return [markdown];
    else if (
      previousBlank &&
      mathDelimiters % 2 === 0 &&
      // Not between a `$$` and the next `$$` with no `$` in between.
      !(markdown[lastDollar - 1] === "$" && markdown[nextDollar + 1] === "$") &&
      HEADING.test(line) &&
      // Not a section of blank lines only, which would format to "".
      markdown.slice(start, lineStart).trim() !== ""
    ) {
      sections.push(markdown.slice(start, lineStart));
      start = lineStart;
    }
    if (fence === null && !mark) mathDelimiters += mathDelimitersIn(line);
    previousBlank = fence === null && line.trim() === "";
    const dollar = line.lastIndexOf("$");
    if (dollar >= 0) lastDollar = lineStart + dollar;
    lineStart = lineEnd + 1;
  }
  sections.push(markdown.slice(start));
  return sections;
}
