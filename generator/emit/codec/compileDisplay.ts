/**
 * Compiles isaspec display (source-formats.md A.5–A.8) into straight-line TypeScript: one function
 * per instruction and one per bitset used as a field type, so `disassemble` interprets nothing per
 * word. The code is the interpreter of generator/runtime/codec/isaspecScope.ts (`Scope`, `pick`,
 * `render`) evaluated at build time on everything that is known then — the cases, which names they
 * define, the recursion guard's stack — leaving only the words' values, the override conditions
 * (cached per case as the interpreter caches them) and the errors to run time. Errors are recorded
 * in the same order as the interpreter records them, so `showErrors` prints the same text.
 */
import { GPU_ID_NAME, parseExpr, type ExprNode } from "../../model/expr";
import { atom, emit, type Code } from "./compileExpr";
import type { FieldView, InstructionView } from "./codecView";

/** A value as the printer sees it: a stored field (FieldView) or a derived one. */
interface ValueSpec {
  name: string;
  width: number;
  kind: string;
  signed: boolean;
  enumIndex: number;
  display: string | null;
}

interface DerivedData extends ValueSpec {
  text: string;
}

interface AssertData {
  low: number;
  high: number;
  value: number;
  bitset: string;
  level: number;
}

interface NestedData {
  bitset: string;
  params: [string, string][];
}

/** One case as the syntax data (generator/emit/codec/syntax/isaspec.ts) gives it. */
export interface CaseData {
  /** The override's condition as written; null for the default case. */
  text?: string;
  when: unknown;
  display: string | null;
  fields: ValueSpec[];
  derived: DerivedData[];
  asserts: AssertData[];
  level: number;
  nested?: Record<string, NestedData>;
}

/** A leaf of a bitset used as a field type: its encoding as an instruction's, and its cases. */
export type LeafData = Omit<InstructionView, "fields" | "display"> & { cases: CaseData[] };

export interface IsaspecSyntax {
  instructions: Record<
    string,
    {
      derived: DerivedData[];
      asserts?: AssertData[];
      nested?: Record<string, NestedData>;
      overrides: CaseData[];
    }
  >;
  bitsets: Record<string, LeafData[]>;
}

export interface DisplayInstruction {
  name: string;
  mnemonic: string;
  display: string | null;
  dontCare: number[];
  fields: FieldView[];
}

/** An instruction (or nesting) the compiler cannot prove it handles as the interpreter does. */
class Unsupported extends Error {}

/** Code of words i of a scope: `w0`… for an instruction, `v0`, `v1` for a bitset field's value. */
type Words = (i: number) => string;

/** A parameter a nested function receives: `p<i>`, undefined where the enclosing scope lacks it. */
interface ParamArg {
  as: string;
  spec: ValueSpec;
  mayMiss: boolean;
}

interface Scope {
  cases: CaseData[];
  mnemonic: string;
  words: Words;
  params: ParamArg[];
  /** Override cases whose condition the code caches (`m<k>`). */
  memos: Set<number>;
  /** Conditions cached on the code path being generated, with their value. */
  known: Map<number, boolean>;
}

/** What resolving a name gives, tried in order (A.5). */
type Alt =
  | { test: Code; effectOnly: true }
  | {
      test: Code | null;
      effectOnly?: false;
      spec: ValueSpec;
      value: Code;
      nested?: NestedData;
      /** Set for a field: its width (a nested bitset's value is split by it). */
      field?: boolean;
    }
  | { test: null; notFound: true };

const GPU = atom("(gpu ?? 0)");

/** Parsed expressions by text: the same few expressions recur in every instruction. */
const ASTS = new Map<string, ExprNode>();

function astOf(text: string): ExprNode {
  let ast = ASTS.get(text);
  if (!ast) {
    const parsed = parseExpr(text);
    if (!parsed.ok) throw new Unsupported(`expression '${text}': ${parsed.message}`);
    ast = parsed.ast;
    ASTS.set(text, ast);
  }
  return ast;
}

const hex = (n: number) => `0x${(n >>> 0).toString(16)}`;

/** Bits low..high (at most 32) of the scope's words, unsigned (the interpreter's getRange). */
function rangeCode(words: Words, low: number, high: number): string {
  const width = high - low + 1;
  const w = low >>> 5;
  const shift = low & 31;
  const word = words(w);
  if (word === "0") return "0";
  const mask = width >= 32 ? null : hex(2 ** width - 1);
  if (shift + width <= 32) {
    const shifted = shift ? `${word} >>> ${shift}` : word;
    if (!mask) return shift ? `(${shifted})` : `(${word} >>> 0)`;
    return shift + width === 32 ? `(${shifted})` : `((${shifted}) & ${mask})`;
  }
  const next = words(w + 1);
  const joined =
    next === "0" ? `${word} >>> ${shift}` : `(${word} >>> ${shift}) | (${next} << ${32 - shift})`;
  return mask ? `(((${joined}) & ${mask}) >>> 0)` : `((${joined}) >>> 0)`;
}

/** A field's raw value: its ranges, least significant first (the interpreter's rawField). */
function fieldCode(words: Words, f: { ranges: number[] }): string {
  const parts: string[] = [];
  let offset = 0;
  for (let i = 0; i < f.ranges.length; i += 2) {
    const part = rangeCode(words, f.ranges[i], f.ranges[i + 1]);
    parts.push(offset === 0 ? part : `${part} * ${2 ** offset}`);
    offset += f.ranges[i + 1] - f.ranges[i] + 1;
  }
  return parts.length === 1 ? parts[0] : `(${parts.join(" + ")})`;
}

function firstNamed<T extends { name: string }>(list: T[], name: string): T | undefined {
  return list.find((x) => x.name === name);
}

/** Whether case k applies (an override's condition, cached when evaluated outside any expression). */
function applies(scope: Scope, k: number, stack: object[]): Code {
  const c = scope.cases[k];
  const known = scope.known.get(k);
  if (known !== undefined) return atom(known ? "1" : "0");
  scope.memos.add(k);
  const cond = run(scope, c, c.text ?? "", stack);
  const m = `m${k}`;
  const test = `${cond.prec <= 8 ? `(${cond.text})` : cond.text} !== 0 ? 1 : 0`;
  return atom(
    stack.length === 0 ? `(${m} >= 0 ? ${m} : (${m} = ${test}))` : `(${m} >= 0 ? ${m} : ${test})`,
    cond.effects,
  );
}

/** The interpreter's Scope.resolve, unrolled: what each applying case (then a param) gives. */
function resolve(scope: Scope, name: string, stack: object[]): Alt[] {
  const alts: Alt[] = [];
  for (let k = 0; k < scope.cases.length; k++) {
    const c = scope.cases[k];
    const field = firstNamed(c.fields, name);
    const derived = field ? undefined : firstNamed(c.derived, name);
    let test: Code | null = null;
    if (c.when !== null && !stack.includes(c)) {
      test = applies(scope, k, stack);
      if (test.text === "0") continue;
      if (test.text === "1") test = null;
      else if (!field && !derived && test.effects) alts.push({ test, effectOnly: true });
    }
    if (!field && !derived) continue;
    if (field) {
      const value = atom(fieldCode(scope.words, field as unknown as FieldView));
      alts.push({ test, spec: field, value, nested: c.nested?.[name], field: true });
    } else {
      alts.push({ test, spec: derived!, value: run(scope, derived!, derived!.text, stack) });
    }
    if (!test) return alts;
  }
  const p = scope.params.findIndex((a) => a.as === name);
  if (p >= 0) {
    const arg = scope.params[p];
    if (arg.mayMiss)
      alts.push({ test: atom(`p${p} !== undefined`), spec: arg.spec, value: atom(`p${p}!`) });
    else alts.push({ test: null, spec: arg.spec, value: atom(`p${p}!`) });
    if (!arg.mayMiss) return alts;
  }
  alts.push({ test: null, notFound: true });
  return alts;
}

/** The value of a name in an expression: the first alternative that holds, else 0 and an error. */
function valueOf(alts: Alt[], name: string): Code {
  let code: Code = atom(`nf(${JSON.stringify(`no field '${name}'`)})`, true);
  for (let i = alts.length - 1; i >= 0; i--) {
    const a = alts[i];
    if ("notFound" in a) continue;
    if (a.effectOnly) code = atom(`(${a.test.text}, ${code.text})`, true);
    else if (a.test === null) code = a.value;
    else
      code = atom(
        `(${a.test.text} ? ${a.value.text} : ${code.text})`,
        a.test.effects || a.value.effects || code.effects,
      );
  }
  return code.prec === 16 ? code : atom(`(${code.text})`, code.effects);
}

/** An expression of `owner` (the interpreter's run): 0 when `owner` is already being evaluated. */
function run(scope: Scope, owner: object, text: string, stack: object[]): Code {
  if (stack.includes(owner)) return atom("0");
  const inner = [...stack, owner];
  const code = emit(astOf(text), (n) =>
    n === GPU_ID_NAME ? GPU : valueOf(resolve(scope, n, inner), n),
  );
  if (code.text.length > 20_000) throw new Unsupported(`expression '${text}' grows too large`);
  return code.prec >= 14 ? code : atom(`(${code.text})`, code.effects);
}

/** What formatting `spec` prints for the value `v` (the interpreter's formatValue). */
function formatCode(spec: ValueSpec, v: string): string | null {
  switch (spec.kind) {
    case "bool":
      return spec.display !== null
        ? `(${v} ? ${JSON.stringify(spec.display)} : "")`
        : `(${v} ? "1" : "0")`;
    case "bool_inv":
      return spec.display !== null
        ? `(${v} ? "" : ${JSON.stringify(spec.display)})`
        : `(${v} ? "0" : "1")`;
    case "int":
    case "branch":
    case "absbranch":
      return `String(signExtend(${v}, ${spec.width}))`;
    case "hex":
      return `(${v}).toString(16)`;
    case "offset":
      return `formatOffset(${v}, ${spec.width})`;
    case "uoffset":
      return `formatUoffset(${v})`;
    case "float":
      return `formatFloat(${v}, ${spec.width})`;
    case "enum":
      return spec.enumIndex >= 0
        ? `(ENUM_TEXT[${spec.enumIndex}][${v}] ?? String(${v}))`
        : `String(${v})`;
    case "custom":
      return null;
    default:
      return `String(${v})`;
  }
}

/** The key of how a value prints: what nested functions shared by several call sites must agree on. */
const formatKey = (s: ValueSpec) =>
  JSON.stringify([s.kind, s.width, s.signed, s.enumIndex, s.display]);

class Compiler {
  readonly functions: string[] = [];
  private readonly nestedNames = new Map<string, string>();

  constructor(
    private readonly bitsets: IsaspecSyntax["bitsets"],
    /** Whether a line can hold a newline (then `{X:align=N}` counts from the last one). */
    private readonly multiline: boolean,
  ) {}

  /** The function that prints a bitset-typed field given these params, compiled on first use. */
  nestedFunction(root: string, params: ParamArg[]): string {
    const key = JSON.stringify([root, params.map((p) => [p.as, formatKey(p.spec), p.mayMiss])]);
    let name = this.nestedNames.get(key);
    if (name) return name;
    name = `show_${root.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+/, "")}_${this.nestedNames.size}`;
    this.nestedNames.set(key, name);
    const leaves = this.bitsets[root] ?? [];
    const words: Words = (i) => (i === 0 ? "v0" : i === 1 ? "v1" : "0");
    const lines: string[] = ["let k = -1;", "search: {"];
    leaves.forEach((leaf, j) => {
      const tests: string[] = [];
      if (leaf.gen)
        tests.push(`(gpu === null || (gpu >= ${leaf.gen[0]} && gpu <= ${leaf.gen[1]}))`);
      leaf.tested.forEach((m, i) => {
        if (m === 0) return;
        tests.push(
          i < 2
            ? `(${words(i)} & ${hex(m)}) >>> 0 === ${hex(leaf.match[i] & m)}`
            : `0 === ${hex(leaf.match[i] & m)}`,
        );
      });
      lines.push(
        `  if (${tests.join(" && ") || "true"}) {`,
        j === 0
          ? `    k = 0;`
          : `    if (k >= 0) {\n      if (showing) err(\`bitset conflict: \${LEAVES_${name}[k]} vs ${leaf.mnemonic.replace(/[`$\\]/g, "\\$&")}\`);\n      k = -1;\n      break search;\n    }\n    k = ${j};`,
        "  }",
      );
    });
    lines.push("}");
    lines.push(
      "if (k < 0) {",
      "  if (showing) err(`no match: FIELD: '${where}': ${hexWords([v0, v1], ALL_ONES)}`);",
      "  return out;",
      "}",
      "switch (k) {",
    );
    leaves.forEach((leaf, j) => {
      const scope = newScope(leaf.cases, leaf.mnemonic, words, params);
      const dc = leaf.dontCare;
      const body: string[] = [];
      if (dc.some((m) => m !== 0))
        body.push(
          `if (showing && ((v0 & ${hex(dc[0] ?? 0)}) | (v1 & ${hex(dc[1] ?? 0)})) !== 0)`,
          `  err(\`dontcare bits in ${leaf.mnemonic}: \${hexWords([v0, v1], ${JSON.stringify(dc)})}\`);`,
        );
      body.push(...this.show(scope), "return out;");
      lines.push(`  case ${j}: {`, ...indent(withMemos(scope, body), 4), "  }");
    });
    lines.push("}", "return out;");
    const paramList = params.map((p, i) => `, p${i}: number | undefined`).join("");
    this.functions.push(
      `// prettier-ignore\nconst LEAVES_${name} = ${JSON.stringify(leaves.map((l) => l.mnemonic))};\n\n` +
        `// prettier-ignore\nfunction ${name}(out: string, v0: number, v1: number, gpu: number | null, where: string${paramList}): string {\n` +
        indent(lines, 2).join("\n") +
        "\n}",
    );
    return name;
  }

  /** Statements that pick the scope's display and append it to `out` (pick, then render). */
  show(scope: Scope): string[] {
    const defaults = scope.cases[scope.cases.length - 1].asserts;
    let below = 0;
    const passDefaults = (upTo: number): string[] => {
      const out = defaults
        .filter((a) => a.level >= below && a.level < upTo)
        .flatMap((a) => checkAssert(scope, a));
      below = Math.max(below, upTo);
      return out;
    };
    const last = scope.cases.length - 1;
    const at = (k: number): string[] => {
      const c = scope.cases[k];
      const pre = passDefaults(c.when === null ? Infinity : c.level);
      if (k === last) {
        if (c.display === null)
          return [
            ...pre,
            `if (showing) err(${JSON.stringify(`${scope.mnemonic}: no display template`)});`,
          ];
        return [...pre, ...this.render(scope, c.display)];
      }
      const test = applies(scope, k, []);
      const asserts = c.asserts.flatMap((a) => checkAssert(scope, a));
      if (c.display === null)
        return [...pre, `if (${test.text}) {`, ...indent(asserts, 2), "}", ...at(k + 1)];
      // The condition is cached from here on: each branch knows its value.
      const branch = (value: boolean, lines: () => string[]) => {
        scope.known.set(k, value);
        const out = lines();
        scope.known.delete(k);
        return out;
      };
      const then = branch(true, () => [...asserts, ...this.render(scope, c.display!)]);
      const otherwise = branch(false, () => at(k + 1));
      return [
        ...pre,
        `if (${test.text}) {`,
        ...indent(then, 2),
        "} else {",
        ...indent(otherwise, 2),
        "}",
      ];
    };
    return at(0);
  }

  /** Statements appending a display template, rendered in `scope`, to `out`. */
  render(scope: Scope, template: string): string[] {
    const out: string[] = [];
    const re = /\{([^}]*)\}/g;
    let last = 0;
    const text = (t: string) => {
      if (t) out.push(`out += ${JSON.stringify(t)};`);
    };
    for (let m = re.exec(template); m; m = re.exec(template)) {
      text(template.slice(last, m.index));
      last = m.index + m[0].length;
      const [field, ...opts] = m[1].split(":");
      const align = opts.map((o) => /^align=(\d+)$/.exec(o)).find((x) => x);
      if (align && Number(align[1]) > 0)
        out.push(`out = ${this.multiline ? "pad" : "padTo"}(out, ${Number(align[1])});`);
      if (field === "NAME") text(scope.mnemonic);
      else if (field !== "") out.push(...this.renderField(scope, field));
    }
    text(template.slice(last));
    return out;
  }

  private renderField(scope: Scope, name: string): string[] {
    const alts = resolve(scope, name, []);
    const chain = (i: number): string[] => {
      const a = alts[i];
      if ("notFound" in a) return [`if (showing) err(${JSON.stringify(`no field '${name}'`)});`];
      if (a.effectOnly) return [`${a.test.text};`, ...chain(i + 1)];
      const print = this.printAlt(scope, name, a);
      if (a.test === null) return print;
      return [
        `if (${a.test.text}) {`,
        ...indent(print, 2),
        "} else {",
        ...indent(chain(i + 1), 2),
        "}",
      ];
    };
    return chain(0);
  }

  private printAlt(scope: Scope, name: string, a: Extract<Alt, { spec: ValueSpec }>): string[] {
    if (a.nested) {
      const params = a.nested.params.map(([pname, as]): ParamArg & { code: string } => {
        const palts = resolve(scope, pname, []);
        const found = palts.filter((x): x is Extract<Alt, { spec: ValueSpec }> => "spec" in x);
        if (palts.some((x) => "test" in x && x.test?.effects) || found.some((x) => x.value.effects))
          throw new Unsupported(`param ${pname} of ${name} has effects`);
        if (!found.length)
          return {
            as,
            spec: {
              name: pname,
              width: 0,
              kind: "uint",
              signed: false,
              enumIndex: -1,
              display: null,
            },
            mayMiss: true,
            code: "undefined",
          };
        if (new Set(found.map((x) => formatKey(x.spec))).size > 1)
          throw new Unsupported(`param ${pname} of ${name} prints in more than one way`);
        const mayMiss = palts.some((x) => "notFound" in x);
        let code = mayMiss ? "undefined" : "";
        for (let i = found.length - 1; i >= 0; i--) {
          const x = found[i];
          code =
            x.test === null || code === ""
              ? x.value.text
              : `${x.test.text} ? ${x.value.text} : ${code}`;
        }
        return { as, spec: found[0].spec, mayMiss, code };
      });
      const fn = this.nestedFunction(a.nested.bitset, params);
      const width = a.spec.width;
      const where = JSON.stringify(`${scope.mnemonic}.${name}`);
      const wide = width > 32;
      const value = wide ? ["v % 2 ** 32", "Math.floor(v / 2 ** 32)"] : [a.value.text, "0"];
      const args = ["out", ...value, "gpu", where, ...params.map((p) => p.code)];
      // One argument per line where the call would make a long line.
      const call =
        args.join(", ").length > 160
          ? [`out = ${fn}(`, ...args.map((x) => `  ${x},`), ");"]
          : [`out = ${fn}(${args.join(", ")});`];
      return wide ? ["{", `  const v = ${a.value.text};`, ...call.map((l) => `  ${l}`), "}"] : call;
    }
    const f = formatCode(a.spec, a.value.text);
    if (f === null) return a.value.effects ? [`${a.value.text};`] : [];
    return [`out += ${f};`];
  }
}

function checkAssert(scope: Scope, a: AssertData): string[] {
  const width = a.high - a.low + 1;
  if (width > 32) throw new Unsupported(`assert over ${width} bits`);
  const v = rangeCode(scope.words, a.low, a.high);
  return [
    `if (showing && ${v} !== ${a.value})`,
    `  err(\`WARNING: unexpected bits[${a.low}:${a.high}] in ${a.bitset}: \${hexValue(${v})} vs \${hexValue(${a.value})}\`);`,
  ];
}

function newScope(cases: CaseData[], mnemonic: string, words: Words, params: ParamArg[]): Scope {
  return { cases, mnemonic, words, params, memos: new Set(), known: new Map() };
}

function indent(lines: string[], n: number): string[] {
  const pad = " ".repeat(n);
  return lines.map((l) =>
    l
      .split("\n")
      .map((x) => (x ? pad + x : x))
      .join("\n"),
  );
}

/** The body with its cached conditions declared: those of `scope` the body uses. */
function withMemos(scope: Scope, body: string[]): string[] {
  const text = body.join("\n");
  const memos = [...scope.memos]
    .filter((k) => new RegExp(`\\bm${k}\\b`).test(text))
    .sort((a, b) => a - b);
  return memos.length ? [`let ${memos.map((k) => `m${k} = -1`).join(", ")};`, ...body] : body;
}

export interface CompiledDisplay {
  /** TS source: the nested-field functions, then one `show_<n>` per instruction. */
  code: string;
  /** Per instruction (model order), its function's name, or null where the interpreter prints it. */
  names: (string | null)[];
  /** Why instructions were left to the interpreter (empty when every one compiled). */
  notCompiled: string[];
}

/** Every isaspec instruction's display as a function `(w0, …, gpu) => string`. */
export function compileDisplay(
  instructions: DisplayInstruction[],
  syntax: IsaspecSyntax,
  wordCount: number,
  /** Every text the display can print besides the templates: enum values' displays. */
  texts: readonly (string | null)[],
): CompiledDisplay {
  const multiline = [...texts, ...instructions.map((i) => i.display), JSON.stringify(syntax)].some(
    (t) => t !== null && t.includes("\n"),
  );
  const compiler = new Compiler(syntax.bitsets, multiline);
  const words: Words = (i) => (i < wordCount ? `w${i}` : "0");
  const wordParams = Array.from({ length: wordCount }, (_, i) => `w${i}: number`).join(", ");
  const shows: string[] = [];
  const names: (string | null)[] = [];
  const notCompiled: string[] = [];
  instructions.forEach((ins, n) => {
    const extra = syntax.instructions[ins.name];
    const cases: CaseData[] = [
      ...(extra?.overrides ?? []),
      {
        when: null,
        display: ins.display,
        fields: ins.fields,
        derived: extra?.derived ?? [],
        asserts: extra?.asserts ?? [],
        level: Infinity,
        nested: extra?.nested,
      },
    ];
    const scope = newScope(cases, ins.mnemonic, words, []);
    try {
      const body: string[] = [];
      if (ins.dontCare.some((m) => m !== 0)) {
        const any = ins.dontCare.map((m, i) => (m ? `(w${i} & ${hex(m)})` : "")).filter(Boolean);
        body.push(
          `if (showing && (${any.join(" | ")}) !== 0)`,
          `  err(\`dontcare bits in ${ins.mnemonic}: \${hexWords([${Array.from({ length: wordCount }, (_, i) => `w${i}`).join(", ")}], ${JSON.stringify(ins.dontCare)})}\`);`,
        );
      }
      body.push(...compiler.show(scope));
      const name = `show${n}`;
      shows.push(
        `/** ${ins.name} */\n// prettier-ignore\nfunction ${name}(${wordParams}, gpu: number | null): string {\n` +
          indent(['let out = "";', ...withMemos(scope, body), "return out;"], 2).join("\n") +
          "\n}",
      );
      names.push(name);
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      names.push(null);
      notCompiled.push(`${ins.name}: ${e.message}`);
    }
  });
  return { code: [...compiler.functions, ...shows].join("\n\n"), names, notCompiled };
}
