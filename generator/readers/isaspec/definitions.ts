/**
 * isaspec definitions as collected from the XML, before inheritance is resolved. Every definition
 * remembers its element and document so that diagnostics point at the user's file.
 */
import type { BitRange } from "../../model/types";
import type { RecoveredDocument } from "../../recover/recoverDocument";
import type { XmlElement } from "../xml";
import type { ExprParse } from "../../model/expr";

/** Where a definition is written. */
export interface Origin {
  doc: RecoveredDocument;
  el: XmlElement;
}

/** The text of one `<expr>` element (top-level named, or inline in a `<derived>`/`<override>`). */
export interface ExprDef extends Origin {
  /** `#name` for top-level expressions. */
  name?: string;
  /** Whitespace-collapsed text. */
  text: string;
  parse: ExprParse;
}

/** How a `<derived>` or `<override>` gives its expression. */
export type ExprUse =
  | { kind: "inline"; expr: ExprDef }
  /** `expr="#name"`: resolved against the top-level expressions once all are collected. */
  | { kind: "named"; name: string; at: Origin };

/** A `<pattern>` or `<assert>`: fixed bits. `bits` is undefined when the text was invalid (reported). */
export interface PatternDef extends Origin {
  kind: "pattern" | "assert";
  range: BitRange;
  /** MSB first: character 0 is bit `high`. */
  bits?: string;
}

export interface ParamDef extends Origin {
  name: string;
  as: string;
}

export interface FieldDef extends Origin {
  name: string;
  range: BitRange;
  type: string;
  display?: string;
  call: boolean;
  params: ParamDef[];
  docText?: string;
}

export interface DerivedDef extends Origin {
  name: string;
  type: string;
  width: number;
  display?: string;
  expr?: ExprUse;
}

export interface DisplayDef extends Origin {
  /** Stripped text, templates not yet substituted. */
  text: string;
}

export interface OverrideDef extends Origin {
  expr?: ExprUse;
  display?: DisplayDef;
  fields: FieldDef[];
  derived: DerivedDef[];
  asserts: PatternDef[];
}

export interface MapDef extends Origin {
  name: string;
  text: string;
  force: boolean;
}

export interface EncodeDef extends Origin {
  type?: string;
  casePrefix?: string;
  maps: MapDef[];
}

/** `<gen>`: a bound left out (or written as 0 / 2^32-1, as isa.py reads them) is the parent's. */
export interface GenDef extends Origin {
  min?: number;
  max?: number;
}

export interface BitsetSource extends Origin {
  name: string;
  extends?: string;
  size?: number;
  displayname?: string;
  docText?: string;
  gen?: GenDef;
  meta: { key: string; value: string }[];
  /** The default case's `<pattern>`s and `<assert>`s, in document order. */
  patterns: PatternDef[];
  fields: FieldDef[];
  derived: DerivedDef[];
  overrides: OverrideDef[];
  display?: DisplayDef;
  encode?: EncodeDef;
}

export interface EnumValueDef extends Origin {
  value: number;
  display: string;
  name?: string;
  docText?: string;
}

export interface EnumSource extends Origin {
  name: string;
  docText?: string;
  values: EnumValueDef[];
}

export interface TemplateDef extends Origin {
  name: string;
  text: string;
}

/** Every definition of every document (imports first), in document order. */
export interface IsaspecDatabase {
  exprs: ExprDef[];
  templates: TemplateDef[];
  enums: EnumSource[];
  bitsets: BitsetSource[];
}
