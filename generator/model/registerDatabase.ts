/**
 * The model of a rules-ng register database, in every dialect (envytools' rnndb, etna_viv's,
 * freedreno's): what each element says as written (its `varset`/`variants`/`prefix`, its freedreno
 * attributes), and what envytools' `rnn` resolves from it (full names, active variants, absolute
 * offsets, index strides, types). Variants are data: an element present on some variants only is
 * one element with its active variants, never one copy per variant. Consumers that follow another
 * tool's reading (Mesa's gen_header.py) work from the attributes as written; those that follow
 * rnn's (headergen, rnndec) from the resolution.
 */
import type { SourceRef } from "./types";

/**
 * A rules-ng number: rnn reads them as unsigned 64-bit. Numbers up to 2^53 are JSON numbers; larger
 * ones a `0x…` string, so that no bit is lost (`BigInt(x)` reads either).
 */
export type RnnNumber = number | string;

/**
 * A rules-ng register database (envytools rnn, as `headergen` reads it): a document and every file
 * it imports, each once, with their declarations merged by name, as rnn merges them.
 */
export interface RegisterDatabase {
  /** The files read, in the order rnn parses them: the root document, then each import when met. */
  files: RnnFile[];
  copyright?: RnnCopyright;
  /** Enums by first declaration; a later same-name declaration adds its values. */
  enums: RnnEnum[];
  bitsets: RnnBitset[];
  domains: RnnDomain[];
  /** Groups as declared; each `<use-group>` holds resolved copies of the group's elements. */
  groups: RnnGroup[];
  spectypes: RnnSpectype[];
}

export interface RnnFile {
  /**
   * The file's name as the database names it: the root's path relative to the directory it was
   * found in (its `RNN_PATH` entry, or its own folder), an import's `file` attribute
   * (`bus/pbus.xml`). Headers are written at this path plus `.h`.
   */
  name: string;
  /**
   * Size in bytes.
   * @asType integer
   * @minimum 0
   */
  bytes: number;
  /** Modification time as headergen prints it (`2024-04-10 11:43:40`, UTC). */
  mtime: string;
  /** The file's `<import>`s in document order, each with the file it names (even one read before). */
  imports: RnnImport[];
  /** Where the file was first imported, or its start for the root. */
  source: SourceRef;
}

export interface RnnImport {
  /** The `file` attribute: the name of a file of the database (`RnnFile.name`). */
  file: string;
  source: SourceRef;
}

export interface RnnCopyright {
  /**
   * The earliest `year` of every `<copyright>`.
   * @asType integer
   * @minimum 0
   */
  firstYear?: number;
  /** Every `<author>`, in the order read (rnn keeps duplicates; so does the model). */
  authors: RnnAuthor[];
  /** The first `<license>`'s text, leading and trailing white space removed (rnn `getcontent`). */
  license?: string;
  source: SourceRef;
}

export interface RnnAuthor {
  name?: string;
  email?: string;
  nicknames: string[];
  source: SourceRef;
}

/** A varset and the variants of it an element exists on. */
export interface RnnVariantSet {
  /** The enum whose values are the variants. */
  varset: string;
  /** The active variants, in the enum's order. */
  variants: string[];
}

/**
 * `varset`/`variants`/`prefix` as written, and what rnn's `prepvarinfo` makes of them. Only an
 * element with `variants` narrows the variants it inherits, so only such an element has
 * `variantSets`; any other exists wherever its parent does.
 */
export interface RnnVariantInfo {
  varset?: string;
  variants?: string;
  prefix?: string;
  /** The active variants of each varset narrowed so far, this element's `variants` applied. */
  variantSets?: RnnVariantSet[];
  /**
   * No variant remains (rnn's `dead`): the element exists on no variant, and nothing inside it is
   * resolved. headergen prints nothing for it; a reading that ignores variants still sees it.
   */
  dead?: boolean;
}

/** Documentation every element may carry. */
export interface RnnDocs {
  /** `<brief>` (or etna_viv's `brief` attribute), white space collapsed. */
  brief?: string;
  /** `<doc>` text. */
  doc?: string;
}

export interface RnnValue extends RnnVariantInfo, RnnDocs {
  name: string;
  /** The name headergen defines (`FE_OPCODE_LOAD_STATE`, `NV50_2D`). */
  fullName: string;
  /** The `value` attribute; absent when the document gives none (then headergen defines nothing). */
  value?: RnnNumber;
  /** The inline enum this value was copied from, for a value a type brought in. */
  copiedFrom?: string;
  /** Document the value came from (its header). */
  file: string;
  source: SourceRef;
}

export interface RnnEnum extends RnnVariantInfo, RnnDocs {
  name: string;
  /** `prefix` variant + name (rnn `fullname`); for an inline enum, the name. */
  fullName: string;
  inline: boolean;
  bare: boolean;
  /** The document of the first declaration. */
  file: string;
  /** Values of every declaration, in order; an inline enum's are unresolved templates. */
  values: RnnValue[];
  source: SourceRef;
  /** Later declarations merged into this one. */
  mergedFrom?: SourceRef[];
}

/**
 * What names a field's or register's type (rnn `typeinfo`): `boolean`, `hex`, `uint`, `int`,
 * `float`, `fixed`, `ufixed` (builtins); `fixedp`, `address`, `waddress`, `a3xx_regid` (builtins of
 * etna_viv's and freedreno's forks); `enum`/`bitset`: a named enum or bitset; `inline-enum` /
 * `inline-bitset`: values or bitfields written inside the element, or copied from an inline enum or
 * bitset; `spectype`; `domain`: an address in a domain (etna_viv); `unknown`: a name nothing
 * declares (an error; rnn treats it as hex).
 */
export type RnnTypeKind =
  | "boolean"
  | "hex"
  | "uint"
  | "int"
  | "float"
  | "fixed"
  | "ufixed"
  | "fixedp"
  | "address"
  | "waddress"
  | "a3xx_regid"
  | "enum"
  | "bitset"
  | "inline-enum"
  | "inline-bitset"
  | "spectype"
  | "domain"
  | "unknown";

export interface RnnTypeInfo {
  kind: RnnTypeKind;
  /** The `type` attribute as written; absent when the type is implied. */
  name?: string;
  /** Where the `type` attribute is. */
  typeSource?: SourceRef;
  /**
   * @asType integer
   * @minimum 0
   */
  shr?: number;
  /**
   * @asType integer
   */
  add?: number;
  min?: RnnNumber;
  max?: RnnNumber;
  align?: RnnNumber;
  radix?: RnnNumber;
  /**
   * freedreno: a register's own `low`/`high`/`pos`, the bits its `type` describes when the register
   * is one field.
   * @asType integer
   * @minimum 0
   */
  low?: number;
  /**
   * @asType integer
   * @minimum 0
   */
  high?: number;
  /** freedreno `addvariant`: the field's value selects a variant of its enum type for what follows. */
  addvariant?: boolean;
  /** Values written inside the element, then those of an inline enum type (`copiedFrom`). */
  values: RnnValue[];
  /** Bitfields written inside the element, then those of an inline bitset type, relative to it. */
  fields: RnnBitfield[];
}

export interface RnnBitfield extends RnnVariantInfo, RnnDocs {
  name: string;
  fullName: string;
  /**
   * @asType integer
   * @minimum 0
   */
  low: number;
  /**
   * @asType integer
   * @minimum 0
   */
  high: number;
  type: RnnTypeInfo;
  /** The inline bitset this field was copied from, for a field a type brought in. */
  copiedFrom?: string;
  file: string;
  source: SourceRef;
}

export interface RnnBitset extends RnnVariantInfo, RnnDocs {
  name: string;
  fullName: string;
  inline: boolean;
  bare: boolean;
  file: string;
  /** Fields of every declaration; an inline bitset's are unresolved templates. */
  fields: RnnBitfield[];
  source: SourceRef;
  mergedFrom?: SourceRef[];
}

/** A register, array or stripe; a `<use-group>` is a nameless stripe holding the group's elements. */
export interface RnnElement extends RnnVariantInfo, RnnDocs {
  kind: "reg" | "array" | "stripe";
  /** Absent for an anonymous stripe or array (its children are named from the enclosing element). */
  name?: string;
  /** The name headergen defines; absent for a nameless element. */
  fullName?: string;
  /**
   * Register width in bits (8, 16, 32, 64).
   * @asType integer
   * @minimum 1
   */
  width?: number;
  /**
   * The `offset` attribute, in domain units, relative to the enclosing element.
   * @asType integer
   * @minimum 0
   */
  offset: number;
  /**
   * Offset of the first instance from the start of the domain, in domain units.
   * @asType integer
   * @minimum 0
   */
  absoluteOffset: number;
  /**
   * Number of instances (1: not an array; 0 for a stripe of unknown length).
   * @asType integer
   * @minimum 0
   */
  length: number;
  /**
   * Distance between instances in domain units; for a register with a length but no stride, its
   * width in domain units (rnn's default). 0 when none is given.
   * @asType integer
   * @minimum 0
   */
  stride: number;
  /** The stride is rnn's default (a register with a `length` but no `stride`), not written. */
  strideImplied?: boolean;
  /** Strides of the enclosing arrays and this one, outermost first: the index arguments `i0, i1, …`. */
  strides: number[];
  access?: "r" | "w" | "rw";
  /** A register's type; for arrays and stripes, an empty hex. */
  type: RnnTypeInfo;
  elements: RnnElement[];
  /** The group a `<use-group>` stripe copies. */
  useGroup?: string;
  /** freedreno `usage`: where the driver uses the register (`cmd`, `rp_blit`). */
  usage?: string[];
  /** freedreno: an array indexed by the values of this enum. */
  index?: string;
  /** freedreno: an array whose elements are at these offsets rather than at a stride. */
  offsets?: RnnNumber[];
  /** freedreno: like `offsets`, as C expressions. */
  doffsets?: string[];
  /** Attributes of the etna_viv extensions (`value`: reset value, `masked`), as written. */
  extensions?: Record<string, string>;
  /** The document the element is written in (or, for a group's copy, that of the `<use-group>`). */
  file: string;
  source: SourceRef;
}

export interface RnnDomain extends RnnVariantInfo, RnnDocs {
  name: string;
  /** The name with its variant prefix (rnn `fullname`); its `__SIZE` is defined on it. */
  fullName: string;
  bare: boolean;
  /**
   * Bits per address unit.
   * @asType integer
   * @minimum 1
   */
  width: number;
  size?: RnnNumber;
  /** The document of its first declaration. */
  file: string;
  /** Elements of every declaration, in order. */
  elements: RnnElement[];
  source: SourceRef;
  mergedFrom?: SourceRef[];
}

export interface RnnGroup {
  name: string;
  file: string;
  /** Names of the elements declared in it (their resolved copies are in each `<use-group>`). */
  elementNames: string[];
  source: SourceRef;
}

export interface RnnSpectype extends RnnDocs {
  name: string;
  type: RnnTypeInfo;
  file: string;
  source: SourceRef;
}
