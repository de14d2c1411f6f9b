/**
 * JSON with object keys sorted at every level, so equal models serialize to equal bytes, laid out
 * the way prettier lays out JSON (printWidth 100): objects expanded, arrays of plain values on one
 * line when they fit, arrays of numbers filled line by line, other arrays one element per line.
 * Printing it directly saves running prettier over megabytes; a test checks prettier agrees.
 */
export const JSON_PRINT_WIDTH = 100;

export function stableJson(value: unknown): string {
  return print(sortKeys(value), 0, 0);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

const pad = (n: number) => " ".repeat(n);
const isPlain = (v: unknown) => v === null || typeof v !== "object";

/**
 * `value` printed at `indent`; `used` = characters already on its first line before it plus the
 * characters that follow it on its last line (a trailing comma), for the fits-on-one-line test.
 */
function print(value: unknown, indent: number, used: number): string {
  if (isPlain(value)) return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    if (value.every(isPlain)) {
      const items = value.map((v) => JSON.stringify(v));
      const flat = `[${items.join(", ")}]`;
      if (used + flat.length <= JSON_PRINT_WIDTH) return flat;
      if (value.every((v) => typeof v === "number")) return fill(items, indent + 2);
    }
    const inner = value.map(
      (v, i) => pad(indent + 2) + print(v, indent + 2, indent + 2 + (i < value.length - 1 ? 1 : 0)),
    );
    return `[\n${inner.join(",\n")}\n${pad(indent)}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  const inner = entries.map(([k, v], i) => {
    const head = `${pad(indent + 2)}${JSON.stringify(k)}: `;
    return head + print(v, indent + 2, head.length + (i < entries.length - 1 ? 1 : 0));
  });
  return `{\n${inner.join(",\n")}\n${pad(indent)}}`;
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
