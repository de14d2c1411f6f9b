/**
 * isaspec expressions (source-formats.md A.7) inverted for the assembler: which values of the
 * unknown fields make an expression take a value, proposed one step at a time (the caller decodes
 * the result again and checks). Carried by every isaspec codec (inlined by
 * generator/emit/codec/runtimeSource.ts).
 */
import type { FieldSpec } from "./codecTypes";
import { applyOp, evalExpr, type Expr } from "./isaspecExpr";
import type { DerivedSpec } from "./isaspecTypes";

/** What the assembler knows while inverting expressions: stored fields assigned so far. */
export interface Solving {
  assigned: Map<string, number>;
  field(name: string): FieldSpec | undefined;
  derived(name: string): DerivedSpec | undefined;
  depth: number;
}

/** The environments one derived value deeper, made once per environment (and its values). */
export const DEEPER = new WeakMap<Solving, Solving>();

export function deeper(env: Solving): Solving {
  let d = DEEPER.get(env);
  if (!d || d.assigned !== env.assigned) DEEPER.set(env, (d = { ...env, depth: env.depth + 1 }));
  return d;
}

/** The value of `e` when every field it uses is known, else undefined. */
export function known(e: Expr, env: Solving): number | undefined {
  let missing = false;
  const v = evalExpr(e, (name) => {
    const a = env.assigned.get(name);
    if (a !== undefined) return a;
    const d = env.derived(name);
    const dv = d && env.depth < 8 ? known(d.expr, deeper(env)) : undefined;
    if (dv === undefined) missing = true;
    return dv ?? 0;
  });
  return missing ? undefined : v;
}

/**
 * Assign unknown fields so that `e` evaluates to `target`, where each step has one unknown side
 * (`2 << {W}` = 8 → W = 2). Only a proposal: the caller re-decodes and checks.
 */
export function solve(e: Expr, target: number, env: Solving): boolean {
  if (!Number.isFinite(target)) return false;
  if (typeof e === "number") return e === target;
  if (typeof e === "string") {
    const a = env.assigned.get(e);
    if (a !== undefined) return a === target;
    const d = env.derived(e);
    if (d) return env.depth < 8 && solve(d.expr, target, deeper(env));
    const f = env.field(e);
    if (!f || !Number.isInteger(target) || target < 0 || target >= 2 ** f.width) return false;
    env.assigned.set(e, target);
    return true;
  }
  if (e.b === undefined) {
    if (e.op === "~") return solve(e.a, ~target >>> 0, env);
    if (e.op === "-") return solve(e.a, -target, env);
    return target === 1 ? solve(e.a, 0, env) : target === 0 && solveTrue(e.a, env);
  }
  const ka = known(e.a, env);
  const kb = known(e.b, env);
  if (ka !== undefined && kb !== undefined) return applyOp(e.op, ka, kb) === target;
  if (ka === undefined && kb === undefined) {
    if (e.op === "|" || e.op === "+") return solveSplit(e.a, e.b, target, env);
    // Both sides the target (`(A == 7) & (B == 1)` = 1); for 0, one side 0.
    if (e.op === "&" && target !== 0) return solve(e.a, target, env) && solve(e.b, target, env);
    if (e.op === "&") return solveFalse({ op: "&&", a: e.a, b: e.b }, env);
    if (e.op === "==" || e.op === "!=")
      return solvePair(e.a, e.b, (e.op === "==") === (target === 1), env);
    if (e.op === "&&" && target === 0) return solveFalse(e, env);
    if (e.op === "||" && target === 1) return solveTrue(e, env);
    return false;
  }
  const left = ka === undefined;
  const x = left ? e.a : e.b;
  const k = (left ? kb : ka) as number;
  switch (e.op) {
    case "+":
      return solve(x, target - k, env);
    case "-":
      return solve(x, left ? target + k : k - target, env);
    case "*":
      return k !== 0 && target % k === 0 && solve(x, target / k, env);
    case "^":
      return solve(x, (target ^ k) >>> 0, env);
    case "|":
      return solve(x, (target & ~k) >>> 0, env);
    case "&":
      return solve(x, target, env);
    case ">>":
      return left && solve(x, target * 2 ** k, env);
    case "<<": {
      if (left) return target % 2 ** k === 0 && solve(x, target / 2 ** k, env);
      const shift = Math.log2(target / k);
      return Number.isInteger(shift) && solve(x, shift, env);
    }
    case "<":
    case "<=":
    case ">":
    case ">=": {
      // The smallest non-negative value on the wanted side of k.
      if (target !== 0 && target !== 1) return false;
      const values = [0, Math.ceil(k), Math.floor(k) + 1]
        .filter((v) => v >= 0)
        .sort((p, q) => p - q);
      const v = values.find((n) => applyOp(e.op, left ? n : k, left ? k : n) === target);
      return v !== undefined && solve(x, v, env);
    }
    case "==":
      return target === 1 ? solve(x, k, env) : target === 0 && solve(x, k === 0 ? 1 : 0, env);
    case "!=":
      return target === 1 ? solve(x, k === 0 ? 1 : 0, env) : target === 0 && solve(x, k, env);
    case "&&":
      return target === 1
        ? k !== 0 && solveTrue(x, env)
        : target === 0 && (k === 0 || solveFalse(x, env));
    case "||":
      return target === 1
        ? k !== 0 || solveTrue(x, env)
        : target === 0 && k === 0 && solveFalse(x, env);
    default:
      return false;
  }
}

/** How many low bits the values of `e` can occupy, where that is plain (`{F}`, `{F} << 2`, `x & 7`). */
export function span(e: Expr, env: Solving): number | undefined {
  if (typeof e === "number") return e === 0 ? 0 : Math.floor(Math.log2(e)) + 1;
  if (typeof e === "string") {
    const d = env.derived(e);
    return d ? (env.depth < 8 ? span(d.expr, deeper(env)) : undefined) : env.field(e)?.width;
  }
  if (e.b === undefined) return e.op === "!" ? 1 : undefined;
  const a = span(e.a, env);
  const b = span(e.b, env);
  if (e.op === "<<" && a !== undefined && typeof e.b === "number") return a + e.b;
  if (e.op === "&") return a === undefined ? b : b === undefined ? a : Math.min(a, b);
  if ((e.op === "|" || e.op === "^") && a !== undefined && b !== undefined) return Math.max(a, b);
  return undefined;
}

/** `a == b` (`equal`) or `a != b` with both unknown: the first of 0/0, 1/1 (or 0/1, 1/0) that solves. */
export function solvePair(a: Expr, b: Expr, equal: boolean, env: Solving): boolean {
  const saved = new Map(env.assigned);
  for (const [x, y] of equal
    ? [
        [0, 0],
        [1, 1],
      ]
    : [
        [0, 1],
        [1, 0],
      ]) {
    if (solve(a, x, env) && solve(b, y, env)) return true;
    env.assigned.clear();
    saved.forEach((v, n) => env.assigned.set(n, v));
  }
  return false;
}

/** `a | b` (or `a + b`) = target with both unknown: one side takes the low bits it spans, the other the rest. */
export function solveSplit(a: Expr, b: Expr, target: number, env: Solving): boolean {
  const saved = new Map(env.assigned);
  for (const [low, high] of [
    [b, a],
    [a, b],
  ] as const) {
    const w = span(low, env);
    if (w === undefined) continue;
    const part = target % 2 ** w;
    if (solve(low, part, env) && solve(high, target - part, env)) return true;
    env.assigned.clear();
    saved.forEach((v, n) => env.assigned.set(n, v));
  }
  return false;
}

/** The value of `e` with fields not assigned yet read as 0 (what encoding leaves them). */
export function guess(e: Expr, env: Solving): number {
  return evalExpr(e, (name) => {
    const a = env.assigned.get(name);
    if (a !== undefined) return a;
    const d = env.derived(name);
    return d && env.depth < 8 ? guess(d.expr, deeper(env)) : 0;
  });
}

/** Make `e` zero (an override that must not apply), assigning unknown fields where that is possible. */
export function solveFalse(e: Expr, env: Solving): boolean {
  const k = known(e, env);
  if (k !== undefined) return k === 0;
  if (typeof e === "object" && e.b === undefined && e.op === "!") return solveTrue(e.a, env);
  if (typeof e === "object" && e.b !== undefined && (e.op === "&&" || e.op === "||")) {
    if (e.op === "||") return solveFalse(e.a, env) && solveFalse(e.b, env);
    const saved = new Map(env.assigned);
    if (solveFalse(e.a, env)) return true;
    env.assigned.clear();
    saved.forEach((v, n) => env.assigned.set(n, v));
    return solveFalse(e.b, env);
  }
  if (typeof e === "object" && e.b !== undefined && (e.op === "==" || e.op === "!=")) {
    const ka = known(e.a, env);
    const kb = known(e.b, env);
    const x = ka === undefined ? e.a : e.b;
    const c = ka === undefined ? kb : ka;
    if (ka === undefined && kb === undefined) return solvePair(e.a, e.b, e.op === "!=", env);
    if (c === undefined) return false;
    return solve(x, e.op === "!=" ? c : c === 0 ? 1 : 0, env);
  }
  return solve(e, 0, env);
}

/** Make `e` non-zero (an override's condition), assigning unknown fields where that is possible. */
export function solveTrue(e: Expr, env: Solving): boolean {
  const k = known(e, env);
  if (k !== undefined) return k !== 0;
  if (typeof e === "object" && e.b !== undefined && (e.op === "&&" || e.op === "||")) {
    if (e.op === "&&") return solveTrue(e.a, env) && solveTrue(e.b, env);
    const saved = new Map(env.assigned);
    if (solveTrue(e.a, env)) return true;
    env.assigned.clear();
    saved.forEach((v, n) => env.assigned.set(n, v));
    return solveTrue(e.b, env);
  }
  return solve(e, 1, env);
}
