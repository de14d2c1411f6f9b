/**
 * The model of an Intel genxml document (Mesa `src/intel/genxml/genN.xml`): what the document
 * itself says, in document order, with its `<import>`s as written. The import chain is resolved
 * from these documents by `generator/readers/genxmlIntel/merge.ts` (the generators' merged view)
 * and `runtimeView.ts` (the decoder's), since the two merge differently.
 */
import type { SourceRef } from "./types";

/** One Intel genxml document as written (its own items; imports are named, not copied). */
export interface GenxmlIntelDocument {
  dialect: "intel";
  /** The document as the spec or command line names it (`mesa:src/intel/genxml/gen12.xml`). */
  file: string;
  /** The root's `name`: the platform tag (`TGL`, `XE2`, `RT`). */
  platform: string;
  /** The root's `gen` as written (`12`, `4.5`, `12.5`). */
  gen: string;
  imports: GenxmlIntelImport[];
  /** Enums, structs, instructions and registers, in document order. */
  items: GenxmlIntelItem[];
  source: SourceRef;
}

/** `<import name=…>`: another document of the same directory, less the items it excludes. */
export interface GenxmlIntelImport {
  /** File name relative to the importing document's directory. */
  name: string;
  /** Names (of any item kind) not taken from the imported document. */
  excludes: { name: string; source: SourceRef }[];
  source: SourceRef;
}

export type GenxmlIntelItem = GenxmlIntelEnum | GenxmlIntelStruct;

/** `<enum>`: named values a field can take as its type. */
export interface GenxmlIntelEnum {
  kind: "enum";
  name: string;
  /** Prefix of the value names in the pack header (passed through the C-name rule). */
  prefix?: string;
  values: GenxmlIntelValue[];
  source: SourceRef;
}

/** A `struct`, `instruction` (command) or `register`: fields and groups over dwords. */
export interface GenxmlIntelStruct {
  kind: "struct" | "instruction" | "register";
  name: string;
  /**
   * Length in dwords; absent when the document gives none.
   * @asType integer
   * @minimum 0
   */
  length?: number;
  /**
   * Instructions: what is added to `DWord Length` to get the length in dwords.
   * @asType integer
   */
  bias?: number;
  /** Instructions: the engines it is for (`render`, `blitter`, `video`, `compute`); absent = all. */
  engines?: string[];
  /**
   * Registers: the MMIO offset.
   * @asType integer
   * @minimum 0
   */
  num?: number;
  /** Fields and groups in document order. */
  fields: GenxmlIntelMember[];
  source: SourceRef;
}

export type GenxmlIntelMember = GenxmlIntelField | GenxmlIntelGroup;

/** `<field>`: bits start..end (inclusive, from bit 0 of dword 0 of the item or group copy). */
export interface GenxmlIntelField {
  kind: "field";
  /** As written, spaces included; absent for unnamed (`mbo`/`mbz`) fields. */
  name?: string;
  /**
   * @asType integer
   * @minimum 0
   */
  start: number;
  /**
   * @asType integer
   * @minimum 0
   */
  end: number;
  /** `uint`, `int`, `bool`, `float`, `address`, `offset`, `mbo`, `mbz`, `uI.F`, `sI.F`, or an enum or struct name. */
  type?: string;
  /** The default as written (a decimal or `0x` number). */
  default?: string;
  /** Prefix of the field's own value macros, as written. */
  prefix?: string;
  /** `nonzero="true"`: the value must not be zero. */
  nonzero?: boolean;
  /** The field's own named values (its inline enum), in document order. */
  values: GenxmlIntelValue[];
  source: SourceRef;
}

/** `<group>`: `count` copies of its members, `size` bits apart from bit `start`; count 0 = variable. */
export interface GenxmlIntelGroup {
  kind: "group";
  /**
   * @asType integer
   * @minimum 0
   */
  count: number;
  /**
   * @asType integer
   * @minimum 0
   */
  start: number;
  /**
   * @asType integer
   * @minimum 0
   */
  size: number;
  fields: GenxmlIntelMember[];
  source: SourceRef;
}

/** `<value>` of an enum or a field. */
export interface GenxmlIntelValue {
  name: string;
  /** @asType integer */
  value: number;
  /** `dont_use="1"`: a driver must not write this value. */
  dontUse?: boolean;
  source: SourceRef;
}

/** The headers a spec of Intel genxml documents builds under `c/<id>/`, as meson runs the generators. */
export interface GenxmlIntelHeaderSettings {
  /** gen_pack_header.py runs: the document (its file name), the options, the output path. */
  pack: GenxmlIntelPackOutput[];
  /** gen_bits_header.py runs. */
  bits?: GenxmlIntelBitsOutput[];
  /** Documents (file names) that get a C decoder, `c/<id>/<name without .xml>_decode.c`. */
  decoders?: string[];
}

export interface GenxmlIntelPackOutput {
  document: string;
  path: string;
  /** `--engines` (default `render`). */
  engines?: string[];
  opencl?: boolean;
  repack?: boolean;
  /** `--include-symbols`. */
  includeSymbols?: string[];
}

export interface GenxmlIntelBitsOutput {
  /** The documents, in the order given (oldest generation first). */
  documents: string[];
  /** Output path; its base name gives the include guard. */
  path: string;
  includeSymbols: string[];
}
