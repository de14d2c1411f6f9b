/**
 * The shapes of the isaspec display model as the codecs' printer and assembler read it: values to
 * print, an instruction's cases (A.8), asserts, bitset-typed fields and their leaves, and the tokens
 * of a display template. Carried by every isaspec codec (inlined by
 * generator/emit/codec/runtimeSource.ts).
 */
import type { Expr } from "./isaspecExpr";
import type { FieldSpec, InstructionSpec } from "./codecTypes";

/** What printing a value needs: a stored field (FieldSpec) or a derived one. */
export interface ValueSpec {
  name: string;
  width: number;
  kind: string;
  signed: boolean;
  enumIndex: number;
  display: string | null;
}

export interface DerivedSpec extends ValueSpec {
  expr: Expr;
  /** The expression as written, for messages. */
  text: string;
}

/** One case of an instruction (A.8): an override, or the default (`when` null) last. */
export interface Case {
  when: Expr | null;
  display: string | null;
  fields: readonly FieldSpec[];
  derived: readonly DerivedSpec[];
  /** Its `<assert>`s; the default case's come from every bitset up to the display, each with its level. */
  asserts: readonly AssertSpec[];
  /** Where Mesa's search for a display meets the case: 0 for the leaf's own, 1 its parent's, … */
  level: number;
  /** Bitset-typed fields of the case: the root whose leaves decode them, and the params passed in. */
  nested?: Readonly<Record<string, Nested>>;
}

export interface AssertSpec {
  low: number;
  high: number;
  value: number;
  /** The bitset Mesa's warning names. */
  bitset: string;
  level: number;
}

export interface Nested {
  bitset: string;
  /** `[name, as]`: the enclosing scope's `name` is visible as `as` inside the sub-encoding. */
  params: readonly (readonly [string, string])[];
}

/** A leaf of a bitset hierarchy used as a field type (A.2 `bitset`), bits relative to the field. */
export interface BitsetLeaf extends Pick<
  InstructionSpec,
  "name" | "mnemonic" | "match" | "tested" | "dontCare" | "gen"
> {
  cases: readonly Case[];
}

export type Token =
  | { t: "text"; text: string }
  | { t: "name"; align: number }
  /** `{FIELD}` / `{FIELD:align=N}` (`field` empty for `{:align=N}`); `raw` for the no-template form. */
  | { t: "field"; field: string; align: number; raw: boolean };
