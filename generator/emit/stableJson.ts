/**
 * JSON with object keys sorted at every level, so equal models serialize to equal bytes, laid out
 * the way prettier lays out JSON (printWidth 100): objects expanded, arrays of plain values on one
 * line when they fit, arrays of numbers filled line by line, other arrays one element per line.
 * Printing it directly saves running prettier over megabytes; a test checks prettier agrees.
 *
 * The engine's JSON.stringify with an indent of 2 already prints objects and other arrays that way;
 * only the arrays of plain values are laid out again. (Printing value by value in JavaScript
 * allocated some 190 MB for the 8 MB of the shipped models, which the garbage collector then had
 * to sweep.)
 */
export const JSON_PRINT_WIDTH = 100;

export function stableJson(value: unknown): string {
  return layOutPlainArrays(JSON.stringify(value, withSortedKeys, 2));
}

/** The same value on one line, unformatted: equal values give equal strings (a key to group by). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, withSortedKeys);
}

/**
 * JSON.stringify's replacer: each object as a shallow copy with its keys inserted sorted (so
 * listed sorted, after the array-index keys that JavaScript lists first in numeric order) and
 * undefined members left out. Each copy is garbage once written; a sorted deep copy of the whole
 * model lived until the end of the serialization, long enough to be promoted out of the young
 * generation. The JSON of 20,000 synthetic instructions: 722–775 ms and 114,500–116,200 page
 * faults for the process that read and emitted it, against 760–820 ms and 126,500 (2 alternating
 * runs); the shipped specs' in the same time (54–57 ms warm, either way).
 */
function withSortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object).sort()) {
    const v = object[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

const pads: string[] = [];
/** `n` spaces. */
const pad = (n: number) => (pads[n] ??= " ".repeat(n));

/**
 * `text` (JSON.stringify's, indent 2) with each array whose elements are all plain values put on
 * one line where that line fits, else filled line by line if they are all numbers. In that text an
 * array opens with `[` at the end of a line, and a line ends with `[` or `{` only where a nested
 * array or object opens (a string's newline is escaped, and its last character is a quote).
 */
function layOutPlainArrays(text: string): string {
  const out: string[] = [];
  let copied = 0;
  for (let open = text.indexOf("[\n"); open !== -1; open = text.indexOf("[\n", open + 2)) {
    const items: string[] = [];
    let pos = open + 2;
    let close = -1;
    for (;;) {
      const end = text.indexOf("\n", pos);
      const line = text.slice(pos, end === -1 ? text.length : end);
      const start = line.length - line.trimStart().length;
      if (line[start] === "]") {
        close = pos + start;
        break;
      }
      const last = line[line.length - 1];
      if (last === "[" || last === "{") break; // a nested container: not a plain array
      items.push(line.slice(start, last === "," ? -1 : undefined));
      pos = end + 1;
    }
    if (close === -1) continue;
    const lineStart = text.lastIndexOf("\n", open) + 1;
    // What precedes the array on its line (indent, `"key": `) and the comma after it.
    const used = open - lineStart + (text[close + 1] === "," ? 1 : 0);
    const flat = `[${items.join(", ")}]`;
    let laidOut: string | undefined;
    if (used + flat.length <= JSON_PRINT_WIDTH) laidOut = flat;
    else if (items.every(isNumber)) {
      const opener = text.slice(lineStart, open);
      laidOut = fill(items, opener.length - opener.trimStart().length + 2);
    }
    if (laidOut !== undefined) {
      out.push(text.slice(copied, open), laidOut);
      copied = close + 1;
    }
    open = close - 1;
  }
  out.push(text.slice(copied));
  return out.join("");
}

/** A plain JSON value that is a number (not a string, true, false or null). */
const isNumber = (item: string) => item[0] === "-" || (item[0] >= "0" && item[0] <= "9");

/** Numbers packed onto lines as prettier's `fill` does. */
function fill(items: string[], indent: number): string {
  const lines: string[] = [];
  let line = "";
  items.forEach((item, i) => {
    const piece = item + (i < items.length - 1 ? "," : "");
    if (line === "") line = pad(indent) + piece;
    else if (line.length + 1 + piece.length <= JSON_PRINT_WIDTH) line += " " + piece;
    else {
      lines.push(line);
      line = pad(indent) + piece;
    }
  });
  lines.push(line);
  return `[\n${lines.join("\n")}\n${pad(indent - 2)}]`;
}
