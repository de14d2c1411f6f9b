/**
 * Facts of a Panfrost struct's layout that the reader, the emitters and the decoders all need:
 * its length in bytes and its fields flattened through embedded structs (genxml.md §9.4).
 */
import type { GenxmlPanfrostField, GenxmlPanfrostStruct } from "./genxmlPanfrost";

/** Length in bytes: `size` words if given, else up to the byte of the last field's end bit. */
export function structBytes(s: GenxmlPanfrostStruct): number {
  if (s.words !== undefined) return s.words * 4;
  let last = -1;
  for (const f of s.fields) last = Math.max(last, Math.floor(f.end / 8));
  return last + 1;
}

/** A field with its path from the struct the flattening started at, and its absolute bits there. */
export interface FlatField {
  field: GenxmlPanfrostField;
  /** C member path below that struct, e.g. `shader.sampler_count`; filled by the caller's naming. */
  path: string[];
  start: number;
  end: number;
}

/**
 * The fields of `s` with struct-typed ones replaced by the embedded struct's fields (recursively),
 * offset by the field's start, in document order. `structs` resolves type names.
 */
export function flattenFields(
  s: GenxmlPanfrostStruct,
  structs: ReadonlyMap<string, GenxmlPanfrostStruct>,
  offset = 0,
  path: string[] = [],
  depth = 0,
): FlatField[] {
  const out: FlatField[] = [];
  for (const f of s.fields) {
    const inner = structs.get(f.type);
    if (inner && inner !== s && depth < 16) {
      out.push(...flattenFields(inner, structs, offset + f.start, [...path, f.name], depth + 1));
    } else {
      out.push({ field: f, path: [...path, f.name], start: offset + f.start, end: offset + f.end });
    }
  }
  return out;
}

/** How a field is held and printed, by its type (genxml.md §9.4, §9.7). */
export type PanfrostFieldKind =
  | "struct"
  | "enum"
  | "address"
  | "int"
  | "bool"
  | "float"
  | "ulod"
  | "slod"
  | "hex"
  | "uint"
  | "uint/float"
  | "padded"
  | "Pixel Format"
  | "Component Swizzle";

/** The kind of field `f`, given the document's structs and enums by name. */
export function panfrostFieldKind(
  f: GenxmlPanfrostField,
  structs: ReadonlyMap<string, unknown>,
  enums: ReadonlyMap<string, unknown>,
): PanfrostFieldKind {
  if (structs.has(f.type)) return "struct";
  if (enums.has(f.type)) return "enum";
  switch (f.type) {
    case "address":
    case "int":
    case "bool":
    case "float":
    case "ulod":
    case "slod":
    case "hex":
    case "uint":
    case "uint/float":
    case "padded":
    case "Pixel Format":
    case "Component Swizzle":
      return f.type;
  }
  // The reader rejects other types; a model written by hand may hold one.
  throw new Error(`field '${f.name}' has unknown type '${f.type}'`);
}

/** The field is held in 64 bits: an address, or a uint or hex wider than 33 bits. */
export function isWideField(f: GenxmlPanfrostField, kind: PanfrostFieldKind): boolean {
  return kind === "address" || ((kind === "uint" || kind === "hex") && f.end - f.start > 32);
}
