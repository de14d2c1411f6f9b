/**
 * isaspec expressions (source-formats.md A.7) as the codecs' assembler evaluates them while it
 * inverts them, with the values C gives them: exact doubles, 32-bit `& | ^ ~`, 0 or 1 for
 * comparisons and logic. The display is compiled (generator/emit/codec/compileExpr.ts) to the
 * same arithmetic. Carried by every isaspec codec (inlined without its `export`s).
 */

/** An expression tree: a literal, a field name, or an operator node (unary when `b` is absent). */
export type Expr = number | string | { op: string; a: Expr; b?: Expr };

/** Evaluate an expression the way the codec's compiled DERIVED functions do (exact doubles, 32-bit `& | ^ ~`). */
export function evalExpr(e: Expr, get: (name: string) => number): number {
  if (typeof e === "number") return e;
  if (typeof e === "string") return get(e);
  const a = evalExpr(e.a, get);
  if (e.b === undefined) return e.op === "!" ? (a ? 0 : 1) : e.op === "~" ? ~a >>> 0 : -a;
  return applyOp(e.op, a, evalExpr(e.b, get));
}

/** C's value of `a op b`; 0 for an operator it does not know. */
export function applyOp(op: string, a: number, b: number): number {
  switch (op) {
    case "<<":
      return a * 2 ** b;
    case ">>":
      return Math.floor(a / 2 ** b);
    case "/":
      return Math.trunc(a / b);
    case "%":
      return a % b;
    case "*":
      return a * b;
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "&":
      return (a & b) >>> 0;
    case "|":
      return (a | b) >>> 0;
    case "^":
      return (a ^ b) >>> 0;
    case "&&":
      return a && b ? 1 : 0;
    case "||":
      return a || b ? 1 : 0;
    case "<":
      return a < b ? 1 : 0;
    case "<=":
      return a <= b ? 1 : 0;
    case ">":
      return a > b ? 1 : 0;
    case ">=":
      return a >= b ? 1 : 0;
    case "==":
      return a === b ? 1 : 0;
    case "!=":
      return a !== b ? 1 : 0;
    default:
      return 0;
  }
}
