/**
 * The Panfrost genxml vocabulary (genxml.md §8): which elements may appear where, with which
 * attributes. Anything else is an error: Mesa's gen_pack.py would silently ignore it, and a
 * misspelt attribute (`defualt`) would change the header without a word.
 */
interface ElementRule {
  attrs: string[];
  children: string[];
}

export const PANFROST_RULES: Record<string, ElementRule> = {
  panxml: { attrs: ["arch"], children: ["enum", "struct", "aggregate"] },
  enum: { attrs: ["name"], children: ["value"] },
  value: { attrs: ["name", "value"], children: [] },
  struct: { attrs: ["name", "size", "align", "no-direct-packing"], children: ["field"] },
  field: {
    attrs: ["name", "start", "size", "type", "default", "modifier", "prefix", "element", "count"],
    children: ["value"],
  },
  aggregate: { attrs: ["name", "align", "size"], children: ["section"] },
  section: { attrs: ["name", "offset", "type"], children: [] },
};

/** Field types gen_pack.py knows without a declaration. */
export const PANFROST_BUILTIN_TYPES = new Set([
  "uint",
  "int",
  "bool",
  "hex",
  "float",
  "address",
  "padded",
  "ulod",
  "slod",
  "uint/float",
  "Pixel Format",
  "Component Swizzle",
]);
