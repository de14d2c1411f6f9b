/**
 * JSON with object keys sorted at every level, so equal models serialize to equal bytes, laid out
 * the way prettier lays out JSON (printWidth 100): objects expanded, arrays of plain values on one
 * line when they fit, arrays of numbers filled line by line, other arrays one element per line.
 * Printing it directly saves running prettier over megabytes; a test checks prettier agrees.
 */
export const JSON_PRINT_WIDTH = 100;

export function stableJson(value: unknown): string {
  const out: string[] = [];
  print(value, 0, 0, out);
  return out.join("");
}

const pads: string[] = [];
/** `n` spaces (indents repeat a few widths thousands of times). */
const pad = (n: number) => (pads[n] ??= " ".repeat(n));
const isPlain = (v: unknown) => v === null || typeof v !== "object";

/** An array index as a key: JavaScript lists such keys first, in numeric order, in any object. */
const isIndexKey = (k: string) => /^(?:0|[1-9]\d*)$/.test(k) && Number(k) < 2 ** 32 - 1;

/**
 * The keys of `object` in the order of an object built with its keys inserted sorted: array-index
 * keys first, in numeric order (they come first from `Object.keys` already), then the others sorted.
 */
function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  let indexKeys = 0;
  while (indexKeys < keys.length && isIndexKey(keys[indexKeys])) indexKeys++;
  return indexKeys === 0
    ? keys.sort()
    : [...keys.slice(0, indexKeys), ...keys.slice(indexKeys).sort()];
}

/**
 * `value` printed at `indent` onto `out`, its object keys sorted and undefined members left out;
 * `used` = characters already on its first line before it plus the characters that follow it on
 * its last line (a trailing comma), for the fits-on-one-line test. One pass, appending pieces:
 * the models are megabytes of JSON.
 */
function print(value: unknown, indent: number, used: number, out: string[]): void {
  if (isPlain(value)) {
    out.push(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push("[]");
      return;
    }
    if (value.every(isPlain)) {
      const items = value.map((v) => JSON.stringify(v));
      const flat = `[${items.join(", ")}]`;
      if (used + flat.length <= JSON_PRINT_WIDTH) {
        out.push(flat);
        return;
      }
      if (value.every((v) => typeof v === "number")) {
        out.push(fill(items, indent + 2));
        return;
      }
    }
    out.push("[\n");
    const last = value.length - 1;
    value.forEach((v, i) => {
      out.push(pad(indent + 2));
      print(v, indent + 2, indent + 2 + (i < last ? 1 : 0), out);
      out.push(i < last ? ",\n" : "\n");
    });
    out.push(pad(indent), "]");
    return;
  }
  const object = value as Record<string, unknown>;
  const keys = sortedKeys(object).filter((k) => object[k] !== undefined);
  if (keys.length === 0) {
    out.push("{}");
    return;
  }
  out.push("{\n");
  const last = keys.length - 1;
  keys.forEach((k, i) => {
    const head = `${pad(indent + 2)}${JSON.stringify(k)}: `;
    out.push(head);
    print(object[k], indent + 2, head.length + (i < last ? 1 : 0), out);
    out.push(i < last ? ",\n" : "\n");
  });
  out.push(pad(indent), "}");
}

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
