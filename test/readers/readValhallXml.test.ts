/**
 * The Valhall ISA.xml reader on the shipped seed (specs/valhall/ISA.xml.page.txt) with its layout
 * companion, and on broken documents. Expected values are derived by hand from
 * /work/shared/docs/source-formats.md §B (B.1–B.9) and disassembly-syntax.md §3, or counted in the
 * seed; each test says where its numbers come from.
 */
import { readFileSync } from "fs";
import * as path from "path";
import Ajv from "ajv";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { parseJsonWithPositions } from "../../generator/load/loadJson";
import { getBits, rangesMask, setBitIndexes } from "../../generator/model/bits";
import type {
  EnumDef,
  Field,
  Instruction,
  IsaInfo,
  IsaModel,
  Word,
} from "../../generator/model/types";
import { readValhallXml } from "../../generator/readers/readValhallXml";
import type { LoadedCompanion, LoadedDocument } from "../../generator/readers/readerTypes";
import { recoverText } from "../../generator/recover/recoverDocument";
import { readShippedSpec, shippedModels } from "../helpers/shippedModels";

const ROOT = path.join(__dirname, "..", "..");
const SEED = "specs/valhall/ISA.xml.page.txt";
const LAYOUT = "specs/valhall/layout.json";

const ISA: IsaInfo = {
  id: "valhall",
  title: "test",
  vendor: "test",
  instructionWidth: 64,
  wordSize: 32,
  byteOrder: "little",
  wordCount: 2,
  source: { file: "test/manifest.json", line: 1, column: 1 },
};

function layoutCompanion(diags: Diagnostics): LoadedCompanion {
  const json = parseJsonWithPositions(
    LAYOUT,
    readFileSync(path.join(ROOT, LAYOUT), "utf8"),
    diags,
  )!;
  return { path: LAYOUT, kind: "valhall-layout", data: json.data, locate: json.locate };
}

function readText(file: string, text: string, companions?: LoadedCompanion[]) {
  const diags = new Diagnostics();
  const recovered = recoverText(file, text, { xml: true }, diags)!;
  const doc: LoadedDocument = {
    path: file,
    absolutePath: path.join(ROOT, file),
    format: "valhall-xml",
    role: "seed",
    recovered,
  };
  const part = readValhallXml({
    isa: ISA,
    diags,
    documents: [doc],
    companions: companions ?? [layoutCompanion(diags)],
  });
  return { part, diags, all: diags.sorted().map(formatDiagnostic) };
}

/** The 8 bytes of an instruction, LSB first (as assembler-cases.txt and disassembly-syntax §3 list them). */
function wordsOf(bytes: string): Word[] {
  const b = bytes.split(" ").map((x) => parseInt(x, 16));
  const w = (i: number) => (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;
  return [w(0), w(4)];
}

const fieldBits = (f: Field): number[] => setBitIndexes(rangesMask(2, f.ranges));

describe("readValhallXml on the shipped seed", () => {
  let model: IsaModel;
  let diags: Diagnostics;
  beforeAll(() => {
    const r = readShippedSpec("valhall");
    model = r.model!;
    diags = r.diags;
  });
  const ins = (name: string): Instruction => {
    const found = model.instructions.find((i) => i.name === name);
    if (!found) throw new Error(`no instruction ${name}`);
    return found;
  };
  const field = (insName: string, name: string): Field => {
    const f = ins(insName).fields.find((x) => x.name === name);
    if (!f) throw new Error(`${insName} has no field ${name}`);
    return f;
  };
  const enumNamed = (name: string): EnumDef => model.enums.find((e) => e.name === name)!;
  const range = (f: Field) => f.ranges.map((r) => [r.low, r.high]);
  /** Bits an instruction tests: fixed and not don't-care. */
  const tested = (i: Instruction) =>
    i.encoding.mask.map((m, w) => (m & ~i.encoding.dontCare[w]) >>> 0);
  /** The tested bits below 40 (where the seed's opcode2 always sits) as [bit, value] pairs. */
  const lowFixed = (i: Instruction) =>
    setBitIndexes(tested(i))
      .filter((b) => b < 40)
      .map((b) => [b, getBits(i.encoding.match, b, b)]);
  const fixedValue = (i: Instruction, bit: number) =>
    getBits(tested(i), bit, bit) === 1 ? getBits(i.encoding.match, bit, bit) : undefined;
  /** Instructions whose fixed bits the word has. */
  const decode = (words: Word[]) =>
    model.instructions
      .filter((i) => tested(i).every((m, w) => (words[w] & m) >>> 0 === i.encoding.match[w]))
      .map((i) => i.name);
  const valueOf = (words: Word[], f: Field) => getBits(words, f.ranges[0].low, f.ranges[0].high);

  test("no errors or warnings", () => {
    expect(diags.sorted().map(formatDiagnostic)).toEqual([]);
  });

  test("the full pipeline (schema validation, analysis) reports no error for the seed", () => {
    // Not even coverage warnings: bits no field claims (e.g. NOP 0–39) are don't-care by the layout.
    const valhall = shippedModels(["bifrost", "valhall"]).diags.items.filter((d) =>
      d.at?.file.startsWith("specs/valhall/"),
    );
    expect(valhall.map(formatDiagnostic)).toEqual([]);
  });

  test("counts: 252 instructions, 50 enums, one 32-entry LUT, 99 primary opcodes", () => {
    // §0: 252 instructions (3 more <ins> are commented out), 99 primary opcodes; the seed has 50
    // <enum> elements and one <lut> of 32 <constant>s (§B.1).
    expect(model.instructions).toHaveLength(252);
    expect(model.enums).toHaveLength(50);
    expect(model.lookupTables.map((t) => [t.name, t.entries.length])).toEqual([["Immediates", 32]]);
    expect(new Set(model.instructions.map((i) => i.opcode)).size).toBe(99);
    expect(new Set(model.instructions.map((i) => i.name)).size).toBe(252);
  });

  test("the inline-immediate table", () => {
    // Constants of <lut name="Immediates"> in the seed, index = position.
    const t = model.lookupTables[0];
    expect(t.entries[0]).toMatchObject({
      index: 0,
      value: 0,
      doc: "Zero",
      source: { file: SEED, line: 1, column: 1588 },
    });
    expect(t.entries[1]).toMatchObject({
      index: 1,
      value: 0xffffffff,
      doc: "All ones; integer $-1$",
    });
    expect(t.entries[16]).toMatchObject({ index: 16, value: 0x3f800000, doc: "Float $1.0$" });
    expect(t.entries[31]).toMatchObject({ index: 31, value: 0x42480000, doc: "Half-float $\\pi$" });
    expect(t.doc).toMatch(/^This immediates are accessible in \(almost\) any instruction/);
  });

  test("enums: positional values, reserved slots, names, keys, defaults", () => {
    // §B.8: Flow 0 none (default) … 10 reconverge, 11–12 reserved, 13 discard, 14 reserved, 15 end.
    const flow = enumNamed("Flow");
    expect(flow).toMatchObject({ key: "flow", source: { file: SEED, line: 1, column: 3723 } });
    expect(flow.values).toHaveLength(16);
    expect(flow.values[0]).toMatchObject({
      value: 0,
      display: "none",
      name: "None",
      default: true,
    });
    expect(flow.values[10]).toMatchObject({
      value: 10,
      display: "reconverge",
      name: "Perform branch reconverge",
    });
    expect(flow.values.filter((v) => v.reserved).map((v) => v.value)).toEqual([11, 12, 14]);
    expect(flow.values[15]).toMatchObject({ value: 15, display: "end" });
    expect(flow.doc).toMatch(/^Every Valhall instruction can wait on dependency\nslots\./);
    // §B.1 safe_name keys.
    expect(enumNamed("FAU special page 0").key).toBe("fau_special_page_0");
    expect(enumNamed("Swizzles (16-bit)").key).toBe("swizzles_16_bit");
    expect(enumNamed("Half-swizzles (8-bit)").key).toBe("half_swizzles_8_bit");
    expect(enumNamed("NaN mode").key).toBe("nan_mode");
    // §B.3: special page 0 entry 2 is warp_id (first two reserved).
    expect(enumNamed("FAU special page 0").values[2]).toMatchObject({
      display: "warp_id",
      doc: "Warp ID and warps/core - 1",
    });
    // §B.6: 16-bit swizzles h00, h10, h01 (default), h11.
    expect(
      enumNamed("Swizzles (16-bit)")
        .values.slice(0, 4)
        .map((v) => [v.display, v.default ?? false]),
    ).toEqual([
      ["h00", false],
      ["h10", false],
      ["h01", true],
      ["h11", false],
    ]);
    // Inactive result values carry a `name` attribute (the constant).
    expect(enumNamed("Inactive result").values[1]).toMatchObject({
      display: "umax",
      name: "0xFFFFFFFF",
    });
    expect(new Set(model.enums.map((e) => e.key)).size).toBe(50);
  });

  test("every instruction: opcode at 48–56, bit 63 fixed 0, fau_page and flow fields", () => {
    // §B.2 word layout.
    for (const i of model.instructions) {
      expect(getBits(i.encoding.match, 48, 56)).toBe(i.opcode);
      expect(getBits(i.encoding.mask, 48, 56)).toBe(0x1ff);
      expect(fixedValue(i, 63)).toBe(0);
      expect(i.fields.find((f) => f.name === "fau_page")).toMatchObject({
        ranges: [{ low: 57, high: 58 }],
        type: "uint",
      });
      expect(i.fields.find((f) => f.name === "flow")).toMatchObject({
        ranges: [{ low: 59, high: 62 }],
        type: "enum",
        enum: "Flow",
        default: 0,
      });
      // layout.json `unclaimed`: every bit neither tested nor in a field is don't-care.
      const inFields = new Set(i.fields.flatMap(fieldBits));
      const testedBits = new Set(setBitIndexes(tested(i)));
      const expectedDontCare = [...Array(64).keys()].filter(
        (b) => !inFields.has(b) && !testedBits.has(b),
      );
      expect(setBitIndexes(i.encoding.dontCare)).toEqual(expectedDontCare);
      expect(i.mnemonic).toBe(i.name);
    }
  });

  test("self-check: fields are pairwise disjoint and clear of fixed bits, enums fit (but for 2-bit swizzles)", () => {
    const problems: string[] = [];
    for (const i of model.instructions) {
      const owner = new Map<number, string>();
      for (const f of i.fields) {
        for (const b of fieldBits(f)) {
          if (b > 63) problems.push(`${i.name}.${f.name} bit ${b} outside`);
          if (owner.has(b))
            problems.push(`${i.name}: ${f.name} and ${owner.get(b)} share bit ${b}`);
          if (getBits(i.encoding.mask, b, b))
            problems.push(`${i.name}: ${f.name} covers fixed bit ${b}`);
          owner.set(b, f.name);
        }
        if (f.type === "enum" && !f.enumPrefix) {
          const e = enumNamed(f.enum!);
          const max = e.values.filter((v) => !v.reserved).reduce((m, v) => Math.max(m, v.value), 0);
          if (max >= 2 ** f.width)
            problems.push(`${i.name}.${f.name}: enum ${e.name} needs more than ${f.width} bits`);
        }
      }
      const fieldNames = i.fields.map((f) => f.name);
      if (new Set(fieldNames).size !== fieldNames.length)
        problems.push(`${i.name}: duplicate field names`);
      for (const o of i.operands)
        for (const n of o.fields)
          if (!fieldNames.includes(n)) problems.push(`${i.name}: operand ${o.name} names ${n}`);
      for (const m of i.modifiers)
        if (m.encoded !== fieldNames.includes(m.field))
          problems.push(`${i.name}: modifier ${m.name}`);
    }
    expect(problems).toEqual([]);
    // Only the 2-bit swizzle of a 16-bit source reaches part of its enum (§B.6: entries 0–3).
    const prefixed = new Set(
      model.instructions.flatMap((i) =>
        i.fields.filter((f) => f.enumPrefix).map((f) => `${f.enum}/${f.width}`),
      ),
    );
    expect([...prefixed].sort()).toEqual(["Swizzles (16-bit)/2", "Widen/2"]);
  });

  describe("§B.5 opcode2 table", () => {
    const bitsOf = (low: number, high: number) =>
      Array.from({ length: high - low + 1 }, (_, k) => low + k);
    /** Expect `name` to have opcode `opcode` and opcode2 `op2` fixed at `bits` (shift = bits[0], so bit b holds op2 bit b - shift). */
    const expectOpcode2 = (name: string, opcode: number, op2: number, bits: number[]) => {
      const i = ins(name);
      expect([name, i.opcode, i.opcode2]).toEqual([name, opcode, op2]);
      expect([name, lowFixed(i)]).toEqual([name, bits.map((b) => [b, (op2 >> (b - bits[0])) & 1])]);
    };
    const at27 = bitsOf(27, 29);
    const at16x4 = bitsOf(16, 19);
    const at24x4 = bitsOf(24, 27);

    test("0x060 LOAD, 0x061 STORE, 0x06a LD_BUFFER: bits 27–29 = memory size", () => {
      const sizes = ["i8", "i16", "i24", "i32", "i48", "i64", "i96", "i128"];
      sizes.forEach((s, k) => {
        expectOpcode2(`LOAD.${s}`, 0x060, k, at27);
        expectOpcode2(`STORE.${s}`, 0x061, k, at27);
        expectOpcode2(`LD_BUFFER.${s}`, 0x06a, k, at27);
      });
    });

    test("0x066/0x076 and 0x067/0x077: bits 37–38", () => {
      expectOpcode2("LD_ATTR_IMM", 0x066, 0, [37, 38]);
      expectOpcode2("LD_TEX_IMM", 0x066, 1, [37, 38]);
      expectOpcode2("LD_ATTR", 0x076, 0, [37, 38]);
      expectOpcode2("LD_TEX", 0x076, 1, [37, 38]);
      expectOpcode2("LEA_ATTR_IMM", 0x067, 0, [37, 38]);
      expectOpcode2("LEA_TEX_IMM", 0x067, 1, [37, 38]);
      expectOpcode2("LEA_ATTR", 0x077, 0, [37, 38]);
      expectOpcode2("LEA_TEX", 0x077, 1, [37, 38]);
    });

    test("atomics 0x068, 0x069, 0x120: bits 27–29", () => {
      expectOpcode2("ATOM.i32", 0x068, 3, at27);
      expectOpcode2("ATOM.i64", 0x068, 5, at27);
      expectOpcode2("ATOM1_RETURN.i32", 0x069, 3, at27);
      expectOpcode2("ATOM1_RETURN.i64", 0x069, 5, at27);
      expectOpcode2("ATOM_RETURN.i32", 0x120, 3, at27);
      expectOpcode2("ATOM_RETURN.i64", 0x120, 5, at27);
    });

    test("all of 0x090: bits 16–20", () => {
      const rows: [string, number][] = [
        ["V2S16_TO_V2F16", 7],
        ["S32_TO_F32", 9],
        ["V2U16_TO_V2F16", 0x17],
        ["U32_TO_F32", 0x19],
        ["S16_TO_S32", 4],
        ["S16_TO_F32", 5],
        ["U16_TO_U32", 0x14],
        ["U16_TO_F32", 0x15],
        ["F32_TO_S32", 0xc],
        ["F32_TO_U32", 0x1c],
        ["V2F16_TO_V2S16", 0xe],
        ["V2F16_TO_V2U16", 0x1e],
        ["F16_TO_S32", 0xa],
        ["F16_TO_U32", 0x1a],
        ["F16_TO_F32", 0xb],
        ["S8_TO_S32", 0],
        ["S8_TO_F32", 1],
        ["U8_TO_U32", 0x10],
        ["U8_TO_F32", 0x11],
        ["V2S8_TO_V2S16", 2],
        ["V2S8_TO_V2F16", 3],
        ["V2U8_TO_V2U16", 0x12],
        ["V2U8_TO_V2F16", 0x13],
        ["FROUND.f32", 0xd],
        ["FROUND.v2f16", 0xf],
      ];
      for (const [name, op2] of rows) expectOpcode2(name, 0x090, op2, bitsOf(16, 20));
      expect(model.instructions.filter((i) => i.opcode === 0x090)).toHaveLength(25);
    });

    test("one-source and two-source buckets: bits 16–19", () => {
      expectOpcode2("MOV.i32", 0x091, 0, at16x4);
      expectOpcode2("CLZ.v4u8", 0x091, 6, at16x4);
      expectOpcode2("IABS.v4s8", 0x091, 0xa, at16x4);
      expectOpcode2("NOT_OLD.i32", 0x091, 0xe, at16x4);
      expectOpcode2("FLUSH.f32", 0x098, 0, at16x4);
      expectOpcode2("FLUSH.v2f16", 0x098, 1, at16x4);
      expectOpcode2("FREXPE.v2f16", 0x099, 3, at16x4);
      expectOpcode2("FRCP.f32", 0x09c, 0, at16x4);
      expectOpcode2("FSINCOS_OFFSET.u6", 0x09c, 6, at16x4);
      expectOpcode2("FRSQ_APPROX.f32", 0x09c, 0xf, at16x4);
      expectOpcode2("IADD.u32", 0x0a0, 0, at16x4);
      expectOpcode2("ISUB.v2u16", 0x0a1, 1, at16x4);
      expectOpcode2("MKVEC.v2i16", 0x0a1, 5, at16x4);
      expectOpcode2("IMUL.v4i8", 0x0a2, 0xa, at16x4);
      expectOpcode2("HADD.s32", 0x0a8, 0xb, at16x4);
      expectOpcode2("CLPER.v2s16", 0x0a9, 0xf, at16x4);
      expectOpcode2("IADD.v4s8", 0x0aa, 0, at16x4);
      expectOpcode2("FADD.f32", 0x0a4, 0, at16x4);
      expectOpcode2("FMIN.f32", 0x0a4, 2, at16x4);
      expectOpcode2("FEXP.f32", 0x0a4, 8, at16x4);
      expectOpcode2("FATAN_ASSIST.f32", 0x0a4, 0xe, at16x4);
      expectOpcode2("FMAX.v2f16", 0x0a5, 3, at16x4);
      expectOpcode2("V2F32_TO_V2F16", 0x0a5, 4, at16x4);
      expectOpcode2("LDEXP.v2f16", 0x0a5, 6, at16x4);
      expectOpcode2("IADD.u64", 0x1a3, 0, at16x4);
      expectOpcode2("SEG_ADD.u64", 0x1a3, 6, at16x4);
      expectOpcode2("SHADDX.u64", 0x1a3, 7, at16x4);
      expectOpcode2("IMULD.u64", 0x1a3, 0xa, at16x4);
      expectOpcode2("CLPER.u64", 0x1a3, 0xf, at16x4);
      expectOpcode2("ISUB.s64", 0x1ab, 1, at16x4);
      expectOpcode2("SHADDX.s64", 0x1ab, 7, at16x4);
      expectOpcode2("NOT_OLD.i64", 0x191, 0xe, at16x4);
    });

    test("three-source buckets: shifts 24–25 + 32 (0x103), 24–25 (rule 3), 24–27", () => {
      const shift = [24, 25, 32];
      expectOpcode2("RSHIFT_AND.i32", 0x0b4, 0x000, shift);
      expectOpcode2("RSHIFT_OR.v2i16", 0x0b5, 0x001, shift);
      expectOpcode2("RSHIFT_XOR.v4i8", 0x0b6, 0x002, shift);
      expectOpcode2("LSHIFT_AND.i64", 0x1b7, 0x100, shift);
      expectOpcode2("LSHIFT_OR.i32", 0x0b4, 0x101, shift);
      expectOpcode2("LSHIFT_XOR.v2i16", 0x0b5, 0x102, shift);
      expectOpcode2("CUBE_SSEL", 0x0bc, 0, at24x4);
      expectOpcode2("CUBE_TSEL", 0x0bc, 1, at24x4);
      expectOpcode2("IDP.v4s8", 0x0c2, 0, at24x4);
      expectOpcode2("IDP.v4u8", 0x0c2, 1, at24x4);
      expectOpcode2("ICMP_OR.u32", 0x0f0, 0, [24, 25]);
      expectOpcode2("ICMP_AND.v2u16", 0x0f1, 1, [24, 25]);
      expectOpcode2("ICMP_OR.v4u8", 0x0f2, 0, [24, 25]);
      expectOpcode2("FCMP_AND.f32", 0x0f4, 1, [24, 25]);
      expectOpcode2("FCMP_OR.v2f16", 0x0f5, 0, [24, 25]);
      expectOpcode2("ICMP_MULTI.u32", 0x0f0, 2, [24, 25]);
      expectOpcode2("ICMP_MULTI.s32", 0x0f8, 2, [24, 25]);
      expectOpcode2("ICMP_AND.v2s16", 0x0f9, 1, [24, 25]);
      expectOpcode2("ICMP_OR.v4s8", 0x0fa, 0, [24, 25]);
    });

    test("single-member opcodes fix no opcode2 bits", () => {
      const single: [string, number][] = [
        ["NOP", 0x000],
        ["BRANCHZ", 0x01f],
        ["DISCARD.f32", 0x020],
        ["BRANCHZI", 0x02f],
        ["LD_VAR_FLAT_IMM", 0x041],
        ["BARRIER", 0x045],
        ["LD_VAR_IMM", 0x054],
        ["LD_VAR_FLAT", 0x055],
        ["LD_VAR_SPECIAL", 0x056],
        ["LD_VAR_BUF_IMM.f32", 0x05c],
        ["LD_VAR_BUF_IMM.f16", 0x05d],
        ["LEA_BUF_IMM", 0x05e],
        ["LD_VAR", 0x064],
        ["LEA_BUFFER", 0x06b],
        ["LD_VAR_BUF.f32", 0x06c],
        ["LD_VAR_BUF.f16", 0x06d],
        ["ST_CVT", 0x071],
        ["LD_TILE", 0x078],
        ["ST_TILE", 0x079],
        ["ATEST", 0x07d],
        ["ZS_EMIT", 0x07e],
        ["BLEND", 0x07f],
        ["WMASK", 0x095],
        ["FMA.f32", 0x0b2],
        ["FMA.v2f16", 0x0b3],
        ["MUX.i32", 0x0b8],
        ["MUX.v2i16", 0x0b9],
        ["MUX.v4i8", 0x0ba],
        ["MKVEC.v2i8", 0x0bd],
        ["CUBEFACE1", 0x0c0],
        ["CUBEFACE2_V9", 0x0c1],
        ["IADD_IMM.i32", 0x110],
        ["IADD_IMM.v2i16", 0x111],
        ["IADD_IMM.v4i8", 0x112],
        ["FADD_IMM.f32", 0x114],
        ["FADD_IMM.v2f16", 0x115],
        ["TEX_FETCH", 0x125],
        ["TEX_SINGLE", 0x128],
        ["TEX_GATHER", 0x129],
        ["TEX_GRADIENT", 0x12a],
        ["TEX_DUAL", 0x12f],
        ["VAR_TEX_BUF_SINGLE", 0x130],
        ["VAR_TEX_BUF_GATHER", 0x131],
        ["VAR_TEX_BUF_GRADIENT", 0x132],
        ["VAR_TEX_BUF_DUAL", 0x137],
        ["VAR_TEX_SINGLE", 0x138],
        ["VAR_TEX_GATHER", 0x139],
        ["VAR_TEX_GRADIENT", 0x13a],
        ["VAR_TEX_DUAL", 0x13f],
        ["CSEL.u32", 0x150],
        ["CSEL.v2u16", 0x151],
        ["CSEL.f32", 0x154],
        ["CSEL.v2f16", 0x155],
        ["CSEL.s32", 0x158],
        ["CSEL.v2s16", 0x159],
        ["FMA_RSCALE.f32", 0x160],
        ["FMA_RSCALE_N.f32", 0x161],
        ["FMA_RSCALE_LEFT.f32", 0x162],
        ["FMA_RSCALE_SCALE16.f32", 0x163],
      ];
      for (const [name, opcode] of single) {
        const i = ins(name);
        expect([name, i.opcode, i.opcode2, lowFixed(i)]).toEqual([name, opcode, undefined, []]);
        expect(model.instructions.filter((x) => x.opcode === opcode).map((x) => x.name)).toEqual([
          name,
        ]);
      }
    });
  });

  describe("§B.9 / disassembly-syntax §3 worked examples as field facts", () => {
    test("FADD.f32.clamp_m1_1 r0, r1, r2.neg.abs = 01 02 00 00 32 c0 a4 00", () => {
      const w = wordsOf("01 02 00 00 32 c0 a4 00");
      expect(decode(w)).toEqual(["FADD.f32"]);
      const i = ins("FADD.f32");
      expect(i).toMatchObject({
        opcode: 0x0a4,
        opcode2: 0,
        unit: "FMA",
        group: "FADD",
        title: "Floating-point add",
        doc: "$A + B$",
      });
      expect(i.source).toEqual({ file: SEED, line: 1, column: 65876 });
      expect(field("FADD.f32", "clamp")).toMatchObject({
        ranges: [{ low: 32, high: 33 }],
        type: "enum",
        enum: "Clamp",
        default: 0,
      });
      expect(range(field("FADD.f32", "src1_neg"))).toEqual([[36, 36]]);
      expect(range(field("FADD.f32", "src1_abs"))).toEqual([[37, 37]]);
      expect(range(field("FADD.f32", "src0_neg"))).toEqual([[38, 38]]);
      expect(range(field("FADD.f32", "src0_abs"))).toEqual([[39, 39]]);
      expect(field("FADD.f32", "src0_swizzle")).toMatchObject({
        ranges: [{ low: 28, high: 29 }],
        enum: "Widen",
      });
      expect(field("FADD.f32", "src1_swizzle")).toMatchObject({
        ranges: [{ low: 26, high: 27 }],
        enum: "Widen",
      });
      expect(enumNamed("Clamp").values[valueOf(w, field("FADD.f32", "clamp"))].display).toBe(
        "clamp_m1_1",
      );
      expect([
        valueOf(w, field("FADD.f32", "src1_neg")),
        valueOf(w, field("FADD.f32", "src1_abs")),
      ]).toEqual([1, 1]);
      expect([
        valueOf(w, field("FADD.f32", "dest")),
        valueOf(w, field("FADD.f32", "dest_mask")),
      ]).toEqual([0, 3]);
      expect([
        valueOf(w, field("FADD.f32", "src0")),
        valueOf(w, field("FADD.f32", "src1")),
      ]).toEqual([1, 2]);
      // 01 02 00 00 20 c0 a4 00 = FADD.f32 r0, r1, r2.abs: only bit 37.
      const abs = wordsOf("01 02 00 00 20 c0 a4 00");
      expect(decode(abs)).toEqual(["FADD.f32"]);
      expect([
        valueOf(abs, field("FADD.f32", "src1_neg")),
        valueOf(abs, field("FADD.f32", "src1_abs")),
      ]).toEqual([0, 1]);
      expect(i.operands.map((o) => [o.name, o.kind, o.fields])).toEqual([
        ["dest", "dest", ["dest", "dest_mask"]],
        ["src0", "src", ["src0", "src0_neg", "src0_abs", "src0_swizzle"]],
        ["src1", "src", ["src1", "src1_neg", "src1_abs", "src1_swizzle"]],
      ]);
      expect(i.operands[1]).toMatchObject({
        size: 32,
        brief: "A",
        attributes: { absneg: "true", swizzle: "true" },
      });
      expect(i.modifiers).toEqual([
        { name: "clamp", field: "clamp", encoded: true, source: field("FADD.f32", "clamp").source },
      ]);
      expect(i.attributes).toEqual({ dests: "1", unused: "true" });
    });

    test("BRANCHZ.reconverge ^r1, offset:-8 = 41 f8 ff ff 07 c0 1f 50", () => {
      const w = wordsOf("41 f8 ff ff 07 c0 1f 50");
      expect(decode(w)).toEqual(["BRANCHZ"]);
      const offset = field("BRANCHZ", "offset");
      expect(offset).toMatchObject({ ranges: [{ low: 8, high: 34 }], width: 27, type: "int" });
      expect(valueOf(w, offset) - 2 ** 27).toBe(-8); // 0x7fffff8 sign-extended from 27 bits
      expect(enumNamed("Flow").values[valueOf(w, field("BRANCHZ", "flow"))].display).toBe(
        "reconverge",
      );
      expect(valueOf(w, field("BRANCHZ", "src0"))).toBe(0x41);
      expect(field("BRANCHZ", "eq")).toMatchObject({
        ranges: [{ low: 36, high: 36 }],
        type: "bool",
      });
      expect(field("BRANCHZ", "src0_combine")).toMatchObject({
        ranges: [{ low: 37, high: 39 }],
        type: "enum",
        enum: "Combine",
      });
      expect(field("BRANCHZ", "conservative")).toMatchObject({
        ranges: [{ low: 35, high: 35 }],
        type: "bool",
      });
      // No destination and no staging: the 0xC0 placeholder at 40–47 (§B.4).
      expect(getBits(ins("BRANCHZ").encoding.mask, 40, 47)).toBe(0xff);
      expect(getBits(ins("BRANCHZ").encoding.match, 40, 47)).toBe(0xc0);
      expect(ins("BRANCHZ").operands.map((o) => [o.name, o.kind, o.size, o.attributes])).toEqual([
        ["src0", "src", 32, { combine: "true" }],
        ["offset", "imm", 27, { signed: "true" }],
      ]);
      // 41 03 00 00 00 c0 1f 50 = BRANCHZ.reconverge ^r1, offset:3.
      const w3 = wordsOf("41 03 00 00 00 c0 1f 50");
      expect(decode(w3)).toEqual(["BRANCHZ"]);
      expect(valueOf(w3, offset)).toBe(3);
    });

    test("BRANCHZI: `absolute` at 40 takes that bit out of the placeholder", () => {
      const i = ins("BRANCHZI");
      expect(field("BRANCHZI", "absolute")).toMatchObject({
        ranges: [{ low: 40, high: 40 }],
        type: "bool",
      });
      expect(getBits(i.encoding.mask, 40, 47)).toBe(0xfe);
      expect(getBits(i.encoding.match, 40, 47)).toBe(0xc0);
      expect(range(field("BRANCHZI", "src1"))).toEqual([[8, 15]]);
    });

    test("IADD_IMM.i32.reconverge r4, 0x0, #0x1 = c0 01 00 00 00 c4 10 51", () => {
      const w = wordsOf("c0 01 00 00 00 c4 10 51");
      expect(decode(w)).toEqual(["IADD_IMM.i32"]);
      const i = ins("IADD_IMM.i32");
      // opcode 0x110 = bit 56 set, i.e. bit 24 of word 1; bits 48–55 = 0x10.
      expect(i.encoding.match[1]).toBe(0x01100000);
      expect(field("IADD_IMM.i32", "constant")).toMatchObject({
        ranges: [{ low: 8, high: 39 }],
        width: 32,
        type: "uint",
      });
      expect(getBits(w, 8, 39)).toBe(1);
      expect(valueOf(w, field("IADD_IMM.i32", "dest"))).toBe(4);
      expect(valueOf(w, field("IADD_IMM.i32", "flow"))).toBe(10);
      expect(i.attributes).toEqual({ dests: "1", "imm.constant.ir_name": "index" });
    });

    test("LOAD.i32.unsigned.slot0.wait0 @r0, ^r0, offset:0 = 40 00 00 18 82 80 60 08", () => {
      const w = wordsOf("40 00 00 18 82 80 60 08");
      expect(decode(w)).toEqual(["LOAD.i32"]);
      const i = ins("LOAD.i32");
      expect(lowFixed(i)).toEqual([
        [27, 1],
        [28, 1],
        [29, 0],
      ]);
      // Staging write flag: bit 47 fixed to 1, bit 46 (read) to 0; register at 40–45.
      expect([fixedValue(i, 46), fixedValue(i, 47)]).toEqual([0, 1]);
      expect(field("LOAD.i32", "sr0")).toMatchObject({
        ranges: [{ low: 40, high: 45 }],
        type: "register",
      });
      expect(field("LOAD.i32", "staging_register_count")).toMatchObject({
        ranges: [{ low: 33, high: 35 }],
        type: "enum",
        enum: "Staging register count",
        implied: true,
      });
      expect(valueOf(w, field("LOAD.i32", "staging_register_count"))).toBe(1);
      expect(valueOf(w, field("LOAD.i32", "unsigned"))).toBe(1);
      expect(field("LOAD.i32", "load_lane_32_bit")).toMatchObject({
        ranges: [{ low: 36, high: 38 }],
        enum: "Load lane (32-bit)",
        default: 0,
      });
      expect(field("LOAD.i32", "offset")).toMatchObject({
        ranges: [{ low: 8, high: 23 }],
        type: "int",
      });
      expect(field("LOAD.i32", "memory_access")).toMatchObject({
        ranges: [{ low: 24, high: 25 }],
        enum: "Memory access",
      });
      expect(field("LOAD.i32", "slot")).toMatchObject({
        ranges: [{ low: 30, high: 32 }],
        enum: "Slot",
      });
      expect(valueOf(w, field("LOAD.i32", "flow"))).toBe(1);
      expect(i.operands.map((o) => [o.name, o.kind, o.size, o.attributes])).toEqual([
        ["sr0", "staging", undefined, { write: "true" }],
        ["src0", "src", 64, { size: "64" }],
        ["offset", "imm", 16, { signed: "true" }],
      ]);
      expect(i.modifiers.map((m) => [m.name, m.implied ?? false])).toEqual([
        ["memory_access", false],
        ["staging_register_count", true],
        ["load_lane_32_bit", false],
        ["unsigned", false],
        ["slot", false],
      ]);
    });

    test("MOV.i32 r1, thread_local_pointer.w1 = e3 00 00 00 00 c1 91 02", () => {
      const w = wordsOf("e3 00 00 00 00 c1 91 02");
      expect(decode(w)).toEqual(["MOV.i32"]);
      expect(valueOf(w, field("MOV.i32", "fau_page"))).toBe(1);
      expect(valueOf(w, field("MOV.i32", "src0"))).toBe(0xe3);
      expect([
        valueOf(w, field("MOV.i32", "dest")),
        valueOf(w, field("MOV.i32", "dest_mask")),
      ]).toEqual([1, 3]);
    });

    test("ICMP_OR.u32.gt.m1 r1, ^r0, 0x1000000.b3, 0x0 = 40 c4 c0 9c 01 c1 f0 00", () => {
      const w = wordsOf("40 c4 c0 9c 01 c1 f0 00");
      expect(decode(w)).toEqual(["ICMP_OR.u32"]);
      const widen = field("ICMP_OR.u32", "src1_widen");
      expect(widen).toMatchObject({ ranges: [{ low: 26, high: 29 }], enum: "Swizzles (32-bit)" });
      expect(enumNamed("Swizzles (32-bit)").values[valueOf(w, widen)].display).toBe("b3");
      expect(
        enumNamed("Result type").values[valueOf(w, field("ICMP_OR.u32", "result_type"))].display,
      ).toBe("m1");
      expect(
        enumNamed("Condition").values[valueOf(w, field("ICMP_OR.u32", "condition"))].display,
      ).toBe("gt");
      expect(field("ICMP_OR.u32", "src0_widen").ranges).toEqual([{ low: 36, high: 39 }]);
      expect(ins("ICMP_OR.u32").attributes).toEqual({ dests: "1", "cmp.int_only": "true" });
    });
  });

  describe("operand and modifier layout (§B.3, §B.4, §B.6, §B.7, §B.8)", () => {
    test('flags="false" write staging registers move to 16–21; flags="rw" fixes 46–47 to 3', () => {
      expect(range(field("ATOM_RETURN.i32", "sr0"))).toEqual([[16, 21]]);
      expect(range(field("ATOM_RETURN.i32", "sr1"))).toEqual([[40, 45]]);
      expect([
        fixedValue(ins("ATOM_RETURN.i32"), 46),
        fixedValue(ins("ATOM_RETURN.i32"), 47),
      ]).toEqual([1, 1]);
      expect(ins("ATOM_RETURN.i32").modifiers.find((m) => m.name === "memory_width")).toMatchObject(
        { encoded: false, implied: true, field: "memory_width" },
      );
      expect(range(field("ATOM_RETURN.i32", "staging_register_write_count"))).toEqual([[36, 38]]);
      // TEX_FETCH: both staging registers unflagged; register_width (a one-bit enum) at 46.
      expect(range(field("TEX_FETCH", "sr0"))).toEqual([[16, 21]]);
      expect(range(field("TEX_FETCH", "sr1"))).toEqual([[40, 45]]);
      expect([fixedValue(ins("TEX_FETCH"), 46), fixedValue(ins("TEX_FETCH"), 47)]).toEqual([
        undefined,
        undefined,
      ]);
      expect(field("TEX_FETCH", "register_width")).toMatchObject({
        ranges: [{ low: 46, high: 46 }],
        type: "enum",
        enum: "Register width",
      });
      // The pseudo <src> and <immediate pseudo> are skipped.
      expect(ins("TEX_FETCH").operands.map((o) => o.name)).toEqual(["sr0", "sr1", "src0"]);
      expect(ins("TEX_FETCH").fields.some((f) => f.name === "register_format")).toBe(false);
    });

    test("a 64-bit source of a narrower instruction takes two slots (BLEND, VAR_TEX_*)", () => {
      expect(range(field("BLEND", "src1"))).toEqual([[16, 23]]);
      expect(range(field("BLEND", "target"))).toEqual([[8, 15]]);
      expect([fixedValue(ins("BLEND"), 46), fixedValue(ins("BLEND"), 47)]).toEqual([1, 0]); // read flag
      expect(range(field("VAR_TEX_SINGLE", "src1"))).toEqual([[16, 23]]);
      expect(range(field("ST_CVT", "src1"))).toEqual([[16, 23]]);
      // In a 64-bit instruction each source is one slot.
      expect(range(field("IADD.u64", "src1"))).toEqual([[8, 15]]);
      expect(field("IADD.u64", "src0_widen")).toMatchObject({ enum: "Swizzles (64-bit)" });
    });

    test("lane, lanes, halfswizzle, not, 16-bit swizzle", () => {
      expect(field("MKVEC.v2i8", "src0_lane")).toMatchObject({
        ranges: [{ low: 38, high: 39 }],
        enum: "Lane (8-bit)",
      });
      expect(field("MKVEC.v2i8", "src1_lane")).toMatchObject({
        ranges: [{ low: 36, high: 37 }],
        enum: "Lane (8-bit)",
      });
      expect(field("F16_TO_F32", "src0_lane")).toMatchObject({
        ranges: [{ low: 28, high: 28 }],
        enum: "Lane (16-bit)",
      });
      expect(field("S8_TO_S32", "src0_lane")).toMatchObject({
        ranges: [{ low: 28, high: 29 }],
        enum: "Lane (8-bit)",
      });
      expect(field("CLPER.i32", "src1_lanes")).toMatchObject({
        ranges: [{ low: 26, high: 29 }],
        enum: "Lanes (8-bit)",
      });
      expect(field("V2S8_TO_V2S16", "src0_halfswizzle")).toMatchObject({
        ranges: [{ low: 36, high: 39 }],
        enum: "Half-swizzles (8-bit)",
      });
      expect(field("LSHIFT_AND.i32", "src2_not")).toMatchObject({
        ranges: [{ low: 35, high: 35 }],
        type: "bool",
      });
      expect(field("FMA.v2f16", "src2_swizzle")).toMatchObject({
        ranges: [{ low: 24, high: 25 }],
        enum: "Swizzles (16-bit)",
        enumPrefix: true,
        default: 2,
      });
      expect(field("FMA.f32", "src2_neg").ranges).toEqual([{ low: 34, high: 34 }]);
      expect(field("FMA.f32", "src2_abs").ranges).toEqual([{ low: 35, high: 35 }]);
    });

    test("implicit modifiers and va_mods", () => {
      const g = "TEX_GRADIENT";
      expect(
        [12, 13, 14, 15].map(
          (b) => ins(g).fields.find((f) => f.ranges[0].low === b && f.type === "bool")?.name,
        ),
      ).toEqual([
        "force_delta_enable",
        "lod_bias_disable",
        "lod_clamp_disable",
        "derivative_enable",
      ]);
      expect(field("CLPER.i32", "inactive_result")).toMatchObject({
        ranges: [{ low: 22, high: 25 }],
        enum: "Inactive result",
      });
      expect(field("CLPER.i32", "subgroup_size")).toMatchObject({
        ranges: [{ low: 36, high: 39 }],
        enum: "Subgroup size",
        default: 3,
      });
      expect(field("CLPER.i32", "lane_operation")).toMatchObject({
        ranges: [{ low: 32, high: 33 }],
        enum: "Lane operation",
      });
      expect(field("MUX.i32", "mux")).toMatchObject({
        ranges: [{ low: 32, high: 33 }],
        enum: "Mux",
        default: 1,
      });
      expect(field("FLUSH.f32", "nan_mode")).toMatchObject({
        ranges: [{ low: 8, high: 9 }],
        enum: "NaN mode",
      });
      expect(field("ST_CVT", "memory_access")).toMatchObject({
        ranges: [{ low: 37, high: 39 }],
        enum: "Memory access",
      });
      expect(field("VAR_TEX_SINGLE", "varying_texture_register_width")).toMatchObject({
        ranges: [{ low: 24, high: 25 }],
      });
      expect(field("TEX_DUAL", "secondary_register_width")).toMatchObject({
        ranges: [{ low: 47, high: 47 }],
        enum: "Register width",
      });
      expect(field("ATOM.i32", "atomic_operation")).toMatchObject({ enum: "Atomic operation" });
      expect(field("ATOM1_RETURN.i32", "atomic_operation_with_1")).toMatchObject({
        enum: "Atomic operation with 1",
      });
      // start="128": modifiers without a field.
      expect(ins("LSHIFT_AND.i32").modifiers.find((m) => m.name === "left")).toMatchObject({
        encoded: false,
        implied: true,
      });
      expect(ins("LSHIFT_AND.i32").fields.some((f) => f.name === "left")).toBe(false);
      expect(ins("LD_ATTR").modifiers.find((m) => m.name === "descriptor_type")).toMatchObject({
        encoded: false,
      });
      // <regfmt pseudo="true"/> is ignored; <sr_count count=…> kept as metadata.
      expect(ins("LD_VAR_BUF_IMM.f32").fields.some((f) => f.name === "register_format")).toBe(
        false,
      );
      expect(ins("LD_VAR_BUF_IMM.f32").attributes).toEqual({
        message: "varying",
        "sr_count.count": "format",
      });
      expect(ins("LD_TEX_IMM").attributes).toMatchObject({
        "imm.index.ir_name": "texture_index",
        "imm.table.ir_name": "",
      });
    });

    test("groups expand; commented-out <ins> are not instructions", () => {
      expect(ins("CSEL.f32")).toMatchObject({
        group: "CSEL",
        title: "Floating-point conditional select",
        unit: "CVT",
      });
      expect(ins("CSEL.u32").title).toBe("Integer conditional select");
      // <!-- <ins name="IADD.s32" opcode="0x1A0"/> --> is a comment: IADD.s32 is 0xA8 only.
      expect(model.instructions.filter((i) => i.name === "IADD.s32").map((i) => i.opcode)).toEqual([
        0x0a8,
      ]);
      expect(model.instructions.some((i) => i.opcode === 0x1a0)).toBe(false);
      expect(ins("NOP")).toMatchObject({
        unit: "CVT",
        title: "No operation",
        attributes: { dests: "0", unused: "true" },
      });
      expect(ins("NOP").group).toBeUndefined();
      expect(ins("BRANCHZ").source).toEqual({ file: SEED, line: 1, column: 28008 });
    });
  });
});

describe("the valhall-layout companion schema", () => {
  const schema = JSON.parse(
    readFileSync(
      path.join(ROOT, "generator", "model", "companions", "valhall-layout.schema.json"),
      "utf8",
    ),
  ) as object;
  const layout = JSON.parse(readFileSync(path.join(ROOT, LAYOUT), "utf8")) as Record<
    string,
    unknown
  >;
  const validate = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true }).compile(
    schema,
  );

  test("compiles in strict mode and accepts the shipped layout", () => {
    expect(validate(layout)).toBe(true);
  });

  test("rejects unknown properties and entries without an upstream citation", () => {
    const bad = JSON.parse(JSON.stringify(layout)) as {
      modifiers: Record<string, unknown>[];
      extra?: number;
    };
    bad.extra = 1;
    delete bad.modifiers[0].upstream;
    expect(validate(bad)).toBe(false);
    expect(validate.errors!.map((e) => `${e.instancePath} ${e.message}`).sort()).toEqual([
      " must NOT have additional properties",
      "/modifiers/0 must have required property 'upstream'",
    ]);
  });
});

describe("readValhallXml diagnostics", () => {
  test("test/fixtures/valhall-xml/broken.xml: every error, at its place", () => {
    const file = "test/fixtures/valhall-xml/broken.xml";
    const { part, all } = readText(file, readFileSync(path.join(ROOT, file), "utf8"));
    // Lines and columns as in the fixture (columns of the element's `<` or of the attribute name).
    expect(all).toEqual([
      `${file}:2:2: error[lut-size]: lut 'Immediates' has 2 constants; a Valhall lookup table has exactly 32`,
      `${file}:4:3: error[bad-number]: constant 1 of lut 'Immediates': 'one' is not a 32-bit number`,
      `${file}:6:20: error[unknown-attribute]: unknown attribute 'colour' on <enum name="Flow">`,
      `${file}:9:3: error[unknown-element]: unknown element <bogus> in <enum name="Flow">`,
      `${file}:11:2: error[duplicate-name]: enum 'FLOW' has the key 'flow', which enum 'Flow' already has`,
      `${file}:17:16: error[bad-number]: <ins name="A">: opcode="0x1G" is not a number`,
      `${file}:18:2: error[missing-attribute]: instruction 'B' has no opcode (the <ins> gives none)`,
      `${file}:22:3: error[missing-attribute]: instruction 'G.f32' has no opcode (neither the <ins> nor its <group name="G"> gives one)`,
      `${file}:23:37: error[unknown-attribute]: unknown attribute 'flavour' on <ins name="G.v2f16">`,
      `${file}:24:8: error[dangling-reference]: source 0 of 'G.v2f16' (16-bit): widen names enum 'swizzles_16_bit', which no <enum> defines`,
      `${file}:24:21: error[unknown-attribute]: unknown attribute 'colour' on <src>`,
      `${file}:26:3: error[unknown-element]: unknown element <wobble> in <group name="G">`,
      `${file}:27:3: error[dangling-reference]: 2-bit modifier 'mystery' of 'G.v2f16' names enum 'mystery', which no <enum> defines`,
      `${file}:28:3: error[missing-attribute]: <imm> of 'G.v2f16' has no 'start' attribute`,
      `${file}:30:2: warning[empty-group]: <group name="E"> has no member <ins>, so it defines no instruction`,
      `${file}:31:16: error[bad-number]: instruction 'C': opcode 0x200 does not fit the 9-bit primary opcode (bits 48-56)`,
      `${file}:32:30: error[bad-number]: instruction 'D': opcode2 0x10 has bits outside its mask 0xf (shift 16)`,
      `${file}:33:8: error[bad-number]: <src>: lane="x" is neither "true" nor a bit number`,
      `${file}:35:2: error[unknown-element]: unknown element <frob> in <valhall>`,
    ]);
    // Reading goes on: the instructions with an opcode are still produced, the first constant kept.
    expect(part.instructions!.map((i) => i.name)).toEqual(["G.v2f16", "C", "D"]);
    expect(part.lookupTables![0].entries.map((e) => [e.index, e.value])).toEqual([[0, 0]]);
    expect(part.enums!.map((e) => [e.name, e.key])).toEqual([
      ["Flow", "flow"],
      ["FLOW", "flow"],
      ["Clamp", "clamp"],
    ]);
    // A dangling enum leaves a plain field; the clamp enum resolves.
    const g = part.instructions![0];
    expect(g.fields.find((f) => f.name === "src0_widen")).toMatchObject({ type: "uint" });
    expect(g.fields.find((f) => f.name === "clamp")).toMatchObject({ type: "enum", enum: "Clamp" });
  });

  test("a document without a Flow enum: the layout's flow reference dangles", () => {
    const { all, part } = readText(
      "inline.xml",
      '<valhall>\n <ins name="NOP" opcode="0x00" unit="CVT"/>\n</valhall>\n',
    );
    // `"enum": "flow"` is line 21, column 7 of specs/valhall/layout.json.
    expect(all).toEqual([
      `${LAYOUT}:21:7: error[dangling-reference]: the layout's flow field names enum 'flow', which no <enum> defines`,
    ]);
    expect(part.instructions![0].fields.find((f) => f.name === "flow")).toMatchObject({
      type: "uint",
    });
  });

  test("other unknown vocabulary: root element, member children, src children", () => {
    const { all } = readText(
      "inline.xml",
      [
        "<valhall>",
        ' <enum name="Flow"><value>none</value></enum>',
        ' <group name="G" dests="1" unit="CVT">',
        '  <ins name="G.i32" opcode="0x91" opcode2="0"><src/></ins>',
        "  <src>A<b>bold</b></src>",
        '  <va_mod start="30" size="1"/>',
        '  <immediate name="n" size="4"/>',
        " </group>",
        "</valhall>",
        "",
      ].join("\n"),
    );
    expect(all).toEqual([
      `inline.xml:4:47: error[unknown-element]: unknown element <src> in group member <ins name="G.i32">`,
      `inline.xml:5:9: error[unknown-element]: unknown element <b> inside <src>`,
      `inline.xml:6:3: error[missing-attribute]: <va_mod> of 'G.i32' has no 'name' attribute`,
      `inline.xml:7:3: warning[ignored-element]: <immediate> in <group name="G"> is ignored: valhall.py does not read it (literal fields are <imm>)`,
    ]);
    const notValhall = readText("inline.xml", "<isa>\n</isa>\n");
    expect(notValhall.all).toEqual([
      "inline.xml:1:1: error[unknown-element]: the root element is <isa>; a Valhall ISA.xml has <valhall>",
    ]);
  });

  test("no layout companion", () => {
    const { all, part } = readText("inline.xml", "<valhall>\n</valhall>\n", []);
    expect(all).toEqual([
      "inline.xml:1:1: error[missing-companion]: reading Valhall ISA.xml needs a 'valhall-layout' companion (specs/<isa>/layout.json), which the manifest does not name or which failed to load",
    ]);
    expect(part).toEqual({});
  });
});
