/**
 * ir3's cat0 in the codec: Mesa isaspec text (disassembly-syntax.md §1, source-formats.md A.2–A.9).
 * Expected words are computed here from the bit table of disassembly-syntax.md §1 and the opcode
 * patterns of ir3-cat0.xml (OPC/OPC_HI/BRTYPE), never taken from the codec; expected texts are
 * written by hand. Every check runs on the shipped codec (all of Mesa's ir3, the seed page as its
 * cat0) and on the codec of the cat0 fixture (test/helpers/ir3Cat0: the seed page alone): cat0
 * reads the same in both. The other categories' goldens are in isaspecMesa.test.ts.
 *
 * @needs-upstream mesa
 */
import fc from "fast-check";
import * as ts from "typescript";
import { emitTsCodec } from "../../generator/emit/emitTsCodec";
import type { Field, IsaModel } from "../../generator/model/types";
import * as shippedIr3 from "../../out/ts/ir3";
import type { Instruction as Ir3Instruction } from "../../out/ts/ir3";
import { ir3Cat0 } from "../helpers/ir3Cat0";
import { shippedModels } from "../helpers/shippedModels";

/* Bits, from the §1 field table ------------------------------------------------------------------ */

interface Bits {
  opc: number;
  opcHi?: number;
  brtype?: number;
  immed?: number;
  index?: number;
  repeat?: number;
  ss?: number;
  inv2?: number;
  comp2?: number;
  eq?: number;
  inv1?: number;
  comp1?: number;
  w?: number;
  jp?: number;
  sy?: number;
}

/** [low, high]: XML bit N is bit N of (high << 32) | low; high-word bit k is instruction bit 32 + k. */
function word(b: Bits): [number, number] {
  const hi =
    (b.index ?? 0) | // 32–36
    ((b.brtype ?? 0) << 5) | // 37–39
    ((b.repeat ?? 0) << 8) | // 40–42
    ((b.ss ?? 0) << 12) | // 44
    ((b.inv2 ?? 0) << 13) | // 45
    ((b.comp2 ?? 0) << 14) | // 46–47
    ((b.eq ?? 0) << 16) | // 48
    ((b.opcHi ?? 0) << 17) | // 49
    ((b.inv1 ?? 0) << 20) | // 52
    ((b.comp1 ?? 0) << 21) | // 53–54
    ((b.w ?? 0) << 20) | // 52–54 (getlast)
    (b.opc << 23) | // 55–58
    ((b.jp ?? 0) << 27) | // 59
    ((b.sy ?? 0) << 28); // 60; 61–63 (category) = 0
  return [(b.immed ?? 0) >>> 0, hi >>> 0];
}

/** Mesa's `HHHHHHHH_LLLLLLLL` (high word first) as [low, high]. */
function mesaHex(text: string): [number, number] {
  const [hi, lo] = text.split("_");
  return [parseInt(lo, 16), parseInt(hi, 16)];
}

const words = (w: ArrayLike<number>): number[] => Array.from(w, (x) => x >>> 0);

/* Opcodes and groups (ir3-cat0.xml patterns; groups and templates from §1) ------------------------ */

type Group = "0src" | "1src" | "immed" | "getlast" | "brac" | "brax" | "branch1" | "branch2";

const OPCODES: Record<string, { group: Group; opc: number; opcHi: number; brtype?: number }> = {
  nop: { group: "0src", opc: 0, opcHi: 0 },
  end: { group: "0src", opc: 6, opcHi: 0 },
  ret: { group: "0src", opc: 4, opcHi: 0 },
  emit: { group: "0src", opc: 7, opcHi: 0 },
  cut: { group: "0src", opc: 8, opcHi: 0 },
  chmask: { group: "0src", opc: 9, opcHi: 0 },
  chsh: { group: "0src", opc: 10, opcHi: 0 },
  flow_rev: { group: "0src", opc: 11, opcHi: 0 },
  shpe: { group: "0src", opc: 8, opcHi: 1 },
  predt: { group: "0src", opc: 13, opcHi: 1 },
  predf: { group: "0src", opc: 14, opcHi: 1 },
  prede: { group: "0src", opc: 15, opcHi: 1 },
  kill: { group: "1src", opc: 5, opcHi: 0 },
  jump: { group: "immed", opc: 2, opcHi: 0 },
  call: { group: "immed", opc: 3, opcHi: 0 },
  bkt: { group: "immed", opc: 0, opcHi: 1 },
  getone: { group: "immed", opc: 5, opcHi: 1 },
  shps: { group: "immed", opc: 7, opcHi: 1 },
  getlast: { group: "getlast", opc: 4, opcHi: 1 },
  brac: { group: "brac", opc: 1, opcHi: 0, brtype: 3 },
  brax: { group: "brax", opc: 1, opcHi: 0, brtype: 6 },
  br: { group: "branch1", opc: 1, opcHi: 0, brtype: 0 },
  bany: { group: "branch1", opc: 1, opcHi: 0, brtype: 4 },
  ball: { group: "branch1", opc: 1, opcHi: 0, brtype: 5 },
  brao: { group: "branch2", opc: 1, opcHi: 0, brtype: 1 },
  braa: { group: "branch2", opc: 1, opcHi: 0, brtype: 2 },
};

const COMMON = ["IMMED", "REPEAT", "SS", "EQ", "JP", "SY"];
const b = (...bits: number[]): number => bits.reduce((m, n) => (m | (1 << (n - 32))) >>> 0, 0);
const range = (low: number, high: number): number => {
  let m = 0;
  for (let n = low; n <= high; n++) m = (m | (1 << (n - 32))) >>> 0;
  return m;
};
const FLAGS = (range(40, 42) | b(44, 48, 59, 60)) >>> 0; // REPEAT, SS, EQ, JP, SY

/**
 * Per group: fields; don't-care bits of the high word (pattern `x`, cf. A.3); field bits of the
 * high word (IMMED is the whole low word); and fields the display template does not show, which
 * assemble as 0 (A.9).
 */
const GROUPS: Record<
  Group,
  { fields: string[]; dontCare: number; fieldBits: number; hidden: string[] }
> = {
  "0src": {
    fields: COMMON,
    dontCare: range(32, 36) | b(43) | range(50, 51),
    fieldBits: FLAGS,
    hidden: ["IMMED"],
  },
  "1src": {
    fields: [...COMMON, "INV1", "COMP1"],
    dontCare: b(43) | range(50, 51),
    fieldBits: FLAGS | range(52, 54),
    hidden: ["IMMED", "REPEAT"],
  },
  immed: {
    fields: COMMON,
    dontCare: range(32, 39) | b(43) | range(45, 47) | range(50, 54),
    fieldBits: FLAGS,
    hidden: ["REPEAT", "EQ"],
  },
  getlast: {
    fields: [...COMMON, "W"],
    dontCare: range(32, 39) | b(43) | range(45, 47) | range(50, 51),
    fieldBits: FLAGS | range(52, 54),
    hidden: ["REPEAT", "EQ"],
  },
  brac: {
    fields: [...COMMON, "INDEX"],
    dontCare: b(43) | range(45, 47) | range(50, 54),
    fieldBits: FLAGS | range(32, 36),
    hidden: ["REPEAT"],
  },
  brax: {
    fields: COMMON,
    dontCare: range(32, 36) | b(43) | range(45, 47) | range(50, 54),
    fieldBits: FLAGS,
    hidden: [],
  },
  branch1: {
    fields: [...COMMON, "INV1", "COMP1"],
    dontCare: range(32, 36) | b(43) | range(45, 47) | range(50, 51),
    fieldBits: FLAGS | range(52, 54),
    hidden: ["REPEAT"],
  },
  branch2: {
    fields: [...COMMON, "INV2", "COMP2", "INV1", "COMP1"],
    dontCare: range(32, 36) | b(43) | range(50, 51),
    fieldBits: FLAGS | range(45, 47) | range(52, 54),
    hidden: ["REPEAT"],
  },
};

/** High-word bits of a hidden field (IMMED is the low word). */
const HIDDEN_HIGH: Record<string, number> = { REPEAT: range(40, 42), EQ: b(48) };

function opcodeWord(name: string): [number, number] {
  const o = OPCODES[name];
  return word({ opc: o.opc, opcHi: o.opcHi, brtype: o.brtype });
}

/** What assembling a word's text must give: don't-care bits and hidden fields cleared. */
function canonical(name: string, w: [number, number]): [number, number] {
  const g = GROUPS[OPCODES[name].group];
  const lo = g.hidden.includes("IMMED") ? 0 : w[0];
  const hidden = g.hidden.reduce((m, f) => m | (HIDDEN_HIGH[f] ?? 0), 0);
  return [lo >>> 0, (w[1] & ~g.dontCare & ~hidden) >>> 0];
}

/* Tests ------------------------------------------------------------------------------------------ */

const fixture = ir3Cat0();
const SEED_PAGE_FILE = "specs/ir3/ir3-cat0.xml.page.txt";

/**
 * The two codecs, each with its default generation (the newest gen.min of any instruction: a7xx
 * for Mesa's ir3, whose cat6 ldg.a and cat7 lock start there; a6xx for getlast in the fixture)
 * and the names of its cat0 instructions (those read from the seed page).
 */
type ShippedIr3 = typeof shippedIr3;

// Both typed as the shipped codec (the fixture's types are a subset: cat0 alone).
const CODECS: [string, ShippedIr3, { defaultGpu: number; cat0: string[] }][] = [
  [
    "shipped ir3",
    shippedIr3,
    {
      defaultGpu: 700,
      cat0: shippedModels(["ir3"])
        .models.find((m) => m.isa.id === "ir3")!
        .instructions.filter((i) => i.source.file === "mesa:src/freedreno/isa/ir3-cat0.xml")
        .map((i) => i.name),
    },
  ],
  [
    "cat0 fixture",
    fixture.codec as unknown as ShippedIr3,
    { defaultGpu: 600, cat0: [...fixture.codec.INSTRUCTION_NAMES] },
  ],
];

describe.each(CODECS)("%s", (_, ir3, spec) => {
  describe("ir3 isaspec text: worked examples of disassembly-syntax.md §1 and source-formats.md A", () => {
    const examples: [string, string][] = [
      ["00900000_00000003", "br !p0.x, #3"],
      ["02220000_00000004", "getlast.w8 #4"],
      ["00906020_00000007", "brao !p0.x, !p0.y, #7"],
      ["00800063_0000001e", "brac.3 #30"],
      // source-formats.md A.6 and A.11
      ["00000000_00000000", "nop"],
      ["03000000_00000000", "end"],
      ["13000000_00000000", "(sy)end"],
      ["01000000_00000003", "jump #3"],
      ["00900000_fffffffe", "br !p0.x, #-2"],
      ["02220000_00000005", "getlast.w8 #5"],
    ];
    test.each(examples)("%s → %s", (hex, text) => {
      const w = mesaHex(hex);
      expect(ir3.disassemble(w)).toBe(text);
      expect(words(ir3.assemble(text))).toEqual(w);
    });

    test("jump with IMMED 0xfffffffc prints a signed offset, no label", () => {
      expect(ir3.disassemble([0xfffffffc, 0x01000000])).toBe("jump #-4");
      expect(words(ir3.assemble("jump #-4"))).toEqual([0xfffffffc, 0x01000000]);
    });

    test(`the default generation is the newest (${spec.defaultGpu}): getlast decodes unless an older gpu is asked for`, () => {
      expect(ir3.ISA.defaultGpu).toBe(spec.defaultGpu);
      const w = mesaHex("02220000_00000004");
      expect(ir3.disassemble(w, { gpu: 600 })).toBe("getlast.w8 #4");
      expect(ir3.disassemble(w, { gpu: 500 })).toBe("no match: 0222000000000004");
      expect(ir3.disassemble(mesaHex("00900000_00000003"), { gpu: 300 })).toBe("br !p0.x, #3");
    });
  });

  /** One or more hand-derived vectors per instruction: [name, bits, exact text]. */
  /**
   * One or more hand-derived vectors per instruction: [name, bits, the exact text that assembles to
   * them, what disassembly prints where that differs].
   */
  const GOLDEN: [string, Bits, string, string?][] = [
    ["nop", { opc: 0 }, "nop"],
    ["nop", { opc: 0, sy: 1, ss: 1, eq: 1, jp: 1, repeat: 3 }, "(sy)(ss)(eq)(jp)(rpt3)nop"],
    ["end", { opc: 6, sy: 1 }, "(sy)end"],
    ["ret", { opc: 4, repeat: 2 }, "(rpt2)ret"],
    ["emit", { opc: 7, ss: 1 }, "(ss)emit"],
    ["cut", { opc: 8, jp: 1 }, "(jp)cut"],
    ["chmask", { opc: 9, eq: 1, repeat: 1 }, "(eq)(rpt1)chmask"],
    ["chsh", { opc: 10, repeat: 5, sy: 1 }, "(sy)(rpt5)chsh"],
    // #rptN has no entry for 6 and 7: the enum prints the number (A.11).
    ["flow_rev", { opc: 11, repeat: 6 }, "6flow_rev"],
    ["shpe", { opc: 8, opcHi: 1, ss: 1 }, "(ss)shpe"],
    ["predt", { opc: 13, opcHi: 1 }, "predt"],
    ["predf", { opc: 14, opcHi: 1, repeat: 7 }, "7predf"],
    ["prede", { opc: 15, opcHi: 1, jp: 1, eq: 1, ss: 1 }, "(ss)(eq)(jp)prede"],
    ["kill", { opc: 5, inv1: 1, comp1: 3, sy: 1 }, "(sy)kill !p0.w"],
    ["kill", { opc: 5, comp1: 2, eq: 1 }, "(eq)kill p0.z"],
    ["jump", { opc: 2, immed: 0xfffffffc }, "jump #-4"],
    ["jump", { opc: 2, immed: 3, jp: 1 }, "(jp)jump #3"],
    ["call", { opc: 3, immed: 0x7fffffff, ss: 1 }, "(ss)call #2147483647"],
    ["bkt", { opc: 0, opcHi: 1, immed: 0x80000000 }, "bkt #-2147483648"],
    ["getone", { opc: 5, opcHi: 1, immed: 12, jp: 1 }, "(jp)getone #12"],
    ["shps", { opc: 7, opcHi: 1, immed: 2, sy: 1, ss: 1 }, "(sy)(ss)shps #2"],
    ["getlast", { opc: 4, opcHi: 1, w: 2, immed: 4 }, "getlast.w8 #4"],
    ["getlast", { opc: 4, opcHi: 1, w: 0, immed: 0xffffffff, sy: 1 }, "(sy)getlast.w2 #-1"],
    ["getlast", { opc: 4, opcHi: 1, w: 7, immed: 0 }, "getlast.w256 #0"],
    ["brac", { opc: 1, brtype: 3, index: 3, immed: 30 }, "brac.3 #30"],
    ["brac", { opc: 1, brtype: 3, index: 31, eq: 1, immed: 0xffffffff }, "(eq)brac.31 #-1"],
    // No display template anywhere in brax's chain: Mesa prints nothing; the assembler takes the
    // documented form instead, every field in decimal.
    ["brax", { opc: 1, brtype: 6, immed: 3 }, "brax IMMED=3, REPEAT=0, SS=0, EQ=0, JP=0, SY=0", ""],
    [
      "brax",
      { opc: 1, brtype: 6, immed: 0xfffffffb, repeat: 2, ss: 1, sy: 1 },
      "brax IMMED=-5, REPEAT=2, SS=1, EQ=0, JP=0, SY=1",
      "",
    ],
    ["br", { opc: 1, brtype: 0, inv1: 1, comp1: 0, immed: 3 }, "br !p0.x, #3"],
    ["br", { opc: 1, brtype: 0, comp1: 2, immed: 0xfffffffe }, "br p0.z, #-2"],
    ["bany", { opc: 1, brtype: 4, comp1: 1, immed: 8 }, "bany p0.y, #8"],
    [
      "ball",
      { opc: 1, brtype: 5, inv1: 1, comp1: 3, immed: 1, sy: 1, ss: 1 },
      "(sy)(ss)ball !p0.w, #1",
    ],
    ["brao", { opc: 1, brtype: 1, inv1: 1, inv2: 1, comp2: 1, immed: 7 }, "brao !p0.x, !p0.y, #7"],
    [
      "braa",
      { opc: 1, brtype: 2, comp1: 2, inv2: 1, comp2: 3, immed: 100, jp: 1, eq: 1 },
      "(eq)(jp)braa p0.z, !p0.w, #100",
    ],
  ];

  describe("ir3 golden vectors (words from the §1 bit table, text by hand)", () => {
    test("cover every cat0 instruction", () => {
      expect(new Set(GOLDEN.map((g) => g[0]))).toEqual(new Set(spec.cat0));
      expect(Object.keys(OPCODES).sort()).toEqual([...spec.cat0].sort());
      expect(spec.cat0).toHaveLength(26);
    });

    test.each(GOLDEN.map(([n, bits, text, printed]) => [n, bits, text, printed ?? text] as const))(
      "%s: %j → %s",
      (name, bits, text, printed) => {
        const w = word(bits);
        expect(ir3.decode(w)?.name).toBe(name);
        expect(Object.keys(ir3.decode(w)!.fields)).toEqual(GROUPS[OPCODES[name].group].fields);
        expect(ir3.disassemble(w)).toBe(printed);
        expect(words(ir3.assemble(text))).toEqual(w);
      },
    );

    test("one line per instruction, no trailing newline", () => {
      for (const [, bits] of GOLDEN) expect(ir3.disassemble(word(bits))).not.toMatch(/\n/);
    });

    test("a multi-line text assembles to the words of its lines, skipping blank lines", () => {
      const text = GOLDEN.map((g) => g[2]).join("\n\n");
      expect(words(ir3.assemble(text))).toEqual(GOLDEN.flatMap((g) => word(g[1])));
      expect(words(ir3.assemble(""))).toEqual([]);
    });

    test("flexible spacing: a template space may be several or none next to punctuation", () => {
      expect(words(ir3.assemble("  br   !p0.x,#3  "))).toEqual(word({ opc: 1, inv1: 1, immed: 3 }));
    });
  });

  describe("ir3: set don't-care bits and fields the template does not show", () => {
    test("don't-care bits do not change the text; showErrors appends Mesa's comment (A.4)", () => {
      const w: [number, number] = [0, (word({ opc: 4 })[1] | range(32, 36) | b(43)) >>> 0];
      expect(ir3.disassemble(w)).toBe("ret");
      expect(ir3.disassemble(w, { showErrors: true })).toBe(
        "ret\t; dontcare bits in ret: 0000081f00000000",
      );
      expect(words(ir3.assemble("ret\t; dontcare bits in ret: 0000081f00000000"))).toEqual(
        word({ opc: 4 }),
      );
      const br: [number, number] = [3, 0x00900000 | b(50)];
      expect(ir3.disassemble(br, { showErrors: true })).toBe(
        "br !p0.x, #3\t; dontcare bits in br: 0004000000000000",
      );
    });

    test("brax's missing template: Mesa prints nothing, and the error only with showErrors", () => {
      expect(ir3.disassemble(word({ opc: 1, brtype: 6 }))).toBe("");
      expect(ir3.disassemble(word({ opc: 1, brtype: 6 }), { showErrors: true })).toBe(
        "\t; brax: no display template",
      );
      const dc: [number, number] = [0, (word({ opc: 1, brtype: 6 })[1] | b(43)) >>> 0];
      expect(ir3.disassemble(dc, { showErrors: true })).toBe(
        "\t; dontcare bits in brax: 0000080000000000, brax: no display template",
      );
      expect(words(ir3.assemble(""))).toEqual([]);
    });

    test("hidden fields print nothing and assemble as 0 (isaspec encode semantics, A.9)", () => {
      const nop = word({ opc: 0, immed: 1234 });
      expect(ir3.disassemble(nop)).toBe("nop");
      expect(words(ir3.assemble("nop"))).toEqual([0, 0]);
      const jump = word({ opc: 2, immed: 5, repeat: 3, eq: 1 });
      expect(ir3.disassemble(jump)).toBe("jump #5");
      expect(words(ir3.assemble("jump #5"))).toEqual(word({ opc: 2, immed: 5 }));
    });

    test("the seed predates EOLM/EOGM: bits 32–33 are don't-care in the 0-source group", () => {
      const w: [number, number] = [0, b(32, 33)];
      expect(ir3.disassemble(w)).toBe("nop");
      expect(ir3.disassemble(w, { showErrors: true })).toBe(
        "nop\t; dontcare bits in nop: 0000000300000000",
      );
    });

    test("a word no instruction matches prints Mesa's `no match: ` and its hex", () => {
      expect(ir3.disassemble([5, 0x07000000])).toBe("no match: 0700000000000005"); // OPC 14, OPC_HI 0
      expect(ir3.disassemble([])).toBe("no match: 0000000000000000"); // not one instruction
    });
  });

  describe("ir3 property tests (every instruction)", () => {
    const names = Object.keys(OPCODES);
    const u32 = fc.integer({ min: 0, max: 0xffffffff });

    /** A word of instruction `name` with random field bits and, if `dc`, random don't-care bits. */
    const wordOf = (name: string, lo: number, hi: number, dc: boolean): [number, number] => {
      const g = GROUPS[OPCODES[name].group];
      const [, fixed] = opcodeWord(name);
      return [lo >>> 0, (fixed | (hi & (g.fieldBits | (dc ? g.dontCare : 0)))) >>> 0];
    };

    test.each(names)("%s", (name) => {
      const g = GROUPS[OPCODES[name].group];
      fc.assert(
        fc.property(u32, u32, fc.boolean(), (lo, hi, dc) => {
          const w = wordOf(name, lo, hi, dc);
          const d = ir3.decode(w);
          expect(d?.name).toBe(name);
          const clean: [number, number] = [w[0], (w[1] & ~g.dontCare) >>> 0];
          // decode(encode(x)) = x for the field values x of any valid word
          const x = { name: d!.name, fields: d!.fields } as Ir3Instruction;
          expect(ir3.decode(ir3.encode(x))).toEqual(x);
          // encode(decode(w)) = w without its don't-care bits
          expect(words(ir3.encode(x))).toEqual(clean);
          // assemble(disassemble(w)) = w without don't-care bits and fields the template hides
          const text = ir3.disassemble(w);
          if (name === "brax") return expect(text).toBe(""); // no template: the golden tests cover its form
          expect(words(ir3.assemble(text))).toEqual(canonical(name, w));
          expect(words(ir3.assemble(ir3.disassemble(w, { showErrors: true })))).toEqual(
            canonical(name, w),
          );
          expect(ir3.disassemble(ir3.assemble(text))).toBe(text);
          // don't-care comment iff don't-care bits are set
          expect(ir3.disassemble(w, { showErrors: true }).includes("dontcare bits in ")).toBe(
            (w[1] & g.dontCare) !== 0,
          );
        }),
        { numRuns: 200 },
      );
    });

    test("assemble(disassemble(w)) over random words of any instruction with a template", () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...names.filter((n) => n !== "brax")),
          u32,
          u32,
          (name, lo, hi) => {
            const w = wordOf(name, lo, hi, true);
            expect(words(ir3.assemble(ir3.disassemble(w)))).toEqual(canonical(name, w));
          },
        ),
        { numRuns: 1000 },
      );
    });

    test("disassemble never throws, and prints one line", () => {
      fc.assert(
        fc.property(u32, u32, fc.integer({ min: 0, max: 1000 }), (lo, hi, gpu) => {
          const text = ir3.disassemble([lo, hi], { gpu, showErrors: true });
          expect(text).not.toMatch(/\n/);
          if (!ir3.decode([lo, hi], { gpu })) expect(text).toMatch(/^no match: [0-9a-f]{16}$/);
        }),
        { numRuns: 1000 },
      );
    });
  });

  describe("ir3 assembler errors", () => {
    const cases: [string, number, number, string][] = [
      ["brx p0.x, #1", 1, 1, "unknown mnemonic 'brx'"],
      ["br !p0.q, #1", 1, 8, "expected COMP1 (x, y, z or w), found 'q'"],
      ["(sy)brx #1", 1, 5, "unknown mnemonic 'brx'"],
      ["getlast.w7 #4", 1, 10, "CLUSTER_SIZE = 2ULL << {W} cannot be 7"],
      ["getlast.w512 #4", 1, 10, "CLUSTER_SIZE = 2ULL << {W} cannot be 512"],
      ["brac.32 #1", 1, 6, "expected INDEX in 0..31, found '32'"],
      ["brac.x #1", 1, 6, "expected INDEX (a decimal number), found 'x'"],
      // 2147483648 is Mesa's int -2147483648 (T_INT's strtoul into an int, ir3_lexer.l:97): it
      // assembles (test/codecs/ir3MesaAsm.test.ts); a number past 32 bits has no 32-bit reading.
      ["jump #4294967296", 1, 7, "expected IMMED in -2147483648..2147483647, found '4294967296'"],
      ["jump 3", 1, 6, "expected '#', found '3'"],
      ["jump #", 1, 7, "expected IMMED (a signed decimal number), found end of line"],
      ["end foo", 1, 5, "expected end of line, found 'foo'"],
      ["nop (sy)", 1, 5, "expected end of line, found '(sy)'"],
      ["br !p0.x #3", 1, 9, "expected ',', found a space"],
      ["brao !p0.x, #3", 1, 13, "expected '!' or 'p0.', found '#3'"],
      ["nop\n(sy)end\nkill p1.x", 3, 6, "expected '!' or 'p0.', found 'p1.x'"],
    ];
    test.each(cases)("%j → %i:%i %s", (text, line, column, message) => {
      let error: unknown;
      try {
        ir3.assemble(text);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ir3.AssemblyError);
      const e = error as InstanceType<typeof ir3.AssemblyError>;
      expect({ line: e.line, column: e.column, message: e.message }).toEqual({
        line,
        column,
        message: `${line}:${column}: ${message}`,
      });
    });

    test("getlast needs gpu ≥ 600 when a gpu is given", () => {
      expect(words(ir3.assemble("getlast.w8 #4", { gpu: 600 }))).toEqual(
        mesaHex("02220000_00000004"),
      );
      expect(() => ir3.assemble("getlast.w8 #4", { gpu: 500 })).toThrow(
        "1:1: unknown mnemonic 'getlast' for gpu 500",
      );
    });
  });
});

describe("cat0 fixture: only cat0", () => {
  test("it has the seed's 26 instructions and nothing else", () => {
    expect(fixture.codec.INSTRUCTION_NAMES).toHaveLength(26);
    expect(fixture.model.instructions.every((i) => i.source.file === SEED_PAGE_FILE)).toBe(true);
  });

  test("a category-1 word is unknown there (the shipped ir3 decodes it as mov, see isaspecMesa.test.ts)", () => {
    expect(fixture.codec.disassemble([0, 0x20000000])).toBe("no match: 2000000000000000");
  });
});

/* The interpreter beyond cat0: a variant of the ir3 model whose instructions use the other field
 * types, overrides, `align` and derived values, rendered and loaded like the shipped codec. */

type Codec = typeof shippedIr3;

function codecFor(model: IsaModel): Codec {
  const [file] = emitTsCodec([model]);
  const js = ts.transpileModule(file.content, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const module = { exports: {} as Codec };
  new Function("exports", "module", js)(module.exports, module);
  return module.exports;
}

describe("isaspec interpreter on a variant model (types, overrides, align, derived)", () => {
  const source = { file: "test", line: 1, column: 1 };
  const model: IsaModel = JSON.parse(
    JSON.stringify(shippedModels(["ir3"]).models.find((m) => m.isa.id === "ir3")),
  );
  const ins = (name: string) => model.instructions.find((i) => i.name === name)!;
  const field = (name: string, f: string) => ins(name).fields.find((x) => x.name === f)!;
  const newField = (
    name: string,
    low: number,
    high: number,
    type: Field["type"],
    extra: Partial<Field> = {},
  ): Field => ({
    name,
    ranges: [{ low, high }],
    width: high - low + 1,
    type,
    source,
    ...extra,
  });
  // call: IMMED float32; bkt: a float16 IMMED; getone: offset; shps: uoffset.
  field("call", "IMMED").type = "float";
  Object.assign(field("bkt", "IMMED"), {
    type: "float",
    ranges: [{ low: 0, high: 15 }],
    width: 16,
  });
  field("getone", "IMMED").type = "offset";
  field("shps", "IMMED").type = "uoffset";
  // kill: INV1 as bool_inv; chmask: SS without a display.
  field("kill", "INV1").type = "bool_inv";
  delete field("chmask", "SS").display;
  // ret: hex IMMED at column 10 after padding to 6.
  field("ret", "IMMED").type = "hex";
  ins("ret").display = "{NAME}{:align=6}{IMMED:align=10}.{SS}";
  // jump: an override chosen by its expression.
  ins("jump").overrides.push({
    expr: "{IMMED} == 0",
    display: "{NAME} self",
    fields: [],
    derived: [],
    source,
  });
  // emit: an override with its own field (used by its own expression) and an assertion (bit 34).
  ins("emit").overrides.push({
    expr: "{X} != 0",
    display: "{NAME}.x{X}",
    fields: [newField("X", 32, 33, "uint")],
    derived: [],
    assertions: [{ bitset: "emit", low: 34, high: 34, value: 1 }],
    source,
  });
  // cut: a signed derived value of a field the template does not show.
  ins("cut").derived.push({ name: "NEG", type: "int", width: 8, expr: "{REPEAT} - 4", source });
  ins("cut").display = "{NAME} {NEG}";
  // end: IMMED as a custom field, which needs the driver's printer upstream.
  field("end", "IMMED").type = "custom";
  ins("end").display = "{NAME} <{IMMED}>";
  const v = codecFor(model);
  const f32 = (x: number): number => new Uint32Array(new Float32Array([x]).buffer)[0];
  const hiOf = (name: string): number => opcodeWord(name)[1];

  test.each([
    [0x3f000000, "call #0.500000"],
    [0xbf800000, "call #-1.000000"],
    [0x80000000, "call #-0.000000"],
    [0x00000001, "call #0.000000"],
    [0x7fc00000, "call #nan"],
    [0xffc00000, "call #-nan"],
    [0x7f800000, "call #inf"],
    [0xff800000, "call #-inf"],
    [0x7f7fffff, "call #340282346638528859811704183484516925440.000000"],
    // 122.0703125 is a tie at 6 decimals: C rounds the exact value half to even.
    [f32(122.0703125), "call #122.070312"],
    [f32(122.0703125) + 1, "call #122.070320"],
    [f32(0.1), "call #0.100000"],
  ])("float32 %i prints C %%f: %s", (raw, text) => {
    expect(v.disassemble([raw, hiOf("call")])).toBe(text);
  });

  test("floats assemble to the nearest float (text with more than 6 decimals is lossy)", () => {
    expect(words(v.assemble("call #0.5"))).toEqual([0x3f000000, hiOf("call")]);
    expect(words(v.assemble("call #-nan"))).toEqual([0xffc00000, hiOf("call")]);
    expect(words(v.assemble("call #-inf"))).toEqual([0xff800000, hiOf("call")]);
    expect(words(v.assemble("call #0.100000"))).toEqual([f32(0.1), hiOf("call")]);
  });

  test("float16", () => {
    expect(v.disassemble([0x3800, hiOf("bkt")])).toBe("bkt #0.500000");
    expect(v.disassemble([0x7bff, hiOf("bkt")])).toBe("bkt #65504.000000");
    expect(v.disassemble([0xfc00, hiOf("bkt")])).toBe("bkt #-inf");
    expect(v.disassemble([0x0001, hiOf("bkt")])).toBe("bkt #0.000000");
    expect(words(v.assemble("bkt #65504.000000"))).toEqual([0x7bff, hiOf("bkt")]);
    expect(words(v.assemble("bkt #0.333"))).toEqual([0x3554, hiOf("bkt")]); // 0.33325 is nearer than 0.33350
    expect(words(v.assemble("bkt #70000"))).toEqual([0x7c00, hiOf("bkt")]);
  });

  test("offset and uoffset print nothing for 0 and a sign otherwise", () => {
    expect(v.disassemble([4, hiOf("getone")])).toBe("getone #+4");
    expect(v.disassemble([0xfffffffc, hiOf("getone")])).toBe("getone #-4");
    expect(v.disassemble([0, hiOf("getone")])).toBe("getone #");
    expect(v.disassemble([7, hiOf("shps")])).toBe("shps #+7");
    expect(v.disassemble([0, hiOf("shps")])).toBe("shps #");
    for (const [text, lo, name] of [
      ["getone #-4", 0xfffffffc, "getone"],
      ["getone #", 0, "getone"],
      ["shps #+7", 7, "shps"],
      ["shps #", 0, "shps"],
    ] as const)
      expect(words(v.assemble(text))).toEqual([lo, hiOf(name)]);
  });

  test("bool_inv prints its display when clear; bool without display prints 0/1", () => {
    expect(v.disassemble([0, hiOf("kill")])).toBe("kill !p0.x");
    expect(v.disassemble([0, hiOf("kill") | b(52)])).toBe("kill p0.x");
    expect(words(v.assemble("kill p0.x"))).toEqual([0, hiOf("kill") | b(52)]);
    expect(v.disassemble([0, hiOf("chmask") | b(44)])).toBe("1chmask");
    expect(v.disassemble([0, hiOf("chmask")])).toBe("0chmask");
    expect(words(v.assemble("1chmask"))).toEqual([0, hiOf("chmask") | b(44)]);
  });

  test("{FIELD:align=N} and {:align=N} pad to column N; hex prints lowercase without 0x", () => {
    expect(v.disassemble([0xbeef, hiOf("ret") | b(44)])).toBe("ret       beef.(ss)");
    expect(words(v.assemble("ret beef.(ss)"))).toEqual([0xbeef, hiOf("ret") | b(44)]);
  });

  test("an override applies when its expression is true, and the assembler makes it true", () => {
    expect(v.disassemble([0, hiOf("jump")])).toBe("jump self");
    expect(v.disassemble([5, hiOf("jump")])).toBe("jump #5");
    expect(words(v.assemble("jump self"))).toEqual([0, hiOf("jump")]);
    expect(() => v.assemble("jump #0")).toThrow(
      "1:1: jump: another display applies to these values",
    );
  });

  test("an override's expression may use its own fields; its assertion must hold", () => {
    const hi = hiOf("emit");
    expect(v.disassemble([0, hi | b(33) | b(34)])).toBe("emit.x2");
    // Bit 34 not set: the assertion fails, which Mesa reports but still prints the override's text.
    expect(v.disassemble([0, hi | b(33)])).toBe("emit.x2");
    expect(v.disassemble([0, hi | b(33)], { showErrors: true })).toBe(
      "emit.x2\t; dontcare bits in emit: 0000000200000000, WARNING: unexpected bits[34:34] in emit: 0000000000000000 vs 0000000000000001",
    );
    expect(words(v.assemble("emit.x3"))).toEqual([0, hi | b(32, 33, 34)]);
    expect(words(v.assemble("emit"))).toEqual([0, hi]);
  });

  test("a signed derived value is inverted to the field it comes from", () => {
    expect(v.disassemble([0, hiOf("cut") | (1 << 8)])).toBe("cut -3");
    expect(v.disassemble([0, hiOf("cut") | (7 << 8)])).toBe("cut 3");
    expect(words(v.assemble("cut -3"))).toEqual([0, hiOf("cut") | (1 << 8)]);
    expect(() => v.assemble("cut 4")).toThrow("1:5: NEG = {REPEAT} - 4 cannot be 4");
  });

  test("a custom field prints nothing (Mesa without a field_print_cb) and assembles as 0", () => {
    expect(v.disassemble([1234, hiOf("end")])).toBe("end <>");
    expect(words(v.assemble("end <>"))).toEqual([0, hiOf("end")]);
  });

  test("the shipped ir3 text is unchanged by the variant", () => {
    expect(v.disassemble(mesaHex("02220000_00000004"))).toBe("getlast.w8 #4");
    expect(v.disassemble(mesaHex("00906020_00000007"))).toBe("brao !p0.x, !p0.y, #7");
  });
});
