/**
 * A model expression as C statements over int64_t, computing what the TS codec's `evalExpr` computes
 * in exact doubles. Each operand is evaluated into its own temporary, left before right and both
 * sides of `&&`/`||`, since evaluating a name can record errors (`no field 'X'`) and the codec
 * evaluates every operand. int64_t equals the doubles only while values stay integers within
 * ±2^53, so every node's range is bounded from the fields' widths and an expression that could
 * leave it is a build error rather than different text.
 */
import { GPU_ID_NAME, parseExpr, type ExprNode } from "../../model/expr";

/** Inclusive bounds of a value. */
export type Interval = [number, number];

const SAFE = 2 ** 53;
const U32: Interval = [0, 2 ** 32 - 1];
const BOOL: Interval = [0, 1];

export interface ExprContext {
  /** The range of a name's values wherever it resolves. */
  bound(name: string): Interval;
  /** C expression reading a name (recording `no field` when nothing resolves it). */
  read(name: string): string;
  /** C expression for `ISA_GPU_ID()`. */
  gpu: string;
}

export interface CExpr {
  /** Statements computing temporaries `t0`, `t1`, …; the last one holds the value. */
  lines: string[];
  result: string;
  range: Interval;
}

function literal(text: string): number {
  const t = text.replace(/[uUlL]+$/, "");
  if (/^0[xX]/.test(t)) return parseInt(t.slice(2), 16);
  if (/^0[0-7]+$/.test(t)) return parseInt(t, 8);
  return Number(t);
}

function corners(a: Interval, b: Interval, f: (x: number, y: number) => number): Interval {
  const v = [f(a[0], b[0]), f(a[0], b[1]), f(a[1], b[0]), f(a[1], b[1])];
  return [Math.min(...v), Math.max(...v)];
}

/**
 * `pure`: reading a name has no effect (no error can arise, nothing is cached), so the expression
 * is one C expression and `&&`, `||` (and `&` of truth values) stop at the first operand that
 * decides.
 */
export function compileCExpr(text: string, ctx: ExprContext, pure = false): CExpr {
  const parsed = parseExpr(text);
  if (!parsed.ok)
    throw new Error(`isaforge: cannot compile expression '${text}': ${parsed.message}`);
  const lines: string[] = [];
  let n = 0;
  const temp = (value: string, range: Interval): { t: string; range: Interval } => {
    if (!(Math.abs(range[0]) <= SAFE && Math.abs(range[1]) <= SAFE))
      throw new Error(
        `C disassembler: expression '${text}' may leave the integers within ±2^53 (at ${value})`,
      );
    if (pure) return { t: /^[\w.>-]+$/.test(value) ? value : `(${value})`, range };
    const t = `t${n++}`;
    lines.push(`const int64_t ${t} = ${value};`);
    return { t, range };
  };
  const emit = (e: ExprNode): { t: string; range: Interval } => {
    switch (e.kind) {
      case "number": {
        const v = literal(e.text);
        return temp(`${v}`, [v, v]);
      }
      case "field":
        return temp(ctx.read(e.name), ctx.bound(e.name));
      case "gpu":
        return temp(ctx.gpu, ctx.bound(GPU_ID_NAME));
      case "unary": {
        const a = emit(e.operand);
        if (e.op === "!") return temp(`${a.t} == 0`, BOOL);
        if (e.op === "~") return temp(`dis_u32(~${a.t})`, U32);
        return temp(`-${a.t}`, [-a.range[1], -a.range[0]]);
      }
      case "binary": {
        const a = emit(e.left);
        const b = emit(e.right);
        const [x, y] = [a.t, b.t];
        switch (e.op) {
          case "<<":
          case ">>":
            if (b.range[0] < 0)
              throw new Error(
                `C disassembler: expression '${text}' may shift by a negative amount`,
              );
            return e.op === "<<"
              ? temp(
                  `dis_shl(${x}, ${y})`,
                  corners(a.range, b.range, (p, q) => p * 2 ** q),
                )
              : temp(
                  `dis_shr(${x}, ${y})`,
                  corners(a.range, b.range, (p, q) => Math.floor(p / 2 ** q)),
                );
          case "/":
          case "%": {
            if (b.range[0] <= 0 && b.range[1] >= 0)
              throw new Error(`C disassembler: expression '${text}' may divide by zero`);
            const m = Math.max(Math.abs(a.range[0]), Math.abs(a.range[1]));
            return temp(`${x} ${e.op} ${y}`, [-m, m]);
          }
          case "*":
            return temp(
              `${x} * ${y}`,
              corners(a.range, b.range, (p, q) => p * q),
            );
          case "+":
            return temp(`${x} + ${y}`, [a.range[0] + b.range[0], a.range[1] + b.range[1]]);
          case "-":
            return temp(`${x} - ${y}`, [a.range[0] - b.range[1], a.range[1] - b.range[0]]);
          case "&":
          case "|":
          case "^": {
            const truths = [a, b].every((o) => o.range[0] >= 0 && o.range[1] <= 1);
            if (pure && truths && e.op !== "^") return temp(`${x} ${e.op}${e.op} ${y}`, BOOL);
            return temp(`dis_u32(${x} ${e.op} ${y})`, U32);
          }
          case "&&":
          case "||":
            return temp(`(${x} != 0) ${e.op} (${y} != 0)`, BOOL);
          default:
            return temp(`${x} ${e.op} ${y}`, BOOL);
        }
      }
    }
  };
  const r = emit(parsed.ast);
  if (pure) lines.push(`const int64_t t0 = ${r.t};`);
  return { lines, result: pure ? "t0" : r.t, range: r.range };
}

/** The interval of an expression without emitting it (for the bounds of derived names). */
export function exprRange(text: string, bound: (name: string) => Interval): Interval {
  return compileCExpr(text, { bound, read: () => "0", gpu: "0" }).range;
}
