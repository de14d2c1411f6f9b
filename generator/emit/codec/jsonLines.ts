/**
 * JS literals of JSON data for large tables in generated code, readable and with short lines: a
 * value goes on one line when that fits `width` columns, else its items go one per line, each laid
 * out the same way; a string too long for a line is a sum of pieces.
 */
export function jsonLines(value: unknown, width = 100, indent = ""): string {
  const flat = JSON.stringify(value) ?? "null";
  if (indent.length + flat.length <= width) return flat;
  const inner = indent + "  ";
  if (typeof value === "string") {
    const pieces: string[] = [];
    for (let i = 0; i < value.length; i += width)
      pieces.push(JSON.stringify(value.slice(i, i + width)));
    return pieces.join(` +\n${inner}`);
  }
  if (value === null || typeof value !== "object") return flat;
  const items = Array.isArray(value)
    ? value.map((v) => inner + jsonLines(v, width, inner))
    : Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${inner}${JSON.stringify(k)}: ${jsonLines(v, width, inner)}`);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return items.length ? `${open}\n${items.join(",\n")}\n${indent}${close}` : `${open}${close}`;
}
