/**
 * Source text → Markdown that renders as the source meant it.
 *
 * Two flavours of source text exist. Valhall's ISA.xml descriptions are already Markdown-like:
 * paragraphs hard-wrapped at 80 columns, code spans, `*emphasis*`, inline `$…$` and display
 * `$$…$$` math, and bare LaTeX environments (`\begin{align*}…\end{align*}`). Everything else
 * (rules-ng, isaspec, the R500 register text, the Bifrost notes, companion JSON) is plain text
 * whose line breaks carry meaning (formulas one per line, ASCII tables, `- ` lists).
 *
 * Markdown flavour: code spans and math pass through verbatim; bare environments are wrapped in a
 * `$$` block so GitHub renders them; a paragraph's lines are joined (so no wrapped line can start a
 * list or heading by accident); other Markdown-significant characters are escaped.
 * Plain flavour: every Markdown-significant character is escaped; lines stay lines (hard breaks)
 * except where the source merely wrapped a sentence; `- ` lines become lists; ASCII art goes into
 * a `text` code block; a line underlined with `---`/`===` becomes a bold title (not a heading:
 * headings would add anchors to the manual).
 */

export type TextFlavor = "markdown" | "plain";

/** Characters escaped everywhere in running text (CommonMark backslash escapes). */
const ALWAYS = /[\\`*_[\]<>|$~]/g;
/** An `&` that would start an entity reference. */
const ENTITY = /&(?=#?[A-Za-z0-9]+;)/g;
const URL = /https?:\/\/[^\s<>`|]*[^\s<>`|.,;:)]/g;

/** Escape plain text for inline use; URLs become autolinks. Newlines and runs of spaces or tabs become a space. */
export function escapeInline(text: string): string {
  let out = "";
  let last = 0;
  // Runs of spaces and tabs render as one space, and prettier writes them as one (Mesa's docs align
  // columns with tabs).
  const flat = text.replace(/\s*\n\s*/g, " ").replace(/[ \t]{2,}|\t/g, " ");
  for (const m of flat.matchAll(URL)) {
    out += escapeChars(flat.slice(last, m.index)) + `<${m[0]}>`;
    last = m.index! + m[0].length;
  }
  return out + escapeChars(flat.slice(last));
}

function escapeChars(text: string): string {
  return text.replace(ALWAYS, "\\$&").replace(ENTITY, "\\&");
}

/** Make a line safe at the start of a block: no heading, list, quote or thematic break. */
function escapeLineStart(line: string): string {
  return line
    .replace(/^(#+)(?=\s|$)/, "\\$1")
    .replace(/^([-+=])/, "\\$1")
    .replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2");
}

/** A letter or digit: next to one, emphasis keeps its `*`s. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Code spans and math of Markdown-flavour text, kept verbatim; the rest escaped. */
function markdownInlineSegments(text: string, inTable: boolean): string {
  // Order matters: a code span may contain `$`, math may contain backquotes in \text{}.
  const token =
    /(`+)[\s\S]*?\1|\$\$[\s\S]+?\$\$|\$(?=\S)[^$]*?\S\$|\*\*(?=\S)[^*]+?\*\*|\*(?=\S)[^*]+?\*/g;
  let out = "";
  let last = 0;
  for (const m of text.matchAll(token)) {
    out += escapeInline(text.slice(last, m.index));
    const end = m.index! + m[0].length;
    const verbatim = m[0].startsWith("*")
      ? m[0].replace(/^(\*+)([\s\S]*?)(\*+)$/, (_, a: string, body: string, b: string) => {
          // prettier's emphasis is `_x_`, unless a word touches it (`a*b*c` needs the stars).
          const mark =
            a === "*" &&
            !WORD_CHAR.test(text[m.index! - 1] ?? "") &&
            !WORD_CHAR.test(text[end] ?? "")
              ? "_"
              : a;
          return mark + escapeInline(body) + (mark === "_" ? mark : b);
        })
      : m[0];
    // Inside a table a `|` ends the cell even in code or math; `\|` is the one escape GFM honours there.
    out += inTable ? verbatim.replace(/\|/g, "\\|") : verbatim;
    last = m.index! + m[0].length;
  }
  return out + escapeInline(text.slice(last));
}

/** One line of inline Markdown (a table cell, a list item) from source text of either flavour. */
export function inlineText(text: string, flavor: TextFlavor, inTable = true): string {
  const flat = text.trim().replace(/\s*\n\s*/g, " ");
  return flavor === "markdown" ? markdownInlineSegments(flat, inTable) : escapeInline(flat);
}

/** Source text of either flavour as Markdown blocks (separated by blank lines). */
export function blockText(text: string, flavor: TextFlavor): string {
  const blocks = flavor === "markdown" ? markdownBlocks(text) : plainBlocks(text);
  return blocks.join("\n\n");
}

/** A display-math or LaTeX-environment region of Markdown-flavour text. */
const DISPLAY_MATH = /\$\$([\s\S]+?)\$\$|\\begin\{([A-Za-z]+\*?)\}[\s\S]*?\\end\{\2\}/g;

function markdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let last = 0;
  const prose = (chunk: string): void => {
    for (const paragraph of chunk.split(/\n\s*\n/)) {
      const joined = paragraph.trim().replace(/\s*\n\s*/g, " ");
      if (joined) blocks.push(escapeLineStart(markdownInlineSegments(joined, false)));
    }
  };
  for (const m of text.matchAll(DISPLAY_MATH)) {
    prose(text.slice(last, m.index));
    // GitHub renders `$$` fenced on their own lines as display math, whatever is inside.
    const body = m[1] !== undefined ? m[1].trim() : m[0];
    blocks.push(`$$\n${body}\n$$`);
    last = m.index! + m[0].length;
  }
  prose(text.slice(last));
  return blocks;
}

type PlainLine = { kind: "text" | "art" | "item" | "title"; text: string };

/** ASCII tables and rules: several `|`, a leading `|` or `+-`, or only rule characters. */
function isArt(line: string): boolean {
  return (
    (line.match(/\|/g) ?? []).length >= 2 || /^(\||\+-)/.test(line) || /^[-+=|\s]{3,}$/.test(line)
  );
}

function isUnderline(line: string): boolean {
  return /^([-=])\1{2,}$/.test(line);
}

function classifyPlain(lines: string[]): PlainLine[] {
  const out: PlainLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const next = lines[i + 1];
    if (
      next !== undefined &&
      isUnderline(next) &&
      !isArt(line) &&
      (lines[i + 2] === undefined || !isArt(lines[i + 2]))
    ) {
      out.push({ kind: "title", text: line });
      i++; // the underline only marks the title
    } else if (isArt(line)) out.push({ kind: "art", text: line });
    else if (/^[-*] /.test(line)) out.push({ kind: "item", text: line.slice(2) });
    else out.push({ kind: "text", text: line });
  }
  return out;
}

/**
 * A line the source wrapped rather than ended: long, not ending a sentence or clause, and followed
 * by a line that continues it (starts in lower case, with a digit or a parenthesis) rather than
 * starting a row of a `LABEL: value` list (Mesa's cat5 getinfo: `8_SINT:\t 7 (CLK_SIGNED_INT8)`).
 */
function wrapsInto(line: string, next: string): boolean {
  return (
    line.length >= 60 &&
    !/[.:;!?]$/.test(line) &&
    /^[a-z0-9(]/.test(next) &&
    !(/^[^\s:]+:\s/.test(line) && /^[^\s:]+:\s/.test(next))
  );
}

/** Join wrapped text lines so a paragraph reflows; other lines stay lines. */
function unwrap(lines: PlainLine[]): PlainLine[] {
  const out: PlainLine[] = [];
  for (const line of lines) {
    const prev = out[out.length - 1];
    if (prev?.kind === "text" && line.kind === "text" && wrapsInto(prev.text, line.text))
      prev.text = `${prev.text} ${line.text}`;
    else out.push({ ...line });
  }
  return out;
}

function plainBlocks(text: string): string[] {
  const blocks: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const lines = paragraph
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "");
    let run: PlainLine[] = [];
    const flush = (): void => {
      if (run.length === 0) return;
      const kind = run[0].kind;
      if (kind === "art") blocks.push(["```text", ...run.map((l) => l.text), "```"].join("\n"));
      else if (kind === "item") blocks.push(run.map((l) => `- ${escapeInline(l.text)}`).join("\n"));
      else
        blocks.push(
          run
            .map((l) =>
              l.kind === "title"
                ? `**${escapeInline(l.text)}**`
                : escapeLineStart(escapeInline(l.text)),
            )
            .join("\\\n"),
        );
      run = [];
    };
    for (const line of unwrap(classifyPlain(lines))) {
      const group = line.kind === "title" ? "text" : line.kind;
      if (run.length > 0 && (run[0].kind === "title" ? "text" : run[0].kind) !== group) flush();
      run.push(line);
    }
    flush();
  }
  return blocks;
}

/**
 * A code span for a name or value, never padded (MD038). In a table cell a `|` must be `\|` even in
 * code (GFM splits cells first); elsewhere the backslash would show.
 */
export function codeSpan(text: string, inTable = true): string {
  const trimmed = text.trim();
  const body = inTable ? trimmed.replace(/\|/g, "\\|") : trimmed;
  if (body === "") return "";
  const ticks = "`".repeat(Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  return body.includes("`") ? `${ticks} ${body} ${ticks}` : `${ticks}${body}${ticks}`;
}

/** A Markdown link; `target` is `#anchor` or `file.md#anchor`. */
export function link(text: string, target: string): string {
  return `[${text}](${target})`;
}
