/**
 * The Intel genxml vocabulary (genxml.md §1.1): each element, the parents it may stand in, and its
 * attributes in canonical order (gen_sort_tags' order, which --validate checks).
 */
export const INTEL_ATTRIBUTES: Record<string, readonly string[]> = {
  genxml: ["name", "gen"],
  import: ["name"],
  exclude: ["name"],
  enum: ["name", "value", "prefix"],
  struct: ["name", "length"],
  instruction: ["name", "bias", "length", "engine"],
  register: ["name", "length", "num"],
  group: ["count", "start", "size"],
  field: ["name", "start", "end", "type", "default", "prefix", "nonzero"],
  value: ["name", "value", "dont_use"],
};

/** Top-level items: enum, struct, instruction, register. */
export const ITEM_TAGS = ["enum", "struct", "instruction", "register"] as const;
export type ItemTag = (typeof ITEM_TAGS)[number];

/** Engines an instruction may name (`engine="render|compute"`). */
export const ENGINES = ["render", "blitter", "video", "compute"] as const;

/** Field types that are not an enum or struct name (fixed point `uI.F`/`sI.F` aside). */
export const BUILTIN_TYPES = new Set([
  "uint",
  "int",
  "bool",
  "float",
  "address",
  "offset",
  "mbo",
  "mbz",
]);

/** `u4.8`, `s1.6`: fixed point with I integer and F fraction bits. */
export const FIXED_POINT = /^([us])(\d+)\.(\d+)$/;

/**
 * A number as Python's `int(text, 0)` reads the documents' numbers: decimal (no leading zeros) or
 * `0x`/`0o`/`0b`, optionally negative. Undefined when it is not one.
 */
export function parseGenxmlNumber(text: string): number | undefined {
  const m = /^\s*(-?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|[1-9][0-9]*|0+)\s*$/.exec(text);
  if (!m) return undefined;
  const body = m[2];
  const n = /^0[oObB]/.test(body)
    ? parseInt(body.slice(2), /^0[oO]/.test(body) ? 8 : 2)
    : Number(body);
  if (!Number.isSafeInteger(n)) return undefined;
  return m[1] ? -n : n;
}
