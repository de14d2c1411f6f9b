/**
 * The model of a Panfrost genxml document (Mesa's `src/panfrost/lib/genxml/vN.xml`): its enums,
 * structs (descriptors) and aggregates, in document order, as written. Panfrost's documents import
 * nothing, so one document is one model. Names are kept as written; the C spellings Mesa's
 * `gen_pack.py` derives from them are the emitters' business.
 */
import type { SourceRef } from "./types";

/** One Panfrost genxml document (`<panxml>`). */
export interface GenxmlPanfrostDocument {
  dialect: "panfrost";
  /** The document as the spec or the command line names it (`mesa:src/panfrost/lib/genxml/v6.xml`). */
  file: string;
  /**
   * The root's `arch` (absent in `common.xml`).
   * @asType integer
   * @minimum 0
   */
  arch?: number;
  /** Enums, structs and aggregates in document order (the generator writes them in this order). */
  items: GenxmlPanfrostItem[];
  source: SourceRef;
}

export type GenxmlPanfrostItem =
  GenxmlPanfrostEnum | GenxmlPanfrostStruct | GenxmlPanfrostAggregate;

/** A named value of an enum or of a field (`<value name value>`). */
export interface GenxmlValue {
  name: string;
  /** @asType integer */
  value: number;
  source: SourceRef;
}

export interface GenxmlPanfrostEnum {
  kind: "enum";
  name: string;
  values: GenxmlValue[];
  source: SourceRef;
}

/** A descriptor: fields at absolute bits of its 32-bit words. */
export interface GenxmlPanfrostStruct {
  kind: "struct";
  name: string;
  /**
   * `size`: the length in 32-bit words, when given (else the generator computes it from the fields).
   * @asType integer
   * @minimum 0
   */
  words?: number;
  /**
   * `align`, in bytes.
   * @asType integer
   * @minimum 1
   */
  align?: number;
  /** `no-direct-packing` is present: no pack or unpack function, only the print function. */
  noDirectPacking: boolean;
  fields: GenxmlPanfrostField[];
  source: SourceRef;
}

/** A modifier: how a field's stored bits derive from its value. */
export interface GenxmlPanfrostModifier {
  /** `shr(n)`: value >> n; `minus(n)`: value − n; `align(n)`: value rounded up to n; `log2`. */
  kind: "shr" | "minus" | "align" | "log2";
  /**
   * The argument (absent for `log2`).
   * @asType integer
   * @minimum 0
   */
  n?: number;
}

export interface GenxmlPanfrostField {
  name: string;
  /**
   * First bit, absolute from bit 0 of word 0 (`start="W:B"` is W×32+B).
   * @asType integer
   * @minimum 0
   */
  start: number;
  /**
   * Last bit, inclusive (start + size − 1).
   * @asType integer
   * @minimum 0
   */
  end: number;
  /** `uint`, `int`, `bool`, `hex`, `float`, `address`, `padded`, `ulod`, `slod`, `uint/float`, `Pixel Format`, `Component Swizzle`, or an enum or struct of the document. */
  type: string;
  /** As written: an enum value's name for enum-typed fields, else a C expression. */
  default?: string;
  modifier?: GenxmlPanfrostModifier;
  /** The prefix of the field's value macros. */
  prefix?: string;
  /** Named values of the field itself (macros in the header). */
  values: GenxmlValue[];
  /** `element` and `count`, kept as written (the generator ignores them). */
  element?: string;
  count?: string;
  source: SourceRef;
}

/** A descriptor made of struct-typed sections at byte offsets. */
export interface GenxmlPanfrostAggregate {
  kind: "aggregate";
  name: string;
  /**
   * `size` in bytes, when given.
   * @asType integer
   * @minimum 0
   */
  bytes?: number;
  /**
   * @asType integer
   * @minimum 1
   */
  align?: number;
  sections: GenxmlPanfrostSection[];
  source: SourceRef;
}

export interface GenxmlPanfrostSection {
  name: string;
  /**
   * @asType integer
   * @minimum 0
   */
  offset: number;
  /** The struct the section holds. */
  type: string;
  source: SourceRef;
}
