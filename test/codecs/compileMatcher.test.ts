/**
 * The generated instruction lookup (generator/emit/codec/compileMatcher.ts) on patterns small
 * enough to work out by hand: the one matching instruction's index, -1 for none, -1 for two (a
 * conflict), generation ranges, and words missing from the input read as 0.
 */
import ts from "typescript";
import { compileMatcher, type MatchPattern } from "../../generator/emit/codec/compileMatcher";
import { jsonLines } from "../../generator/emit/codec/jsonLines";

type Lookup = (words: ArrayLike<number>, at: number, gpu: number | null) => number;

function lookup(patterns: MatchPattern[], wordCount: number): Lookup {
  const source = `type Words = ArrayLike<number>;\n${compileMatcher(patterns, wordCount)}\nreturn instructionAt;`;
  const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2020 } });
  return new Function(js.outputText)() as Lookup;
}

describe("compileMatcher", () => {
  // A: high nibble 1; B: high nibble 2; C: low nibble 0 (overlaps A and B); D: 0x3f from gen 600.
  const patterns: MatchPattern[] = [
    { match: [0x10], tested: [0xf0], gen: null },
    { match: [0x20], tested: [0xf0], gen: null },
    { match: [0x00], tested: [0x0f], gen: null },
    { match: [0x3f], tested: [0xff], gen: [600, 699] },
  ];
  const at = lookup(patterns, 1);

  test.each([
    [0x11, null, 0],
    [0x21, null, 1],
    [0x30, null, 2],
    // A and C both match: Mesa's bitset conflict.
    [0x10, null, -1],
    [0x20, null, -1],
    [0x31, null, -1],
    [0x3f, 600, 3],
    [0x3f, 700, -1],
    // No gpu: every generation's instructions are candidates.
    [0x3f, null, 3],
  ])("word %s, gpu %s: %s", (word, gpu, expected) => {
    expect(at([word], 0, gpu)).toBe(expected);
  });

  test("reads the words at `at`, missing ones as 0", () => {
    expect(at([0x11, 0x21, 0x30], 1, null)).toBe(1);
    // Past the end: the word reads 0, which only C matches.
    expect(at([0x11], 5, null)).toBe(2);
    const two = lookup([{ match: [0, 0x8000_0000], tested: [0, 0x8000_0000], gen: null }], 2);
    expect(two([0, 0x8000_0000], 0, null)).toBe(0);
    expect(two([0], 0, null)).toBe(-1);
  });
});

describe("jsonLines", () => {
  test("one line where it fits, else one item per line, long strings as sums", () => {
    expect(jsonLines({ a: [1, 2], b: "x" })).toBe('{"a":[1,2],"b":"x"}');
    expect(jsonLines({ a: [1, 2, 3], b: "xyz" }, 12)).toBe('{\n  "a": [1,2,3],\n  "b": "xyz"\n}');
    expect(jsonLines(["abcdef"], 6)).toBe('[\n  "abcdef"\n]');
    expect(jsonLines("abcdefgh", 4)).toBe('"abcd" +\n  "efgh"');
    expect(JSON.parse(jsonLines({ n: null, e: [], o: {} }, 3))).toEqual({ n: null, e: [], o: {} });
  });
});
