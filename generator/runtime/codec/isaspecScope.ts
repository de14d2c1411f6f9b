/**
 * The interpreter of isaspec display templates (source-formats.md A.4 picking and errors, A.5 field
 * lookup, A.6 templates, A.7 expressions, A.8 overrides), driven by the codec's tables and SYNTAX
 * (derived fields and overrides per instruction): what the assembler checks its guesses with, and
 * what prints an instruction the build could not compile. Carried by every isaspec codec (inlined
 * by generator/emit/codec/runtimeSource.ts).
 */
import { ISA, SYNTAX } from "./codecTables";
import type { FieldSpec, InstructionSpec, Words } from "./codecTypes";
import { getRange, rawField } from "./codecRuntime";
import { evalExpr, type Expr } from "./isaspecExpr";
import type {
  AssertSpec,
  BitsetLeaf,
  Case,
  DerivedSpec,
  Nested,
  Token,
  ValueSpec,
} from "./isaspecTypes";
import { formatRaw, formatValue } from "./isaspecValues";
import type { TextRules } from "./isaspecSpellings";

export const ISASPEC = SYNTAX as unknown as {
  instructions: Record<
    string,
    {
      derived: DerivedSpec[];
      asserts?: Case["asserts"];
      nested?: Case["nested"];
      overrides: (Case & { text: string })[];
      /** What the upstream assembler writes in fields the text leaves open (the model's `implicit`). */
      implicit?: Record<string, number>;
      /** Those the upstream assembler writes whatever the text shows (the model's `always`). */
      always?: Record<string, number>;
    }
  >;
  bitsets: Record<string, readonly BitsetLeaf[]>;
  /** Spellings the upstream assembler reads besides the printed text (the model's `assemblerText`). */
  text: TextRules;
};

/** How an expression names the GPU id (Mesa `ISA_GPU_ID()`). */
export const GPU_ID = "ISA_GPU_ID()";
export const ALL_ONES: readonly number[] = new Array<number>(ISA.wordCount).fill(0xffffffff);

export const CASES = new Map<InstructionSpec, readonly Case[]>();

export function casesOf(s: InstructionSpec): readonly Case[] {
  let cases = CASES.get(s);
  if (!cases) {
    const extra = ISASPEC.instructions[s.name];
    const byDefault: Case = {
      when: null,
      display: s.display,
      fields: s.fields,
      derived: extra?.derived ?? [],
      asserts: extra?.asserts ?? [],
      level: Infinity,
      nested: extra?.nested,
    };
    cases = [...(extra?.overrides ?? []), byDefault];
    CASES.set(s, cases);
  }
  return cases;
}

/** A case's fields and derived values by name (the first of each name, as `find` gives). */
export interface CaseNames {
  fields: Map<string, FieldSpec>;
  derived: Map<string, DerivedSpec>;
}

export const CASE_NAMES = new WeakMap<Case, CaseNames>();

/** The case's names, indexed once: lookups by name are on every path of printing and assembling. */
export function namesOf(c: Case): CaseNames {
  let names = CASE_NAMES.get(c);
  if (!names) {
    names = { fields: new Map(), derived: new Map() };
    for (const f of c.fields) if (!names.fields.has(f.name)) names.fields.set(f.name, f);
    for (const d of c.derived) if (!names.derived.has(d.name)) names.derived.set(d.name, d);
    CASE_NAMES.set(c, names);
  }
  return names;
}

/**
 * A decoded instruction's (or bitset-typed field's) fields as isaspec resolves them (A.5): the
 * first applying case that has the name, else a `<param>` of the enclosing scope. A name nothing
 * resolves reads 0 and records Mesa's `no field 'X'`.
 */
export class Scope {
  private readonly applied: (boolean | undefined)[] = [];
  /** Owners of the expressions being evaluated: re-entering one yields 0 (A.7 recursion guard). */
  private readonly stack: object[] = [];

  constructor(
    readonly words: Words,
    readonly cases: readonly Case[],
    /** What `{NAME}` prints. */
    readonly mnemonic: string,
    readonly gpu: number | null,
    readonly errors: string[] = [],
    private readonly parent?: {
      resolve(name: string): { spec: ValueSpec; value: number } | undefined;
    },
    private readonly params: Nested["params"] = [],
    /**
     * Whether no one reads `errors` (the assembler's checks): then an override's condition is
     * evaluated only where its value matters, not also for the errors evaluating it reports.
     */
    private readonly quiet = false,
  ) {}

  /** Whether case k applies: the default always, an override when its expression is non-zero. */
  applies(k: number): boolean {
    const c = this.cases[k];
    if (c.when === null) return true;
    const known = this.applied[k];
    if (known !== undefined) return known;
    const top = this.stack.length === 0;
    const v = this.run(c, c.when) !== 0;
    // Answers reached inside another evaluation may have hit the recursion guard: not cached.
    if (top) this.applied[k] = v;
    return v;
  }

  /** A field's spec and (raw or derived) value, or undefined when no applying case has it. */
  resolve(name: string): { spec: ValueSpec; value: number } | undefined {
    for (let k = 0; k < this.cases.length; k++) {
      const c = this.cases[k];
      const names = namesOf(c);
      // Only an override with the name can give it (quiet, nothing else of it matters).
      if (this.quiet && !names.fields.has(name) && !names.derived.has(name)) continue;
      // An override's own expression may use the fields the override defines (A.5).
      if (c.when !== null && !this.stack.includes(c) && !this.applies(k)) continue;
      const f = names.fields.get(name);
      if (f) return { spec: f, value: rawField(this.words, f) };
      const d = names.derived.get(name);
      if (d) return { spec: d, value: this.run(d, d.expr) };
    }
    const p = this.params.find(([, as]) => as === name);
    return p && this.parent ? this.parent.resolve(p[0]) : undefined;
  }

  /** The bitset-typed field `name` of an applying case, if it is one. */
  nestedOf(name: string): Nested | undefined {
    for (let k = 0; k < this.cases.length; k++) {
      const c = this.cases[k];
      if (c.when !== null && !this.applies(k)) continue;
      if (namesOf(c).fields.has(name)) return c.nested?.[name];
      if (namesOf(c).derived.has(name)) return undefined;
    }
    return undefined;
  }

  /** The scope of a bitset-typed field's value: the leaf it matches for the GPU (Mesa find_bitset). */
  enter(field: string, nested: Nested, value: number): Scope | undefined {
    const words = [value % 2 ** 32, Math.floor(value / 2 ** 32)];
    let found: BitsetLeaf | undefined;
    for (const leaf of ISASPEC.bitsets[nested.bitset] ?? []) {
      if (this.gpu !== null && leaf.gen && (this.gpu < leaf.gen[0] || this.gpu > leaf.gen[1]))
        continue;
      if (!leaf.tested.every((m, i) => ((words[i] ?? 0) & m) >>> 0 === (leaf.match[i] & m) >>> 0))
        continue;
      if (found) {
        // Mesa reports the conflict, then that the field matched nothing.
        this.errors.push(`bitset conflict: ${found.mnemonic} vs ${leaf.mnemonic}`);
        found = undefined;
        break;
      }
      found = leaf;
    }
    if (!found) {
      this.errors.push(
        `no match: FIELD: '${this.mnemonic}.${field}': ${hexWords(words, ALL_ONES)}`,
      );
      return undefined;
    }
    if (found.dontCare.some((m, i) => ((words[i] ?? 0) & m) !== 0))
      this.errors.push(`dontcare bits in ${found.mnemonic}: ${hexWords(words, found.dontCare)}`);
    return new Scope(
      words,
      found.cases,
      found.mnemonic,
      this.gpu,
      this.errors,
      this,
      nested.params,
      this.quiet,
    );
  }

  private run(owner: object, e: Expr): number {
    if (this.stack.includes(owner)) return 0;
    this.stack.push(owner);
    try {
      return evalExpr(e, (n) => {
        if (n === GPU_ID) return this.gpu ?? 0;
        const r = this.resolve(n);
        if (!r) this.errors.push(`no field '${n}'`);
        return r?.value ?? 0;
      });
    } finally {
      this.stack.pop();
    }
  }

  /**
   * The display template to print (A.6) and the index of its case; null when there is none. As
   * Mesa's find_display: each bitset from the leaf up, its applying overrides before its default
   * case, checking the asserts of every case it passes (a difference is a warning, not a miss).
   */
  pick(): { k: number; display: string } | null {
    const defaults = this.cases[this.cases.length - 1].asserts;
    let below = 0;
    const passDefaults = (upTo: number): void => {
      for (const a of defaults) if (a.level >= below && a.level < upTo) this.check(a);
      below = Math.max(below, upTo);
    };
    for (let k = 0; k < this.cases.length; k++) {
      const c = this.cases[k];
      passDefaults(c.when === null ? Infinity : c.level);
      if (c.when === null || !this.applies(k)) continue;
      for (const a of c.asserts) this.check(a);
      if (c.display !== null) return { k, display: c.display };
    }
    const last = this.cases.length - 1;
    return this.cases[last].display !== null
      ? { k: last, display: this.cases[last].display! }
      : null;
  }

  private check(a: AssertSpec): void {
    const v = getRange(this.words, a.low, a.high);
    if (v !== a.value)
      this.errors.push(
        `WARNING: unexpected bits[${a.low}:${a.high}] in ${a.bitset}: ${hexValue(v)} vs ${hexValue(a.value)}`,
      );
  }
}

export const TEMPLATES = new Map<string, Token[]>();

export function tokensOf(template: string): Token[] {
  let tokens = TEMPLATES.get(template);
  if (tokens) return tokens;
  tokens = [];
  const re = /\{([^}]*)\}/g;
  let last = 0;
  for (let m = re.exec(template); m; m = re.exec(template)) {
    if (m.index > last) tokens.push({ t: "text", text: template.slice(last, m.index) });
    const [field, ...opts] = m[1].split(":");
    const align = opts.map((o) => /^align=(\d+)$/.exec(o)).find((x) => x);
    if (field === "NAME") tokens.push({ t: "name", align: align ? Number(align[1]) : 0 });
    else tokens.push({ t: "field", field, align: align ? Number(align[1]) : 0, raw: false });
    last = m.index + m[0].length;
  }
  if (last < template.length) tokens.push({ t: "text", text: template.slice(last) });
  TEMPLATES.set(template, tokens);
  return tokens;
}

export const FALLBACK = new Map<InstructionSpec, Token[]>();

/** The form the assembler takes for an instruction without a template: `NAME FIELD=value, …`. */
export function fallbackTokens(s: InstructionSpec): Token[] {
  let tokens = FALLBACK.get(s);
  if (!tokens) {
    tokens = [{ t: "name", align: 0 }];
    s.fields.forEach((f, i) => {
      tokens!.push({ t: "text", text: `${i === 0 ? " " : ", "}${f.name}=` });
      tokens!.push({ t: "field", field: f.name, align: 0, raw: true });
    });
    FALLBACK.set(s, tokens);
  }
  return tokens;
}

/** A value as Mesa's BITSET_FORMAT prints an instruction-wide bitmask: every word, most significant first. */
export function hexValue(v: number): string {
  return hexWords([v % 2 ** 32, Math.floor(v / 2 ** 32)], ALL_ONES);
}

export function hexWords(words: Words, mask?: readonly number[], at = 0): string {
  const parts: string[] = [];
  for (let i = ISA.wordCount - 1; i >= 0; i--)
    parts.push(
      (((words[at + i] ?? 0) & (mask ? mask[i] : 0xffffffff)) >>> 0).toString(16).padStart(8, "0"),
    );
  return parts.join(mask ? "" : "_");
}

function render(scope: Scope, tokens: readonly Token[], errors: string[], before = ""): string {
  let out = before;
  for (const tok of tokens) {
    if (tok.t === "text") {
      out += tok.text;
      continue;
    }
    while (out.length - (out.lastIndexOf("\n") + 1) < tok.align) out += " ";
    if (tok.t === "name") out += scope.mnemonic;
    else {
      if (tok.field === "") continue;
      const r = scope.resolve(tok.field);
      const nested = r && !tok.raw ? scope.nestedOf(tok.field) : undefined;
      if (!r) errors.push(`no field '${tok.field}'`);
      else if (nested) out += renderNested(scope.enter(tok.field, nested, r.value), out, errors);
      else out += tok.raw ? formatRaw(r.spec, r.value) : formatValue(r.spec, r.value);
    }
  }
  return out;
}

/**
 * A bitset-typed field's text: its leaf's display, rendered in the field's scope; `before` is the
 * line so far, since `{X:align=N}` counts columns of the whole line (Mesa's line_column).
 */
export function renderNested(scope: Scope | undefined, before: string, errors: string[]): string {
  if (!scope) return "";
  const picked = scope.pick();
  if (!picked) {
    errors.push(`${scope.mnemonic}: no display template`);
    return "";
  }
  return render(scope, tokensOf(picked.display), errors, before).slice(before.length);
}

// Exported here, not where declared: the inlined code (without exports) is then laid out as above.
export { render };
