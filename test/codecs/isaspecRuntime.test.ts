/**
 * The runtime isaspec codecs carry (generator/runtime/codec/, inlined into each codec), tested
 * directly: numbers as Mesa prints them (C `%f` with glibc's ties to even), float bits read back,
 * expression values as C gives them, and the compiled display's helpers. Expected values are
 * worked out by hand.
 */
import { applyOp, evalExpr, type Expr } from "../../generator/runtime/codec/isaspecExpr";
import {
  floatBits,
  formatFixed,
  formatFloat,
  formatSmallFloat,
  signExtend,
  toHalf,
} from "../../generator/runtime/codec/isaspecNumbers";
import {
  and,
  formatOffset,
  formatUoffset,
  or,
  pad,
  padTo,
} from "../../generator/runtime/codec/isaspecText";

describe("isaspecNumbers", () => {
  test.each([
    [0.5, "0.500000"],
    // 2^-7 = 0.0078125: a tie at the 6th decimal, to even (glibc), where toFixed rounds up.
    [2 ** -7, "0.007812"],
    [3 * 2 ** -7, "0.023438"],
    [-0, "-0.000000"],
    [-1.5, "-1.500000"],
    [1e20, "100000000000000000000.000000"],
    [Math.fround(0.1), "0.100000"],
  ])("%f of %s is %s, both ways", (x, text) => {
    expect(formatFixed(x)).toBe(text);
    expect(formatSmallFloat(x)).toBe(text);
  });

  test("half and single float fields", () => {
    expect(formatFloat(0x3c00, 16)).toBe("1.000000");
    expect(formatFloat(0xc000, 16)).toBe("-2.000000");
    expect(formatFloat(0x7e00, 16)).toBe("nan");
    expect(formatFloat(0xfe00, 16)).toBe("-nan");
    expect(formatFloat(0x7c00, 16)).toBe("inf");
    expect(formatFloat(0xfc00, 16)).toBe("-inf");
    // Only the low `width` bits count, as Mesa passes a uint16_t.
    expect(formatFloat(0x13c00, 16)).toBe("1.000000");
    expect(formatFloat(0x3f800000, 32)).toBe("1.000000");
    expect(formatFloat(0x00000001, 32)).toBe("0.000000");
  });

  test("sign extension", () => {
    expect(signExtend(0xff, 8)).toBe(-1);
    expect(signExtend(0x7f, 8)).toBe(127);
    expect(signExtend(0x80, 8)).toBe(-128);
    expect(signExtend(-1, 4)).toBe(-1);
    expect(signExtend(0x1f, 4)).toBe(-1);
  });

  test("text back to float bits", () => {
    expect(toHalf(1)).toBe(0x3c00);
    expect(toHalf(-2)).toBe(0xc000);
    expect(toHalf(65520)).toBe(0x7c00);
    expect(toHalf(2 ** -24)).toBe(0x0001);
    expect(floatBits("0.5", 32)).toBe(0x3f000000);
    expect(floatBits("-nan", 16)).toBe(0xfe00);
    expect(floatBits("inf", 32)).toBe(0x7f800000);
  });
});

describe("isaspecExpr", () => {
  const get = (values: Record<string, number>) => (name: string) => values[name] ?? 0;

  test("C's values", () => {
    const shift: Expr = { op: "<<", a: 2, b: "W" };
    expect(evalExpr(shift, get({ W: 3 }))).toBe(16);
    expect(evalExpr({ op: "~", a: 0 }, get({}))).toBe(0xffffffff);
    expect(evalExpr({ op: "!", a: "X" }, get({ X: 5 }))).toBe(0);
    expect(evalExpr({ op: "-", a: "X" }, get({ X: 5 }))).toBe(-5);
    expect(applyOp("/", -7, 2)).toBe(-3);
    expect(applyOp(">>", -7, 1)).toBe(-4);
    expect(applyOp("&", 0xffffffff, 0x80000000)).toBe(0x80000000);
    expect(applyOp("==", 3, 3)).toBe(1);
    expect(applyOp("&&", 2, 0)).toBe(0);
    expect(applyOp("?", 1, 1)).toBe(0);
  });

  test("every name is read, in order", () => {
    const read: string[] = [];
    evalExpr({ op: "&&", a: "A", b: { op: "||", a: "B", b: "C" } }, (n) => {
      read.push(n);
      return 0;
    });
    expect(read).toEqual(["A", "B", "C"]);
  });
});

describe("isaspecText", () => {
  test("&& and || as C, on values already evaluated", () => {
    expect([and(1, 2), and(1, 0), or(0, 0), or(0, 3)]).toEqual([1, 0, 0, 1]);
  });

  test("alignment counts columns of the current line", () => {
    expect(pad("ab", 5)).toBe("ab   ");
    expect(pad("abcdef", 5)).toBe("abcdef");
    expect(pad("abcdef\nab", 4)).toBe("abcdef\nab  ");
    expect(padTo("ab", 5)).toBe("ab   ");
    expect(padTo("ab", 200)).toBe("ab" + " ".repeat(198));
    expect(padTo("abc", 2)).toBe("abc");
  });

  test("offsets print with their sign, and nothing for 0", () => {
    expect(formatOffset(0xf, 4)).toBe("-1");
    expect(formatOffset(3, 4)).toBe("+3");
    expect(formatOffset(0, 4)).toBe("");
    expect(formatUoffset(0)).toBe("");
    expect(formatUoffset(12)).toBe("+12");
  });
});
