/**
 * The C of an isaspec disassembler, straight-line per instruction and bitset leaf: the TS codec's
 * printer (templates/ts/codec/syntax-isaspec) with its interpretation done here, at build time.
 *
 * A scope (an instruction, or the leaf a bitset-typed field's value matched) gets:
 * - per override, `applies` (its condition, cached when evaluated outside any other evaluation);
 * - per name a case of it defines, a resolver that tries the cases in order (an override only when
 *   it applies or is being evaluated), and one for every other name (the enclosing `<param>`s);
 * - per derived value and condition, a function evaluating it under the recursion guard (a bit per
 *   owner in `stack`: re-entering an owner reads 0);
 * - `render`: Mesa's search for a display (asserts checked on the way), then the display's text.
 * Evaluation order, caching and errors follow the TS codec step for step, since errors print.
 */
import { GPU_ID_NAME, parseExpr, type ExprNode } from "../../model/expr";
import type { DerivedField, EnumDef, Field, FieldType, IsaModel } from "../../model/types";
import { functionPart, macroName, NameScope } from "../cheader/names";
import { cStringLiteral } from "../dispatch/dispatchView";
import { compileCExpr, exprRange, type Interval } from "./cExpr";
import { conditionLines } from "./findCode";
import {
  bitsetRoots,
  instructionScope,
  type CaseC,
  type LeafC,
  type ScopeC,
} from "./isaspecScopes";

/** A C function: its comment, signature line and body lines (indented one tab by the template). */
export interface CFunction {
  comment: string | null;
  head: string;
  body: string[];
}

/** Fields wider than this are not exact in the codec's doubles. */
const MAX_FIELD_BITS = 53;

interface Format {
  kind: FieldType;
  width: number;
  display: string | null;
  enumName: string | null;
}

export interface IsaspecC {
  /** `enum` members naming every name: `N_SRC = 0`, … */
  names: { id: string; text: string }[];
  /** `fmt_<id>` per format, then `format_value`. */
  formatFunctions: CFunction[];
  functions: CFunction[];
  /** Prototypes, so functions may call each other in any order. */
  prototypes: string[];
  /** Per instruction in model order, the function printing it. */
  instructionFunctions: string[];
  /** The most room the code reserves at once (dis_reserve): the writer's buffer must hold it. */
  lineRoom: number;
}

const bit = (k: number) => `UINT64_C(${2 ** k >= 2 ** 32 ? "0x" + (2 ** k).toString(16) : 2 ** k})`;

export function fieldRead(f: Field, words: number, from = "s->w"): string {
  if (f.width > MAX_FIELD_BITS)
    throw new Error(
      `C disassembler: field ${f.name} has ${f.width} bits (at most ${MAX_FIELD_BITS})`,
    );
  let shift = 0;
  const parts = f.ranges.map((r) => {
    const part = `(int64_t)dis_bits(${from}, ${words}, ${r.low}, ${r.high})`;
    const shifted = shift === 0 ? part : `(${part} << ${shift})`;
    shift += r.high - r.low + 1;
    return shifted;
  });
  return parts.join(" | ");
}

/** The display of each value of an enum (index = value), as the codec's ENUMS tables hold them. */
function enumDisplays(e: EnumDef): (string | null)[] {
  const size = e.values.reduce((m, v) => Math.max(m, v.value + 1), 0);
  const out: (string | null)[] = new Array(size).fill(null);
  for (const v of e.values) if (!v.reserved) out[v.value] = v.display ?? v.name ?? null;
  return out;
}

/** The length every display of an enum has, with none missing or multi-line; 0 if not so. */
function tableWidth(displays: (string | null)[]): number {
  const width = displays.length ? Buffer.byteLength(displays[0] ?? "") : 0;
  const same = (d: string | null) =>
    d !== null && !d.includes("\n") && Buffer.byteLength(d) === width && d.length === width;
  return width > 0 && displays.every(same) ? width : 0;
}

type Token =
  | { t: "text"; text: string }
  | { t: "name"; align: number }
  | { t: "field"; field: string; align: number };

function tokensOf(template: string): Token[] {
  const tokens: Token[] = [];
  const re = /\{([^}]*)\}/g;
  let last = 0;
  for (let m = re.exec(template); m; m = re.exec(template)) {
    if (m.index > last) tokens.push({ t: "text", text: template.slice(last, m.index) });
    const [field, ...opts] = m[1].split(":");
    const align = opts.map((o) => /^align=(\d+)$/.exec(o)).find((x) => x);
    const n = align ? Number(align[1]) : 0;
    tokens.push(field === "NAME" ? { t: "name", align: n } : { t: "field", field, align: n });
    last = m.index + m[0].length;
  }
  if (last < template.length) tokens.push({ t: "text", text: template.slice(last) });
  return tokens;
}

function exprRefs(text: string): string[] {
  const refs: string[] = [];
  const walk = (n: ExprNode): void => {
    if (n.kind === "field") refs.push(n.name);
    else if (n.kind === "unary") walk(n.operand);
    else if (n.kind === "binary") (walk(n.left), walk(n.right));
  };
  const p = parseExpr(text);
  if (p.ok) walk(p.ast);
  return refs;
}

/** Which names of a scope resolve without effects (see `simple`), from the scope's cases and the
 * sites entering it. */
function scopeFacts(scope: ScopeC, entering: { from: ScopeC; params: [string, string][] }[]) {
  // A scope is simple when its conditions read only fields of its default case that no override
  // defines: then a condition's value never depends on where it is evaluated (the recursion guard
  // and overrides in force cannot reach it) and evaluating it records no error, so it is cached
  // always and resolving a name need not evaluate the conditions of overrides without the name.
  const byDefault = scope.cases[scope.cases.length - 1];
  // A name no case defines may also come from the enclosing field's <param>s, when every site
  // entering the scope passes a field its scope has and never derives.
  const ownField = (n: string) =>
    byDefault.fields.has(n) &&
    scope.cases.every((o) => o === byDefault || (!o.fields.has(n) && !o.derived.has(n)));
  const passedField = (n: string) =>
    scope.cases.every((o) => !o.fields.has(n) && !o.derived.has(n)) &&
    entering.every(({ from, params }) => {
      const p0 = params.find(([, as]) => as === n)?.[0];
      return (
        p0 !== undefined &&
        from.cases.some((c) => c.fields.has(p0)) &&
        from.cases.every((c) => !c.derived.has(p0))
      );
    });
  // And a derived value of the default case no override defines, if what it reads is pure too.
  const ownDerived = (n: string) =>
    !byDefault.fields.has(n) &&
    byDefault.derived.has(n) &&
    scope.cases.every((o) => o === byDefault || (!o.fields.has(n) && !o.derived.has(n)));
  const pure = (n: string, visiting: Set<string>): boolean =>
    ownField(n) ||
    passedField(n) ||
    (ownDerived(n) &&
      !visiting.has(n) &&
      exprRefs(byDefault.derived.get(n)!.expr).every((r) => pure(r, new Set([...visiting, n]))));
  const simple = scope.cases.every(
    (c) => c.when === null || exprRefs(c.when).every((n) => pure(n, new Set())),
  );
  const pureDerived = (n: string) => ownDerived(n) && pure(n, new Set());
  const pureName = (n: string) => pure(n, new Set());
  return { byDefault, ownField, ownDerived, pureDerived, pureName, simple };
}

export function isaspecC(model: IsaModel): IsaspecC {
  const roots = bitsetRoots(model);
  const enums = new Map(model.enums.map((e) => [e.name, e]));

  /* Names ------------------------------------------------------------------------------------- */
  const nameIds = new Map<string, string>();
  const nameScope = new NameScope(`C disassembler ${model.isa.id}`);
  const nameOf = (name: string): string => {
    let id = nameIds.get(name);
    if (!id) {
      id = nameScope.unique(`N_${macroName(name)}`);
      nameIds.set(name, id);
    }
    return id;
  };

  /* Value ranges, for the expressions' exactness ---------------------------------------------- */
  const instructionScopes = model.instructions.map(instructionScope);
  const allScopes: ScopeC[] = [...instructionScopes, ...[...roots.values()].flat()];
  // The <param>s passed into each leaf: the enclosing scope and `[name, as]` pairs.
  const incoming = new Map<ScopeC, { from: ScopeC; params: [string, string][] }[]>();
  for (const from of allScopes)
    for (const c of from.cases)
      for (const n of c.nested.values())
        for (const leaf of roots.get(n.bitset) ?? [])
          incoming.set(leaf, [...(incoming.get(leaf) ?? []), { from, params: n.params }]);
  const paramNames = new Set(
    [...incoming.values()].flat().flatMap((i) => i.params.map(([n]) => n)),
  );
  const factsMemo = new Map<ScopeC, ReturnType<typeof scopeFacts>>();
  const facts = (scope: ScopeC) => {
    let f = factsMemo.get(scope);
    if (!f) factsMemo.set(scope, (f = scopeFacts(scope, incoming.get(scope) ?? [])));
    return f;
  };
  const bounds = new Map<ScopeC, Map<string, Interval>>();
  const visiting = new Set<string>();
  const union = (a: Interval | null, b: Interval): Interval =>
    a ? [Math.min(a[0], b[0]), Math.max(a[1], b[1])] : b;
  /** The range of a name's values where `scope` resolves it: its cases', else the <param>s'. */
  const boundIn =
    (scope: ScopeC) =>
    (name: string): Interval => {
      if (name === GPU_ID_NAME) return [0, 2 ** 32 - 1];
      const memo = bounds.get(scope) ?? new Map<string, Interval>();
      bounds.set(scope, memo);
      const known = memo.get(name);
      if (known) return known;
      // A name met again while computing its own range: the guard makes re-entry read 0.
      const key = `${allScopes.indexOf(scope)}:${name}`;
      if (visiting.has(key)) return [0, 0];
      visiting.add(key);
      let r: Interval | null = null;
      for (const c of scope.cases) {
        const f = c.fields.get(name);
        if (f) r = union(r, [0, 2 ** f.width - 1]);
        const d = c.derived.get(name);
        if (d) r = union(r, exprRange(d.expr, boundIn(scope)));
      }
      const last = scope.cases[scope.cases.length - 1];
      if (!last.fields.has(name) && !last.derived.has(name))
        for (const { from, params } of incoming.get(scope) ?? [])
          for (const [p, as] of params) if (as === name) r = union(r, boundIn(from)(p));
      visiting.delete(key);
      memo.set(name, r ?? [0, 0]);
      return r ?? [0, 0];
    };

  /* Formats ----------------------------------------------------------------------------------- */
  const formats: Format[] = [];
  const formatIds = new Map<string, number>();
  const formatOf = (
    spec: { kind: FieldType; width: number; display?: string; enum?: string; name: string },
    range: Interval,
  ): number => {
    const f: Format = {
      kind: spec.kind,
      width: spec.width,
      display: spec.display ?? null,
      enumName: spec.kind === "enum" && spec.enum && enums.has(spec.enum) ? spec.enum : null,
    };
    if (
      (f.kind === "float" && range[0] < 0) ||
      (["int", "branch", "absbranch", "offset", "float"].includes(f.kind) &&
        f.width > MAX_FIELD_BITS)
    )
      throw new Error(
        `C disassembler: ${spec.name} (${f.kind}, ${f.width} bits) has values the C printer cannot print as the codec does`,
      );
    const key = JSON.stringify(f);
    let id = formatIds.get(key);
    if (id === undefined) {
      id = formats.push(f) - 1;
      formatIds.set(key, id);
    }
    return id;
  };
  const fieldFormat = (f: Field) =>
    formatOf({ kind: f.type, width: f.width, display: f.display, enum: f.enum, name: f.name }, [
      0,
      2 ** f.width - 1,
    ]);
  const derivedFormat = (d: DerivedField, scope: ScopeC) =>
    formatOf(
      { kind: d.type, width: d.width, display: d.display, enum: d.enum, name: d.name },
      exprRange(d.expr, boundIn(scope)),
    );

  /* <param>s passed as values ------------------------------------------------------------------ */
  /**
   * Per root bitset, the <param>s every site entering it reads straight from its own words (a field
   * of its default case no override defines, in a simple scope: reading it has no effect) with one
   * format: each site passes their values in `pv[slot]`, and the leaves read them there instead of
   * asking the enclosing scope by name.
   */
  const slotsMemo = new Map<string, Map<string, { slot: number; format: number }>>();
  type Passed = { field: Field } | { derived: DerivedField; from: ScopeC };
  const passedOf = (from: ScopeC, params: [string, string][], as: string): Passed | null => {
    const p0 = params.find(([, a]) => a === as)?.[0];
    const f = facts(from);
    if (p0 === undefined || !f.simple) return null;
    if (f.ownField(p0)) return { field: f.byDefault.fields.get(p0)! };
    // A derived value that reads only such names: the same wherever it is evaluated, no errors.
    if (f.pureDerived(p0)) return { derived: f.byDefault.derived.get(p0)!, from };
    return null;
  };
  const passedFormat = (x: Passed | null) =>
    !x ? -1 : "field" in x ? fieldFormat(x.field) : derivedFormat(x.derived, x.from);
  const slotsOf = (root: string): Map<string, { slot: number; format: number }> => {
    const known = slotsMemo.get(root);
    if (known) return known;
    const slots = new Map<string, { slot: number; format: number }>();
    const entering = incoming.get((roots.get(root) ?? [])[0]) ?? [];
    const names = [...new Set(entering.flatMap((e) => e.params.map(([, as]) => as)))];
    for (const as of names) {
      const passed = entering.map((e) => passedOf(e.from, e.params, as));
      const formats = new Set(passed.map(passedFormat));
      const [format] = formats;
      if (formats.size === 1 && format >= 0) slots.set(as, { slot: slots.size, format });
    }
    slotsMemo.set(root, slots);
    return slots;
  };
  /**
   * The `pv` a site passes into `root`: its values, read in the enclosing scope `from` (derived
   * ones by `evaluate`).
   */
  const passedValues = (
    root: string,
    from: ScopeC,
    params: [string, string][],
    words: number,
    evaluate: (d: DerivedField) => string,
  ): string[] =>
    [...slotsOf(root).keys()].map((as) => {
      const x = passedOf(from, params, as)!;
      return "field" in x ? fieldRead(x.field, words) : evaluate(x.derived);
    });

  /* Scopes ------------------------------------------------------------------------------------ */
  const functions: CFunction[] = [];
  const prototypes: string[] = [];
  const fnScope = new NameScope(`C disassembler ${model.isa.id} functions`);
  for (const reserved of ["get", "no_field", "check_bits", "format_value", "find", "disasm_into"])
    fnScope.exact(reserved);
  const add = (comment: string | null, head: string, body: string[]) => {
    functions.push({ comment, head, body });
    prototypes.push(`${head};`);
  };

  /** Root bitset → the function printing a value of it, made on first use. */
  const rootFns = new Map<string, string>();
  let sites = 0;
  /** The most room a run of writes reserves (the line buffer must hold it). */
  let lineRoom = 0;

  const scopeFns = (
    scope: ScopeC,
    words: number,
    prefix: string,
    slots?: Map<string, { slot: number; format: number }>,
  ): string => {
    const p = fnScope.family(prefix, (b) => [b]);
    const owners = scope.cases.length + [...scope.cases].reduce((n, c) => n + c.derived.size, 0);
    if (owners > 64)
      throw new Error(
        `C disassembler: ${scope.name} has ${owners} cases and derived values (at most 64)`,
      );
    const overrideBit = (k: number) => bit(k);
    const derivedBits = new Map<DerivedField, string>();
    let next = scope.cases.length;
    for (const c of scope.cases)
      for (const d of c.derived.values()) derivedBits.set(d, bit(next++));
    const S = "struct scope *s";

    // Evaluations under the guard.
    let readName = (name: string): string => name;
    const evalFn = (owner: string, text: string, name: string, guarded = true): string => {
      const e = compileCExpr(text, {
        bound: boundIn(scope),
        read: (n) => readName(n),
        gpu: "(s->ctx->has_gpu ? s->ctx->gpu : 0)",
      });
      add(
        `/* ${commentText(text)} */`,
        `static int64_t ${name}(${S})`,
        guarded
          ? [
              `if (s->stack & ${owner})`,
              "\treturn 0;",
              `s->stack |= ${owner};`,
              ...e.lines,
              `s->stack &= ~${owner};`,
              `return ${e.result};`,
            ]
          : [
              ...(e.lines.some((l) => /\bs\b/.test(l)) || /\bs\b/.test(e.result)
                ? []
                : ["(void)s;"]),
              ...e.lines,
              `return ${e.result};`,
            ],
      );
      return name;
    };

    const { byDefault, ownField, ownDerived, pureDerived, pureName } = facts(scope);
    /** A <param> passed as a value (no case defines the name), read where nothing else is asked. */
    const slotOf = (n: string) =>
      scope.cases.every((c) => !c.fields.has(n) && !c.derived.has(n)) ? slots?.get(n) : undefined;
    // A value in `pv` was read without effects where the site is (see passedOf): conditions that
    // read only such values and pure names are as simple as those reading pure names alone.
    const simple = scope.cases.every(
      (c) =>
        c.when === null || exprRefs(c.when).every((n) => pureName(n) || slotOf(n) !== undefined),
    );
    const applies: string[] = [];
    const whens: (() => void)[] = [];
    scope.cases.forEach((c, k) => {
      if (c.when === null) return;
      const ev = `${p}_when${k}`;
      const b = overrideBit(k);
      const name = `${p}_applies${k}`;
      if (simple) {
        whens.push(() => {
          const ctx = {
            bound: boundIn(scope),
            read: (n: string) =>
              ownField(n)
                ? fieldRead(byDefault.fields.get(n)!, words)
                : slotOf(n)
                  ? `s->pv[${slotOf(n)!.slot}]`
                  : ownDerived(n)
                    ? derivedCall(n)
                    : `get(s, ${missingFn()}, ${nameOf(n)})`,
            gpu: "(s->ctx->has_gpu ? s->ctx->gpu : 0)",
          };
          // One short-circuiting expression, or statements where that would be a long line.
          let e = compileCExpr(c.when!, ctx, true);
          if (e.lines.some((l) => l.length > 100)) e = compileCExpr(c.when!, ctx);
          // Reading only the scope's own fields, it costs less to evaluate again than to cache.
          if (exprRefs(c.when!).every(ownField)) {
            add(`/* ${commentText(c.when!)} */`, `static int ${name}(${S})`, [
              ...e.lines,
              `return ${e.result} != 0;`,
            ]);
            return;
          }
          add(`/* ${commentText(c.when!)} */`, `static int ${name}(${S})`, [
            `if (!(s->known & ${b})) {`,
            ...e.lines.map((l) => `\t${l}`),
            `\ts->known |= ${b};`,
            `\tif (${e.result} != 0)`,
            `\t\ts->applied |= ${b};`,
            "}",
            `return (s->applied & ${b}) != 0;`,
          ]);
        });
      } else {
        whens.push(() => evalFn(b, c.when!, ev));
        add(null, `static int ${name}(${S})`, [
          "int top;",
          "int64_t v;",
          `if (s->known & ${b})`,
          `\treturn (s->applied & ${b}) != 0;`,
          "top = s->stack == 0;",
          `v = ${ev}(s);`,
          "if (top) {",
          `\ts->known |= ${b};`,
          "\tif (v != 0)",
          `\t\ts->applied |= ${b};`,
          "}",
          "return v != 0;",
        ]);
      }
      applies[k] = name;
    });
    /** Derived values' evaluations, made when first needed (as everything below). */
    const derivedFns = new Map<DerivedField, string>();
    const derivedFn = (d: DerivedField, k: number): string => {
      let fn = derivedFns.get(d);
      if (!fn) {
        fn = `${p}_d${k}_${functionPart(d.name)}`;
        derivedFns.set(d, fn);
        // What a pure value of a simple scope reads never evaluates it again: no guard needed.
        const pureHere = simple && pureDerived(d.name) && byDefault.derived.get(d.name) === d;
        evalFn(derivedBits.get(d)!, d.expr, fn, !pureHere);
      }
      return fn;
    };
    /**
     * A derived value of the default case no override defines, in a simple scope: what resolving
     * it does (no override is tried, nothing can fail), without the resolver.
     */
    const derivedCall = (name: string) =>
      `${derivedFn(byDefault.derived.get(name)!, scope.cases.length - 1)}(s)`;
    /** `if (...)`-condition of override k in resolve: applying, or being evaluated. */
    const inForce = (k: number) => `(s->stack & ${overrideBit(k)}) || ${applies[k]}(s)`;

    // Resolvers (resolve_fn): per name some case defines, one for the rest, and the switch over
    // the names <param>s ask for.
    const caseNames = new Set<string>();
    for (const c of scope.cases)
      for (const n of [...c.fields.keys(), ...c.derived.keys()]) caseNames.add(n);
    const resolveHead = (fn: string) => `static int ${fn}(${S}, int name, int64_t *v, int *fmt)`;
    const missing = `${p}_params`;
    const tries = scope.cases.flatMap((c, k) =>
      c.when !== null && !simple
        ? [`if (!(s->stack & ${overrideBit(k)}))`, `\t(void)${applies[k]}(s);`]
        : [],
    );
    let missingMade = false;
    const missingFn = (): string => {
      if (!missingMade) {
        missingMade = true;
        add(
          "/* A name no case defines: the <param>s of the enclosing field, after every override is tried. */",
          resolveHead(missing),
          [
            ...(tries.length ? [`${triesFn()}(s);`] : []),
            "return s->param ? s->param(s, name, v, fmt) : 0;",
          ],
        );
      }
      return missing;
    };
    let triesMade = false;
    const triesFn = (): string => {
      if (!triesMade) add(null, `static void ${p}_tries(${S})`, tries);
      triesMade = true;
      return `${p}_tries`;
    };
    /** A <param> passed as a value, read as resolving it would: after every override is tried. */
    const slotRead = (slot: { slot: number }) =>
      tries.length ? `(${triesFn()}(s), s->pv[${slot.slot}])` : `s->pv[${slot.slot}]`;
    const resolvers = new Map<string, string>();
    const resolverFor = (name: string): string => {
      if (!caseNames.has(name)) return missingFn();
      const known = resolvers.get(name);
      if (known) return known;
      const fn = `${p}_r_${functionPart(name)}`;
      resolvers.set(name, fn);
      const body: string[] = ["(void)name;"];
      let done = false;
      scope.cases.forEach((c, k) => {
        if (done) return;
        const f = c.fields.get(name);
        const d = f ? undefined : c.derived.get(name);
        const give = f
          ? [`*v = ${fieldRead(f, words)};`, `*fmt = ${fieldFormat(f)};`, "return 1;"]
          : d
            ? [`*v = ${derivedFn(d, k)}(s);`, `*fmt = ${derivedFormat(d, scope)};`, "return 1;"]
            : null;
        if (c.when === null) {
          if (give) body.push(...give);
          else body.push("return s->param ? s->param(s, name, v, fmt) : 0;");
          done = true;
        } else if (give) body.push(`if (${inForce(k)}) {`, ...give.map((l) => `\t${l}`), "}");
        else if (!simple)
          body.push(`if (!(s->stack & ${overrideBit(k)}))`, `\t(void)${applies[k]}(s);`);
      });
      add(null, resolveHead(fn), body);
      return fn;
    };
    /** A param's answer read straight from this scope's words, where nothing else can answer. */
    const directRead = (name: string): string[] | null => {
      if (!simple || !ownField(name)) return null;
      const f = byDefault.fields.get(name)!;
      return [
        `*v = ${fieldRead(f, words, "s->parent->w")};`,
        `*fmt = ${fieldFormat(f)};`,
        "return 1;",
      ];
    };
    const resolveCall = (name: string) => `${resolverFor(name)}(s, ${nameOf(name)}, &v, &fmt)`;
    readName = (name: string) =>
      slotOf(name)
        ? slotRead(slotOf(name)!)
        : simple && ownDerived(name)
          ? derivedCall(name)
          : `get(s, ${resolverFor(name)}, ${nameOf(name)})`;
    for (const made of whens) made();

    // Bitset-typed fields: which printer (if any) takes a field's value, as nestedOf decides.
    type Site = { id: number; root: string; param: string; caseIndex: number; values: string[] };
    /** Printing a bitset-typed field's value `value` through `site`. */
    const siteCall = (site: Site, value: string, field: string, indent: string): string[] => {
      const call = (pv: string) =>
        `${site.root}(s, ${value}, ${site.param}, ${cStringLiteral(field)}, ${pv});`;
      if (site.values.length === 0) return [`${indent}${call("NULL")}`];
      return [
        `${indent}{`,
        `${indent}\tconst int64_t pv[] = {`,
        ...site.values.map((v) => `${indent}\t\t${v},`),
        `${indent}\t};`,
        `${indent}\t${call("pv")}`,
        `${indent}}`,
      ];
    };
    // The sites are made with the scope's functions; the switch picking one only where used.
    const nestedFns = new Map<string, { fn: () => string; sites: Site[] } | null>();
    const nestedFor = (name: string): { fn: () => string; sites: Site[] } | null => {
      if (nestedFns.has(name)) return nestedFns.get(name)!;
      if (!scope.cases.some((c) => c.nested.has(name))) {
        nestedFns.set(name, null);
        return null;
      }
      const fn = `${p}_n_${functionPart(name)}`;
      const body: string[] = ["(void)s;"];
      const found: Site[] = [];
      let done = false;
      scope.cases.forEach((c, k) => {
        if (done || !(c.fields.has(name) || c.derived.has(name))) return;
        const nested = c.fields.has(name) ? c.nested.get(name) : undefined;
        let ret = "-1";
        if (nested) {
          const id = sites++;
          const param = nested.params.length
            ? paramFn(id, nested.params, resolverFor, directRead)
            : "NULL";
          found.push({
            id,
            root: rootFn(nested.bitset),
            param,
            caseIndex: k,
            values: passedValues(nested.bitset, scope, nested.params, words, (d) => {
              const last = scope.cases.length - 1;
              return `${derivedFn(d, last)}(s)`;
            }),
          });
          ret = String(id);
        }
        if (c.when === null) {
          body.push(`return ${ret};`);
          done = true;
        } else body.push(`if (${applies[k]}(s))`, `\treturn ${ret};`);
      });
      if (!done) body.push("return -1;");
      let added = false;
      const made = {
        fn: () => {
          if (!added) add(null, `static int ${fn}(${S})`, body);
          added = true;
          return fn;
        },
        sites: found,
      };
      nestedFns.set(name, made);
      return made;
    };

    // The search for a display, and its text.
    const render: string[] = [];
    const defaults = scope.cases[scope.cases.length - 1].asserts;
    let below = 0;
    const checks = (list: typeof defaults, indent: string) =>
      list.map(
        (a) =>
          `${indent}check_bits(s, ${words}, ${a.low}, ${a.high}, ${a.value}u, ${cStringLiteral(a.bitset)});`,
      );
    /**
     * What answers `name` in the display of case `shown`, when the emitter can know: the render
     * reaches that display after evaluating every earlier override (cached, since the render
     * evaluates outside any other evaluation; false when it has a display) and case `shown`'s own
     * (true). So the answer is case `shown`'s definition when no earlier override without a display
     * defines the name, else the default case's (or the <param>s) when no override in between
     * defines it either and, the scope being simple, resolving past them evaluates nothing.
     */
    const answerAt = (
      name: string,
      shown: number,
    ): { field: Field; k: number } | { derived: DerivedField; k: number } | "params" | null => {
      const at = (k: number) => {
        const c = scope.cases[k];
        const f = c.fields.get(name);
        if (f) return { field: f, k };
        const d = c.derived.get(name);
        return d ? { derived: d, k } : null;
      };
      for (let j = 0; j < shown; j++) if (scope.cases[j].display === null && at(j)) return null;
      const own = at(shown);
      if (own) return own;
      const lastK = scope.cases.length - 1;
      if (shown !== lastK) {
        if (!simple) return null;
        for (let j = shown + 1; j < lastK; j++) if (at(j)) return null;
      }
      return at(lastK) ?? "params";
    };
    /**
     * The text of a `{FIELD}` in the display of case `shown`: its lines, and the room its format
     * stores without a check (`formatRoom`), or `nested` when a printer of a bitset's value may
     * take it (which reserves its own room; `format_value` does too).
     */
    const fieldText = (
      name: string,
      shown: number,
      indent: string,
    ): { lines: string[]; room: number } | { lines: string[]; nested: true } => {
      const formatted = (format: number, value: string) => ({
        lines: [`${indent}fmt_${format}(w, ${value});`],
        room: formatRoom(formats[format], enums),
      });
      const answer = answerAt(name, shown);
      const nested = nestedFor(name);
      if (answer && answer !== "params") {
        if ("field" in answer) {
          const read = fieldRead(answer.field, words);
          const site = nested?.sites.find((x) => x.caseIndex === answer.k);
          return site
            ? { lines: siteCall(site, read, name, indent), nested: true }
            : formatted(fieldFormat(answer.field), read);
        }
        const d = answer.derived;
        return formatted(derivedFormat(d, scope), `${derivedFn(d, answer.k)}(s)`);
      }
      const slot = slotOf(name);
      if (answer === "params" && slot) return formatted(slot.format, `s->pv[${slot.slot}]`);
      if (answer === "params")
        return {
          lines: [
            `${indent}if (!s->param || !s->param(s, ${nameOf(name)}, &v, &fmt))`,
            `${indent}\tno_field(s, ${cStringLiteral(name)});`,
            `${indent}else`,
            `${indent}\tformat_value(w, fmt, v);`,
          ],
          room: 0,
        };
      const out = [
        `${indent}if (!${resolveCall(name)})`,
        `${indent}\tno_field(s, ${cStringLiteral(name)});`,
      ];
      if (!nested) {
        out.push(`${indent}else`, `${indent}\tformat_value(w, fmt, v);`);
        return { lines: out, room: 0 };
      }
      out.push(`${indent}else`, `${indent}\tswitch (${nested.fn()}(s)) {`);
      for (const site of nested.sites)
        out.push(
          `${indent}\tcase ${site.id}:`,
          ...siteCall(site, "v", name, `${indent}\t\t`),
          `${indent}\t\tbreak;`,
        );
      out.push(`${indent}\tdefault:`, `${indent}\t\tformat_value(w, fmt, v);`, `${indent}\t}`);
      return { lines: out, nested: true };
    };
    const textOf = (display: string, shown: number, indent: string): string[] => {
      const out: string[] = [];
      // The mnemonic is text too, and texts in a row are written at once.
      const tokens: Token[] = [];
      for (const tok of tokensOf(display)) {
        const t: Token =
          tok.t === "name" && tok.align === 0 ? { t: "text", text: scope.mnemonic } : tok;
        const before = tokens[tokens.length - 1];
        if (t.t === "text" && before?.t === "text")
          tokens[tokens.length - 1] = { t: "text", text: before.text + t.text };
        else tokens.push(t);
      }
      // Writes up to the next nested field's printer are one run: its room reserved once, then
      // stored without a check each (the printer reserves its own, and may flush).
      let run: string[] = [];
      let room = 0;
      const endRun = () => {
        if (room > 0) out.push(`${indent}dis_reserve(w, ${room});`);
        out.push(...run);
        lineRoom = Math.max(lineRoom, room);
        run = [];
        room = 0;
      };
      const store = (text: string) => {
        run.push(`${indent}${storeText(text)}`);
        room += textRoom(text);
      };
      for (const tok of tokens) {
        if (tok.t === "text") {
          store(tok.text);
          continue;
        }
        if (tok.align > 0) {
          run.push(`${indent}dis_pad(w, ${tok.align});`);
          room += tok.align;
        }
        if (tok.t === "name") store(scope.mnemonic);
        else if (tok.field !== "") {
          const field = fieldText(tok.field, shown, indent);
          if ("nested" in field) {
            endRun();
            out.push(...field.lines);
          } else {
            run.push(...field.lines);
            room += field.room;
          }
        }
      }
      endRun();
      return out;
    };
    scope.cases.forEach((c, k) => {
      const upTo = c.when === null ? Infinity : c.level;
      render.push(
        ...checks(
          defaults.filter((a) => a.level >= below && a.level < upTo),
          "",
        ),
      );
      below = Math.max(below, upTo);
      if (c.when === null) return;
      const inner = [...checks(c.asserts, "\t")];
      if (c.display !== null) inner.push(...textOf(c.display, k, "\t"), "\treturn;");
      if (inner.length) render.push(`if (${applies[k]}(s)) {`, ...inner, "}");
      else render.push(`(void)${applies[k]}(s);`);
    });
    const last = scope.cases[scope.cases.length - 1];
    if (last.display !== null) render.push(...textOf(last.display, scope.cases.length - 1, ""));
    else render.push(`no_display(s);`);
    // Locals only where the text uses them.
    const uses = (re: RegExp) => render.some((l) => re.test(l));
    const locals = [
      ...(uses(/\bw\b/) ? ["struct dis_writer *w = s->ctx->w;"] : []),
      ...(uses(/&v\b/) ? ["int64_t v;", "int fmt;"] : []),
      ...(render.length === 0 ? ["(void)s;"] : []),
    ];
    // A leaf's render, inlined where its scope is made, lets the compiler keep that scope in
    // registers and drop what the leaf never reads.
    const storage = slots === undefined ? "static" : "DIS_INLINE";
    add(`/* ${commentText(scope.name)} */`, `${storage} void ${p}_render(${S})`, [
      ...locals,
      ...render,
    ]);
    return p;
  };

  /** A site's <param>s: a name asked inside, resolved in the enclosing scope by `resolverIn`. */
  function paramFn(
    id: number,
    params: [string, string][],
    resolverIn: (name: string) => string,
    directIn: (name: string) => string[] | null,
  ): string {
    const fn = `site${id}_param`;
    const seen = new Set<string>();
    const body = ["switch (name) {"];
    for (const [name, as] of params) {
      if (seen.has(as)) continue;
      seen.add(as);
      const direct = directIn(name);
      body.push(
        `case ${nameOf(as)}:`,
        ...(direct ?? [`return ${resolverIn(name)}(s->parent, ${nameOf(name)}, v, fmt);`]).map(
          (l) => `\t${l}`,
        ),
      );
    }
    body.push("default:", "\treturn 0;", "}");
    add(null, `static int ${fn}(struct scope *s, int name, int64_t *v, int *fmt)`, body);
    return fn;
  }

  /** Whether no value matches both leaves: a bit both fix (in the two words read) differs. */
  function disjoint(a: LeafC, b: LeafC): boolean {
    return [0, 1].some(
      (i) =>
        ((a.tested[i] ?? 0) & (b.tested[i] ?? 0) & ((a.match[i] ?? 0) ^ (b.match[i] ?? 0))) !== 0,
    );
  }

  function rootFn(root: string): string {
    const known = rootFns.get(root);
    if (known) return known;
    const leaves = roots.get(root);
    const fn = fnScope.family(`root_${functionPart(root)}`, (b) => [b]);
    rootFns.set(root, fn);
    const enterFns = (leaves ?? []).map((leaf) => leafFn(leaf, slotsOf(root)));
    const body = [
      "struct ctx *c = parent->ctx;",
      "uint32_t words[2];",
      "const char *found = NULL;",
      "int leaf = -1;",
      "words[0] = (uint32_t)value;",
      "words[1] = (uint32_t)(value >> 32);",
    ];
    const list = leaves ?? [];
    /** The leaves whose match leaves the search going: printed once it ends. */
    const searched: number[] = [];
    (leaves ?? []).forEach((leaf, k) => {
      const tests = leaf.tested.flatMap((m, i) =>
        m === 0 || i >= 2
          ? []
          : [
              `(words[${i}] & 0x${(m >>> 0).toString(16)}u) == 0x${((leaf.match[i] & m) >>> 0).toString(16)}u`,
            ],
      );
      if (
        leaf.tested.length > 2 &&
        leaf.tested.slice(2).some((m, i) => (leaf.match[i + 2] & m) >>> 0 !== 0)
      )
        tests.push("0");
      const gen = leaf.gen
        ? [`(!c->has_gpu || (c->gpu >= ${leaf.gen[0]} && c->gpu <= ${leaf.gen[1]}))`]
        : [];
      body.push(...conditionLines("", [...gen, ...tests]));
      if (k > 0)
        body.push(
          "\tif (found) {",
          `\t\tdis_error_name(c->errors, DIS_CONFLICT, found, ${cStringLiteral(leaf.mnemonic)});`,
          "\t\tleaf = -1;",
          "\t\tgoto matched;",
          "\t}",
        );
      // A later leaf this one's fixed bits exclude cannot conflict: none left, the search ends,
      // with a direct call (a `switch` on the leaf found would be an indirect jump, mispredicted
      // whenever the kind of operand changes).
      const last = list.slice(k + 1).every((other) => disjoint(leaf, other));
      if (last) body.push(`\t${enterFns[k]}(parent, words, param, pv);`, "\treturn;", "}");
      else {
        searched.push(k);
        body.push(`\tfound = ${cStringLiteral(leaf.mnemonic)};`, `\tleaf = ${k};`, "}");
      }
    });
    body.push(
      ...((leaves ?? []).length > 1 ? ["matched:"] : []),
      "(void)found;",
      "switch (leaf) {",
      ...searched.flatMap((k) => [
        `case ${k}:`,
        `\t${enterFns[k]}(parent, words, param, pv);`,
        "\treturn;",
      ]),
      "default:",
      "\tdis_error_words(c->errors, DIS_FIELD_NO_MATCH, parent->mnemonic, field, words, 2, NULL);",
      "}",
    );
    add(
      `/* A value of ${commentText(root)}: the leaf it matches for the GPU, printed in its own scope. */`,
      `static void ${fn}(struct scope *parent, int64_t value, resolve_fn param, const char *field,\n\t\t\t\tconst int64_t *pv)`,
      body,
    );
    return fn;
  }

  function leafFn(leaf: LeafC, slots: Map<string, { slot: number; format: number }>): string {
    const p = scopeFns(leaf, 2, `leaf_${functionPart(leaf.name)}`, slots);
    const dontCare = [0, 1].map((i) => leaf.dontCare[i] ?? 0);
    const body = [
      "struct scope s;",
      `init_scope(&s, parent->ctx, words, ${cStringLiteral(leaf.mnemonic)});`,
      "s.parent = parent;",
      "s.param = param;",
      "s.pv = pv;",
    ];
    if (dontCare.some((m) => m !== 0)) {
      body.push(
        `if (${dontCare.map((m, i) => `(words[${i}] & 0x${(m >>> 0).toString(16)}u)`).join(" || ")}) {`,
        `\tstatic const uint32_t mask[DIS_MAX_WORDS] = { ${[0, 1, 2, 3].map((i) => `0x${((leaf.dontCare[i] ?? 0) >>> 0).toString(16)}u`).join(", ")} };`,
        `\tdis_error_words(s.ctx->errors, DIS_DONTCARE, ${cStringLiteral(leaf.mnemonic)}, NULL, words, 2, mask);`,
        "}",
      );
    }
    body.push(`${p}_render(&s);`);
    add(
      null,
      `static void ${p}_enter(struct scope *parent, const uint32_t *words, resolve_fn param,\n\t\t\t\tconst int64_t *pv)`,
      body,
    );
    return `${p}_enter`;
  }

  const wc = model.isa.wordCount;
  const instructionFunctions = model.instructions.map((ins, n) => {
    const p = scopeFns(instructionScopes[n], wc, `ins_${functionPart(ins.name)}`);
    const dc = ins.encoding.dontCare;
    const body = ["struct scope s;", `init_scope(&s, c, words, ${cStringLiteral(ins.mnemonic)});`];
    if (dc.some((m) => m !== 0)) {
      body.push(
        `if (${dc.flatMap((m, i) => (m === 0 ? [] : [`(words[${i}] & 0x${(m >>> 0).toString(16)}u)`])).join(" || ")}) {`,
        `\tstatic const uint32_t mask[DIS_MAX_WORDS] = { ${[0, 1, 2, 3].map((i) => `0x${((dc[i] ?? 0) >>> 0).toString(16)}u`).join(", ")} };`,
        `\tdis_error_words(c->errors, DIS_DONTCARE, ${cStringLiteral(ins.mnemonic)}, NULL, words, ${wc}, mask);`,
        "}",
      );
    }
    body.push(`${p}_render(&s);`);
    add(
      `/* ${commentText(ins.name)} */`,
      `static void ${p}(struct ctx *c, const uint32_t *words)`,
      body,
    );
    return p;
  });

  return {
    names: [...nameIds].map(([text, id]) => ({ id, text })),
    formatFunctions: usedFormatFunctions(formatFunctions(formats, enums), functions),
    functions,
    prototypes,
    instructionFunctions,
    lineRoom: Math.max(lineRoom, ...formats.map((f) => formatRoom(f, enums))),
  };
}

/**
 * The format functions something calls: `format_value` only where a format is chosen at run time,
 * and each `fmt_<id>` only where called directly or through `format_value`.
 */
function usedFormatFunctions(formats: CFunction[], functions: CFunction[]): CFunction[] {
  const text = functions.flatMap((f) => f.body).join("\n");
  const calledByCode = (f: CFunction) =>
    new RegExp(`\\b${/(\w+)\(/.exec(f.head)![1]}\\(`).test(text);
  const dispatch = formats[formats.length - 1];
  const kept = formats.slice(0, -1);
  return calledByCode(dispatch) ? formats : kept.filter(calledByCode);
}

/** A text a table row (dis_store_row, dis_store_if) holds with its NUL: under 16 bytes, no newline. */
function rowText(text: string): boolean {
  return !text.includes("\n") && Buffer.byteLength(text) < 16;
}

function chunk<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Writing constant text where its room is reserved: dis_store when it holds no newline, else
 * dis_puts (which checks the room itself, and moves the line's column on).
 */
function storeText(text: string): string {
  return text.includes("\n")
    ? `dis_puts(w, ${cStringLiteral(text)});`
    : `dis_store(w, ${cStringLiteral(text)}, ${Buffer.byteLength(text)});`;
}

/** The room storeText(text) takes. */
function textRoom(text: string): number {
  return Buffer.byteLength(text);
}

/** The most characters a number takes: "-9223372036854775808". */
const INT_ROOM = 20;

/**
 * The room a format's `fmt_<id>` takes at most, what it stores without a check and what it writes
 * with one alike: a checked write inside a reserved run takes room the stores after it count on.
 */
function formatRoom(f: Format, enums: Map<string, EnumDef>): number {
  switch (f.kind) {
    case "bool":
    case "bool_inv":
      return f.display === null ? 1 : textRoom(f.display);
    case "hex":
      return 1 + 16;
    case "float":
      // %f of -FLT_MAX: a sign, 39 digits, a point and 6 more.
      return 47;
    case "custom":
      return 0;
    case "offset":
    case "uoffset":
      return 1 + INT_ROOM;
    case "enum": {
      const displays = f.enumName ? enumDisplays(enums.get(f.enumName)!) : [];
      // A row is copied whole: at most 16 bytes.
      return Math.max(INT_ROOM, 16, ...displays.map((d) => (d === null ? 0 : textRoom(d))));
    }
    default:
      return INT_ROOM;
  }
}

/** Text for a C comment: an expression's own comments dropped, on one line. */
function commentText(text: string): string {
  text = text
    .replace(/\/\*.*?\*\//g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text
    .replace(/\*\//g, "* /")
    .replace(/\/\*/g, "/ *")
    .replace(/[\r\n]+/g, " ");
}

/**
 * Per format, `fmt_<id>` printing a value of it where its room (formatRoom) is reserved;
 * `format_value` picks one by id, and reserves the room any takes.
 */
function formatFunctions(formats: Format[], enums: Map<string, EnumDef>): CFunction[] {
  const room = Math.max(0, ...formats.map((f) => formatRoom(f, enums)));
  const dispatch = [`dis_reserve(w, ${room});`, "switch (fmt) {"];
  const functions: CFunction[] = [];
  formats.forEach((f, id) => {
    const body: string[] = [];
    let inlineTable = false;
    dispatch.push(`case ${id}:`, `\tfmt_${id}(w, v);`, "\treturn;");
    const put = storeText;
    switch (f.kind) {
      case "bool":
      case "bool_inv": {
        const on = f.kind === "bool" ? "v != 0" : "v == 0";
        if (f.display === null)
          body.push(`\tdis_putc(w, ${f.kind === "bool" ? "v ? '1' : '0'" : "v ? '0' : '1'"});`);
        else if (rowText(f.display))
          body.push(
            `\tdis_store_if(w, ${cStringLiteral(f.display)}, ${Buffer.byteLength(f.display)}, ${on});`,
          );
        else body.push(`\tif (${on})`, `\t\t${put(f.display)}`);
        break;
      }
      case "int":
      case "branch":
      case "absbranch":
        body.push(`\tdis_store_int(w, dis_sign_extend(v, ${f.width}));`);
        break;
      case "hex":
        body.push("\tdis_hex(w, v);");
        break;
      case "offset":
        body.push(
          `\tv = dis_sign_extend(v, ${f.width});`,
          "\tif (v > 0)",
          "\t\tdis_putc(w, '+');",
          "\tif (v != 0)",
          "\t\tdis_store_int(w, v);",
        );
        break;
      case "uoffset":
        body.push("\tif (v != 0) {", "\t\tdis_putc(w, '+');", "\t\tdis_store_int(w, v);", "\t}");
        break;
      case "float":
        body.push(
          `\tdis_float(w, (uint32_t)(v % ${f.width >= 53 ? "INT64_MAX" : `INT64_C(${2 ** f.width})`}), ${f.width});`,
        );
        break;
      case "enum": {
        const displays = f.enumName ? enumDisplays(enums.get(f.enumName)!) : [];
        const width = tableWidth(displays);
        inlineTable = width > 0 && displays.length <= 16;
        if (width > 0) {
          // Texts of one length (x, y, z, w): a slice of one string, as short as a number.
          body.push(
            `\tif ((uint64_t)v < ${displays.length}) {`,
            `\t\tdis_store(w, ${cStringLiteral(displays.join(""))} + ${width} * v, ${width});`,
            "\t\treturn;",
            "\t}",
          );
        } else if (
          displays.some((d) => d !== null) &&
          displays.every((d) => d === null || rowText(d))
        ) {
          // Texts of a few lengths: a row each, copied whole (no branch on the value, which
          // random words mispredict), a missing value marked by length 255.
          const size = Math.max(...displays.map((d) => Buffer.byteLength(d ?? ""))) < 8 ? 8 : 16;
          body.push(
            `\tstatic const char rows[${displays.length}][${size}] = {`,
            ...displays.map((d) => `\t\t${cStringLiteral(d ?? "")},`),
            "\t};",
            `\tstatic const unsigned char length[${displays.length}] = {`,
            ...chunk(
              displays.map((d) => (d === null ? 255 : Buffer.byteLength(d))),
              16,
            ).map((c) => `\t\t${c.join(", ")},`),
            "\t};",
            `\tif ((uint64_t)v < ${displays.length} && length[v] != 255) {`,
            `\t\tdis_store_row(w, rows[v], length[v], ${size});`,
            "\t\treturn;",
            "\t}",
          );
        } else if (displays.some((d) => d !== null)) {
          body.push("\tswitch (v) {");
          displays.forEach((d, value) => {
            if (d !== null)
              body.push(`\tcase ${value}:`, ...(d ? [`\t\t${put(d)}`] : []), "\t\treturn;");
          });
          body.push("\t}");
        }
        body.push("\tdis_store_int(w, v);");
        break;
      }
      case "custom":
        break;
      default:
        body.push("\tdis_store_int(w, v);");
    }
    functions.push({
      comment: `/* ${f.kind}${f.width ? `, ${f.width} bits` : ""}${f.enumName ? `, ${commentText(f.enumName)}` : ""}${f.display !== null ? `, display ${commentText(f.display)}` : ""} */`,
      // A number or flag is a few instructions, less than a call: inlined where printed.
      head: `${(f.kind === "enum" && !inlineTable) || f.kind === "float" ? "static" : "DIS_INLINE"} void fmt_${id}(struct dis_writer *w, int64_t v)`,
      body: body
        .map((l) => l.replace(/^\t/, ""))
        .concat(body.length ? [] : ["(void)w;", "(void)v;"]),
    });
  });
  dispatch.push("}");
  return [
    ...functions,
    {
      comment:
        "/* A value as isaspec prints its type (each distinct type, width, display and enum). */",
      head: "static void format_value(struct dis_writer *w, int fmt, int64_t v)",
      body: dispatch,
    },
  ];
}
