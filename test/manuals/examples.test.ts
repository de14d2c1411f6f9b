/**
 * Example choice against a hand-written stand-in codec whose behaviour is known: fields `a` (bits
 * 0-3), `b` (flag, bit 4) and `c` (enum, bits 5-6). Its text shows `a` and `b` but not `c`, so `c`
 * cannot survive a round trip and must stay at its default.
 */
import { instructionExample } from "../../generator/emit/manual/examples";
import type { GeneratedCodec } from "../../generator/emit/manual/loadGeneratedCodec";
import { at, field, instruction, model } from "../helpers/modelFactory";

function fakeCodec(opts: { printC: boolean; breakText?: boolean }): GeneratedCodec {
  const raw = (v: unknown): number =>
    typeof v === "boolean"
      ? Number(v)
      : typeof v === "string"
        ? Number(v.slice("value".length))
        : (v as number);
  return {
    ISA: { id: "t", wordCount: 2, defaultGpu: null },
    encode: ({ fields }) => {
      for (const k of ["a", "b", "c"])
        if (fields[k] === undefined) throw new TypeError(`X: missing field ${k}`);
      return Uint32Array.from([raw(fields.a) | (raw(fields.b) << 4) | (raw(fields.c) << 5), 0]);
    },
    decode: () => ({ name: "X" }),
    disassemble: (w) => {
      const text = `x a=${w[0] & 15} b=${(w[0] >> 4) & 1}${opts.printC ? ` c=${(w[0] >> 5) & 3}` : ""}`;
      return opts.breakText ? `${text} ???` : text;
    },
    assemble: (text) => {
      const m = /^x a=(\d+) b=(\d+)(?: c=(\d+))?$/.exec(text);
      if (!m) throw new SyntaxError(`bad text '${text}'`);
      return Uint32Array.from([Number(m[1]) | (Number(m[2]) << 4) | (Number(m[3] ?? 0) << 5), 0]);
    },
  };
}

const m = model({
  enums: [
    {
      name: "E",
      values: [
        { value: 0, name: "zero", source: at(2) },
        { value: 1, reserved: true, source: at(3) },
        { value: 2, name: "two", source: at(4) },
      ],
      source: at(1),
    },
  ],
});
const ins = instruction("X", [0, 0], [0, 0], 5, {
  fields: [
    field("a", 0, 3, 6),
    field("b", 4, 4, 7, { type: "bool" }),
    field("c", 5, 6, 8, { type: "enum", enum: "E", default: 0 }),
  ],
});

test("every field gets its preferred value when the text shows it: 1, set, first non-reserved non-zero enum value", () => {
  const ex = instructionExample(m, ins, fakeCodec({ printC: true }));
  // a = 1, b = 1 (bit 4), c = 2 (bits 5-6): 1 + 16 + 64
  expect(ex.words).toEqual([81, 0]);
  expect(ex.text).toBe("x a=1 b=1 c=2");
  expect(ex.varied).toEqual(["a", "b", "c"]);
});

test("a field whose value the text loses keeps its default", () => {
  const ex = instructionExample(m, ins, fakeCodec({ printC: false }));
  expect(ex.words).toEqual([17, 0]);
  expect(ex.text).toBe("x a=1 b=1");
  expect(ex.varied).toEqual(["a", "b"]);
});

test("no text that round-trips gives a decode-only example of the defaults, saying why (issue 12)", () => {
  const ex = instructionExample(m, ins, fakeCodec({ printC: true, breakText: true }));
  // Every field at its default (a = 0, b = 0, c = 0) encodes to 0, which the codec prints.
  expect(ex.words).toEqual([0, 0]);
  expect(ex.text).toBe("x a=0 b=0 c=0 ???");
  expect(ex.varied).toEqual([]);
  expect(ex.decodeOnly).toBe(
    "'x a=1 b=1 c=2 ???' does not assemble: bad text 'x a=1 b=1 c=2 ???'; with every field at its default, 'x a=0 b=0 c=0 ???' does not assemble: bad text 'x a=0 b=0 c=0 ???'",
  );
});
