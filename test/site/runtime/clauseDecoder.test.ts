/**
 * The clause decoder panel's logic (generator/runtime/site/clauseDecoder.ts) without a page: the
 * stream read from words or bytes (errors located as the CLI locates them), the words `asm` prints,
 * links to a slot instruction's page, and the tables of a decoded clause (bifrost-clauses.md
 * §11.2's, as the codec decodes it: test/site/site.test.ts runs the built codec script itself).
 */
import {
  clauseTables,
  instructionHref,
  readStream,
  streamWordsText,
} from "../../../generator/runtime/site/clauseDecoder";

/** §11.2's two slot words, as the codec names them. */
const slotMnemonic = (unit: "fma" | "add", word: number) =>
  unit === "fma" && word === 0x325539
    ? "*LSHIFT_XOR.i32"
    : unit === "add" && word === 0x95be0
      ? "+FMIN.v2f16"
      : null;

const SECTION_11_2 = "0cd8f58b4dcca992816f05fd112b034a7072b6b216a1001d9348a0a3c9372432";

test("readStream: words (0x optional) are little-endian, bytes alone or run together", () => {
  expect([...readStream("0x35d5374d 2eaa2533", false).bytes!]).toEqual([
    0x4d, 0x37, 0xd5, 0x35, 0x33, 0x25, 0xaa, 0x2e,
  ]);
  expect([...readStream("4d 37d5 # a comment\n0x35", true).bytes!]).toEqual([
    0x4d, 0x37, 0xd5, 0x35,
  ]);
  expect(readStream("", false).bytes).toHaveLength(0);
});

test("readStream: a token that is no word or bytes is an error naming its line and column", () => {
  expect(readStream("0x1\n  0x123456789", false)).toEqual({
    error: "line 2, column 3: '0x123456789' is not a 32-bit hex word",
  });
  expect(readStream("4d3", true)).toEqual({
    error: "line 1, column 1: '4d3' is not hex bytes (two hex digits each)",
  });
});

test("streamWordsText: a quadword a line, as asm prints it", () => {
  const bytes = readStream(SECTION_11_2, true).bytes!;
  expect(streamWordsText(bytes)).toBe(
    "0x8bf5d80c 0x92a9cc4d 0xfd056f81 0x4a032b11\n0xb2b67270 0x1d00a116 0xa3a04893 0x322437c9",
  );
});

test("instructionHref: a page of its own, an anchor on another page, or one on the front page", () => {
  expect(instructionHref("bifrost", "faddf32")).toBe("bifrost/faddf32.html");
  expect(instructionHref("bifrost", "slot-instructions#faddf32")).toBe(
    "bifrost/slot-instructions.html#faddf32",
  );
  expect(instructionHref("bifrost", "#faddf32")).toBe("#faddf32");
});

test("clauseTables: §11.2's clause, its tuple's words linked to their instructions, its constants", () => {
  // bifrost-clauses.md §11.2: one tuple, a header, a constants quadword (slots 0 and 1).
  const clause = {
    offset: 0,
    words: Array.from({ length: 8 }, () => 0),
    header: 0x094065623fa0,
    tuples: [{ regs: 0x44d8bf5d8, fma: 0x325539, add: 0x95be0 }],
    constants: [
      { lo: 0x6b2b6720, hi: 0x31d00a11 },
      { lo: 0xa3a04890, hi: 0x322437c9 },
      ...Array.from({ length: 4 }, () => ({ lo: 0, hi: 0 })),
    ],
    modifiers: ["plain", "plain", "plain", "plain", "plain", "plain"],
    constantCount: 2,
  };
  const tables = clauseTables("bifrost", clause, {
    codec: { slotMnemonic },
    instructions: { "*LSHIFT_XOR.i32": "lshift_xori32" },
  });
  expect(tables).toEqual([
    {
      caption: "clause_0: 2 quadwords, header 0x094065623fa0, 1 tuples",
      header: [
        "Tuple",
        "Register block",
        "FMA word",
        "FMA instruction",
        "ADD word",
        "ADD instruction",
      ],
      rows: [
        [
          { text: "0" },
          { text: "0x44d8bf5d8" },
          { text: "0x325539" },
          { text: "*LSHIFT_XOR.i32", href: "bifrost/lshift_xori32.html" },
          { text: "0x95be0" },
          // No page given for it here: its name alone.
          { text: "+FMIN.v2f16" },
        ],
      ],
    },
    {
      caption: "clause_0: constants",
      header: ["Slot", "Low half", "High half", "Modifier"],
      rows: [
        [{ text: "0" }, { text: "0x6b2b6720" }, { text: "0x31d00a11" }, { text: "plain" }],
        [{ text: "1" }, { text: "0xa3a04890" }, { text: "0x322437c9" }, { text: "plain" }],
      ],
    },
  ]);
});

test("clauseTables: a word no state matches is INSTR_INVALID_ENC, as the text says", () => {
  const clause = {
    offset: 3,
    words: [0, 0, 0, 0],
    header: 0,
    tuples: [{ regs: 0, fma: 0x20255f, add: 0x75b13 }],
    constants: [],
    modifiers: [],
    constantCount: 0,
  };
  const [tuples] = clauseTables("bifrost", clause, { codec: { slotMnemonic }, instructions: {} });
  expect(tuples.rows[0].map((c) => c.text)).toEqual([
    "0",
    "0x000000000",
    "0x20255f",
    "INSTR_INVALID_ENC",
    "0x75b13",
    "INSTR_INVALID_ENC",
  ]);
});
