/**
 * An instruction is exactly `ISA.wordCount` words: every codec's `decode` gives `undefined` for
 * more or fewer (it had read missing words as 0, so ir3's `decode([1])` was a `nop`), and
 * `disassemble` prints what it prints for words no instruction matches, one instruction long.
 */
import * as etnaviv from "../../out/ts/etnaviv";
import * as ir3 from "../../out/ts/ir3";
import * as r500 from "../../out/ts/r500";
import * as valhall from "../../out/ts/valhall";

const CODECS = { etnaviv, ir3, r500, valhall } as const;

test.each(Object.entries(CODECS))("%s: decode refuses too few or too many words", (_id, codec) => {
  const n = codec.ISA.wordCount;
  const nop = new Array<number>(n).fill(0);
  expect([
    codec.decode([]),
    codec.decode([1]),
    codec.decode(nop.slice(1)),
    codec.decode([...nop, 0]),
  ]).toEqual([undefined, undefined, undefined, undefined]);
  expect(codec.decode(new Uint32Array(n + 1))).toBeUndefined();
});

test("ir3: [1] was a nop; [1, 0] still is", () => {
  expect(ir3.decode([1])).toBeUndefined();
  expect(ir3.decode([1, 0])?.name).toBe("nop");
});

test("disassemble prints the no-match line for the wrong number of words", () => {
  expect(ir3.disassemble([1])).toBe("no match: 0000000000000001");
  expect(ir3.disassemble([1, 1, 1])).toBe("no match: 0000000100000001");
  expect(etnaviv.disassemble([1])).toBe("no match: 00000000000000000000000000000001");
  expect(valhall.disassemble([1])).toBe("unknown 0x00000001 0x00000000");
  expect(r500.disassemble([])).toBe(
    "unknown 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000",
  );
});
