/**
 * Golden model excerpts, one or more complete instructions per ISA, written by hand from the facts
 * in ../shared/docs (source-formats.md, r500-and-bifrost.md) — not produced by the readers. Each
 * instruction is compared whole: its fixed bits and every field with its bit range.
 */
import type { Instruction } from "../../generator/model/types";
import { shippedModels } from "../helpers/shippedModels";
import { needing } from "../helpers/builtSpecs";

const IDS = ["bifrost", "etnaviv", "ir3", "r500", "valhall"];
const model = (id: string) => shippedModels(IDS).models.find((m) => m.isa.id === id)!;
const ins = (id: string, name: string) => model(id).instructions.find((i) => i.name === name)!;

/** Fixed bits and `FIELD: [low, high]` (single-range fields) of an instruction. */
function shape(i: Instruction) {
  return {
    match: i.encoding.match,
    mask: i.encoding.mask,
    dontCare: i.encoding.dontCare,
    fields: Object.fromEntries(i.fields.map((f) => [f.name, f.ranges.map((r) => [r.low, r.high])])),
  };
}

needing({ specs: ["ir3"] }).test(
  "ir3 `end` (source-formats.md A.1-A.3, A.11; disassembly-syntax.md §1)",
  () => {
    // Chain #instruction → #instruction-cat0 → #instruction-cat0-0src → end. OPC 0110 at 55–58 sets
    // bits 56, 57 (high word 0x03000000); don't-care: 32–36, 43, 50–51 (the OPC_HI `xx`).
    expect(shape(ins("ir3", "end"))).toEqual({
      match: [0, 0x03000000],
      mask: [0, 0xe7fee8ff],
      dontCare: [0, 0x000c081f],
      fields: {
        IMMED: [[0, 31]],
        REPEAT: [[40, 42]],
        SS: [[44, 44]],
        EQ: [[48, 48]],
        JP: [[59, 59]],
        SY: [[60, 60]],
      },
    });
    const end = ins("ir3", "end");
    expect(end.display).toBe("{SY}{SS}{EQ}{JP}{REPEAT}{NAME}");
    expect(end.gen).toEqual({ min: 300, max: 4294967295 });
    expect(end.fields.map((f) => [f.name, f.type, f.enum ?? f.display ?? null])).toEqual([
      ["IMMED", "branch", null],
      ["REPEAT", "enum", "#rptN"],
      ["SS", "bool", "(ss)"],
      ["EQ", "bool", "(eq)"],
      ["JP", "bool", "(jp)"],
      ["SY", "bool", "(sy)"],
    ]);
  },
);

needing({ specs: ["etnaviv"] }).test(
  "etnaviv add (Mesa etnaviv.xml: add → #instruction-alu-src0-src2 → #instruction-alu → #instruction)",
  () => {
    // Fixed: OPC 000001 at 0–5, OPCODE_BIT6 0 at 80; #instruction-alu: 27–31 (TEX_ID), 35–38, 40–42
    // zero; src0-src2: SRC0_USE (43) one, SRC1 bits 70–79, 81–93, 96–98 zero, SRC2_USE (99) one.
    expect(shape(ins("etnaviv", "add"))).toEqual({
      match: [0x01, 0x800, 0, 0x8],
      mask: [0xf800003f, 0xf78, 0x3fffffc0, 0xf],
      dontCare: [0, 0, 0, 0],
      fields: {
        COND: [[6, 10]],
        SAT: [[11, 11]],
        TYPE_BIT2: [[53, 53]],
        TYPE_BIT01: [[94, 95]],
        DST_USE: [[12, 12]],
        DST: [[13, 26]],
        RMODE: [[32, 33]],
        PMODE: [[34, 34]],
        SKPHP: [[39, 39]],
        LOW_HALF: [[109, 109]],
        HIGH_HALF: [[120, 120]],
        DST_FULL: [[127, 127]],
        SRC0_REG: [[44, 52]],
        SRC0: [[54, 63]],
        SRC0_AMODE: [[64, 66]],
        SRC0_RGROUP: [[67, 69]],
        SRC2_REG: [[100, 108]],
        SRC2: [[110, 119]],
        SRC2_AMODE: [[121, 123]],
        SRC2_RGROUP: [[124, 126]],
      },
    });
    // imulhi0 = 0x40: OPC 0 and OPCODE_BIT6 (word 2 bit 16) set; src0-src1: SRC0_USE (43), SRC1_USE (70)
    // (disassembly-syntax.md §2 example 2 has these bits).
    expect(ins("etnaviv", "imulhi0").encoding.match).toEqual([0, 0x800, 0x10040, 0]);
  },
);

test("valhall FADD.f32 (source-formats.md B.2–B.7, disassembly-syntax.md §3)", () => {
  // opcode 0xA4 at 48–56; opcode2 0 at 16–19 (two sources); bit 63 zero. Unclaimed bits
  // (20–25, 30–31, 34–35) are don't-care per specs/valhall/layout.json.
  expect(shape(ins("valhall", "FADD.f32"))).toEqual({
    match: [0, 0x00a40000],
    mask: [0xc3ff0000, 0x81ff000c],
    dontCare: [0xc3f00000, 0x0000000c],
    fields: {
      flow: [[59, 62]],
      fau_page: [[57, 58]],
      dest: [[40, 45]],
      dest_mask: [[46, 47]],
      clamp: [[32, 33]],
      src0: [[0, 7]],
      src0_neg: [[38, 38]],
      src0_abs: [[39, 39]],
      src0_swizzle: [[28, 29]],
      src1: [[8, 15]],
      src1_neg: [[36, 36]],
      src1_abs: [[37, 37]],
      src1_swizzle: [[26, 27]],
    },
  });
});

test("r500 FC (r500-and-bifrost.md A3, A4): TYPE = 2, US_FC_INST in dword 2, US_FC_ADDR in dword 3", () => {
  expect(shape(ins("r500", "FC"))).toEqual({
    match: [2, 0, 0, 0, 0, 0],
    mask: [0xfff80003, 0xffffffff, 0xe0e00008, 0x7e00e0e0, 0xffffffff, 0xffffffff],
    dontCare: [0xfff80000, 0xffffffff, 0xe0e00008, 0x7e00e0e0, 0xffffffff, 0xffffffff],
    fields: {
      TEX_SEM_WAIT: [[2, 2]],
      RGB_PRED_SEL: [[3, 5]],
      RGB_PRED_INV: [[6, 6]],
      WRITE_INACTIVE: [[7, 7]],
      LAST: [[8, 8]],
      NOP: [[9, 9]],
      ALU_WAIT: [[10, 10]],
      RGB_WMASK: [[11, 13]],
      ALPHA_WMASK: [[14, 14]],
      RGB_OMASK: [[15, 17]],
      ALPHA_OMASK: [[18, 18]],
      OP: [[64, 66]],
      B_ELSE: [[68, 68]],
      JUMP_ANY: [[69, 69]],
      A_OP: [[70, 71]],
      JUMP_FUNC: [[72, 79]],
      B_POP_CNT: [[80, 84]],
      B_OP0: [[88, 89]],
      B_OP1: [[90, 91]],
      IGNORE_UNCOVERED: [[92, 92]],
      BOOL_ADDR: [[96, 100]],
      INT_ADDR: [[104, 108]],
      JUMP_ADDR: [[112, 120]],
      JUMP_GLOBAL: [[127, 127]],
    },
  });
});

test("bifrost notes (r500-and-bifrost.md B3): the traps resolve to the right instructions", () => {
  const targets = (name: string) =>
    model("bifrost")
      .notes.filter((n) => n.name === name)
      .map((n) => [
        n.unit,
        n.targets.map(
          (t) => `${t.isa}:${t.instruction}${t.modifiers.map((m) => "." + m).join("")}`,
        ),
      ]);
  expect(targets("FRCP_APPROX")).toEqual([
    ["ADD", ["bifrost:FLOG_TABLE.f32.red", "valhall:FLOG_TABLE.f32"]],
  ]);
  expect(targets("FRCP_TABLE")).toEqual([
    ["ADD", ["bifrost:FRCP_APPROX.f32", "valhall:FRCP_APPROX.f32"]],
  ]);
  expect(targets("FRSQ_TABLE")).toEqual([
    ["ADD", ["bifrost:FRSQ_APPROX.f32", "valhall:FRSQ_APPROX.f32"]],
  ]);
  expect(targets("LOG_FREXPM")).toEqual([
    ["FMA", ["bifrost:FREXPM.f32.log", "valhall:FREXPM.f32.log"]],
  ]);
  expect(targets("FRCP_FREXPM").map(([unit]) => unit)).toEqual(["FMA", "ADD"]);
  // ...and linking put the notes on the Valhall instructions.
  expect(ins("valhall", "FLOG_TABLE.f32").notes).toEqual([
    { isa: "bifrost", note: "FRCP_APPROX", unit: "ADD" },
  ]);
});
