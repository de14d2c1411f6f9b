/**
 * The isaspec assembler's inversion of expressions (generator/runtime/codec/isaspecSolve.ts): which
 * field values make an expression take a value. Fields W (3 bits), X (4 bits), Y (1 bit) and the
 * derived D = W * 2; every expected assignment is worked out by hand.
 */
import type { Expr } from "../../generator/runtime/codec/isaspecExpr";
import {
  guess,
  known,
  solve,
  solveFalse,
  solvePair,
  solveTrue,
  span,
  type Solving,
} from "../../generator/runtime/codec/isaspecSolve";
import type { DerivedSpec } from "../../generator/runtime/codec/isaspecTypes";

const WIDTHS: Record<string, number> = { W: 3, X: 4, Y: 1 };
const D: DerivedSpec = {
  name: "D",
  width: 4,
  kind: "uint",
  signed: false,
  enumIndex: -1,
  display: null,
  expr: { op: "*", a: "W", b: 2 },
  text: "{W} * 2",
};

function env(assigned: Record<string, number> = {}): Solving {
  return {
    assigned: new Map(Object.entries(assigned)),
    field: (name) =>
      name in WIDTHS
        ? {
            name,
            ranges: [0, WIDTHS[name] - 1],
            width: WIDTHS[name],
            kind: "uint",
            signed: false,
            enumIndex: -1,
            default: null,
            alternatives: [],
            display: null,
          }
        : undefined,
    derived: (name) => (name === "D" ? D : undefined),
    depth: 0,
  };
}

const op = (o: string, a: Expr, b?: Expr): Expr =>
  b === undefined ? { op: o, a } : { op: o, a, b };

test.each<[string, Expr, number, Record<string, number> | null]>([
  ["2 << {W} = 8", op("<<", 2, "W"), 8, { W: 2 }],
  ["{W} << 2 = 12", op("<<", "W", 2), 12, { W: 3 }],
  ["{W} << 2 = 10 (not a multiple of 4)", op("<<", "W", 2), 10, null],
  ["{W} = 8 (does not fit 3 bits)", "W", 8, null],
  ["{X} + 1 = 5", op("+", "X", 1), 5, { X: 4 }],
  ["5 - {X} = 2", op("-", 5, "X"), 2, { X: 3 }],
  ["~{X} = 0xfffffff5", op("~", "X"), 0xfffffff5, { X: 10 }],
  // Both sides unknown: the low side takes the bits it spans, the high side the rest.
  ["({W} << 4) | {X} = 0x35", op("|", op("<<", "W", 4), "X"), 0x35, { W: 3, X: 5 }],
  ["{D} = 10 (D = W * 2)", "D", 10, { W: 5 }],
  ["{X} >= 3 = 1 (the smallest such X)", op(">=", "X", 3), 1, { X: 3 }],
  ["{X} < 3 = 0", op("<", "X", 3), 0, { X: 3 }],
])("%s", (_, e, target, assigned) => {
  const s = env();
  expect(solve(e, target, s)).toBe(assigned !== null);
  if (assigned) expect(Object.fromEntries(s.assigned)).toEqual(assigned);
});

test("an assigned field is checked, not changed", () => {
  const s = env({ W: 1 });
  expect(solve(op("+", "W", "X"), 5, s)).toBe(true);
  expect(Object.fromEntries(s.assigned)).toEqual({ W: 1, X: 4 });
  expect(solve("W", 2, env({ W: 1 }))).toBe(false);
});

test("making a condition true or false", () => {
  const t = env();
  expect(solveTrue(op("&&", op("==", "W", 7), "Y"), t)).toBe(true);
  expect(Object.fromEntries(t.assigned)).toEqual({ W: 7, Y: 1 });
  const f = env();
  expect(solveFalse(op("==", "W", 0), f)).toBe(true);
  expect(Object.fromEntries(f.assigned)).toEqual({ W: 1 });
  // `!{Y}` false: Y non-zero.
  const n = env();
  expect(solveFalse(op("!", "Y"), n)).toBe(true);
  expect(Object.fromEntries(n.assigned)).toEqual({ Y: 1 });
  // Already decided by the assigned fields.
  expect(solveTrue(op("==", "W", 7), env({ W: 6 }))).toBe(false);
});

test("a pair of unknowns equal or different: the first of 0/0, 1/1 (0/1, 1/0)", () => {
  const eq = env();
  expect(solvePair("W", "X", true, eq)).toBe(true);
  expect(Object.fromEntries(eq.assigned)).toEqual({ W: 0, X: 0 });
  const ne = env();
  expect(solvePair("W", "X", false, ne)).toBe(true);
  expect(Object.fromEntries(ne.assigned)).toEqual({ W: 0, X: 1 });
});

test("known, guess and span", () => {
  expect(known("D", env({ W: 3 }))).toBe(6);
  expect(known(op("+", "W", "X"), env({ W: 3 }))).toBeUndefined();
  // Unassigned fields read 0, as encoding leaves them.
  expect(guess(op("+", "W", "X"), env({ W: 2 }))).toBe(2);
  expect(span(op("<<", "W", 2), env())).toBe(5);
  expect(span(op("&", "X", 3), env())).toBe(2);
  expect(span(op("+", "X", 3), env())).toBeUndefined();
});
