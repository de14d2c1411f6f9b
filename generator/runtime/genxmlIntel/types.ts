/**
 * An Intel genxml document as Mesa's decoder (intel_decoder.c) loads it: the decoder's own merge,
 * field order and type binding (genxml.md §7.1), which differ from the generators'. Plain data, so
 * that a generated decoder can carry it.
 */

/** A field type as the decoder resolves it when the field is read. */
export type DecoderType =
  | { kind: "int" | "uint" | "bool" | "float" | "address" | "offset" | "mbo" | "mbz" | "unknown" }
  | { kind: "ufixed" | "sfixed"; integer: number; fraction: number }
  /** Printed by name: the nested print looks the struct up in the final tables. */
  | { kind: "struct"; name: string }
  /** Bound to the enum visible when the field was read (an older document's, for imported items). */
  | { kind: "enum"; values: DecoderValue[] };

export interface DecoderValue {
  name: string;
  value: number;
}

export interface DecoderField {
  /** As written; empty for an unnamed field. */
  name: string;
  start: number;
  end: number;
  type: DecoderType;
  /** Remembered only for fields within bits 16..31 (opcode fields). */
  default?: number;
  /** The field's own values. */
  values: DecoderValue[];
  /** A `<group>`'s placeholder: the array's fields are visited in its place. */
  array?: DecoderArray;
}

export interface DecoderArray {
  /** Bit offset of element 0 in the enclosing element. */
  offset: number;
  /** 0 = as many as the command's length allows. */
  count: number;
  size: number;
  fields: DecoderField[];
}

/** An instruction, struct or register as the decoder sees it. */
export interface DecoderGroup {
  name: string;
  kind: "instruction" | "struct" | "register";
  /** Dword length (0 when the document gives none). */
  length: number;
  bias: number;
  /** Fields sorted by start; a later field goes before earlier ones of the same start. */
  fields: DecoderField[];
  /** Instructions: the header bits the opcode fields cover, and their defaults there. */
  opcodeMask: number;
  opcode: number;
  /** The `DWord Length` field, if any. */
  dwordLength?: DecoderField;
  /** Registers: the MMIO offset. */
  num?: number;
}

/** What the decoder has loaded for one document: items by name, per kind. */
export interface DecoderSpec {
  gen: string;
  instructions: Record<string, DecoderGroup>;
  structs: Record<string, DecoderGroup>;
  registers: Record<string, DecoderGroup>;
}
