/**
 * An instruction is exactly `ISA.wordCount` words: every codec's `decode` gives `undefined` for
 * more or fewer (it had read missing words as 0, so ir3's `decode([1])` was a `nop`), and
 * `disassemble` prints what it prints for words no instruction matches, one instruction long.
 */
import { CODEC_SPECS, generatedCodec, needing } from "../helpers/builtSpecs";

const IDS = CODEC_SPECS;

for (const id of IDS)
  needing({ specs: [id] }).test(`${id}: decode refuses too few or too many words`, () => {
    const codec = generatedCodec(id);
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

for (const id of ["ir3", "ir3-cat0"])
  needing({ specs: [id] }).test(`${id}: [1] was a nop; [1, 0] still is`, () => {
    const codec = generatedCodec(id);
    expect(codec.decode([1])).toBeUndefined();
    expect(codec.decode([1, 0])?.name).toBe("nop");
  });

/** The words and what `disassemble` prints for them, one instruction long. */
const NO_MATCH: [string, number[], string][] = [
  ["ir3", [1], "no match: 0000000000000001"],
  ["ir3", [1, 1, 1], "no match: 0000000100000001"],
  ["ir3-cat0", [1, 1, 1], "no match: 0000000100000001"],
  ["etnaviv", [1], "no match: 00000000000000000000000000000001"],
  ["valhall", [1], "unknown 0x00000001 0x00000000"],
  ["r500", [], "unknown 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000"],
];
for (const [id, words, text] of NO_MATCH)
  needing({ specs: [id] }).test(`${id}: disassemble([${words}]) prints the no-match line`, () => {
    expect(generatedCodec(id).disassemble(words)).toBe(text);
  });
