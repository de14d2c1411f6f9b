/**
 * The shapes every codec's tables and runtime share: instruction words, the options of decoding
 * and assembling, and the rows of the tables the codec generates (templates/ts/codec/codec.ts.hbs).
 * Carried by every codec (generator/emit/codec/runtimeSource.ts inlines it); no dependencies.
 */

export type Words = ArrayLike<number>;

export interface DecodeOptions {
  /** GPU generation (e.g. 600 for a6xx); instructions outside their `gen` range do not match. */
  gpu?: number;
}

export interface AssembleOptions {
  /**
   * Only consider instructions of this GPU generation (for ISAs whose instructions have `gen`
   * ranges); by default every instruction is a candidate.
   */
  gpu?: number;
}

export interface EnumTable {
  name: string;
  symbols: readonly (string | null)[];
  displays: readonly (string | null)[];
}

export interface FieldSpec {
  name: string;
  /** Inclusive ranges, least significant part first: [low0, high0, low1, high1, …]. */
  ranges: readonly number[];
  width: number;
  kind: string;
  signed: boolean;
  enumIndex: number;
  default: number | null;
  alternatives: readonly string[];
  display: string | null;
}

export interface InstructionSpec {
  name: string;
  mnemonic: string;
  match: readonly number[];
  tested: readonly number[];
  dontCare: readonly number[];
  gen: readonly [number, number] | null;
  fields: readonly FieldSpec[];
  display: string | null;
  /** Its place in INSTRUCTIONS (and the model). */
  index: number;
}
