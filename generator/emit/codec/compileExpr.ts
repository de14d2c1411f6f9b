/**
 * Translates a model expression (C integer subset over `{FIELD}`) into a TypeScript expression over
 * `f`, the instruction's raw field values. Shifts and arithmetic use exact double arithmetic (values
 * up to 2^53); `& | ^ ~` work on 32 bits, which every field of the shipped ISAs fits.
 */
import { GPU_ID_NAME, parseExpr, type ExprNode } from "../../model/expr";

function literal(text: string): string {
  const t = text.replace(/[uUlL]+$/, "");
  const value = /^0[xX]/.test(t)
    ? parseInt(t.slice(2), 16)
    : /^0[0-7]+$/.test(t)
      ? parseInt(t, 8)
      : Number(t);
  return String(value);
}

/**
 * A compiled expression with its JS precedence: parentheses go only where prettier keeps them
 * (needed by precedence, or mixed operators it clarifies), so the codec is in prettier's style.
 */
export interface Code {
  text: string;
  /** 1 conditional, 3 `||` … 13 `**`, 14 unary, 16 call, member or literal. */
  prec: number;
  op?: string;
  /** Whether evaluating it may record a decode error (so it must run even where its value is moot). */
  effects?: boolean;
}

const PRECEDENCE: Record<string, number> = {
  "||": 3,
  "&&": 4,
  "|": 5,
  "^": 6,
  "&": 7,
  "===": 8,
  "!==": 8,
  "<": 9,
  "<=": 9,
  ">": 9,
  ">=": 9,
  ">>>": 10,
  "+": 11,
  "-": 11,
  "*": 12,
  "/": 12,
  "%": 12,
  "**": 13,
};
const BITWISE = new Set(["|", "^", "&", ">>>"]);
const ATOM = 16;
const UNARY = 14;

/** Whether prettier flattens `a po b` with `b`'s operator no into one chain (its shouldFlatten). */
function flattens(po: string, no: string): boolean {
  if (PRECEDENCE[po] !== PRECEDENCE[no]) return false;
  if (po === "**") return false;
  if (PRECEDENCE[po] === 8) return false;
  const multiplicative = (op: string) => op === "*" || op === "/" || op === "%";
  if ((no === "%" && multiplicative(po)) || (po === "%" && multiplicative(no))) return false;
  if (no !== po && multiplicative(no) && multiplicative(po)) return false;
  if (po === ">>>" && no === ">>>") return false;
  return true;
}

/** `c` as the left or right operand of the binary operator `po`, parenthesized as prettier does. */
function operand(c: Code, po: string, side: "left" | "right"): string {
  const wrap = `(${c.text})`;
  if (c.prec === 1) return wrap;
  if (po === "**" && side === "left" && c.prec === UNARY) return wrap;
  if (c.op === undefined) return c.text;
  const pp = PRECEDENCE[po];
  const np = PRECEDENCE[c.op];
  if (pp > np) return wrap;
  if (pp === np && side === "right") return wrap;
  if (pp === np && !flattens(po, c.op)) return wrap;
  if (BITWISE.has(po)) return wrap;
  if (pp < np && c.op === "%") return po === "+" || po === "-" ? wrap : c.text;
  return c.text;
}

function binary(a: Code, op: string, b: Code): Code {
  // `a < (…` followed by a `>` reads to TypeScript as a call with type arguments (`a<T>(…)`) and
  // fails to parse; `(…) > a` says the same without the ambiguity.
  if (op === "<" && operand(b, op, "right").startsWith("(")) return binary(b, ">", a);
  return {
    text: `${operand(a, op, "left")} ${op} ${operand(b, op, "right")}`,
    prec: PRECEDENCE[op],
    op,
    effects: a.effects || b.effects,
  };
}

/** `test ? 1 : 0` (or `? 0 : 1`): a condition as the 1 or 0 C gives it. */
function truth(test: Code, whenTrue: string, whenFalse: string): Code {
  const t = test.prec === 1 ? `(${test.text})` : test.text;
  return { text: `${t} ? ${whenTrue} : ${whenFalse}`, prec: 1, effects: test.effects };
}

export const atom = (text: string, effects = false): Code => ({ text, prec: ATOM, effects });
const num = (n: number): Code => atom(String(n));

function unary(op: string, x: Code): Code {
  const inner =
    x.prec < UNARY || (x.prec === UNARY && x.text.startsWith(op)) ? `(${x.text})` : x.text;
  return { text: `${op}${inner}`, prec: UNARY, effects: x.effects };
}

/** What a `{NAME}` (or the GPU id) of an expression compiles to. */
export type NameCode = (name: string) => Code;

const RAW_FIELDS: NameCode = (name) => atom(`f[${JSON.stringify(name)}]`);

/**
 * `expr` as a JS expression with the value C gives it, names compiled by `name`. Where the right
 * operand of `&&`/`||` has effects it is still evaluated (the `and`/`or` runtime helpers), as the
 * decoder's interpreter evaluates both operands.
 */
export function emit(n: ExprNode, name: NameCode = RAW_FIELDS): Code {
  const emit1 = (x: ExprNode) => emit(x, name);
  switch (n.kind) {
    case "number":
      return atom(literal(n.text));
    case "field":
      return name(n.name);
    case "gpu":
      return name(GPU_ID_NAME);
    case "unary": {
      const x = emit1(n.operand);
      return n.op === "!"
        ? truth(x, "0", "1")
        : n.op === "~"
          ? binary(unary("~", x), ">>>", num(0))
          : unary("-", x);
    }
    case "binary": {
      const a = emit1(n.left);
      const b = emit1(n.right);
      if ((n.op === "&&" || n.op === "||") && b.effects)
        return atom(`${n.op === "&&" ? "and" : "or"}(${a.text}, ${b.text})`, true);
      switch (n.op) {
        case "<<":
          return binary(a, "*", binary(num(2), "**", b));
        case ">>":
          return atom(
            `Math.floor(${binary(a, "/", binary(num(2), "**", b)).text})`,
            a.effects || b.effects,
          );
        case "/":
          return atom(`Math.trunc(${binary(a, "/", b).text})`, a.effects || b.effects);
        case "&":
        case "|":
        case "^":
          return binary(binary(a, n.op, b), ">>>", num(0));
        case "&&":
        case "||":
        case "<":
        case "<=":
        case ">":
        case ">=":
          return truth(binary(a, n.op, b), "1", "0");
        case "==":
          return truth(binary(a, "===", b), "1", "0");
        case "!=":
          return truth(binary(a, "!==", b), "1", "0");
        default:
          return binary(a, n.op, b);
      }
    }
  }
}

/**
 * The body of `(f) => …` for an expression the reader already validated, and whether it is a
 * conditional (which prettier parenthesizes as an arrow's body on the arrow's line).
 */
export function compileExpr(text: string): { body: string; conditional: boolean } {
  const parsed = parseExpr(text);
  if (!parsed.ok)
    throw new Error(`isaforge: cannot compile expression '${text}': ${parsed.message}`);
  const code = emit(parsed.ast);
  return { body: code.text, conditional: code.prec === 1 };
}
