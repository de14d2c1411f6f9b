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

function emit(n: ExprNode): string {
  switch (n.kind) {
    case "number":
      return literal(n.text);
    case "field":
      return `f[${JSON.stringify(n.name)}]`;
    case "gpu":
      return `f[${JSON.stringify(GPU_ID_NAME)}]`;
    case "unary": {
      const x = emit(n.operand);
      return n.op === "!" ? `(${x} ? 0 : 1)` : n.op === "~" ? `(~${x} >>> 0)` : `(-${x})`;
    }
    case "binary": {
      const a = emit(n.left);
      const b = emit(n.right);
      switch (n.op) {
        case "<<":
          return `(${a} * 2 ** ${b})`;
        case ">>":
          return `Math.floor(${a} / 2 ** ${b})`;
        case "/":
          return `Math.trunc(${a} / ${b})`;
        case "&":
        case "|":
        case "^":
          return `((${a} ${n.op} ${b}) >>> 0)`;
        case "&&":
        case "||":
        case "<":
        case "<=":
        case ">":
        case ">=":
          return `(${a} ${n.op} ${b} ? 1 : 0)`;
        case "==":
          return `(${a} === ${b} ? 1 : 0)`;
        case "!=":
          return `(${a} !== ${b} ? 1 : 0)`;
        default:
          return `(${a} ${n.op} ${b})`;
      }
    }
  }
}

/** `(f) => …` for an expression the reader already validated. */
export function compileExpr(text: string): string {
  const parsed = parseExpr(text);
  if (!parsed.ok)
    throw new Error(`isaforge: cannot compile expression '${text}': ${parsed.message}`);
  return `(f: Record<string, number>): number => ${emit(parsed.ast)}`;
}
