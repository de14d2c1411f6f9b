/**
 * `disassembleProgram` (and `disassembleEach`) in every shipped codec: one line per instruction, in
 * order, the text `disassemble` gives each instruction's words; for isaspec what Mesa's isa_disasm
 * prints for a program, including the line of words no encoding matches and, with show_errors, the
 * conflict error Mesa keeps from such words and prints with the next line. Expected lines are
 * worked out by hand from the documents' display templates and Mesa's isaspec_decode_impl.c.
 *
 * @needs-upstream mesa
 */
import * as etnaviv from "../../out/ts/etnaviv";
import * as ir3 from "../../out/ts/ir3";
import * as r500 from "../../out/ts/r500";
import * as valhall from "../../out/ts/valhall";
import ir3Model from "../../out/json/ir3.json";

/** ir3 `mov.f32f32 r1.y, r2.z` (README): cat1, src and dst types f32, dst 5 (r1.y), src 10 (r2.z). */
const MOV = [0x0000000a, 0x20044005];
/** Words both stsc and stib.b match from gen 700 (their fixed bits together). */
const CONFLICT = [0x00e74000, 0xc7600000];

describe("ir3 (isaspec)", () => {
  test("one line per instruction, in order; a word no encoding matches prints Mesa's no match", () => {
    expect(ir3.disassembleProgram([...MOV, 0xffffffff, 0xffffffff, 0, 0], { gpu: 600 })).toEqual([
      "mov.f32f32 r1.y, r2.z",
      // BITSET_FORMAT: every word, most significant first.
      "no match: ffffffffffffffff",
      // cat0 with every field 0.
      "nop",
    ]);
    expect(ir3.disassembleProgram([])).toEqual([]);
  });

  test("the premise: exactly stsc and stib.b match CONFLICT at gen 700, and only stib.b at 600", () => {
    const matching = (gpu: number) =>
      ir3Model.instructions
        .filter(
          (i) =>
            (!i.gen || (gpu >= i.gen.min && gpu <= i.gen.max)) &&
            i.encoding.mask.every(
              (m, w) =>
                (CONFLICT[w] & m & ~i.encoding.dontCare[w]) >>> 0 ===
                (i.encoding.match[w] & ~i.encoding.dontCare[w]) >>> 0,
            ),
        )
        .map((i) => i.name);
    expect(matching(700)).toEqual(["stsc", "stib.b"]);
    expect(matching(600)).toEqual(["stib.b"]);
  });

  test("a conflict is no match; with show_errors Mesa prints its error with the next line", () => {
    const words = [...CONFLICT, ...MOV, ...CONFLICT];
    expect(ir3.disassembleProgram(words, { gpu: 700 })).toEqual([
      "no match: c760000000e74000",
      "mov.f32f32 r1.y, r2.z",
      "no match: c760000000e74000",
    ]);
    expect(ir3.disassembleProgram(words, { gpu: 700, showErrors: true })).toEqual([
      "no match: c760000000e74000",
      "mov.f32f32 r1.y, r2.z\t; bitset conflict: stsc vs stib.b",
      // Nothing follows the last one: its error is never printed.
      "no match: c760000000e74000",
    ]);
    // One instruction alone has no next line: the error is dropped, as Mesa drops it.
    expect(ir3.disassemble(CONFLICT, { gpu: 700, showErrors: true })).toBe(
      "no match: c760000000e74000",
    );
    expect(ir3.disassemble(MOV, { gpu: 700, showErrors: true })).toBe("mov.f32f32 r1.y, r2.z");
  });

  test("disassembleEach gives the same lines with their indexes, one at a time", () => {
    const seen: [string, number][] = [];
    ir3.disassembleEach([...MOV, ...CONFLICT], { gpu: 700 }, (line, i) => seen.push([line, i]));
    expect(seen).toEqual([
      ["mov.f32f32 r1.y, r2.z", 0],
      ["no match: c760000000e74000", 1],
    ]);
  });

  test("words that are not whole instructions are a RangeError", () => {
    expect(() => ir3.disassembleProgram([1, 2, 3])).toThrow(
      new RangeError("disassembleProgram: 3 words are not whole instructions of 2 words"),
    );
  });
});

test("etnaviv: four words per instruction", () => {
  // etnaviv.test.ts: these words match nothing; Mesa prints all 128 bits.
  const none = [0x07811009, 0x15001f20, 0x01ff00c0, 0x78021008];
  const nop = [0, 0, 0, 0];
  expect(etnaviv.disassembleProgram([...none, ...nop])).toEqual([
    "no match: 7802100801ff00c015001f2007811009",
    "nop               void, void, void, void",
  ]);
  // nop: `{NAME} {DST:align=18}…`, its DST bitset printing nothing for 0 (column 18).
  expect(etnaviv.disassemble(nop)).toBe("nop               void, void, void, void");
  expect(() => etnaviv.disassembleProgram([0, 0, 0, 0, 0])).toThrow(
    "disassembleProgram: 5 words are not whole instructions of 4 words",
  );
});

test("valhall: unknown … for words no instruction matches", () => {
  expect(valhall.disassembleProgram([0, 0xc000, 0, 0x0001c000, 0xe3, 0x02914100])).toEqual([
    "NOP ",
    "unknown 0x00000000 0x0001c000",
    "MOV.i32 r1.h0, thread_local_pointer.w1",
  ]);
  const seen: number[] = [];
  valhall.disassembleEach([0, 0xc000, 0, 0xc000], {}, (_, i) => seen.push(i));
  expect(seen).toEqual([0, 1]);
});

test("r500: six words per instruction; `index` numbers the instructions from it", () => {
  const notFc = [0x00007807, 0x02400000, 0, 0, 0, 0];
  const unknown = "unknown 0x00007807 0x02400000 0x00000000 0x00000000 0x00000000 0x00000000";
  expect(r500.disassembleProgram([...notFc, ...notFc])).toEqual([unknown, unknown]);
  // fcWords(0x12000f00, 0x50000) of r500.test.ts: an FC instruction, numbered 3 then 4.
  const fc = [0x402, 0, 0x12000f00, 0x50000, 0, 0];
  const lines = r500.disassembleProgram([...fc, ...fc], { index: 3 });
  expect(lines.map((l) => l.slice(0, 2))).toEqual(["3\t", "4\t"]);
  expect(lines[0].slice(2)).toBe(r500.disassemble(fc));
});
