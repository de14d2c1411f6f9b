/**
 * Data the isaspec assembly syntax (generator/runtime/codec/isaspec*.ts) needs beyond the
 * generic codec tables, embedded in the generated codec as `SYNTAX`: per instruction that has any,
 * its `<derived>` fields and its `<override>` cases, with expressions as small JSON trees the
 * runtime's interpreter evaluates (and inverts when assembling). The default display template and
 * the default fields are already in INSTRUCTIONS.
 */
import { GPU_ID_NAME, parseExpr, type ExprNode } from "../../../model/expr";
import type {
  Assertion,
  DerivedField,
  DisplayOverride,
  Field,
  FieldType,
  IsaModel,
} from "../../../model/types";

/** An expression: a literal, a field name, or an operator node (unary when `b` is absent). */
export type ExprData = number | string | { op: string; a: ExprData; b?: ExprData };

/** Field kinds the runtime treats as signed (as codecView does). */
const SIGNED: ReadonlySet<FieldType> = new Set<FieldType>(["int", "offset", "branch"]);

/** A C integer literal's value (`2ULL`, `0x1f`, `017`). */
function literal(text: string): number {
  const t = text.replace(/[uUlL]+$/, "");
  return /^0[xX]/.test(t)
    ? parseInt(t.slice(2), 16)
    : /^0[0-7]+$/.test(t)
      ? parseInt(t, 8)
      : Number(t);
}

function tree(n: ExprNode): ExprData {
  switch (n.kind) {
    case "number":
      return literal(n.text);
    case "field":
      return n.name;
    case "gpu":
      return GPU_ID_NAME;
    case "unary":
      return { op: n.op, a: tree(n.operand) };
    case "binary":
      return { op: n.op, a: tree(n.left), b: tree(n.right) };
  }
}

export function exprData(text: string): ExprData {
  const parsed = parseExpr(text);
  if (!parsed.ok) throw new Error(`isaforge: cannot use expression '${text}': ${parsed.message}`);
  return tree(parsed.ast);
}

/** A bitset's place in Mesa's search for a display: 0 for the leaf, then up its `extends` chain. */
export const levelIn = (chain: string[] | undefined) => (bitset: string | undefined) =>
  bitset === undefined ? 0 : (chain ?? []).indexOf(bitset) + 1;

/** The assertions Mesa checks, each with the level (levelIn) of the bitset that makes it. */
export function assertsOf(list: Assertion[] | undefined, level: (b: string) => number) {
  return (list ?? [])
    .filter((a) => !a.unchecked)
    .map((a) => ({
      low: a.low,
      high: a.high,
      value: a.value,
      bitset: a.bitset,
      level: level(a.bitset),
    }));
}

export function isaspecSyntaxData(model: IsaModel): object {
  const enumIndex = new Map(model.enums.map((e, i) => [e.name, i]));
  const enumOf = (type: FieldType, name: string | undefined): number =>
    type === "enum" && name ? (enumIndex.get(name) ?? -1) : -1;
  // Same shape as the codec's FieldSpec, so the runtime's rawField reads override fields too.
  const field = (f: Field) => ({
    name: f.name,
    ranges: f.ranges.flatMap((r) => [r.low, r.high]),
    width: f.width,
    kind: f.type,
    signed: SIGNED.has(f.type),
    enumIndex: enumOf(f.type, f.enum),
    default: f.default ?? null,
    alternatives: f.alternativeTo ?? [],
    display: f.display ?? null,
  });
  const derived = (d: DerivedField) => ({
    name: d.name,
    width: d.width,
    kind: d.type,
    signed: SIGNED.has(d.type),
    enumIndex: enumOf(d.type, d.enum),
    display: d.display ?? null,
    expr: exprData(d.expr),
    text: d.expr,
  });
  // Bitset-typed fields by name: the root whose cases decode the value, and the <param>s passed in.
  const nested = (fields: Field[]) =>
    Object.fromEntries(
      fields
        .filter((f) => f.type === "bitset" && f.bitset !== undefined)
        .map((f) => [
          f.name,
          { bitset: f.bitset, params: (f.params ?? []).map((p) => [p.name, p.as]) },
        ]),
    );
  const overrides = (list: DisplayOverride[], level: (b: string | undefined) => number) =>
    list.map((o) => ({
      when: exprData(o.expr),
      text: o.expr,
      display: o.display ?? null,
      fields: o.fields.map(field),
      derived: o.derived.map(derived),
      asserts: assertsOf(o.assertions, level),
      level: level(o.bitset),
      nested: nested(o.fields),
    }));
  const instructions: Record<string, object> = {};
  for (const i of model.instructions) {
    const n = nested(i.fields);
    if (
      i.derived.length === 0 &&
      i.overrides.length === 0 &&
      !i.assertions &&
      !Object.keys(n).length &&
      !i.implicit
    )
      continue;
    const level = levelIn(i.extends);
    instructions[i.name] = {
      derived: i.derived.map(derived),
      // The default cases' <assert>s and bitset-typed fields; absent when there are none.
      ...(i.assertions ? { asserts: assertsOf(i.assertions, level) } : {}),
      ...(Object.keys(n).length ? { nested: n } : {}),
      overrides: overrides(i.overrides, level),
      ...(i.implicit
        ? { implicit: Object.fromEntries(i.implicit.map((v) => [v.field, v.value])) }
        : {}),
      ...(i.implicit?.some((v) => v.always)
        ? {
            always: Object.fromEntries(
              i.implicit.filter((v) => v.always).map((v) => [v.field, v.value]),
            ),
          }
        : {}),
    };
  }
  // Each root used as a field type: its leaves, each with its bits, gens and cases (default last).
  const bitsets: Record<string, object> = {};
  for (const b of model.bitsets) {
    if (!b.cases) continue;
    bitsets[b.name] = b.cases.map((c) => ({
      name: c.name,
      mnemonic: c.mnemonic,
      match: c.encoding.match,
      tested: c.encoding.mask.map((m, w) => (m & ~c.encoding.dontCare[w]) >>> 0),
      dontCare: c.encoding.dontCare,
      gen: c.gen ? [c.gen.min, c.gen.max] : null,
      cases: [
        ...overrides(c.overrides, levelIn(c.extends)),
        {
          when: null,
          display: c.display ?? null,
          fields: c.fields.map(field),
          derived: c.derived.map(derived),
          asserts: assertsOf(c.assertions, levelIn(c.extends)),
          level: (c.extends ?? []).length + 1,
          nested: nested(c.fields),
        },
      ],
    }));
  }
  // The upstream assembler's other spellings (runtime/codec/isaspecSpellings.ts's TextRules).
  const t = model.assemblerText;
  const text = {
    ...(t?.integers ? { integers: t.integers.spelling } : {}),
    ...(t?.flagOrder ? { flagOrder: t.flagOrder.order } : {}),
    ...(t?.halfBits ? { halfBits: t.halfBits.pattern } : {}),
    ...(t?.floatBits ? { floatBits: t.floatBits.pattern } : {}),
    ...(t?.integerMasks
      ? { integerMasks: t.integerMasks.map((m) => ({ pattern: m.pattern, bits: m.bits })) }
      : {}),
    ...(t?.enumIntegers
      ? {
          enumIntegers: t.enumIntegers.map((r) => {
            const e = model.enums.find((x) => x.name === r.enum);
            if (!e) throw new Error(`${r.source.file}: enumIntegers: no enum '${r.enum}'`);
            const texts: string[] = [];
            for (const v of e.values) if (v.display !== undefined) texts[v.value] = v.display;
            return { pattern: r.pattern, texts: Array.from(texts, (x) => x ?? "") };
          }),
        }
      : {}),
    ...(t?.respellings
      ? {
          respellings: t.respellings.map((r) => ({
            pattern: r.pattern,
            replacement: r.replacement,
            ...(r.gpu ? { gpu: r.gpu } : {}),
          })),
        }
      : {}),
  };
  return { instructions, bitsets, text };
}
