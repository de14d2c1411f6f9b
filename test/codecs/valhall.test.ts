/**
 * The Valhall codec's assembly text (Mesa disasm.py / asm.py): the worked examples of
 * disassembly-syntax.md §3 and source-formats.md §B.9, a golden vector for every instruction built
 * by bit arithmetic from the documents' tables (the test's own oracle, independent of the codec),
 * fast-check round trips over every instruction, and assembler errors.
 */
import * as fc from "fast-check";
import { readFileSync } from "fs";
import * as path from "path";
import { TEST_OUT } from "../helpers/testOutput";
import type { Field, Instruction as ModelInstruction, IsaModel } from "../../generator/model/types";
import {
  AssemblyError,
  assemble,
  decode,
  disassemble,
  encode,
  INSTRUCTION_NAMES,
  type Instruction,
} from "../../out/ts/valhall";

const model = JSON.parse(
  readFileSync(path.join(TEST_OUT, "json", "valhall.json"), "utf8"),
) as IsaModel;
const enumsByName = new Map(model.enums.map((e) => [e.name, e]));

/** Mesa's test-case form: 8 bytes, least significant first → [bits 0..31, bits 32..63]. */
function wordsOf(bytes: string): number[] {
  const b = bytes.split(" ").map((x) => parseInt(x, 16));
  return [0, 4].map((i) => (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0);
}

const hex = (v: number) => "0x" + (v >>> 0).toString(16).toUpperCase();

describe("worked examples", () => {
  const examples: [string, string][] = [
    // disassembly-syntax.md §3
    ["e3 00 00 00 00 c1 91 02", "MOV.i32 r1, thread_local_pointer.w1"],
    ["01 02 00 00 32 c0 a4 00", "FADD.f32.clamp_m1_1 r0, r1, r2.neg.abs"],
    ["41 f8 ff ff 07 c0 1f 50", "BRANCHZ.reconverge ^r1, offset:-8"],
    ["c0 01 00 00 00 c4 10 51", "IADD_IMM.i32.reconverge r4, 0x0, #0x1"],
    // source-formats.md §B.9
    ["01 02 00 00 20 c0 a4 00", "FADD.f32 r0, r1, r2.abs"],
    ["40 c4 c0 9c 01 c1 f0 00", "ICMP_OR.u32.gt.m1 r1, ^r0, 0x1000000.b3, 0x0"],
    ["40 00 00 18 82 80 60 08", "LOAD.i32.unsigned.slot0.wait0 @r0, ^r0, offset:0"],
    ["41 03 00 00 00 c0 1f 50", "BRANCHZ.reconverge ^r1, offset:3"],
    ["c0 00 00 00 00 f6 10 01", "IADD_IMM.i32 r54, 0x0, #0x0"],
  ];
  test.each(examples)("%s → %s", (bytes, text) => {
    const words = wordsOf(bytes);
    expect(disassemble(words)).toBe(text);
    expect(Array.from(assemble(text))).toEqual(words);
  });

  test("the value of example 1 is 0x0291c100000000e3", () => {
    expect(wordsOf("e3 00 00 00 00 c1 91 02")).toEqual([0x000000e3, 0x0291c100]);
  });

  test("an instruction without operands still ends in a space", () => {
    // NOP: opcode 0, no destination → placeholder byte 0xC0 at 40–47; flow `end` = 15 at 59–62.
    expect(disassemble([0, 0xc000])).toBe("NOP ");
    expect(disassemble([0, (0xc000 | (15 << 27)) >>> 0])).toBe("NOP.end ");
    expect(Array.from(assemble("NOP.end "))).toEqual([0, (0xc000 | (15 << 27)) >>> 0]);
  });

  test("a word that matches nothing, or sets reserved bit 63, is an unknown line", () => {
    expect(disassemble([0, 0x0001c000])).toBe("unknown 0x00000000 0x0001c000");
    expect(disassemble([0xe3, 0x8291c100])).toBe("unknown 0x000000e3 0x8291c100");
  });
});

/* ------------------------------------------------------------------------------------------------
 * The oracle: documents' facts, typed in.
 * --------------------------------------------------------------------------------------------- */

/** source-formats.md §B.5: primary opcode → [opcode2 low bit, "NAME=opcode2 …"]; null = single member. */
const OPCODES: [number, number | null, string][] = [
  [
    0x060,
    27,
    "LOAD.i8=0 LOAD.i16=1 LOAD.i24=2 LOAD.i32=3 LOAD.i48=4 LOAD.i64=5 LOAD.i96=6 LOAD.i128=7",
  ],
  [
    0x061,
    27,
    "STORE.i8=0 STORE.i16=1 STORE.i24=2 STORE.i32=3 STORE.i48=4 STORE.i64=5 STORE.i96=6 STORE.i128=7",
  ],
  [0x066, 37, "LD_ATTR_IMM=0 LD_TEX_IMM=1"],
  [0x076, 37, "LD_ATTR=0 LD_TEX=1"],
  [0x067, 37, "LEA_ATTR_IMM=0 LEA_TEX_IMM=1"],
  [0x077, 37, "LEA_ATTR=0 LEA_TEX=1"],
  [0x068, 27, "ATOM.i32=3 ATOM.i64=5"],
  [0x069, 27, "ATOM1_RETURN.i32=3 ATOM1_RETURN.i64=5"],
  [
    0x06a,
    27,
    "LD_BUFFER.i8=0 LD_BUFFER.i16=1 LD_BUFFER.i24=2 LD_BUFFER.i32=3 LD_BUFFER.i48=4 LD_BUFFER.i64=5 LD_BUFFER.i96=6 LD_BUFFER.i128=7",
  ],
  [
    0x090,
    16,
    "V2S16_TO_V2F16=7 S32_TO_F32=9 V2U16_TO_V2F16=0x17 U32_TO_F32=0x19 S16_TO_S32=4 S16_TO_F32=5 U16_TO_U32=0x14 " +
      "U16_TO_F32=0x15 F32_TO_S32=0xC F32_TO_U32=0x1C V2F16_TO_V2S16=0xE V2F16_TO_V2U16=0x1E F16_TO_S32=0xA " +
      "F16_TO_U32=0x1A F16_TO_F32=0xB S8_TO_S32=0 S8_TO_F32=1 U8_TO_U32=0x10 U8_TO_F32=0x11 V2S8_TO_V2S16=2 " +
      "V2S8_TO_V2F16=3 V2U8_TO_V2U16=0x12 V2U8_TO_V2F16=0x13 FROUND.f32=0xD FROUND.v2f16=0xF",
  ],
  [
    0x091,
    16,
    "MOV.i32=0 CLZ.u32=4 CLZ.v2u16=5 CLZ.v4u8=6 IABS.s32=8 IABS.v2s16=9 IABS.v4s8=0xA POPCOUNT.i32=0xC BITREV.i32=0xD NOT_OLD.i32=0xE",
  ],
  [0x098, 16, "FLUSH.f32=0 FLUSH.v2f16=1"],
  [0x099, 16, "FREXPM.f32=0 FREXPM.v2f16=1 FREXPE.f32=2 FREXPE.v2f16=3"],
  [
    0x09c,
    16,
    "FRCP.f32=0 FRCP.f16=1 FRSQ.f32=2 FRSQ.f16=3 FSIN_TABLE.u6=4 FCOS_TABLE.u6=5 FSINCOS_OFFSET.u6=6 FLOGD.f32=8 " +
      "FPCLASS.f32=0xA FPCLASS.f16=0xB FLOG_TABLE.f32=0xC FEXP_TABLE.u4=0xD FRCP_APPROX.f32=0xE FRSQ_APPROX.f32=0xF",
  ],
  [0x0a0, 16, "IADD.u32=0 ISUB.u32=1 IMUL.i32=0xA HADD.u32=0xB CLPER.i32=0xF"],
  [
    0x0a1,
    16,
    "IADD.v2u16=0 ISUB.v2u16=1 IMUL.v2i16=0xA HADD.v2u16=0xB CLPER.v2u16=0xF MKVEC.v2i16=5",
  ],
  [0x0a2, 16, "IADD.v4u8=0 ISUB.v4u8=1 IMUL.v4i8=0xA HADD.v4u8=0xB CLPER.v4u8=0xF"],
  [0x0a8, 16, "IADD.s32=0 ISUB.s32=1 IMUL.s32=0xA HADD.s32=0xB CLPER.s32=0xF"],
  [0x0a9, 16, "IADD.v2s16=0 ISUB.v2s16=1 IMUL.v2s16=0xA HADD.v2s16=0xB CLPER.v2s16=0xF"],
  [0x0aa, 16, "IADD.v4s8=0 ISUB.v4s8=1 IMUL.v4s8=0xA HADD.v4s8=0xB CLPER.v4s8=0xF"],
  [
    0x0a4,
    16,
    "FADD.f32=0 FMIN.f32=2 FMAX.f32=3 LDEXP.f32=6 FEXP.f32=8 FADD_LSCALE.f32=9 FATAN_ASSIST.f32=0xE",
  ],
  [0x0a5, 16, "FADD.v2f16=0 FMIN.v2f16=2 FMAX.v2f16=3 V2F32_TO_V2F16=4 LDEXP.v2f16=6"],
  ...(
    [
      [0x0b4, "i32"],
      [0x0b5, "v2i16"],
      [0x0b6, "v4i8"],
      [0x1b7, "i64"],
    ] as const
  ).map(([op, t]): [number, number, string] => [
    op,
    24,
    `RSHIFT_AND.${t}=0 RSHIFT_OR.${t}=1 RSHIFT_XOR.${t}=2 LSHIFT_AND.${t}=0x100 LSHIFT_OR.${t}=0x101 LSHIFT_XOR.${t}=0x102`,
  ]),
  [0x0bc, 24, "CUBE_SSEL=0 CUBE_TSEL=1"],
  [0x0c2, 24, "IDP.v4s8=0 IDP.v4u8=1"],
  [0x0f0, 24, "ICMP_OR.u32=0 ICMP_AND.u32=1 ICMP_MULTI.u32=2"],
  [0x0f1, 24, "ICMP_OR.v2u16=0 ICMP_AND.v2u16=1"],
  [0x0f2, 24, "ICMP_OR.v4u8=0 ICMP_AND.v4u8=1"],
  [0x0f4, 24, "FCMP_OR.f32=0 FCMP_AND.f32=1"],
  [0x0f5, 24, "FCMP_OR.v2f16=0 FCMP_AND.v2f16=1"],
  [0x0f8, 24, "ICMP_OR.s32=0 ICMP_AND.s32=1 ICMP_MULTI.s32=2"],
  [0x0f9, 24, "ICMP_OR.v2s16=0 ICMP_AND.v2s16=1"],
  [0x0fa, 24, "ICMP_OR.v4s8=0 ICMP_AND.v4s8=1"],
  [0x120, 27, "ATOM_RETURN.i32=3 ATOM_RETURN.i64=5"],
  [0x1a3, 16, "IADD.u64=0 ISUB.u64=1 SEG_ADD.u64=6 SHADDX.u64=7 IMULD.u64=0xA CLPER.u64=0xF"],
  [0x1ab, 16, "IADD.s64=0 ISUB.s64=1 SHADDX.s64=7 CLPER.s64=0xF"],
  // NOT_OLD.i64 is alone at 0x191 but still carries opcode2 0xE at bits 16–19.
  [0x191, 16, "NOT_OLD.i64=0xE"],
  ...(
    "NOP=0x000 BRANCHZ=0x01f DISCARD.f32=0x020 BRANCHZI=0x02f LD_VAR_FLAT_IMM=0x041 BARRIER=0x045 LD_VAR_IMM=0x054 " +
    "LD_VAR_FLAT=0x055 LD_VAR_SPECIAL=0x056 LD_VAR_BUF_IMM.f32=0x05c LD_VAR_BUF_IMM.f16=0x05d LEA_BUF_IMM=0x05e " +
    "LD_VAR=0x064 LEA_BUFFER=0x06b LD_VAR_BUF.f32=0x06c LD_VAR_BUF.f16=0x06d ST_CVT=0x071 LD_TILE=0x078 ST_TILE=0x079 " +
    "ATEST=0x07d ZS_EMIT=0x07e BLEND=0x07f WMASK=0x095 FMA.f32=0x0b2 FMA.v2f16=0x0b3 MUX.i32=0x0b8 MUX.v2i16=0x0b9 " +
    "MUX.v4i8=0x0ba MKVEC.v2i8=0x0bd CUBEFACE1=0x0c0 CUBEFACE2_V9=0x0c1 IADD_IMM.i32=0x110 IADD_IMM.v2i16=0x111 " +
    "IADD_IMM.v4i8=0x112 FADD_IMM.f32=0x114 FADD_IMM.v2f16=0x115 TEX_FETCH=0x125 TEX_SINGLE=0x128 TEX_GATHER=0x129 " +
    "TEX_GRADIENT=0x12a TEX_DUAL=0x12f VAR_TEX_BUF_SINGLE=0x130 VAR_TEX_BUF_GATHER=0x131 VAR_TEX_BUF_GRADIENT=0x132 " +
    "VAR_TEX_BUF_DUAL=0x137 VAR_TEX_SINGLE=0x138 VAR_TEX_GATHER=0x139 VAR_TEX_GRADIENT=0x13a VAR_TEX_DUAL=0x13f " +
    "CSEL.u32=0x150 CSEL.v2u16=0x151 CSEL.f32=0x154 CSEL.v2f16=0x155 CSEL.s32=0x158 CSEL.v2s16=0x159 " +
    "FMA_RSCALE.f32=0x160 FMA_RSCALE_N.f32=0x161 FMA_RSCALE_LEFT.f32=0x162 FMA_RSCALE_SCALE16.f32=0x163"
  )
    .split(" ")
    .map((e): [number, null, string] => [Number(e.split("=")[1]), null, e.split("=")[0]]),
];

/** name → primary opcode, opcode2 and its low bit. */
const OPCODE_OF = new Map<string, { op: number; op2: number; at: number }>();
for (const [op, at, members] of OPCODES) {
  for (const m of members.split(" ")) {
    const [name, op2] = m.split("=");
    OPCODE_OF.set(name, { op, op2: at === null ? 0 : Number(op2), at: at ?? 0 });
  }
}

/** §B.8 `<imm>`s: [instruction pattern, name, start, size, signed]. */
const IMMEDIATES: [RegExp, string, number, number, boolean][] = [
  [/^BRANCHZ$/, "offset", 8, 27, true],
  [/^(LOAD|STORE)\.i/, "offset", 8, 16, true],
  [/^(ST_CVT|ATOM\.|ATOM1_RETURN\.|ATOM_RETURN\.)/, "offset", 8, 8, false],
  [/^BLEND$/, "target", 8, 8, false],
  [/^(LD_VAR_IMM|LD_VAR_FLAT_IMM|LEA_BUF_IMM)$/, "table", 8, 4, false],
  [/^(LD_VAR_IMM|LD_VAR_FLAT_IMM|LEA_BUF_IMM)$/, "index", 12, 8, false],
  [/^LD_VAR_SPECIAL$/, "index", 12, 4, false],
  [/^LD_VAR_BUF_IMM\./, "index", 16, 8, false],
  [/^(LD_ATTR|LD_TEX|LEA_ATTR|LEA_TEX)_IMM$/, "index", 20, 4, false],
  [/^(LD_ATTR|LD_TEX|LEA_ATTR|LEA_TEX)_IMM$/, "table", 16, 4, false],
  [/^SHADDX\./, "shift", 20, 3, false],
  [/^(IADD_IMM|FADD_IMM)\./, "constant", 8, 32, false],
];

/** §B.8 flow names by value (null: reserved); `none` is the default and prints nothing. */
const FLOWS = [
  "",
  ".wait0",
  ".wait1",
  ".wait01",
  ".wait2",
  ".wait02",
  ".wait12",
  ".wait012",
  ".wait0126",
  ".wait",
  ".reconverge",
  null,
  null,
  ".discard",
  null,
  ".end",
];

/** Not printed as suffixes (§B.8). */
const SKIPPED = new Set([
  "left",
  "memory_width",
  "descriptor_type",
  "staging_register_count",
  "staging_register_write_count",
]);

/**
 * What a modifier prints when all its bits are 0 (§B.7/§B.8 + ISA.xml enums: entry 0's text, ""
 * if entry 0 is the default, `.reserved` if it is reserved; flags print nothing when clear).
 */
const MOD_AT_ZERO: Record<string, string> = {
  condition: ".eq",
  slot: ".slot0",
  vector_size: "",
  register_format: ".auto",
  sample_mode: ".center",
  update_mode: ".store",
  source_format: ".src_flat32",
  load_lane_8_bit: "",
  load_lane_16_bit: "",
  load_lane_24_bit: "",
  load_lane_32_bit: "",
  load_lane_48_bit: ".reserved",
  load_lane_64_bit: ".reserved",
  load_lane_96_bit: ".reserved",
  load_lane_128_bit: ".reserved",
  memory_access: "",
  round_mode: "",
  subgroup_size: ".subgroup2",
  nan_mode: ".none",
  clamp: "",
  lane_operation: "",
  inactive_result: "",
  mux: ".neg",
  result_type: ".i1",
  atomic_operation: ".reserved",
  atomic_operation_with_1: ".ainc",
  register_type: ".reserved",
  register_width: ".16",
  secondary_register_width: ".16",
  write_mask: ".reserved",
  dimension: ".1d",
  lod_mode: ".zero",
  fetch_component: ".gather4_r",
  sample_and_update_mode: ".center_store",
  varying_texture_register_width: ".16",
};

/** What a source modifier prints when its bits are 0 (§B.6 with the enums' entry 0 and defaults). */
function sourceModsAtZero(attrs: Record<string, string>, size: number): string {
  let text = "";
  if (attrs.swizzle) text += size === 16 ? ".h00" : ""; // Widen none (default) / Swizzles (16-bit) h00
  if (attrs.lanes)
    text += ".reserved"; // Lanes (8-bit) entry 0 is reserved
  else if (attrs.halfswizzle) text += ".b00";
  else if (attrs.widen) text += size === 16 ? ".h00" : ""; // 8-bit b0123, 32/64-bit none: defaults
  if (attrs.lane) text += size === 16 ? ".h0" : ".b0";
  return text;
}

/** §B.1 `typesize`: the operand size an instruction name implies. */
function typeSize(name: string): number {
  if (name.endsWith("128")) return 128;
  if (name.endsWith("48")) return 48;
  if (name.endsWith("8")) return 8;
  const n = Number(name.slice(-2));
  return Number.isInteger(n) && /\d\d$/.test(name) ? n : 32;
}

/** A few `Immediates` LUT entries (ISA.xml `<lut>`): index → value. */
const LUT: [number, number][] = [
  [0, 0x0],
  [1, 0xffffffff],
  [4, 0x1000000],
  [9, 0x7060504],
  [16, 0x3f800000],
  [20, 0x40490fdb],
  [31, 0x42480000],
];

/** Special FAU values (ISA.xml `FAU special page <n>`): page → [entry, name]; page 2 has none. */
const SPECIALS: Record<number, [number, string]> = {
  0: [2, "warp_id"],
  1: [1, "thread_local_pointer"],
  3: [15, "program_counter"],
};

class Bits {
  words = [0, 0];
  set(low: number, width: number, value: number): void {
    for (let i = 0; i < width; i++) {
      const bit = low + i;
      if (Math.floor(value / 2 ** i) % 2 === 1)
        this.words[bit >> 5] = (this.words[bit >> 5] | (1 << (bit & 31))) >>> 0;
    }
  }
}

/** The golden vector of instruction number `n`: a word built from the tables above and its text. */
function golden(ins: ModelInstruction, n: number): { words: number[]; text: string } {
  const bits = new Bits();
  const { op, op2, at } = OPCODE_OF.get(ins.name)!;
  bits.set(48, 9, op);
  bits.set(at, 12, op2);
  const flows = FLOWS.map((f, v) => [f, v] as const).filter(([f]) => f !== null);
  const [flowText, flow] = flows[n % flows.length];
  bits.set(59, 4, flow);

  const mods = ins.modifiers.filter((m) => !SKIPPED.has(m.name));
  let text =
    ins.name +
    mods.map((m) => (m.name in MOD_AT_ZERO ? MOD_AT_ZERO[m.name] : "")).join("") +
    flowText +
    " ";
  const ops: string[] = [];
  const size = typeSize(ins.name);
  const page = n % 4;
  let usesPage = false;
  let slot = 0;
  let k = 0; // source index
  let byte40 = 0xc0; // no destination and no staging (§B.4)
  const hasWriteCount = ins.modifiers.some((m) => m.name === "staging_register_write_count");
  for (const o of ins.operands) {
    const attrs = o.attributes ?? {};
    if (o.kind === "dest") {
      const reg = (n * 5) % 64;
      const mask = [3, 1, 2][n % 3];
      byte40 = reg | (mask << 6);
      ops.push(`r${reg}${["", ".h0", ".h1", ""][mask]}`);
    } else if (o.kind === "staging") {
      const write = attrs.write === "true";
      const base = (2 * n + (write ? 0 : 8)) % 56;
      let count: number;
      if (write && hasWriteCount) {
        count = 1 + (n % 4);
        bits.set(36, 3, count - 1); // sr_write_count: count − 1
      } else {
        count = 1 + (n % 3);
        bits.set(33, 3, count); // sr_count: count
      }
      if (attrs.flags === "false") {
        if (write) bits.set(16, 6, base);
        else byte40 = base;
      } else byte40 = base | ((attrs.flags === "rw" ? 3 : write ? 2 : 1) << 6);
      ops.push("@" + Array.from({ length: count }, (_, i) => `r${base + i}`).join(":"));
    } else if (o.kind === "src") {
      const srcSize = attrs.size ? Number(attrs.size) : size;
      let srcByte: number;
      let base: string;
      switch ((n + k) % 5) {
        case 0:
          srcByte = (n * 7 + k) % 64;
          base = `r${srcByte}`;
          break;
        case 1:
          srcByte = 0x40 | ((n + 3 * k) % 64);
          base = `^r${srcByte & 63}`;
          break;
        case 2: {
          const v = (n + 11 * k) % 64;
          srcByte = 0x80 | v;
          base = `u${v + 64 * page}`;
          usesPage = true;
          break;
        }
        case 3: {
          const [index, value] = LUT[(n + k) % LUT.length];
          srcByte = 0xc0 | index;
          base = hex(value);
          break;
        }
        default: {
          const word = k & 1;
          const special = SPECIALS[page];
          srcByte = 0xe0 | ((special ? special[0] : 0) << 1) | word;
          base = `${special ? special[1] : "reserved_page2"}.w${word}`;
          usesPage = true;
        }
      }
      bits.set(8 * slot, 8, srcByte);
      ops.push(base + sourceModsAtZero(attrs, srcSize));
      slot += srcSize === 64 && size !== 64 ? 2 : 1;
      k++;
    } else if (o.kind === "imm") {
      const imm = IMMEDIATES.find(([re, name]) => re.test(ins.name) && name === o.name);
      if (!imm) throw new Error(`no §B.8 immediate ${o.name} for ${ins.name}`);
      const [, name, start, width, signed] = imm;
      if (name === "constant") {
        const v = (0x80000000 + n * 0x1357) >>> 0;
        bits.set(start, width, v);
        ops.push(`#${hex(v)}`);
      } else if (signed) {
        const v = -((n % 7) + 1);
        bits.set(start, width, v + 2 ** width);
        ops.push(`${name}:${v}`);
      } else {
        const v = (n * 37 + 5) % 2 ** width;
        bits.set(start, width, v);
        ops.push(`${name}:${hex(v)}`);
      }
    }
  }
  bits.set(40, 8, byte40);
  if (usesPage) bits.set(57, 2, page);
  text += ops.join(", ");
  return { words: bits.words, text };
}

describe("golden vectors for every instruction (built from §B.1–§B.8)", () => {
  test("the opcode table covers exactly the model's 252 instructions", () => {
    expect(model.instructions).toHaveLength(252);
    expect([...OPCODE_OF.keys()].sort()).toEqual(model.instructions.map((i) => i.name).sort());
    expect([...INSTRUCTION_NAMES].sort()).toEqual([...OPCODE_OF.keys()].sort());
  });

  test("every printed modifier has a known zero text", () => {
    const missing = new Set<string>();
    for (const i of model.instructions)
      for (const m of i.modifiers) {
        const f = i.fields.find((x) => x.name === m.field);
        if (!SKIPPED.has(m.name) && f?.type === "enum" && !(m.name in MOD_AT_ZERO))
          missing.add(m.name);
      }
    expect([...missing]).toEqual([]);
  });

  test.each(model.instructions.map((ins, n) => [ins.name, n] as const))("%s", (name, n) => {
    const { words, text } = golden(model.instructions[n], n);
    expect(disassemble(words)).toBe(text);
    expect(Array.from(assemble(text))).toEqual(words);
    expect(decode(words)?.name).toBe(name);
  });
});

/* ------------------------------------------------------------------------------------------------
 * Properties over every instruction.
 * --------------------------------------------------------------------------------------------- */

function fieldRanges(f: Field): [number, number][] {
  return f.ranges.map((r) => [r.low, r.high - r.low + 1]);
}

function setField(words: number[], f: Field, value: number): void {
  let rest = value;
  for (const [low, width] of fieldRanges(f)) {
    for (let i = 0; i < width; i++) {
      const bit = low + i;
      const m = 1 << (bit & 31);
      words[bit >> 5] = (rest % 2 === 1 ? words[bit >> 5] | m : words[bit >> 5] & ~m) >>> 0;
      rest = Math.floor(rest / 2);
    }
  }
}

const cleared = (words: ArrayLike<number>, ins: ModelInstruction) =>
  Array.from(words, (w, i) => (w & ~ins.encoding.dontCare[i]) >>> 0);

/** Any word of the instruction: its fixed bits, anything elsewhere (don't-care bits included). */
function anyWord(ins: ModelInstruction): fc.Arbitrary<number[]> {
  return fc
    .tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff }))
    .map((r) =>
      r.map(
        (x, i) =>
          (ins.encoding.match[i] | (x & ~(ins.encoding.mask[i] & ~ins.encoding.dontCare[i]))) >>> 0,
      ),
    );
}

/** Field values Mesa's text can carry, which exclude a few encodings (see the lossy tests below). */
const SOURCE_KINDS = ["register", "uniform", "lut", "special"] as const;
const lut = model.lookupTables[0].entries.map((e) => e.value);
const lutIndexes = lut.map((v, i) => i).filter((i) => lut.indexOf(lut[i]) === i);
const specials = [0, 1, 2, 3].map((p) => {
  const e = enumsByName.get(`FAU special page ${p}`);
  return e ? e.values.filter((v) => !v.reserved).map((v) => v.value) : [0];
});

function textableWord(ins: ModelInstruction): fc.Arbitrary<number[]> {
  const srcs = ins.fields.filter((f) =>
    ins.operands.some((o) => o.kind === "src" && o.fields[0] === f.name),
  );
  const destMask = ins.operands.find((o) => o.kind === "dest")?.fields[1];
  const values = ins.fields.map((f): fc.Arbitrary<number> => {
    if (f.name === destMask) return fc.integer({ min: 1, max: 3 });
    if (f.name === "staging_register_count") return fc.integer({ min: 0, max: 7 });
    if (f.type === "enum") {
      const e = enumsByName.get(f.enum!)!;
      const named = e.values
        .filter((v) => !v.reserved && v.value < 2 ** f.width)
        .map((v) => v.value);
      return fc.constantFrom(...named);
    }
    return fc.integer({ min: 0, max: 2 ** f.width - 1 });
  });
  const sources = srcs.map(() =>
    fc.record({
      kind: fc.constantFrom(...SOURCE_KINDS),
      value: fc.integer({ min: 0, max: 127 }),
      pick: fc.nat(),
    }),
  );
  return fc
    .tuple(anyWord(ins), fc.tuple(...values), fc.tuple(...sources), fc.integer({ min: 0, max: 3 }))
    .map(([base, vals, srcVals, page]) => {
      const words = [...base];
      ins.fields.forEach((f, i) => setField(words, f, vals[i]));
      let paged = false;
      srcs.forEach((f, i) => {
        const { kind, value, pick } = srcVals[i];
        let byte = value; // 0x00–0x7f: register or discarded register
        if (kind === "uniform") byte = 0x80 | (value & 63);
        if (kind === "lut") byte = 0xc0 | lutIndexes[pick % lutIndexes.length];
        if (kind === "special")
          byte = 0xe0 | (specials[page][pick % specials[page].length] << 1) | (value & 1);
        if (kind === "uniform" || kind === "special") paged = true;
        setField(words, f, byte);
      });
      setField(
        words,
        ins.fields.find((f) => f.name === "fau_page")!,
        paged ? page : 0,
      );
      // An empty staging list prints as `@`, without its register: Mesa's assembler writes 0 there.
      const printed = disassemble(words).split(" ").slice(1).join(" ").split(", ");
      const first = ins.operands.some((o) => o.kind === "dest") ? 1 : 0;
      ins.operands
        .filter((o) => o.kind === "staging")
        .forEach((o, k) => {
          if (printed[first + k] === "@")
            setField(
              words,
              ins.fields.find((f) => f.name === o.fields[0])!,
              0,
            );
        });
      return words;
    });
}

describe("properties over every instruction", () => {
  const runs = { numRuns: 40 };
  test.each(model.instructions.map((i) => [i.name, i] as const))("%s", (_name, ins) => {
    // decode(encode(x)) = x and encode(decode(w)) = w without its don't-care bits.
    fc.assert(
      fc.property(anyWord(ins), (w) => {
        const d = decode(w);
        expect(d?.name).toBe(ins.name);
        const { dontCareBits, ...x } = d!;
        void dontCareBits;
        const again = encode(x as Instruction);
        expect(Array.from(again)).toEqual(cleared(w, ins));
        const { dontCareBits: dc2, ...y } = decode(again)!;
        expect(dc2).toBeUndefined();
        expect(y).toEqual(x);
      }),
      runs,
    );
    // assemble(disassemble(w)) = w without its don't-care bits.
    fc.assert(
      fc.property(textableWord(ins), (w) => {
        const text = disassemble(w);
        expect(text.startsWith(ins.name)).toBe(true);
        expect(Array.from(assemble(text))).toEqual(cleared(w, ins));
      }),
      runs,
    );
  });
});

/* ------------------------------------------------------------------------------------------------
 * Encodings Mesa's text cannot tell apart, and other printer details.
 * --------------------------------------------------------------------------------------------- */

describe("printer details", () => {
  // MOV.i32 r1, <src0>: opcode 0x091, dest byte 0xC1.
  const mov = (src: number, page = 0) => [src, (0x0091c100 | (page << 25)) >>> 0];

  test("sources: registers, discards, uniforms with their page, LUT entries, special FAU values", () => {
    expect(disassemble(mov(0x3f))).toBe("MOV.i32 r1, r63");
    expect(disassemble(mov(0x45))).toBe("MOV.i32 r1, ^r5");
    expect(disassemble(mov(0x85, 3))).toBe("MOV.i32 r1, u197");
    expect(disassemble(mov(0xd0))).toBe("MOV.i32 r1, 0x3F800000");
    expect(disassemble(mov(0xc1))).toBe("MOV.i32 r1, 0xFFFFFFFF");
    expect(disassemble(mov(0xe4, 0))).toBe("MOV.i32 r1, warp_id.w0");
    expect(disassemble(mov(0xff, 3))).toBe("MOV.i32 r1, program_counter.w1");
    expect(disassemble(mov(0xe1, 2))).toBe("MOV.i32 r1, reserved_page2.w1");
    expect(disassemble(mov(0xe0, 1))).toBe("MOV.i32 r1, reserved.w0");
    expect(Array.from(assemble("MOV.i32 r1, u197"))).toEqual(mov(0x85, 3));
    expect(Array.from(assemble("MOV.i32 r1, reserved_page2.w1"))).toEqual(mov(0xe1, 2));
    expect(Array.from(assemble("MOV.i32 r1, 0x3f800000"))).toEqual(mov(0xd0));
  });

  test("half destinations print .h0 / .h1 from the write mask", () => {
    expect(disassemble([0xe3, 0x02914100])).toBe("MOV.i32 r1.h0, thread_local_pointer.w1");
    expect(disassemble([0xe3, 0x02918100])).toBe("MOV.i32 r1.h1, thread_local_pointer.w1");
    expect(Array.from(assemble("MOV.i32 r1.h1, thread_local_pointer.w1"))).toEqual([
      0xe3, 0x02918100,
    ]);
  });

  // MKVEC.v2i16 picks one 16-bit lane per source, a 1-bit lane at bit 28 (source 0) and 26
  // (source 1) that Mesa prints .h0/.h1 (specs/valhall/layout.json sourceOverrides, from va_pack.c).
  // Bytes by hand: src0 ^r0 = 0x40; src1 LUT entry 27 (0x3C000000) = 0xc0 | 27 = 0xdb; opcode2 5 at
  // bits 16–19; lanes in byte 3 (bit 28 = 0x10, bit 26 = 0x04); dest r0 = 0xc0; opcode 0x0a1 at 48.
  test.each([
    ["40 db 05 00 00 c0 a1 00", "MKVEC.v2i16 r0, ^r0.h0, 0x3C000000.h0"],
    ["40 db 05 04 00 c0 a1 00", "MKVEC.v2i16 r0, ^r0.h0, 0x3C000000.h1"],
    ["40 db 05 10 00 c0 a1 00", "MKVEC.v2i16 r0, ^r0.h1, 0x3C000000.h0"],
    ["40 db 05 14 00 c0 a1 00", "MKVEC.v2i16 r0, ^r0.h1, 0x3C000000.h1"],
  ])("MKVEC.v2i16 lanes: %s → %s", (bytes, text) => {
    const words = wordsOf(bytes);
    expect(disassemble(words)).toBe(text);
    expect(Array.from(assemble(text))).toEqual(words);
    // Bits 29 and 27, the rest of the seed's 2-bit swizzles, are not read.
    expect(disassemble([(words[0] | (1 << 29) | (1 << 27)) >>> 0, words[1]])).toBe(text);
  });

  test("an empty staging list: `@`, as Mesa prints and writes it, assembles (register field 0)", () => {
    // ATOM1_RETURN.i32 with staging_register_count 0: no staging register to print.
    const text = "ATOM1_RETURN.i32.slot0.ainc.wait0 @, r50, offset:0x0";
    const w = Array.from(assemble(text));
    expect(disassemble(w)).toBe(text);
    // staging_register_count 0 is the enum entry that names the register operand (sr0)
    expect(decode(w)?.fields).toMatchObject({ sr0: 0, staging_register_count: "sr0", src0: 50 });
  });

  test("staging registers: count from bits 33–35, or bits 36–38 plus one for written ones", () => {
    // LOAD.i32 with sr_count 3: @r4:r5:r6.
    const load = [0x18000040, (0x00608000 | (4 << 8) | (3 << 1)) >>> 0];
    expect(disassemble(load)).toBe("LOAD.i32.slot0 @r4:r5:r6, ^r0, offset:0");
    expect(Array.from(assemble("LOAD.i32.slot0 @r4:r5:r6, ^r0, offset:0"))).toEqual(load);
  });

  test("lossy corners: Mesa's text names them alike, the assembler reads back the first", () => {
    // LUT entry 21 is 0x0 like entry 0.
    expect(disassemble(mov(0xd5))).toBe("MOV.i32 r1, 0x0");
    expect(Array.from(assemble("MOV.i32 r1, 0x0"))).toEqual(mov(0xc0));
    // A uniform-free instruction's FAU page is not printed.
    expect(disassemble(mov(0x01, 1))).toBe("MOV.i32 r1, r1");
    // Write mask 0 prints .h1 like mask 2 (disasm.py's va_print_dest).
    expect(disassemble([0xe3, 0x02910100])).toBe("MOV.i32 r1.h1, thread_local_pointer.w1");
    // A staging count of 0 prints a bare @, which names no register: it reads back as r0.
    expect(disassemble([0x18000040, 0x08608080])).toBe(
      "LOAD.i32.unsigned.slot0.wait0 @, ^r0, offset:0",
    );
    expect(Array.from(assemble("LOAD.i32.unsigned.slot0.wait0 @, ^r0, offset:0"))).toEqual([
      0x18000040, 0x08608080,
    ]);
    expect(disassemble([0x18000040, 0x08608580])).toBe(
      "LOAD.i32.unsigned.slot0.wait0 @, ^r0, offset:0",
    );
    // Every reserved enum value prints .reserved; it reads back as the first one (Slot 3).
    const load = (v: number) => [
      (0x18000040 | ((v & 3) << 30)) >>> 0,
      (0x08608082 | (v >> 2)) >>> 0,
    ];
    expect(disassemble(load(3))).toBe("LOAD.i32.unsigned.reserved.wait0 @r0, ^r0, offset:0");
    expect(disassemble(load(5))).toBe("LOAD.i32.unsigned.reserved.wait0 @r0, ^r0, offset:0");
    expect(Array.from(assemble("LOAD.i32.unsigned.reserved.wait0 @r0, ^r0, offset:0"))).toEqual(
      load(3),
    );
  });
  // Every reserved special FAU entry of a page with a table prints `reserved.wN` (disasm.py's
  // tables name no value there). FAU page tables (ISA.xml): page 0 entries 0, 1, 3, 7 reserved;
  // page 1 entries 0, 2, 4–6, 8–15; page 3 entries 0, 2, 4–14; page 2 has no table. Source byte
  // 0xe0 | (2 × entry + word) (kind 3, past the 32 LUT entries); FAU page at bits 57–58.
  test("reserved.wN reads back as the first reserved entry of the instruction's FAU page", () => {
    // MOV.i32 r1: page 0 entry 0 word 1 (0xe1); page 1 entry 2 word 1 (0xe5) prints the same.
    expect(disassemble(mov(0xe1))).toBe("MOV.i32 r1, reserved.w1");
    expect(disassemble(mov(0xe5, 1))).toBe("MOV.i32 r1, reserved.w1");
    expect(Array.from(assemble("MOV.i32 r1, reserved.w1"))).toEqual(mov(0xe1));
    // FADD.f32.clamp_m1_1 r0, <src0>, <src1>.neg.abs (word 1 0x00a4c032 | page << 25, sources in
    // bytes 0 and 1): lane_id.w1 is page 3 entry 1 (0xe3), so reserved.w0 is page 3 entry 0 (0xe0),
    // whichever reserved entry (entry 2: 0xe4) the words held.
    const fadd = (src0: number, src1: number, page: number) => [
      src0 | (src1 << 8),
      (0x00a4c032 | (page << 25)) >>> 0,
    ];
    const text = "FADD.f32.clamp_m1_1 r0, lane_id.w1, reserved.w0.neg.abs";
    expect(disassemble(fadd(0xe3, 0xe4, 3))).toBe(text);
    expect(Array.from(assemble(text))).toEqual(fadd(0xe3, 0xe0, 3));
    // A uniform fixes the page too: u69 is page 1, uniform 5 (0x85); page 1's entry 0 is 0xe0.
    expect(Array.from(assemble("FADD.f32.clamp_m1_1 r0, u69, reserved.w0.neg.abs"))).toEqual(
      fadd(0x85, 0xe0, 1),
    );
    // Page 2 has no table: its entries print reserved_page2.wN, and no reserved.wN is on it.
    expect(() => assemble("FADD.f32 r0, u130, reserved.w0")).toThrow(
      "1:20: FAU page 2 has no reserved special value",
    );
  });
});

/* ------------------------------------------------------------------------------------------------
 * Assembler errors: message, line and column of the first bad token.
 * --------------------------------------------------------------------------------------------- */

describe("assembler errors", () => {
  function errorOf(text: string): { message: string; line: number; column: number } {
    try {
      assemble(text);
    } catch (e) {
      expect(e).toBeInstanceOf(AssemblyError);
      const err = e as AssemblyError;
      return { message: err.message.replace(/^\d+:\d+: /, ""), line: err.line, column: err.column };
    }
    throw new Error(`'${text}' assembled`);
  }

  test.each([
    ["FOO r0", "unknown instruction 'FOO'", 1, 1],
    ["  FADD.f32.bogus r0, r1, r2", "unexpected modifier '.bogus' for FADD.f32", 1, 11],
    ["FADD.f32 r0, r1", "FADD.f32 takes 3 operands, found 2", 1, 16],
    ["FADD.f32 r0, r1, r2, r3", "FADD.f32 takes 3 operands", 1, 22],
    ["FADD.f32 r0, , r2", "empty operand", 1, 14],
    ["MOV.i32 r64, r1", "register r64 out of range (r0..r63)", 1, 9],
    [
      "MOV.i32 r1, q1",
      "expected a source (rN, ^rN, uN, 0x<LUT value> or <special>.wN), found 'q1'",
      1,
      13,
    ],
    [
      "FADD.f32 r0, u1, u65",
      "FAU page 1 here, but page 0 at column 14: one page per instruction",
      1,
      18,
    ],
    ["MOV.i32 r1, 0x12345", "0x12345 is not an inline immediate (not in the LUT)", 1, 13],
    ["MOV.i32 r1, frame_pointer.w0", "unknown special FAU value 'frame_pointer'", 1, 13],
    [
      "LOAD.i32.unsigned.wait0 @r0, ^r0, offset:0",
      "LOAD.i32 needs a slot modifier here, found '.wait0'",
      1,
      18,
    ],
    ["LOAD.i32.unsigned @r0, ^r0, offset:0", "LOAD.i32 needs a slot modifier", 1, 18],
    [
      "LOAD.i32.slot0 @r0:r2, r0, offset:0",
      "staging registers must be consecutive: r2 after r0",
      1,
      16,
    ],
    ["LOAD.i32.slot0 r0, r0, offset:0", "expected staging registers @rA:rB:…, found 'r0'", 1, 16],
    ["BRANCHZ ^r1, offset:99999999", "offset 99999999 does not fit (-67108864..67108863)", 1, 21],
    ["BRANCHZ ^r1, off:3", "expected offset:<value>, found 'off:3'", 1, 14],
    ["BRANCHZ ^r1, offset:x", "expected a number after 'offset:', found 'x'", 1, 21],
    ["IADD_IMM.i32 r4, 0x0, 1", "expected #<value>, found '1'", 1, 23],
    [
      "ICMP_OR.u32.gt.m1 r1, ^r0, 0x1000000.b9, 0x0",
      "unexpected modifier '.b9' for 0x1000000",
      1,
      37,
    ],
    ["FADD.f32 r0, r1.neg.neg, r2", "unexpected modifier '.neg' for r1", 1, 20],
    ["NOP\nMOV.i32 r1, r2\nMOV.i32 r1", "MOV.i32 takes 2 operands, found 1", 3, 11],
  ])("%j", (text, message, line, column) => {
    expect(errorOf(text)).toEqual({ message, line, column });
  });

  test("several lines assemble one after another; blank lines are skipped", () => {
    expect(Array.from(assemble("NOP \n\nMOV.i32 r1, thread_local_pointer.w1\n"))).toEqual([
      0, 0xc000, 0xe3, 0x0291c100,
    ]);
  });
});
