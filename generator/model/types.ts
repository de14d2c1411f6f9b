/**
 * The unified ISA model: the one database every emitter reads.
 *
 * These interfaces are the source of truth for `isa-model.schema.json`, which is generated from them
 * (`npm run schema`) and checked against them by a test, so the two cannot drift apart.
 *
 * Conventions:
 * - Bit numbers are absolute within the instruction: bit N is bit (N mod 32) of 32-bit word N/32,
 *   word 0 first (little-endian words).
 * - Values wider than 32 bits are stored as arrays of 32-bit words, word 0 first, so that no number
 *   in the model exceeds 2^53.
 * - Every element carries `source`: the position in the document as the user gave it (before recovery).
 */

import type { GenxmlIntelDocument, GenxmlIntelHeaderSettings } from "./genxmlIntel";
import type { GenxmlPanfrostDocument } from "./genxmlPanfrost";
import type { RegisterDatabase } from "./registerDatabase";

export type * from "./registerDatabase";
export type * from "./genxmlIntel";
export type * from "./genxmlPanfrost";

/** Current version of the model format; bumped on incompatible changes. */
export const MODEL_SCHEMA_VERSION: IsaModel["schemaVersion"] = "2.0.0";

/** A position in an input document as the user gave it. */
export interface SourceRef {
  /** Path of the document, relative to the specs directory's parent (e.g. `specs/ir3/ir3-cat0.txt`). */
  file: string;
  /**
   * 1-based line.
   * @asType integer
   * @minimum 1
   */
  line: number;
  /**
   * 1-based column.
   * @asType integer
   * @minimum 1
   */
  column: number;
}

/** Inclusive range of absolute instruction bits. */
export interface BitRange {
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
}

/** A generation (GPU id) range, inclusive; isaspec `<gen>`. */
export interface GenRange {
  /**
   * @asType integer
   * @minimum 0
   */
  min: number;
  /**
   * @asType integer
   * @minimum 0
   */
  max: number;
}

/** Document formats the readers understand. */
export type DocumentFormat =
  | "rules-ng"
  | "rules-ng-database"
  | "genxml-intel"
  | "isaspec"
  | "valhall-xml"
  | "r500-regs"
  | "bifrost-notes"
  | "bifrost-xml"
  | "genxml-panfrost"
  | "companion-json";

/** One input document of an ISA and what recovery did to it. */
export interface DocumentInfo {
  /**
   * A file of the spec: its path relative to the specs directory's parent; a document of an
   * upstream tree: `TREE:PATH` (`mesa:src/freedreno/isa/ir3.xml`), wherever the tree is checked out.
   */
  path: string;
  format: DocumentFormat;
  /**
   * `seed`: a document as users find it, kept in the spec; `upstream`: read from an upstream tree's
   * checkout; `companion`: data written by this project.
   */
  role: "seed" | "upstream" | "companion";
  /** Where the document comes from: `TREE:PATH`, or repository:path@commit or URL of the original. */
  upstream?: string;
  /** SHA-256 of the document's bytes as given. */
  sha256: string;
  /** What recovery removed or repaired (empty for a clean file). */
  recovery: string[];
  /**
   * Lines of the recovered text.
   * @asType integer
   * @minimum 0
   */
  recoveredLines: number;
}

/** ISA-level metadata, from the manifest. */
export interface IsaInfo {
  /** Short id, also the folder name under `specs/` (e.g. `valhall`). */
  id: string;
  title: string;
  vendor: string;
  /**
   * Bits in one instruction.
   * @asType integer
   * @minimum 1
   */
  instructionWidth: number;
  /**
   * Bits in one word of the instruction stream.
   * @asType integer
   * @minimum 8
   */
  wordSize: number;
  byteOrder: "little" | "big";
  /**
   * Number of 32-bit words an instruction occupies (ceil(instructionWidth / 32)).
   * @asType integer
   * @minimum 1
   */
  wordCount: number;
  /** Execution units and their instruction widths, where they differ (Bifrost FMA/ADD). */
  units?: UnitInfo[];
  /** How the ISA's assembly text looks (the upstream disassembler whose text the codec matches). */
  assemblySyntax?: "isaspec" | "valhall" | "r500-fc" | "bifrost";
  /** For a spec of rules-ng register databases: the upstream tool whose headers the build writes. */
  registerHeaders?: RegisterHeaderSettings;
  /** For a spec of Intel genxml documents: the headers Mesa's meson.build generates from them. */
  genxmlIntelHeaders?: GenxmlIntelHeaderSettings;
  source: SourceRef;
}

export interface RegisterHeaderSettings {
  /** `headergen`: rules-ng headergen's, one per document; `gen_header`: Mesa's gen_header.py's. */
  tool: "headergen" | "gen_header";
  /** headergen: envytools' (the default), or the rules-ng-ng one of etna_viv's committed headers. */
  style?: "envytools" | "etna_viv";
  /** Documents that get no header (etna_viv's gen_headers.sh deletes `copyright.xml.h`). */
  omit?: string[];
  /** gen_header: each output, as Mesa's meson.build runs gen_header.py. */
  outputs?: GenHeaderOutput[];
}

export interface GenHeaderOutput {
  /** The document given as `--xml` (a document of the spec). */
  document: string;
  mode: "c-defines" | "c-pack-structs" | "py-defines";
  /** Path of the output under `c/<id>/` (`adreno/a6xx-pack.xml.h`). */
  path: string;
}

export interface UnitInfo {
  name: string;
  /**
   * @asType integer
   * @minimum 1
   */
  width: number;
}

/** One entry of an enumeration. */
export interface EnumValue {
  /**
   * The encoded value.
   * @asType integer
   * @minimum 0
   */
  value: number;
  /** Symbolic name (rules-ng `name`, R500 `US_FC_OP_JUMP`, Valhall mnemonic); absent where the source gives none. */
  name?: string;
  /** Text printed by the disassembler (isaspec `display`, Valhall mnemonic). */
  display?: string;
  /** One-line summary. */
  brief?: string;
  doc?: string;
  /** A reserved slot (Valhall `<reserved/>`). */
  reserved?: boolean;
  /** The value assumed when an instruction does not name one (Valhall `default="true"`). */
  default?: boolean;
  source: SourceRef;
}

export interface EnumDef {
  name: string;
  /**
   * The key by which instructions refer to the enum, where the source uses one (Valhall:
   * `safe_name(name)`, e.g. `fau_special_page_0` for `FAU special page 0`). Fields still name the
   * enum by `name`.
   */
  key?: string;
  brief?: string;
  doc?: string;
  /**
   * Bits needed to encode the largest value, where the source fixes it.
   * @asType integer
   * @minimum 1
   */
  width?: number;
  values: EnumValue[];
  /** Names declared without a value (rules-ng `<value name>` with no `value`): documented, never encoded. */
  namesWithoutValue?: EnumName[];
  source: SourceRef;
}

/** A name an enumeration declares without giving it a value. */
export interface EnumName {
  name: string;
  brief?: string;
  doc?: string;
  source: SourceRef;
}

/**
 * How a field's value is interpreted. `enum` fields name an `EnumDef`; `bitset` fields name a
 * sub-encoding (a `BitsetDef`).
 */
export type FieldType =
  | "uint"
  | "int"
  | "hex"
  | "bool"
  | "bool_inv"
  | "enum"
  | "float"
  | "branch"
  | "absbranch"
  | "offset"
  | "uoffset"
  | "register"
  | "bitset"
  | "custom";

/** A named run of instruction bits. */
export interface Field {
  name: string;
  /** The bits holding the value, least significant part first; several ranges when the value is split. */
  ranges: BitRange[];
  /**
   * Total number of bits (sum of the ranges).
   * @asType integer
   * @minimum 1
   */
  width: number;
  type: FieldType;
  /** For `enum` fields: the `EnumDef` name. */
  enum?: string;
  /**
   * For `enum` fields narrower than their enum by design: the field encodes only the enum's first
   * 2^width values (Valhall: a 2-bit `swizzle` of a 16-bit source selects entries 0–3 of
   * `Swizzles (16-bit)`), so wider values are not an error.
   */
  enumPrefix?: boolean;
  /**
   * For `enum` fields holding only the low `width` bits of the enum's values, the higher bits being
   * in other fields (etnaviv: register field `OPCODE` holds bits 0–5 of an `INST_OPCODE` value,
   * `OPCODE_BIT6` bit 6), so wider values are not an error.
   */
  enumLowBits?: boolean;
  /**
   * For a field of an instruction word holding part of the opcode (rules-ng-instructions
   * companion, etnaviv: `OPCODE` bits 0–5 and `OPCODE_BIT6` bit 6 of an `INST_OPCODE` value): the
   * opcode enum and the bit of the value the field's lowest bit holds.
   */
  opcodePart?: OpcodePart;
  /** For `bitset` fields: the `BitsetDef` name. */
  bitset?: string;
  /** Text printed for a set `bool` (isaspec `display`). */
  display?: string;
  /**
   * Value written when an encoder is given none.
   * @asType integer
   */
  default?: number;
  /** Fields that legitimately share bits with this one (alternative views of the same bits). */
  alternativeTo?: string[];
  /** Fields that are not printed as suffixes (Valhall implied modifiers). */
  implied?: boolean;
  /** isaspec `call="true"` on a `branch`/`absbranch` field: the target is a function (labels print as `fxn<n>`). */
  call?: boolean;
  /** isaspec `<param>`s of a `bitset` field: fields of the enclosing instruction passed into the sub-encoding. */
  params?: FieldParam[];
  /**
   * Names another project's C header gives this register field or its values (Mesa `r300_reg.h`
   * `R500_FC_*`), so a generated header can replace those hand-written lines.
   */
  headerNames?: HeaderName[];
  brief?: string;
  doc?: string;
  source: SourceRef;
}

/** A field's place in an opcode value assembled from several fields. */
export interface OpcodePart {
  enum: string;
  /**
   * @asType integer
   * @minimum 0
   */
  shift: number;
}

/** isaspec `<param name= as=>`: the enclosing scope's field `name` is visible as `as` inside a sub-encoding. */
export interface FieldParam {
  name: string;
  as: string;
  source: SourceRef;
}

/** A value computed from fields (isaspec `<derived>`), never stored in the encoding. */
export interface DerivedField {
  name: string;
  type: FieldType;
  enum?: string;
  /** C-subset expression over `{FIELD}` references, as in isaspec. */
  expr: string;
  /**
   * @asType integer
   * @minimum 1
   */
  width: number;
  display?: string;
  source: SourceRef;
}

/** A condition under which an instruction's display and fields differ (isaspec `<override>`). */
export interface DisplayOverride {
  /** C-subset expression over `{FIELD}` references. */
  expr: string;
  display?: string;
  fields: Field[];
  derived: DerivedField[];
  /** Bits the override expects (isaspec `<assert>` inside `<override>`), checked only when it applies. */
  assertions?: Assertion[];
  /** The isaspec bitset that defines the override (its place in Mesa's search for a display). */
  bitset?: string;
  source: SourceRef;
}

/**
 * An isaspec `<assert>`: bits expected when its case is the one printed. Mesa does not match on
 * them; it prints `WARNING: unexpected bits[LOW:HIGH] in BITSET: …` when they differ.
 */
export interface Assertion {
  /** The bitset whose case it belongs to (as Mesa's warning names it). */
  bitset: string;
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
  /**
   * The expected value of bits high..low.
   * @asType integer
   * @minimum 0
   */
  value: number;
  /** Mesa never checks it: its bitset lies above the one that gives the instruction's display. */
  unchecked?: boolean;
}

/** Fixed bits of an instruction, as 32-bit words (word 0 first). */
export interface EncodingBits {
  /**
   * Required values of the bits in `mask`.
   */
  match: Word[];
  /** Bits whose value is fixed by the instruction (1 = fixed). */
  mask: Word[];
  /** Bits the instruction ignores (pattern `x`); a subset of `mask`. */
  dontCare: Word[];
}

/**
 * A 32-bit word.
 * @asType integer
 * @minimum 0
 * @maximum 4294967295
 */
export type Word = number;

/** An operand as the assembly syntax lists it. */
export interface Operand {
  name: string;
  kind: "dest" | "src" | "staging" | "imm" | "target" | "texture" | "predicate";
  /** Fields that make up the operand (register/slot field first, then its modifiers). */
  fields: string[];
  /**
   * Operand size in bits where the source gives one.
   * @asType integer
   * @minimum 1
   */
  size?: number;
  /** Source-specific attributes (Valhall `absneg`, `swizzle`, `read`/`write`, `signed`, …). */
  attributes?: Record<string, string>;
  brief?: string;
  source: SourceRef;
}

/** An instruction-level modifier (printed as a suffix), backed by a field. */
export interface Modifier {
  name: string;
  field: string;
  /** Not encoded in the instruction's own bits (e.g. Valhall `start="128"` selects via opcode2). */
  encoded: boolean;
  implied?: boolean;
  source: SourceRef;
}

/** One instruction (an opcode, an isaspec leaf, a Valhall `<ins>`, the R500 FC instruction). */
export interface Instruction {
  /** Unique within the ISA. */
  name: string;
  /** The name the disassembler prints. */
  mnemonic: string;
  /**
   * Primary opcode value, where the ISA has one.
   * @asType integer
   * @minimum 0
   */
  opcode?: number;
  /**
   * Secondary opcode value, where the ISA has one.
   * @asType integer
   * @minimum 0
   */
  opcode2?: number;
  encoding: EncodingBits;
  /**
   * Bits the instruction expects but does not match on (isaspec `<assert>` in the default case of
   * each bitset of the chain): Mesa decodes the instruction anyway and reports a difference.
   */
  assertions?: Assertion[];
  fields: Field[];
  derived: DerivedField[];
  overrides: DisplayOverride[];
  operands: Operand[];
  modifiers: Modifier[];
  /** Display/assembly template with `{FIELD}` references (isaspec syntax), where the source gives one. */
  display?: string;
  /** The chain of abstract encodings the instruction extends, nearest first. */
  extends?: string[];
  unit?: string;
  gen?: GenRange;
  /** Group the instruction belongs to (Valhall `<group>`). */
  group?: string;
  title?: string;
  brief?: string;
  doc?: string;
  /**
   * The text of the nearest encoding in `extends` that documents itself (an isaspec `<doc>` on an
   * abstract bitset), which speaks for the instructions extending it.
   */
  extendsDoc?: { encoding: string; doc: string };
  /** Other source attributes kept as metadata (isaspec `<meta>`, Valhall `message`, `last`, …). */
  attributes?: Record<string, string>;
  /**
   * Values an assembler gives fields the text leaves open, as the upstream assembler does (isaspec:
   * constant `<encode>` maps, and the defaults of Mesa's parser from the `isaspec-assembler`
   * companion). A field the text shows takes the text's value.
   */
  implicit?: ImplicitValue[];
  /** Notes from other documents attached to this instruction. */
  notes: NoteRef[];
  source: SourceRef;
}

/** A value the upstream assembler writes in a field its text does not show, and why. */
export interface ImplicitValue {
  field: string;
  /**
   * @asType integer
   * @minimum 0
   */
  value: number;
  /** The rule that gives it (e.g. "constant <encode> map", "ir3_parser.y:1090 sets cat5.type = TYPE_F32"). */
  why: string;
  /**
   * Written whatever the text shows, where the upstream parser reads a line showing another value
   * and ignores it (the isaspec-assembler companion's `always`): those words print otherwise. A
   * constant map alone is not: a text its parser rejects (`sleep.s`) keeps its own value.
   */
  always?: boolean;
  source: SourceRef;
}

/** A reusable sub-encoding (isaspec non-leaf root used as a field type, rules-ng bitset). */
export interface BitsetDef {
  name: string;
  /**
   * @asType integer
   * @minimum 1
   */
  width: number;
  fields: Field[];
  /**
   * isaspec: the leaves of the hierarchy under this root (the root itself when nothing extends it),
   * in Mesa's decoding order; a field of this type decodes as the one whose encoding its value
   * matches (for the GPU), printed with that leaf's display.
   */
  cases?: BitsetCase[];
  brief?: string;
  doc?: string;
  source: SourceRef;
}

/** One leaf of an isaspec bitset hierarchy used as a field type (bits relative to the field). */
export interface BitsetCase {
  name: string;
  /** What `{NAME}` prints (isaspec `displayname`, else the name). */
  mnemonic: string;
  encoding: EncodingBits;
  /** Expected bits of the default cases (isaspec `<assert>`), not matched on. */
  assertions?: Assertion[];
  gen?: GenRange;
  display?: string;
  fields: Field[];
  derived: DerivedField[];
  overrides: DisplayOverride[];
  /** The chain of abstract encodings the leaf extends, nearest first. */
  extends?: string[];
  source: SourceRef;
}

/** A register (rules-ng `reg32`, R500 US_FC_INST) with its fields, bits relative to the register. */
export interface Register {
  name: string;
  /**
   * Width in bits.
   * @asType integer
   * @minimum 1
   */
  width: number;
  /**
   * Offset in the register space, where the source gives one.
   * @asType integer
   * @minimum 0
   */
  offset?: number;
  /**
   * Index of the 32-bit word the register occupies within an instruction, where it is part of one.
   * @asType integer
   * @minimum 0
   */
  instructionWord?: number;
  fields: Field[];
  /** Bit ranges no field names. */
  reserved: BitRange[];
  /** Names another project's C header gives the register's offset (Mesa `R500_US_FC_INST_0`). */
  headerNames?: HeaderName[];
  brief?: string;
  doc?: string;
  source: SourceRef;
}

/** A C macro name another project's header defines for a register or register field. */
export interface HeaderName {
  /** The macro name (`R500_FC_JUMP_FUNC`). */
  name: string;
  /**
   * What it stands for: `offset` the register's offset; `mask` the field's mask (a one-bit flag);
   * `value` the field holding `value`, shifted into place; `setter` a one-argument macro shifting
   * its argument into the field (the generated one also masks it).
   */
  kind: "offset" | "mask" | "value" | "setter";
  /**
   * For `value`: the field's value.
   * @asType integer
   * @minimum 0
   */
  value?: number;
  /** The header defining the name (repository:path@commit). */
  header: string;
  source: SourceRef;
}

/** A table of constants (Valhall inline immediates). */
export interface LookupTable {
  name: string;
  doc?: string;
  entries: LookupEntry[];
  source: SourceRef;
}

export interface LookupEntry {
  /**
   * @asType integer
   * @minimum 0
   */
  index: number;
  value: Word;
  doc?: string;
  source: SourceRef;
}

/** A free-text note about an instruction (Bifrost opcode notes). */
export interface Note {
  /** The name under which the note is written. */
  name: string;
  unit?: string;
  text: string;
  /** The instruction(s) the note is attached to, resolved through the alias table. */
  targets: NoteTarget[];
  source: SourceRef;
}

export interface NoteTarget {
  /** ISA id of the target (`bifrost`, `valhall`). */
  isa: string;
  instruction: string;
  /** Modifiers that select the variant the note describes (e.g. `log`, `sqrt`). */
  modifiers: string[];
  /** Where the link comes from (an alias-table entry). */
  source: SourceRef;
  comment?: string;
}

/** A link from an instruction to a note in another ISA's model. */
export interface NoteRef {
  isa: string;
  note: string;
  unit?: string;
}

/** The model of one ISA. */
export interface IsaModel {
  /** Reference to the schema, for editors (set in emitted files). */
  $schema?: string;
  /** The model format version (`MODEL_SCHEMA_VERSION`); a consumer checks it before reading. */
  schemaVersion: "2.0.0";
  isa: IsaInfo;
  documents: DocumentInfo[];
  enums: EnumDef[];
  bitsets: BitsetDef[];
  instructions: Instruction[];
  registers: Register[];
  lookupTables: LookupTable[];
  notes: Note[];
  /**
   * The rules-ng register databases of a spec whose documents are one (etnaviv-hw): one per
   * document no other imports, as headergen reads it (that document, then its imports).
   */
  registerDatabases?: RegisterDatabase[];
  /**
   * Mesa genxml documents of a spec whose documents are genxml (intel-genxml, panfrost-genxml),
   * each as written, in manifest order; `dialect` tells them apart.
   */
  genxml?: (GenxmlIntelDocument | GenxmlPanfrostDocument)[];
  /** How the upstream assembler reads text its disassembler prints otherwise (isaspec-assembler companion). */
  assemblerText?: AssemblerText;
  /** An ISA issued in clauses of tuples of slot words (Bifrost): its slot states and clause framing. */
  clauseIsa?: ClauseIsa;
}

/** Spellings the upstream assembler reads besides the disassembler's text, and why. */
export interface AssemblerText {
  /** Integers as the assembler's lexer reads them: `c` is C's strtoul(…, 0) (decimal, 0x hex, octal). */
  integers?: { spelling: "c"; why: string; source: SourceRef };
  /** Rewrites of a line before it is matched: a regular expression (global) and its replacement. */
  respellings?: Respelling[];
  /** The order the display templates print leading `(…)` flags in, each by its start (`(rpt`). */
  flagOrder?: { order: string[]; why: string; source: SourceRef };
  /** Lines (a regular expression) whose last operand, an integer, the parser masks to `bits` bits. */
  integerMasks?: { pattern: string; bits: number; why: string; source: SourceRef }[];
  /** Lines (a regular expression) where `h(N)` of an integer N gives a half float's bits. */
  halfBits?: { pattern: string; why: string; source: SourceRef };
  /** Lines (a regular expression) whose last operand, an integer, is a 32-bit float's bits. */
  floatBits?: { pattern: string; why: string; source: SourceRef };
  /**
   * Lines (a regular expression) where an integer operand N, or `h(N)`, is the enum's value N
   * (read as its display: ir3's float cat2 immediates are `#flut` indexes).
   */
  enumIntegers?: {
    pattern: string;
    enum: string;
    why: string;
    source: SourceRef;
    /** Words the disassembler prints such integers for are none the upstream assembler writes. */
    lossy?: boolean;
  }[];
}

export interface Respelling {
  pattern: string;
  replacement: string;
  why: string;
  /** The GPU generations the rewrite applies at (both ends included); none without a GPU. */
  gpu?: { min?: number; max?: number };
  /**
   * The rewritten text is read as other words than those the disassembler printed it for (Mesa's
   * parser reads a cat5 `()` as `(x)`): those words do not assemble back from their text.
   */
  lossy?: boolean;
  source: SourceRef;
}

/**
 * An ISA whose instructions are issued in clauses of tuples, each tuple one word per slot (Bifrost:
 * FMA and ADD) sharing a register block. `slotStates` come from the ISA document (Mesa's Bifrost
 * ISA.xml), `clauseFormat` from the `bifrost-clauses` companion.
 */
export interface ClauseIsa {
  /** Every decodable state, in document order (an `<ins>` without encodings, or one `<encoding>`). */
  slotStates: SlotState[];
  /** How a clause stream is framed and printed; absent when the companion did not load. */
  clauseFormat?: ClauseFormat;
}

/** One way a slot word decodes: an instruction, or one encoding of it. */
export interface SlotState {
  /** The instruction's name in the document (`FADD.f32`). */
  name: string;
  /** What the disassembler prints: `*` + name for FMA, `+` + name for ADD. */
  mnemonic: string;
  /** The slot (a unit of the manifest, lower case). */
  unit: string;
  /**
   * Index of the `<encoding>` this state is, where the instruction has several.
   * @asType integer
   * @minimum 0
   */
  encoding?: number;
  /**
   * @asType integer
   * @minimum 0
   */
  mask: number;
  /**
   * @asType integer
   * @minimum 0
   */
  exact: number;
  /** When the state's modifiers may take the values that select it (absent: always). */
  test?: SlotCondition;
  derived: SlotDerived[];
  modifiers: SlotModifier[];
  sources: SlotSource[];
  immediates: SlotImmediate[];
  /** Prints the clause's staging register. */
  staging: boolean;
  /** Document attributes kept as metadata (`dests`, `last`, `message`, `staging`, `table`, `unused`). */
  attributes?: Record<string, string>;
  source: SourceRef;
}

/** A condition over modifier options (`<eq>`, `<neq>`, `<and>`, `<or>`). */
export interface SlotCondition {
  op: "eq" | "neq" | "and" | "or";
  /** eq/neq: a modifier name, `ordering`, or `#literal`. */
  left?: string;
  right?: string;
  /** and/or: the conditions combined. */
  terms?: SlotCondition[];
  /** An alias condition is never true: its value never comes out of the lookup. */
  alias?: boolean;
  source: SourceRef;
}

/** A field of the word whose value encodes modifiers (`<derived>`). */
export interface SlotDerived {
  /**
   * @asType integer
   * @minimum 0
   */
  start: number;
  /**
   * @asType integer
   * @minimum 1
   */
  size: number;
  /** One per value (2^size): the condition it stands for, or reserved (a word with it does not match). */
  values: SlotDerivedValue[];
  source: SourceRef;
}

export interface SlotDerivedValue {
  reserved?: boolean;
  condition?: SlotCondition;
  source: SourceRef;
}

/** A modifier: direct (its own bits, `start`) or indirect (looked up through the derived fields). */
export interface SlotModifier {
  name: string;
  /**
   * @asType integer
   * @minimum 0
   */
  start?: number;
  /**
   * @asType integer
   * @minimum 1
   */
  size: number;
  /** Options by value, padded with `reserved` to 2^size. */
  options: string[];
  /** The option that prints nothing; absent: every option prints. */
  default?: string;
  source: SourceRef;
}

/** A source operand: a 3-bit selector. */
export interface SlotSource {
  /**
   * @asType integer
   * @minimum 0
   */
  start: number;
  /**
   * Allowed selector values (bit v for value v); absent: all.
   * @asType integer
   * @minimum 0
   */
  mask?: number;
  source: SourceRef;
}

export interface SlotImmediate {
  name: string;
  /**
   * @asType integer
   * @minimum 0
   */
  start: number;
  /**
   * @asType integer
   * @minimum 1
   */
  size: number;
  source: SourceRef;
}

/** A bit range [low, high) of a quadword, block or header; `shift` places the value higher. */
export interface ClauseBits {
  /**
   * @asType integer
   * @minimum 0
   */
  low: number;
  /**
   * @asType integer
   * @minimum 1
   */
  high: number;
  /**
   * @asType integer
   * @minimum 0
   */
  shift?: number;
}

/** One rule of the tag byte: which tags make a quadword of `kind`, and the tuple it fills. */
export interface TagKind {
  kind: "header" | "t1" | "pair" | "ec-m" | "tail" | "ec-high" | "t-split" | "constants";
  /**
   * @asType integer
   * @minimum 0
   * @maximum 1
   */
  x: number;
  /** Selector values (tag bits 3–5) it takes; absent: any. */
  f?: number[];
  /** Low values (tag bits 0–2) it takes; absent: any. */
  l?: number[];
  /** The tuple it writes, or per stop bit [s = 0, s = 1]. */
  tuple?: number[];
  /**
   * The tuple count it sets; absent: unchanged.
   * @asType integer
   * @minimum 1
   */
  count?: number;
  source: SourceRef;
}

/** A header field printed as a name per value ("" prints nothing). */
export interface ClauseHeaderField {
  name: string;
  /**
   * @asType integer
   * @minimum 0
   */
  low: number;
  /**
   * @asType integer
   * @minimum 1
   */
  high: number;
  /** `reserved`: must be 0; `names`: text per value; `flag`: text when 1; `number`, `mask`, `message`: see ClauseFormat. */
  print: "reserved" | "names" | "flag" | "number" | "mask" | "message" | "none";
  /** `names`: the text per value; `flag`: the text when set; `number`/`mask`: [prefix, suffix]. */
  texts?: string[];
  source: SourceRef;
}

/** A register-block mode: what ports 2 and 3 do. */
export interface RegisterMode {
  /**
   * @asType integer
   * @minimum 0
   */
  mode: number;
  port2: "idle" | "read" | "write" | "write-lo" | "write-hi";
  port3: "idle" | "read" | "write" | "write-lo" | "write-hi";
  port3Unit: string;
  source: SourceRef;
}

/** The quadwords Mesa's packer writes for a clause of `tuples` tuples. */
export interface PackerLayout {
  /**
   * @asType integer
   * @minimum 1
   */
  tuples: number;
  /** Base tag of each tuple quadword; the encoder adds the upper ADD bits and the last one's stop bit. */
  tags: number[];
  /** Positions of its constants quadwords, as many as the constants need. */
  constantPositions: number[];
}

/** The clause framing of the `bifrost-clauses` companion (see ../shared/docs/bifrost-clauses.md). */
export interface ClauseFormat {
  /** What the companion is (its `about`). */
  about: string;
  /** Named bit ranges of a 128-bit quadword. */
  quadwordFields: Record<string, ClauseBits>;
  tagKinds: TagKind[];
  /** The quadword fields each kind of quadword is read from (what the manual draws). */
  kindFields: Record<TagKind["kind"], string[]>;
  /** By the 4-bit position of a constants quadword: [first slot written, tuple count required]; null: invalid. */
  constantPositions: (number[] | null)[];
  /** Header fields, in the order the header line prints them. */
  header: ClauseHeaderField[];
  /** Message-type names by value ("": nothing printed); null and values past the end print `reservedMessage`. */
  messageTypes: (string | null)[];
  reservedMessage: string;
  /** Named bit ranges of a register block. */
  registerBlock: Record<string, ClauseBits>;
  registerModes: RegisterMode[];
  /** Constant slot by FAU index bits 4–7 (null: not a constant). */
  fauConstantSlots: (number | null)[];
  /** FAU special values by index (0x00–0x1f); `{n}` stands for the index, `{n-8}` for the index − 8. */
  fauSpecial: string[];
  /** Constant modifiers by M1 (16 entries): the pair, `error`, or `byM2`. */
  constantModifiers: string[][];
  /** For M1 = 7, by M2 (16 entries). */
  constantModifiersByM2: string[][];
  /** How Mesa's packer lays out a clause of each tuple count (what the encoder writes). */
  packerLayouts: PackerLayout[];
  /** Tags of constants quadwords, ORed with the position: `last` ends the clause. */
  constantTags: { more: number; last: number };
  source: SourceRef;
}
