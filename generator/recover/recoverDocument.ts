/**
 * Recovery: turns a document as found on the web back into its original text.
 *
 * It undoes page chrome (GitHub blob pages, Forgejo file pages), line numbers glued onto the text
 * (code viewers), Android code-search blame prefixes, and entities the scrape decoded (XML only).
 * A clean file passes through byte-identical. Every recovered offset maps back to the position in the
 * document as given, so readers report diagnostics in the user's file.
 */
import { Diagnostics } from "../diagnostics";
import type { SourceRef } from "../model/types";
import { lineColumn, lineStarts, PositionMap, RecoveredTextBuilder } from "./positionMap";
import { XmlReescaper } from "./reescapeXml";

export interface RecoveredDocument {
  file: string;
  /** The recovered text. */
  text: string;
  /** What recovery did, one sentence each; empty when the file was clean. */
  actions: string[];
  /** Position in the document as given of an offset in `text`. */
  locate(offset: number): SourceRef;
  /** Position in the document as given of a 1-based line (and column) of `text`. */
  locateLine(line: number, column?: number): SourceRef;
  /** Number of lines of `text` (a final line break does not start a new line). */
  lineCount: number;
}

export interface RecoverOptions {
  /** The document is XML: re-escape `&` and `<` the scrape decoded. */
  xml: boolean;
}

/** Page chrome found around the content, with the page's own figures. */
interface Chrome {
  kind: "github" | "forgejo";
  contentStart: number;
  contentEnd: number;
  statedLines: number;
  statedSloc?: number;
  /** Offset of the line stating the figures, for diagnostics. */
  figuresAt: number;
  footerFound: boolean;
}

const GITHUB_FIGURES = /^(\d+) lines \((\d+) sloc\)\s+[\d.]+\s*(?:Bytes|B|KB|MB|GB)$/;
const GITHUB_FOOTER = /^You can[’']t perform that action at this time\.?$/;
const FORGEJO_LINES = /^(\d+) lines?$/;
const FORGEJO_SIZE = /^[\d.]+ (?:B|KiB|MiB|GiB)$/;
const FORGEJO_LANGUAGE = /^[A-Za-z][\w+#.-]*$/;
const BLAME_RECORD = /(\d+)\*([0-9a-f]{8})/g;

/** Decode bytes as UTF-8 text, rejecting what is not text. */
export function decodeDocument(
  file: string,
  bytes: Uint8Array,
  diags: Diagnostics,
): string | undefined {
  const at = (line = 1, column = 1): SourceRef => ({ file, line, column });
  if (bytes.length === 0) {
    diags.error("empty-document", "the document is empty", at());
    return undefined;
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    diags.error(
      "encoding",
      "the document is UTF-16 (byte-order mark found); save it as UTF-8",
      at(),
    );
    return undefined;
  }
  const nul = bytes.indexOf(0);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const bad = firstInvalidUtf8(bytes);
    const prefix = new TextDecoder("utf-8").decode(bytes.subarray(0, bad));
    const { line, column } = lineColumn(lineStarts(prefix), prefix.length);
    diags.error(
      "encoding",
      `the document is not valid UTF-8 (byte 0x${bytes[bad].toString(16).padStart(2, "0")} at offset ${bad})`,
      at(line, column),
    );
    return undefined;
  }
  if (nul >= 0) {
    const prefix = text.slice(0, text.indexOf("\0"));
    const { line, column } = lineColumn(lineStarts(prefix), prefix.length);
    diags.error(
      "binary",
      "the document contains a NUL byte: it is binary, not text",
      at(line, column),
    );
    return undefined;
  }
  return text;
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const n =
      b < 0x80
        ? 0
        : b >= 0xc2 && b < 0xe0
          ? 1
          : b >= 0xe0 && b < 0xf0
            ? 2
            : b >= 0xf0 && b < 0xf5
              ? 3
              : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++)
      if (i + k >= bytes.length || (bytes[i + k] & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return bytes.length - 1;
}

/** Split into lines, keeping each line's start offset; `\r\n` counts as one break. */
function splitLines(text: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text.charCodeAt(i) === 10) {
      const end = i > start && text.charCodeAt(i - 1) === 13 ? i - 1 : i;
      out.push({ text: text.slice(start, end), start });
      start = i + 1;
    }
  }
  return out;
}

function findChrome(text: string): Chrome | undefined {
  const lines = splitLines(text);
  const head = lines.slice(0, 16);
  // GitHub blob page: "Skip to content" … "N lines (M sloc) S KB", content, footer.
  const gh = head.findIndex((l) => GITHUB_FIGURES.test(l.text.trim()));
  if (gh >= 0 && /^Skip to content$/.test(lines[0].text.trim())) {
    const m = GITHUB_FIGURES.exec(lines[gh].text.trim())!;
    let last = lines.length - 1;
    while (last > gh && lines[last].text.trim() === "") last--;
    const footerFound = GITHUB_FOOTER.test(lines[last].text.trim());
    const contentEnd = footerFound ? lines[last].start : text.length;
    return {
      kind: "github",
      contentStart: gh + 1 < lines.length ? lines[gh + 1].start : text.length,
      contentEnd,
      statedLines: Number(m[1]),
      statedSloc: Number(m[2]),
      figuresAt: lines[gh].start,
      footerFound,
    };
  }
  // Forgejo file page: path, date, "N lines", size, language, content.
  for (let i = 0; i + 2 < head.length; i++) {
    const m = FORGEJO_LINES.exec(head[i].text.trim());
    if (
      m &&
      FORGEJO_SIZE.test(head[i + 1].text.trim()) &&
      FORGEJO_LANGUAGE.test(head[i + 2].text.trim())
    ) {
      let first = i + 3;
      while (first < lines.length && lines[first].text.trim() === "") first++;
      return {
        kind: "forgejo",
        contentStart: first < lines.length ? lines[first].start : text.length,
        contentEnd: text.length,
        statedLines: Number(m[1]),
        figuresAt: head[i].start,
        footerFound: true,
      };
    }
  }
  return undefined;
}

/** A line of the original document, located in the page as given. */
interface Piece {
  start: number;
  end: number;
  /** The empty line after the original's final line break (not a line of text). */
  finalBreak?: boolean;
}

/** `1<?xml … 2<!-- … 3…`: a code viewer's line numbers glued onto one line. */
function isGluedNumbering(content: string): boolean {
  const body = content.replace(/\s+$/, "");
  return /^1(?!\d)/.test(body) && !body.includes("\n") && body.includes(" 2");
}

function isBlame(content: string): boolean {
  return /^1\*[0-9a-f]{8}/.test(content);
}

/**
 * Split `N…` glued numbering. Line n runs from after its number to the first " n+1"; a second
 * " n+1" before " n+2" makes the split ambiguous, which is an error, not a guess.
 */
function splitGluedNumbers(
  page: string,
  start: number,
  end: number,
  map: (o: number) => SourceRef,
  diags: Diagnostics,
): Piece[] | undefined {
  const pieces: Piece[] = [];
  let bodyEnd = end;
  while (bodyEnd > start && /\s/.test(page[bodyEnd - 1])) bodyEnd--;
  let pos = start;
  for (let n = 1; ; n++) {
    const num = String(n);
    if (!page.startsWith(num, pos)) {
      diags.error(
        "line-numbering",
        `expected line number ${n} here; the glued line numbers are not consecutive`,
        map(pos),
      );
      return undefined;
    }
    const bodyStart = pos + num.length;
    const marker = " " + (n + 1);
    const next = page.indexOf(marker, bodyStart);
    if (next < 0 || next >= bodyEnd) {
      const skip = page.indexOf(" " + (n + 2), bodyStart);
      if (skip >= 0 && skip < bodyEnd && /^ \d+\D/.test(page.slice(skip, skip + 12))) {
        diags.error(
          "line-numbering",
          `line number ${n + 1} is missing: numbering jumps from ${n} to ${n + 2}`,
          map(skip + 1),
        );
        return undefined;
      }
      pieces.push({ start: bodyStart, end: bodyEnd });
      return pieces;
    }
    pieces.push({ start: bodyStart, end: next });
    // Ambiguity: the marker of this line occurs again inside this line's body. (Searched in the
    // body alone: searching the page from here scanned to its end for every line not repeated.)
    const inBody = page.slice(bodyStart, next).indexOf(" " + num);
    const again = inBody < 0 ? -1 : bodyStart + inBody;
    if (again >= 0 && /^\D/.test(page.slice(again + 1 + num.length, again + 2 + num.length))) {
      diags.error(
        "line-numbering",
        `line number ${n} appears twice (also at column ${map(pos).column}); cannot tell where line ${n} starts`,
        map(again + 1),
      );
      return undefined;
    }
    pos = next + 1;
  }
}

/** `N*hashAuthor text`: Android code-search blame glued onto each line. */
function splitBlame(
  page: string,
  start: number,
  end: number,
  map: (o: number) => SourceRef,
  diags: Diagnostics,
): Piece[] | undefined {
  const records: { n: number; hash: string; at: number; bodyStart: number }[] = [];
  BLAME_RECORD.lastIndex = start;
  let m: RegExpExecArray | null;
  while ((m = BLAME_RECORD.exec(page)) && m.index < end) {
    const n = Number(m[1]);
    // A record starts the page or follows the single space that joined lines.
    if (m.index !== start && page[m.index - 1] !== " ") continue;
    const expected = records.length + 1;
    if (n !== expected) {
      diags.error(
        "line-numbering",
        n < expected
          ? `line number ${n} appears again after line ${expected - 1}`
          : `line number ${expected} is missing: numbering jumps from ${expected - 1} to ${n}`,
        map(m.index),
      );
      return undefined;
    }
    records.push({ n, hash: m[2], at: m.index, bodyStart: m.index + m[0].length });
  }
  // Code search shows the number after the last line (the final line break) with no body.
  let last = end;
  while (last > start && /\s/.test(page[last - 1])) last--;
  const endMarker = " " + (records.length + 1);
  const finalBreak = records.length > 0 && page.slice(0, last).endsWith(endMarker);
  if (finalBreak) last -= endMarker.length;
  // The author column: the longest common prefix of the bodies sharing a commit hash.
  const bodyOf = (i: number): [number, number] => {
    const s = records[i].bodyStart;
    const e = i + 1 < records.length ? records[i + 1].at - 1 : last;
    return [s, Math.max(s, e)];
  };
  const bodies = records.map((_, i) => page.slice(...bodyOf(i)));
  const authorByHash = new Map<string, string>();
  for (const hash of new Set(records.map((r) => r.hash))) {
    const same = bodies.filter((_, i) => records[i].hash === hash);
    authorByHash.set(hash, commonPrefix(same.length > 1 ? same : bodies));
  }
  const pieces: Piece[] = records.map((r, i) => {
    const [s, e] = bodyOf(i);
    return { start: Math.min(e, s + (authorByHash.get(r.hash) ?? "").length), end: e };
  });
  if (finalBreak) pieces.push({ start: end, end, finalBreak: true });
  return pieces;
}

function commonPrefix(strings: string[]): string {
  if (strings.length === 0) return "";
  let p = strings[0];
  for (const s of strings) {
    let i = 0;
    while (i < p.length && i < s.length && p[i] === s[i]) i++;
    p = p.slice(0, i);
  }
  return p;
}

/** Recover `page` (the document as given). Returns undefined, with errors reported, if it cannot. */
export function recoverText(
  file: string,
  page: string,
  options: RecoverOptions,
  diags: Diagnostics,
): RecoveredDocument | undefined {
  const actions: string[] = [];
  const originalStarts = lineStarts(page);
  const mapOriginal = (o: number): SourceRef => ({ file, ...lineColumn(originalStarts, o) });

  let start = 0;
  let end = page.length;
  if (page.charCodeAt(0) === 0xfeff) {
    start = 1;
    actions.push("removed a UTF-8 byte-order mark");
  }
  const chrome = findChrome(page);
  if (chrome) {
    start = chrome.contentStart;
    end = chrome.contentEnd;
    actions.push(
      chrome.kind === "github"
        ? `removed GitHub page chrome (${page.slice(0, start).split("\n").length - 1} header lines${chrome.footerFound ? ", 1 footer line" : ""})`
        : `removed Forgejo page header (${page.slice(0, start).split("\n").length - 1} lines)`,
    );
    if (!chrome.footerFound) {
      diags.error(
        "truncated-page",
        "the page ends without GitHub's footer line: the scrape was cut off",
        mapOriginal(page.length),
      );
      return undefined;
    }
  }

  // Pieces: the original lines, as ranges of the page.
  let pieces: Piece[];
  const content = page.slice(start, end);
  if (isBlame(content)) {
    const p = splitBlame(page, start, end, mapOriginal, diags);
    if (!p) return undefined;
    pieces = p;
    actions.push(
      `removed Android code-search blame prefixes from ${p.filter((x) => !x.finalBreak).length} lines`,
    );
  } else if (isGluedNumbering(content)) {
    const p = splitGluedNumbers(page, start, end, mapOriginal, diags);
    if (!p) return undefined;
    pieces = p;
    actions.push(`un-glued line numbers 1..${p.length}`);
  } else {
    pieces = [{ start, end }];
  }

  const builder = new RecoveredTextBuilder();
  const escaper = options.xml ? new XmlReescaper(builder, page) : undefined;
  pieces.forEach((piece, i) => {
    if (i > 0) builder.insert("\n", pieces[i - 1].end);
    if (escaper) escaper.copy(piece.start, piece.end);
    else builder.copy(page, piece.start, piece.end);
  });
  if (escaper && escaper.escaped > 0) {
    actions.push(`re-escaped ${escaper.escaped} '&' and '<' characters the scrape had decoded`);
  }
  const { text, map } = builder.finish(file, page);

  const recoveredStarts = lineStarts(text);
  const lineCount = text.endsWith("\n") ? recoveredStarts.length - 1 : recoveredStarts.length;
  if (chrome) {
    const nonBlank = text.split("\n").filter((l) => l.trim() !== "").length;
    if (chrome.statedLines !== lineCount) {
      const stated =
        chrome.statedSloc !== undefined
          ? `${chrome.statedLines} lines (${chrome.statedSloc} non-blank)`
          : `${chrome.statedLines} lines`;
      const recovered =
        chrome.statedSloc !== undefined
          ? `${lineCount} lines, ${nonBlank} non-blank`
          : `${lineCount} lines`;
      const cause =
        chrome.statedSloc === nonBlank
          ? "the scrape dropped the blank lines"
          : "blank lines were probably lost in the scrape";
      diags.warning(
        "page-figures",
        `the page states ${stated} but ${recovered} were recovered: ${cause}`,
        mapOriginal(chrome.figuresAt),
      );
    }
    if (chrome.statedSloc !== undefined && nonBlank < chrome.statedSloc) {
      diags.error(
        "truncated-page",
        `the page states ${chrome.statedSloc} non-blank lines but only ${nonBlank} were recovered: the page is incomplete`,
        mapOriginal(chrome.figuresAt),
      );
      return undefined;
    }
  }
  return {
    file,
    text,
    actions,
    lineCount,
    locate: (offset) => map.locate(offset),
    locateLine: (line, column = 1) =>
      map.locate((recoveredStarts[line - 1] ?? text.length) + column - 1),
  };
}

/** Decode and recover a document given as bytes. */
export function recoverDocument(
  file: string,
  bytes: Uint8Array,
  options: RecoverOptions,
  diags: Diagnostics,
): RecoveredDocument | undefined {
  const page = decodeDocument(file, bytes, diags);
  return page === undefined ? undefined : recoverText(file, page, options, diags);
}
