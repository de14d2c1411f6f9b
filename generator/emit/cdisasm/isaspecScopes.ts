/**
 * The isaspec display model as the TS codec's printer sees it (templates/ts/codec/syntax-isaspec),
 * taken from the model for the C disassembler: per instruction and per leaf of a bitset used as a
 * field type, its cases (overrides in order, the default last) with the fields, derived values,
 * asserts, level and bitset-typed fields of each.
 */
import { assertsOf, levelIn } from "../codec/syntax/isaspec";
import type {
  BitsetCase,
  DerivedField,
  DisplayOverride,
  Field,
  Instruction,
  IsaModel,
} from "../../model/types";

export interface AssertC {
  low: number;
  high: number;
  value: number;
  bitset: string;
  level: number;
}

export interface NestedC {
  /** The root bitset whose leaves decode the value. */
  bitset: string;
  /** `[name, as]`: the enclosing scope's `name` is visible as `as` inside. */
  params: [string, string][];
}

export interface CaseC {
  /** The override's condition; null for the default case. */
  when: string | null;
  display: string | null;
  /** The first field and derived value of each name. */
  fields: Map<string, Field>;
  derived: Map<string, DerivedField>;
  asserts: AssertC[];
  level: number;
  nested: Map<string, NestedC>;
}

/** An instruction or a bitset leaf: what one isaspec scope resolves names in. */
export interface ScopeC {
  name: string;
  mnemonic: string;
  cases: CaseC[];
}

export interface LeafC extends ScopeC {
  match: number[];
  tested: number[];
  dontCare: number[];
  gen: [number, number] | null;
}

function firstByName<T extends { name: string }>(list: T[]): Map<string, T> {
  const m = new Map<string, T>();
  for (const x of list) if (!m.has(x.name)) m.set(x.name, x);
  return m;
}

function nestedOf(fields: Field[]): Map<string, NestedC> {
  const m = new Map<string, NestedC>();
  for (const f of fields)
    if (f.type === "bitset" && f.bitset !== undefined)
      m.set(f.name, { bitset: f.bitset, params: (f.params ?? []).map((p) => [p.name, p.as]) });
  return m;
}

function caseOf(
  when: string | null,
  display: string | undefined,
  fields: Field[],
  derived: DerivedField[],
  asserts: AssertC[],
  level: number,
): CaseC {
  return {
    when,
    display: display ?? null,
    fields: firstByName(fields),
    derived: firstByName(derived),
    asserts,
    level,
    nested: nestedOf(fields),
  };
}

function overrideCases(list: DisplayOverride[], chain: string[] | undefined): CaseC[] {
  const level = levelIn(chain);
  return list.map((o) =>
    caseOf(o.expr, o.display, o.fields, o.derived, assertsOf(o.assertions, level), level(o.bitset)),
  );
}

export function instructionScope(i: Instruction): ScopeC {
  const level = levelIn(i.extends);
  return {
    name: i.name,
    mnemonic: i.mnemonic,
    cases: [
      ...overrideCases(i.overrides, i.extends),
      caseOf(null, i.display, i.fields, i.derived, assertsOf(i.assertions, level), Infinity),
    ],
  };
}

function leafScope(c: BitsetCase): LeafC {
  return {
    name: c.name,
    mnemonic: c.mnemonic,
    match: c.encoding.match,
    tested: c.encoding.mask.map((m, w) => (m & ~c.encoding.dontCare[w]) >>> 0),
    dontCare: c.encoding.dontCare,
    gen: c.gen ? [c.gen.min, c.gen.max] : null,
    cases: [
      ...overrideCases(c.overrides, c.extends),
      caseOf(
        null,
        c.display,
        c.fields,
        c.derived,
        assertsOf(c.assertions, levelIn(c.extends)),
        (c.extends ?? []).length + 1,
      ),
    ],
  };
}

/** Each bitset used as a field type, by name: its leaves in model order. */
export function bitsetRoots(model: IsaModel): Map<string, LeafC[]> {
  const m = new Map<string, LeafC[]>();
  for (const b of model.bitsets) if (b.cases) m.set(b.name, b.cases.map(leafScope));
  return m;
}
