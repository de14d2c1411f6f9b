/**
 * The isaspec assembler (isaspec has no upstream one): it matches each instruction's display
 * templates against the line, solves the fields the text leaves to expressions and overrides, and
 * takes the first instruction whose words print back as the text read. Carried by every isaspec
 * codec (inlined by generator/emit/codec/runtimeSource.ts).
 */
import { AssemblyError } from "./assemblyError";
import { INSTRUCTIONS } from "./codecTables";
import type { AssembleOptions, FieldSpec, InstructionSpec } from "./codecTypes";
import { findSpec, inGen, setRange } from "./codecRuntime";
import type { Expr } from "./isaspecExpr";
import { signExtend } from "./isaspecNumbers";
import type { BitsetLeaf, Case, DerivedSpec, Nested, Token, ValueSpec } from "./isaspecTypes";
import { formatValue, readValue } from "./isaspecValues";
import { guess, solve, solveFalse, solveTrue, type Solving } from "./isaspecSolve";
import { integerSpellings, normalized } from "./isaspecSpellings";
import {
  GPU_ID,
  ISASPEC,
  Scope,
  casesOf,
  fallbackTokens,
  namesOf,
  renderNested,
  tokensOf,
} from "./isaspecScope";

/** A value read from the text: the field's raw value (two's complement, float bits) at `pos`. */
interface Item {
  field: string;
  value: number;
  pos: number;
  /** For a bitset-typed field: the text its value was read from. */
  text?: string;
  /** For a bitset-typed field: how its value prints (`(1.000000)` for a text `(1.0)`). */
  canonical?: string;
  /**
   * A value a bitset-typed field's solution gave a field of the enclosing scope (a `<param>`) that
   * its text does not fix (an override's condition made true one way of several): used only where
   * nothing else gives that field a value; printing the field again checks the result.
   */
  soft?: boolean;
  /**
   * What a bitset-typed field's text needs of the enclosing scope, in the enclosing scope's names:
   * `expr` evaluates to `value` (printed the same through `spec`), or with no spec is non-zero
   * exactly when `value` is (the condition of the override whose display the text shows).
   */
  cond?: { expr: Expr; spec: ValueSpec | null };
  /** For a bitset-typed field: the bits of `value` its text leaves open (fields it does not show). */
  free?: readonly number[];
}

/**
 * Why the candidates failed: a line some template matched in full but whose values do not make
 * that instruction (`reject`) wins over partial matches (`expect`); among those, the furthest
 * position wins, with everything expected there.
 */
class Failures {
  pos = -1;
  complete = false;
  expected: string[] = [];
  message: string | null = null;
  /** Whether a bitset-typed field's text was rejected only for spelling its number otherwise than its words print it. */
  respelled = false;

  /**
   * @param exact whether a bitset-typed field's text must be what its words print (`32`, not the
   * float 32.0 that prints `32.000000`); else it may spell the number as Mesa's lexer reads it.
   */
  constructor(readonly exact: boolean) {}

  private at(pos: number, complete: boolean): boolean {
    if (complete !== this.complete ? complete : pos > this.pos) {
      Object.assign(this, { pos, complete, expected: [], message: null });
    }
    return pos === this.pos && complete === this.complete;
  }

  expect(pos: number, what: string): null {
    if (this.at(pos, false) && !this.expected.includes(what)) this.expected.push(what);
    return null;
  }

  reject(pos: number, message: string): null {
    if (this.at(pos, true)) this.message ??= message;
    return null;
  }
}

const MNEMONIC = "a mnemonic";

/**
 * What a template is matched for: an instruction (its words, at the end of the line) or a
 * bitset-typed field's leaf (its value, wherever its text ends, inside the enclosing template).
 */
interface Frame {
  mnemonic: string;
  cases: readonly Case[];
  /** The case whose fields and condition are used (an override may have no display of its own). */
  k: number;
  /** The case whose display is matched: k, or the first case after it that has one. */
  shown: number;
  /** The generation expressions see as `ISA_GPU_ID()`. */
  gpu: number | null;
  /** A name the frame's cases lack but a `<param as=>` makes visible: the enclosing scope's spec. */
  param(name: string): { spec: ValueSpec; derived: boolean } | undefined;
  /** At the end of the template: the instruction's words, or null (to keep looking). */
  finish(pos: number, items: readonly Item[]): Uint32Array | null;
  /** An instruction's values for fields its text leaves open, as the upstream assembler writes them. */
  implicit?: Readonly<Record<string, number>>;
}

/** The solver's view of a frame: its case's fields and derived values, then the default case's, then params. */
function frameEnv(frame: Frame): Solving {
  const c = namesOf(frame.cases[frame.k]);
  const byDefault = namesOf(frame.cases[frame.cases.length - 1]);
  // Params seen as fields, made once per name (solving asks for the same names many times).
  const params = new Map<string, FieldSpec | undefined>();
  const param = (n: string): FieldSpec | undefined => {
    if (!params.has(n)) params.set(n, paramField(frame, n));
    return params.get(n);
  };
  return {
    assigned: new Map([[GPU_ID, frame.gpu ?? 0]]),
    field: (n) => c.fields.get(n) ?? byDefault.fields.get(n) ?? param(n),
    derived: (n) => c.derived.get(n) ?? byDefault.derived.get(n),
    depth: 0,
  };
}

/** The derived values the text gives: [item, spec] pairs. */
function derivedItems(env: Solving, items: readonly Item[]): [Item, DerivedSpec][] {
  const out: [Item, DerivedSpec][] = [];
  for (const it of items) {
    const d = it.cond || it.soft || env.field(it.field) ? undefined : env.derived(it.field);
    if (d) out.push([it, d]);
  }
  return out;
}

/**
 * Assign open fields so that `expr` is `target` (its raw or sign-extended form, for a spec). A
 * float's text stands for every value printing the same: those with fewer low bits set are tried
 * too (etnaviv's `{X} << 12`).
 */
function solveTo(expr: Expr, spec: ValueSpec | null, target: number, env: Solving): boolean {
  if (!spec) return target ? solveTrue(expr, env) : solveFalse(expr, env);
  const targets = [target, spec.signed ? signExtend(target, spec.width) : target];
  const text = spec.kind === "float" ? formatValue(spec, target) : "";
  if (spec.kind === "float")
    for (let j = 1; j < spec.width; j++)
      for (const t of [Math.floor(target / 2 ** j), Math.ceil(target / 2 ** j)])
        if (formatValue(spec, t * 2 ** j) === text) targets.push(t * 2 ** j);
  // Each from the values assigned on entry. Solving is deterministic, so a target tried before
  // would fail again: it is tried again only if last and not just tried, for the values a failure
  // leaves (the caller goes on from those).
  const runs: number[] = [];
  targets.forEach((t, i) => {
    const seen = targets.findIndex((u) => Object.is(u, t)) < i;
    if (!seen || (i === targets.length - 1 && !Object.is(runs[runs.length - 1], t))) runs.push(t);
  });
  const saved = runs.length > 1 ? new Map(env.assigned) : env.assigned;
  return runs.some((t, i) => {
    if (i > 0) {
      env.assigned.clear();
      saved.forEach((v, n) => env.assigned.set(n, v));
    }
    return solve(expr, t, env);
  });
}

/** Whether `expr`, open fields read as 0, gives what the text shows. */
function holds(expr: Expr, spec: ValueSpec | null, value: number, env: Solving): boolean {
  const v = guess(expr, env);
  if (!spec) return (v !== 0) === (value !== 0);
  return v === value || formatValue(spec, v) === formatValue(spec, value);
}

/**
 * Complete `env` (the text's stored fields assigned): derived values and what bitset-typed fields'
 * texts need inverted, the case's condition made true and those of the overrides before it false
 * where open fields allow, then the values bitset-typed fields' solutions suggest for fields still
 * open. A message when a value the text shows cannot be reached.
 */
function complete(
  frame: Frame,
  items: readonly Item[],
  env: Solving,
): { pos: number; message: string } | null {
  for (const [it, d] of derivedItems(env, items))
    if (!solveTo(d.expr, d, it.value, env))
      return {
        pos: it.pos,
        message: `${d.name} = ${d.text} cannot be ${formatValue(d, it.value)}`,
      };
  for (const it of items)
    if (it.cond && !solveTo(it.cond.expr, it.cond.spec, it.value, env))
      return { pos: it.pos, message: `${it.field} does not fit the other values` };
  const c = frame.cases[frame.k];
  if (c.when !== null) solveTrue(c.when, env);
  for (let j = 0; j < frame.k; j++) {
    const w = frame.cases[j].when;
    if (w !== null && guess(w, env) !== 0) solveFalse(w, env);
  }
  for (const it of items)
    if (it.soft && env.field(it.field) && !env.assigned.has(it.field))
      env.assigned.set(it.field, it.value);
  return null;
}

/** A value the text shows: `expr` printed through `spec` gives `value`'s text; with no spec, a condition non-zero exactly when `value` is. */
interface Constraint {
  expr: Expr;
  spec: ValueSpec | null;
  value: number;
}

/** Everything the frame's text requires: its derived values, what its bitset-typed fields need, its case's conditions. */
function constraints(frame: Frame, items: readonly Item[], env: Solving): Constraint[] {
  const out: Constraint[] = derivedItems(env, items).map(([it, d]) => ({
    expr: d.expr,
    spec: d,
    value: it.value,
  }));
  for (const it of items) if (it.cond) out.push({ ...it.cond, value: it.value });
  for (let j = 0; j <= frame.k; j++) {
    const w = frame.cases[j].when;
    if (w !== null) out.push({ expr: w, spec: null, value: j === frame.k ? 1 : 0 });
  }
  return out;
}

/** The constraints `env` (open fields read as 0) does not meet. */
function unmet(frame: Frame, items: readonly Item[], env: Solving): Constraint[] {
  return constraints(frame, items, env).filter((c) => !holds(c.expr, c.spec, c.value, env));
}

/** Stored fields (and params) an expression reads, through derived values, once each. */
function fieldsRead(e: Expr, env: Solving, into: Set<string>, seen = new Set<string>()): void {
  if (typeof e === "number") return;
  if (typeof e === "string") {
    if (seen.has(e)) return;
    seen.add(e);
    const d = env.derived(e);
    if (d) fieldsRead(d.expr, env, into, seen);
    else if (env.field(e)) into.add(e);
    return;
  }
  fieldsRead(e.a, env, into, seen);
  if (e.b !== undefined) fieldsRead(e.b, env, into, seen);
}

/** How many bits of open fields the search of `solutions` tries at most (4,096 combinations). */
const SEARCH_BITS = 12;
/** How many consistent solutions the search offers a frame for checking. */
const SEARCH_SOLUTIONS = 4;

/**
 * Field values for the text of a frame, best first: the stored fields the text gives with the
 * derived ones inverted step by step; then, where that is not consistent (expressions sharing open
 * fields, `{DESC_MODE} < 6`, a field read both as `x & 1` and `x >> 1`), the narrowest open fields
 * the expressions read set to each combination of values in turn (at most SEARCH_BITS bits), the
 * rest inverted as before, keeping the consistent ones. The caller encodes each and re-decodes.
 */
function* solutions(frame: Frame, items: readonly Item[], fails: Failures): Generator<Solving> {
  const env = frameEnv(frame);
  for (const it of items) {
    if (it.soft || it.cond || !env.field(it.field)) continue;
    const a = env.assigned.get(it.field);
    if (a !== undefined && a !== it.value)
      return void fails.reject(it.pos, `${it.field} disagrees with its earlier value`);
    env.assigned.set(it.field, it.value);
  }
  const given = new Map(env.assigned);
  // The upstream assembler's values for the fields the text leaves open first; what the text
  // shows wins, and without them the search below still finds the text's words.
  const implicit = withImplicit(frame, items, given);
  if (implicit) {
    const tryEnv: Solving = { ...env, assigned: implicit };
    if (complete(frame, items, tryEnv) === null && unmet(frame, items, tryEnv).length === 0)
      yield tryEnv;
  }
  const failed = complete(frame, items, env);
  const first = failed === null;
  if (first) yield env;
  // The fields read by what the first attempt left unmet are searched; the others are inverted.
  const missed = unmet(frame, items, env);
  if (first && missed.length === 0) return;
  const reads = new Set<string>();
  for (const c of missed.length ? missed : constraints(frame, items, env))
    fieldsRead(c.expr, env, reads);
  // Open fields, and the bits bitset-typed fields' texts leave open, narrowest first.
  const open = openFields(env, items, given);
  const searched = narrowest([...reads].map(open));
  let offered = 0;
  for (const values of combinations(searched)) {
    if (offered >= SEARCH_SOLUTIONS) break;
    const tryEnv: Solving = { ...env, assigned: new Map([...given, ...values]) };
    if (complete(frame, items, tryEnv) !== null || unmet(frame, items, tryEnv).length) continue;
    offered++;
    yield tryEnv;
  }
  const apart = offered ? null : searchApart(frame, items, given, open);
  if (apart) yield apart;
  else if (failed && offered === 0) fails.reject(failed.pos, failed.message);
}

/**
 * The text's values with the frame's implicit values added where the text leaves a field open
 * (wholly, or the bits a bitset-typed field's text does not show); null when none applies.
 */
function withImplicit(
  frame: Frame,
  items: readonly Item[],
  given: ReadonlyMap<string, number>,
): Map<string, number> | null {
  if (!frame.implicit) return null;
  const out = new Map(given);
  let changed = false;
  for (const [name, value] of Object.entries(frame.implicit)) {
    const shown = given.get(name);
    const free = items.find((it) => it.field === name && it.value === shown)?.free;
    const merged =
      shown === undefined
        ? value
        : free?.length
          ? withoutBits(shown, free) + (value - withoutBits(value, free))
          : shown;
    if (merged !== shown) {
      out.set(name, merged);
      changed = true;
    }
  }
  return changed ? out : null;
}

/** An open field to search: its bits (of the value) that may vary, the others as in `base`. */
interface OpenField {
  name: string;
  base: number;
  bits: number[];
}

/** What may vary of a field: all of an open one, the open bits of a bitset-typed field's text, nothing of a given one (null). */
function openFields(
  env: Solving,
  items: readonly Item[],
  given: ReadonlyMap<string, number>,
): (name: string) => OpenField | null {
  const free = new Map(items.filter((it) => it.free?.length).map((it) => [it.field, it]));
  return (n) => {
    const f = free.get(n);
    if (f && given.get(n) === f.value) return { name: n, base: f.value, bits: [...f.free!] };
    if (given.has(n)) return null;
    const w = env.field(n)?.width ?? 0;
    return { name: n, base: 0, bits: Array.from({ length: w }, (_, i) => i) };
  };
}

/** The narrowest of the open fields, at most SEARCH_BITS bits in all. */
function narrowest(fields: (OpenField | null)[]): OpenField[] {
  const out: OpenField[] = [];
  let bits = 0;
  for (const f of fields.filter((x) => x !== null).sort((a, b) => a.bits.length - b.bits.length))
    if (bits + f.bits.length <= SEARCH_BITS) {
      out.push(f);
      bits += f.bits.length;
    }
  return out;
}

/** Every combination of values of the fields' open bits, all 0 first. */
function* combinations(fields: readonly OpenField[]): Generator<[string, number][]> {
  const bits = fields.reduce((n, f) => n + f.bits.length, 0);
  for (let combo = 0; combo < 2 ** bits; combo++) {
    let rest = combo;
    yield fields.map((f) => {
      let v = f.base;
      for (const b of f.bits) {
        v += (rest % 2) * 2 ** b;
        rest = Math.floor(rest / 2);
      }
      return [f.name, v];
    });
  }
}

/**
 * The search by parts, when searching everything at once finds nothing: constraints that share no
 * open field (the three immediates of one etnaviv instruction) are searched one group after
 * another, each within SEARCH_BITS.
 */
function searchApart(
  frame: Frame,
  items: readonly Item[],
  given: ReadonlyMap<string, number>,
  open: (name: string) => OpenField | null,
): Solving | null {
  const env = frameEnv(frame);
  const all = constraints(frame, items, env);
  const reads = all.map((c) => {
    const names = new Set<string>();
    fieldsRead(c.expr, env, names);
    return [...names].filter((n) => open(n) !== null);
  });
  // Groups of constraints joined by the open fields they read.
  const group = all.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i])));
  const reader = new Map<string, number>();
  reads.forEach((names, i) =>
    names.forEach((n) => {
      const j = reader.get(n);
      if (j === undefined) reader.set(n, i);
      else group[root(i)] = root(j);
    }),
  );
  const parts = new Map<number, number[]>();
  reads.forEach((names, i) => {
    if (names.length) parts.set(root(i), [...(parts.get(root(i)) ?? []), i]);
  });
  if (parts.size < 2) return null;
  given.forEach((v, n) => env.assigned.set(n, v));
  for (const members of parts.values()) {
    const before = new Map(env.assigned);
    const fields = narrowest([...new Set(members.flatMap((i) => reads[i]))].map(open));
    let found = false;
    for (const values of combinations(fields)) {
      env.assigned = new Map([...before, ...values]);
      for (const i of members) solveTo(all[i].expr, all[i].spec, all[i].value, env);
      found = members.every((i) => holds(all[i].expr, all[i].spec, all[i].value, env));
      if (found) break;
    }
    if (!found) return null;
  }
  return complete(frame, items, env) === null && unmet(frame, items, env).length === 0 ? env : null;
}

/** A param seen as a stored field of the frame, so that solving may assign it (for the enclosing scope). */
function paramField(frame: Frame, name: string): FieldSpec | undefined {
  const p = frame.param(name);
  return p ? ({ ...p.spec, ranges: [] } as unknown as FieldSpec) : undefined;
}

/** Words with the case's asserted bits and the assigned stored fields of the frame's cases. */
function encodeFrame(frame: Frame, env: Solving, match: readonly number[]): Uint32Array {
  const c = frame.cases[frame.k];
  const byDefault = frame.cases[frame.cases.length - 1];
  const words = Uint32Array.from(match);
  for (const [name, v] of env.assigned) {
    const f = namesOf(c).fields.get(name) ?? namesOf(byDefault).fields.get(name);
    if (!f) continue;
    let rest = v;
    for (let i = 0; i < f.ranges.length; i += 2) {
      const width = f.ranges[i + 1] - f.ranges[i] + 1;
      setRange(words, f.ranges[i], f.ranges[i + 1], rest % 2 ** width);
      rest = Math.floor(rest / 2 ** width);
    }
  }
  // The asserted bits of the case, and of the default cases Mesa passes on the way to it, last: a
  // field over them that the text gives otherwise then prints otherwise, and the case is not taken
  // (ldib.b's offset needs HAS_OFFSET, as Mesa's decoder asserts the offset 0 without it).
  for (const a of [
    ...byDefault.asserts.filter((d) => d.level < c.level),
    ...(c === byDefault ? [] : c.asserts),
  ])
    setRange(words, a.low, a.high, a.value);
  return words;
}

/** `v` with the given bits clear. */
function withoutBits(v: number, bits: readonly number[] = []): number {
  for (const b of bits) v -= (Math.floor(v / 2 ** b) % 2) * 2 ** b;
  return v;
}

/**
 * Re-decode check: every value reads back as written (a bitset-typed field prints the text it was
 * read from) and the same case gives the display.
 */
function checkBack(
  scope: Scope,
  frame: Frame,
  items: readonly Item[],
  line: string,
  fails: Failures,
  checkCase = true,
): boolean {
  for (const it of items) {
    if (it.soft || it.cond) continue; // printing the bitset-typed field it came from again checks it
    const r = scope.resolve(it.field);
    if (!r) continue; // a param: the enclosing frame checks it
    const nested = it.text !== undefined ? scope.nestedOf(it.field) : undefined;
    const shown = nested
      ? renderNested(scope.enter(it.field, nested, r.value), line.slice(0, it.pos), [])
      : "";
    const spelled = nested !== undefined && shown !== it.text && shown === it.canonical;
    if (spelled && fails.exact) fails.respelled = true;
    const ok = nested
      ? withoutBits(r.value, it.free) === withoutBits(it.value, it.free) &&
        (shown === it.text || (spelled && !fails.exact))
      : formatValue(r.spec, r.value) === formatValue(r.spec, it.value) &&
        (scope.cases.some((c) => namesOf(c).fields.has(it.field)) ? r.value === it.value : true);
    if (!ok) return (fails.reject(it.pos, `${it.field} does not encode as written`), false);
  }
  // No template anywhere means the default case's fallback form.
  const c = frame.cases[frame.k];
  if (
    checkCase &&
    ((scope.pick()?.k ?? frame.cases.length - 1) !== frame.shown ||
      (c.when !== null && !scope.applies(frame.k)))
  )
    return (fails.reject(0, `${frame.mnemonic}: another display applies to these values`), false);
  return true;
}

/** The frame of an instruction's case k: its words when the whole line is read. */
function instructionFrame(
  s: InstructionSpec,
  k: number,
  line: string,
  gpu: number | null,
  fails: Failures,
): Frame {
  const cases = casesOf(s);
  const shown = shownBy(cases, k);
  const frame: Frame = {
    mnemonic: s.mnemonic,
    cases,
    k,
    shown: shown < 0 ? cases.length - 1 : shown,
    gpu: gpu ?? (s.gen ? s.gen[0] : null),
    param: () => undefined,
    implicit: ISASPEC.instructions[s.name]?.implicit,
    finish(pos, items) {
      const end = pos + /^\s*/.exec(line.slice(pos))![0].length;
      if (end < line.length) return fails.expect(end, "end of line");
      const at = gpu ?? (s.gen ? s.gen[0] : null);
      for (const env of solutions(frame, items, fails)) {
        const words = encodeFrame(frame, env, s.match);
        const back = findSpec(words, at);
        if (back !== s)
          fails.reject(
            0,
            `the text encodes as ${back ? back.name : "no instruction"}, not ${s.name}`,
          );
        else if (
          checkBack(
            new Scope(words, frame.cases, s.mnemonic, at, [], undefined, [], true),
            frame,
            items,
            line,
            fails,
          )
        ) {
          // What the upstream assembler writes whatever the text shows (Mesa's constant maps).
          const always = ISASPEC.instructions[s.name]?.always;
          if (!always) return words;
          const forced = new Map([...env.assigned, ...Object.entries(always)]);
          return encodeFrame(frame, { ...env, assigned: forced }, s.match);
        }
      }
      return null;
    },
  };
  return frame;
}

/** A reading of a bitset-typed field's text: where it ends, the field's value, and what it says of params. */
interface Reading {
  end: number;
  value: number;
  text: string;
  /**
   * How the value prints, with the params the text gives: what the enclosing words may print
   * instead of `text`, which may spell a number otherwise (Mesa's parser reads `(1.0)`, `0x10`).
   */
  canonical: string;
  /** Values the text gives (or needs) for the enclosing scope's fields passed as params. */
  outer: Item[];
  /** Bits of `value` the text leaves open. */
  free: number[];
}

/**
 * A bitset-typed field's expression in the enclosing scope's names: its own stored fields become
 * their solved values, its derived values their expressions, its params the enclosing names.
 */
function lift(
  e: Expr,
  env: Solving,
  isOwn: (name: string) => boolean,
  asName: ReadonlyMap<string, string>,
  depth = 0,
): Expr {
  if (typeof e === "number") return e;
  if (typeof e === "string") {
    if (e === GPU_ID) return e;
    if (isOwn(e)) {
      const d = env.field(e) ? undefined : env.derived(e);
      return d && depth < 8
        ? lift(d.expr, env, isOwn, asName, depth + 1)
        : (env.assigned.get(e) ?? 0);
    }
    return asName.get(e) ?? 0;
  }
  const a = lift(e.a, env, isOwn, asName, depth);
  return e.b === undefined
    ? { op: e.op, a }
    : { op: e.op, a, b: lift(e.b, env, isOwn, asName, depth) };
}

/** Whether an expression reads any field (or the GPU id). */
function readsAny(e: Expr): boolean {
  return (
    typeof e === "string" ||
    (typeof e === "object" && (readsAny(e.a) || (e.b !== undefined && readsAny(e.b))))
  );
}

/** The reading a solution of a bitset-typed field's frame gives, if it encodes as that leaf and prints its own values back. */
function nestedReading(
  leaf: BitsetLeaf,
  nested: Nested,
  frame: Frame,
  env: Solving,
  items: readonly Item[],
  line: string,
  pos: number,
  end: number,
  fails: Failures,
): Reading | null {
  const gpu = frame.gpu;
  const words = encodeFrame(frame, env, leaf.match);
  const matched = (ISASPEC.bitsets[nested.bitset] ?? []).filter(
    (l) =>
      (gpu === null || !l.gen || (gpu >= l.gen[0] && gpu <= l.gen[1])) &&
      l.tested.every((m, i) => ((words[i] ?? 0) & m) >>> 0 === (l.match[i] & m) >>> 0),
  );
  if (matched.length !== 1 || matched[0] !== leaf)
    return fails.reject(pos, `the text encodes as no single ${nested.bitset}`);
  // What the text needs of the enclosing scope, in its names: the params it shows, the derived
  // values it shows and the display's condition, with the leaf's own fields as their values.
  const asName = new Map(nested.params.map(([name, as]) => [as, name]));
  const isOwn = (n: string) =>
    leaf.cases.some((x) => namesOf(x).fields.has(n) || namesOf(x).derived.has(n));
  const up = (e: Expr) => lift(e, env, isOwn, asName);
  const label = `${leaf.mnemonic}`;
  const outer: Item[] = [];
  for (const it of items) {
    if (it.cond) {
      const expr = up(it.cond.expr);
      if (readsAny(expr)) outer.push({ ...it, field: label, pos, cond: { ...it.cond, expr } });
    } else if (!isOwn(it.field) && asName.has(it.field) && !it.soft)
      outer.push({ field: asName.get(it.field)!, value: it.value, pos });
    else if (it.text === undefined) {
      const d = isOwn(it.field) && !env.field(it.field) ? env.derived(it.field) : undefined;
      const expr = d ? up(d.expr) : 0;
      if (d && readsAny(expr))
        outer.push({ field: label, value: it.value, pos, cond: { expr, spec: d } });
    }
  }
  frame.cases.forEach((x, j) => {
    if (x.when === null || j > frame.k) return;
    const expr = up(x.when);
    if (readsAny(expr))
      outer.push({ field: label, value: j === frame.k ? 1 : 0, pos, cond: { expr, spec: null } });
  });
  env.assigned.forEach((v, n) => {
    const o = asName.get(n);
    if (o !== undefined && !isOwn(n)) outer.push({ field: o, value: v, pos, soft: true });
  });
  // Which case gives the display depends on the enclosing scope too: the enclosing frame checks
  // that by printing the field again and comparing it with this text. Params resolve to what the
  // text gave them (the enclosing frame checks the rest).
  const given = {
    resolve(outerName: string) {
      const as = nested.params.find(([n]) => n === outerName)?.[1];
      const v = as === undefined ? undefined : env.assigned.get(as);
      const p = as === undefined ? undefined : frame.param(as);
      return v === undefined || !p ? undefined : { spec: p.spec, value: v };
    },
  };
  const scope = new Scope(words, leaf.cases, leaf.mnemonic, gpu, [], given, nested.params, true);
  const own = items.filter((it) => !it.cond && isOwn(it.field));
  if (!checkBack(scope, frame, own, line, fails, false)) return null;
  // The leaf's own fields its text leaves open (encoded 0): other values print the same text
  // where no condition depends on them, which the enclosing frame may need (a type not shown).
  const free: number[] = [];
  for (const c of [frame.cases[frame.k], frame.cases[frame.cases.length - 1]])
    for (const f of c.fields)
      if (!env.assigned.has(f.name))
        for (let i = 0; i < f.ranges.length; i += 2)
          for (let b = f.ranges[i]; b <= f.ranges[i + 1]; b++) if (!free.includes(b)) free.push(b);
  return {
    end,
    value: words[0] + (words[1] ?? 0) * 2 ** 32,
    text: line.slice(pos, end),
    canonical: renderNested(scope, line.slice(0, pos), []),
    outer,
    free,
  };
}

/**
 * The readings found so far per line and pass (keyed by `fails`, made per line and pass): a
 * template backtracking over an earlier value's readings reads the later bitset-typed fields at
 * the same places again. A repeat records no failures: those it would record are in `fails`
 * already, and recording is idempotent (the furthest position, its first message and the set of
 * expectations are all that count).
 */
const READINGS = new WeakMap<Failures, Map<string, Reading[]>>();

/** Numbers for specs, to key READINGS by the specs the enclosing frame gives the params. */
const SPEC_IDS = new Map<ValueSpec, number>();

function specId(spec: ValueSpec): number {
  let id = SPEC_IDS.get(spec);
  if (id === undefined) SPEC_IDS.set(spec, (id = SPEC_IDS.size));
  return id;
}

/** Every way the text at `pos` reads as a value of the bitset-typed field `nested` of `outer`. */
function nestedReadings(
  outer: Frame,
  nested: Nested,
  line: string,
  pos: number,
  gpu: number | null,
  fails: Failures,
  depth: number,
): Reading[] {
  // The readings depend on the enclosing frame only through the specs of the params.
  const params = nested.params.map(([name, as]) => {
    const p = lookup(outer, name);
    return `${name}:${as}:${p ? specId(p.spec) : -1}:${p?.derived ? 1 : 0}`;
  });
  const key = `${nested.bitset}|${pos}|${depth}|${params.join("|")}`;
  let known = READINGS.get(fails);
  if (!known) READINGS.set(fails, (known = new Map()));
  const cached = known.get(key);
  if (cached) return cached;
  const out: Reading[] = [];
  if (depth > 4) return out;
  const asName = new Map(nested.params.map(([name, as]) => [as, name]));
  for (const leaf of ISASPEC.bitsets[nested.bitset] ?? []) {
    if (gpu !== null && leaf.gen && (gpu < leaf.gen[0] || gpu > leaf.gen[1])) continue;
    leaf.cases.forEach((c, k) => {
      const shown = shownBy(leaf.cases, k);
      if (shown < 0) return;
      const frame: Frame = {
        mnemonic: leaf.mnemonic,
        cases: leaf.cases,
        k,
        shown,
        gpu,
        param(name) {
          const outerName = asName.get(name);
          return outerName === undefined ? undefined : lookup(outer, outerName);
        },
        finish(end, items) {
          for (const env of solutions(frame, items, fails)) {
            const reading = nestedReading(leaf, nested, frame, env, items, line, pos, end, fails);
            if (reading) out.push(reading);
          }
          return null;
        },
      };
      walk(frame, tokensOf(leaf.cases[shown].display!), 0, line, pos, [], gpu, fails, depth + 1);
    });
  }
  known.set(key, out);
  return out;
}

/** The spec of a name in the frame's case k (falling back to the default case, then to params), and whether it is derived. */
function lookup(frame: Frame, name: string): { spec: ValueSpec; derived: boolean } | undefined {
  const cases = frame.cases;
  for (const c of [cases[frame.k], cases[cases.length - 1]]) {
    const f = namesOf(c).fields.get(name);
    if (f) return { spec: f, derived: false };
    const d = namesOf(c).derived.get(name);
    if (d) return { spec: d, derived: true };
  }
  return frame.param(name);
}

/** The bitset-typed field `name` of the frame's case k (or its default case). */
function nestedIn(frame: Frame, name: string): Nested | undefined {
  const cases = frame.cases;
  for (const c of [cases[frame.k], cases[cases.length - 1]]) {
    if (namesOf(c).fields.has(name)) return c.nested?.[name];
    if (namesOf(c).derived.has(name)) return undefined;
  }
  return undefined;
}

/** A template's literal text split at runs of spaces (kept as parts), by text: made once. */
const TEXT_PARTS = new Map<string, string[]>();

function partsOf(text: string): string[] {
  let parts = TEXT_PARTS.get(text);
  if (!parts) TEXT_PARTS.set(text, (parts = text.split(/(\s+)/)));
  return parts;
}

/** Match `tokens` against `line` from token i at pos (backtracking over alternative readings). */
function walk(
  frame: Frame,
  tokens: readonly Token[],
  i: number,
  line: string,
  pos: number,
  items: Item[],
  gpu: number | null,
  fails: Failures,
  depth = 0,
): Uint32Array | null {
  if (i === tokens.length) return frame.finish(pos, items);
  const tok = tokens[i];
  const next = (p: number): Uint32Array | null =>
    walk(frame, tokens, i + 1, line, p, items, gpu, fails, depth);
  if (tok.t === "name") {
    if (tok.align > 0) pos += /^\s*/.exec(line.slice(pos))![0].length;
    const m = frame.mnemonic;
    // A letter may not follow it, a digit may: a value printed as a number (etnaviv `mad17`).
    if (!line.startsWith(m, pos) || /^[A-Za-z_]/.test(line.slice(pos + m.length)))
      return fails.expect(pos, MNEMONIC);
    return next(pos + m.length);
  }
  if (tok.t === "text") {
    // A run of spaces in the template is any run of spaces in the text, which may be empty unless
    // it separates two word characters; the rest is literal.
    let p = pos;
    for (const part of partsOf(tok.text)) {
      if (part === "") continue;
      if (/^\s/.test(part)) {
        const ws = /^\s*/.exec(line.slice(p))![0];
        if (ws === "" && /\w/.test(line[p - 1] ?? "") && /\w/.test(line[p] ?? ""))
          return fails.expect(p, "a space");
        p += ws.length;
      } else {
        if (!line.startsWith(part, p)) return fails.expect(p, `'${part}'`);
        p += part.length;
      }
    }
    return next(p);
  }
  const start = tok.align > 0 ? pos + /^\s*/.exec(line.slice(pos))![0].length : pos;
  if (tok.field === "") return next(start);
  const found = lookup(frame, tok.field);
  if (!found) return next(start); // Mesa prints nothing for an unknown field.
  const nested = tok.raw ? undefined : nestedIn(frame, tok.field);
  if (nested) {
    for (const r of nestedReadings(frame, nested, line, start, gpu, fails, depth)) {
      const added = [
        {
          field: tok.field,
          value: r.value,
          pos: start,
          text: r.text,
          canonical: r.canonical,
          free: r.free,
        },
        ...r.outer,
      ];
      items.push(...added);
      const words = next(r.end);
      items.splice(items.length - added.length, added.length);
      if (words) return words;
    }
    return null;
  }
  // Digits may run into the next value's only where another field follows directly (`t{REG}{AMODE}`).
  const runsOn = tokens[i + 1]?.t === "field";
  for (const [end, value] of readValue(
    found.spec,
    tok.raw,
    found.derived,
    line,
    start,
    (p, e) => fails.expect(p, e),
    runsOn,
  )) {
    items.push({ field: tok.field, value, pos: start });
    const words = next(end);
    items.pop();
    if (words) return words;
  }
  return null;
}

/** Lines of text with `;` comments (Mesa's error comments) removed, unless a template uses `;`. */
const COMMENTS = !INSTRUCTIONS.some(
  (s) =>
    (s.display ?? "").includes(";") ||
    (ISASPEC.instructions[s.name]?.overrides ?? []).some((o) => (o.display ?? "").includes(";")),
);

/** The case whose display shows case k's fields: k, or the first later case with a display (-1: none). */
function shownBy(cases: readonly Case[], k: number): number {
  for (let j = k; j < cases.length; j++) if (cases[j].display !== null) return j;
  return -1;
}

/** The display tokens for case k: its template (or a later case's), the fallback for the last case, or none. */
function caseTokens(
  s: InstructionSpec,
  cases: readonly Case[],
  k: number,
): readonly Token[] | null {
  const j = shownBy(cases, k);
  return j >= 0 ? tokensOf(cases[j].display!) : k === cases.length - 1 ? fallbackTokens(s) : null;
}

/** The instruction templates that print no mnemonic, and the others by mnemonic. */
let QUICK: { byMnemonic: Map<string, number[]>; lengths: number[]; unnamed: number[] } | undefined;

/**
 * Indexes of the instructions the quick pass of `assembleLine` may try, in model order: those whose
 * mnemonic occurs in the line and those with a template that prints none. The line's substrings
 * of each mnemonic length are looked up, so that a line costs the same however many instructions
 * there are (a scan of them all made assembling n lines O(n × instructions)).
 */
function quickCandidates(line: string): number[] {
  if (!QUICK) {
    const byMnemonic = new Map<string, number[]>();
    const unnamed: number[] = [];
    INSTRUCTIONS.forEach((s, i) => {
      const cases = casesOf(s);
      const printsNoName = cases.some((_, k) => {
        const tokens = caseTokens(s, cases, k);
        return tokens !== null && !tokens.some((t) => t.t === "name");
      });
      if (printsNoName || s.mnemonic === "") unnamed.push(i);
      else {
        const list = byMnemonic.get(s.mnemonic);
        if (list) list.push(i);
        else byMnemonic.set(s.mnemonic, [i]);
      }
    });
    QUICK = {
      byMnemonic,
      unnamed,
      lengths: [...new Set([...byMnemonic.keys()].map((m) => m.length))],
    };
  }
  const found = new Set(QUICK.unnamed);
  for (const length of QUICK.lengths)
    for (let at = 0; at + length <= line.length; at++)
      for (const i of QUICK.byMnemonic.get(line.slice(at, at + length)) ?? []) found.add(i);
  return [...found].sort((a, b) => a - b);
}

/** Why a line does not assemble: the message and the 1-based column of the first bad token. */
interface LineError {
  message: string;
  column: number;
}

/**
 * What lines assembled lately gave, by GPU and text: a line's words (or error) depend on nothing
 * else, and the manuals' examples assemble many texts more than once (fields a text does not show).
 */
const LINES = new Map<string, Uint32Array | LineError>();

function assembleLine(line: string, lineNo: number, gpu: number | null): Uint32Array {
  const key = `${gpu ?? ""}:${line}`;
  let result = LINES.get(key);
  if (result === undefined) {
    // As written (after the respellings), else with its integers spelled another way.
    const text = normalized(line, ISASPEC.text, gpu);
    result = lineWords(text, gpu);
    if (!(result instanceof Uint32Array) && ISASPEC.text.integers)
      for (const other of integerSpellings(text)) {
        const words = lineWords(other, gpu);
        if (words instanceof Uint32Array) {
          result = words;
          break;
        }
      }
    if (!(result instanceof Uint32Array) && text !== line)
      result = usersError(result, text, line, gpu);
    if (LINES.size >= 4096) LINES.clear();
    LINES.set(key, result);
  }
  if (result instanceof Uint32Array) return result;
  throw new AssemblyError(result.message, lineNo, result.column);
}

/**
 * The error of a line the spellings rewrote, in the columns of the line as written: at the same
 * place where the text from the error to the end (or from the start to it) is the user's, else the
 * error of the line as written.
 */
function usersError(e: LineError, text: string, line: string, gpu: number | null): LineError {
  const at = e.column - 1;
  if (line.endsWith(text.slice(at))) return { ...e, column: line.length - (text.length - at) + 1 };
  if (line.startsWith(text.slice(0, at))) return e;
  const asWritten = lineWords(line, gpu);
  return asWritten instanceof Uint32Array
    ? { ...e, column: Math.min(e.column, line.length) }
    : asWritten;
}

/** The words of one line, or why it does not assemble. */
function lineWords(line: string, gpu: number | null): Uint32Array | LineError {
  const start = /^\s*/.exec(line)![0].length;
  let fails = new Failures(true);
  // First only templates whose mnemonic occurs in the line (fast), each bitset-typed field's text
  // read only as what words print (a line the disassembler prints is those words' line: `32` is an
  // integer immediate, not the float 32.0, which prints `32.000000`); then, if a text was rejected
  // only for its spelling, with numbers spelled as Mesa's lexer reads them (`(1.0)`); if none fits,
  // all templates, to find the furthest point any template reached for the error.
  for (const [quick, exact] of [
    [true, true],
    [true, false],
    [false, false],
  ]) {
    if (quick && !exact && !fails.respelled) continue;
    fails = new Failures(exact);
    for (const i of quick ? quickCandidates(line) : INSTRUCTIONS.keys()) {
      const s = INSTRUCTIONS[i];
      if (gpu !== null && !inGen(s, gpu)) continue;
      const cases = casesOf(s);
      for (let k = 0; k < cases.length; k++) {
        const tokens = caseTokens(s, cases, k);
        if (!tokens || (quick && !line.includes(s.mnemonic) && tokens.some((t) => t.t === "name")))
          continue;
        const words = walk(
          instructionFrame(s, k, line, gpu, fails),
          tokens,
          0,
          line,
          start,
          [],
          gpu,
          fails,
        );
        if (words) return words;
      }
    }
  }
  const pos = Math.max(fails.pos, start);
  const rest = line.slice(pos);
  const mnemonic = fails.expected.includes(MNEMONIC);
  const token = (mnemonic ? /^\w+/.exec(rest) : null)?.[0] ?? /^([^\s,]+|,)/.exec(rest)?.[0];
  const found = token ? `'${token}'` : rest ? "a space" : "end of line";
  let message = fails.message;
  if (message === null) {
    if (mnemonic) message = `unknown mnemonic ${found}${gpu === null ? "" : ` for gpu ${gpu}`}`;
    else {
      const e = fails.expected;
      message = e.length
        ? `expected ${e.length > 1 ? `${e.slice(0, -1).join(", ")} or ${e[e.length - 1]}` : e[0]}, found ${found}`
        : gpu === null
          ? "no instruction to assemble"
          : `no instruction exists for gpu ${gpu}`;
    }
  }
  return { message, column: pos + 1 };
}

/**
 * Parse isaspec text, one instruction per line, back into words: the inverse of `disassemble` for
 * every instruction (don't-care bits and fields the template does not show come out 0). Blank lines
 * and `;` comments are skipped, so empty text gives no words. Throws AssemblyError at the first
 * token no instruction's template accepts.
 */
export function assemble(text: string, options: AssembleOptions = {}): Uint32Array {
  const out: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = (COMMENTS && raw.includes(";") ? raw.slice(0, raw.indexOf(";")) : raw).trimEnd();
    if (line.trim() !== "") out.push(...assembleLine(line, i + 1, options.gpu ?? null));
  });
  return Uint32Array.from(out);
}
