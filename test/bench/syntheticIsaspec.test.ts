/**
 * The synthetic isaspec ISA of the scale benchmark reads into a model of exactly N instructions with
 * no diagnostics, and the encoding-overlap check (which the benchmark made split its candidate
 * groups recursively) still finds exactly the overlaps a brute-force comparison finds.
 */
import { mkdtempSync, readFileSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { checkEncodings } from "../../generator/analyze/checkEncodings";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import type { Instruction, IsaModel } from "../../generator/model/types";
import { buildModels } from "../../generator/pipeline";
import {
  assignOpcodes,
  leafName,
  SYNTH_CAPACITY,
  syntheticIsaspecXml,
  writeSyntheticSpecs,
} from "../../bench/syntheticIsaspec";

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), "isaforge-synth-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function synthModel(n: number): { model: IsaModel; diags: Diagnostics } {
  const specs = writeSyntheticSpecs(path.join(tmp, `specs-${n}`), n);
  const diags = new Diagnostics();
  const models = buildModels(specs, diags);
  expect(models.map((m) => m.isa.id)).toEqual(["synth"]);
  return { model: models[0], diags };
}

/** Tested bits of an instruction, as a bigint over all its words. */
function bits(words: number[]): bigint {
  return words.reduce((acc, w, i) => acc | (BigInt(w >>> 0) << BigInt(32 * i)), 0n);
}
const tested = (i: Instruction) => bits(i.encoding.mask) & ~bits(i.encoding.dontCare);

/** Pairs (earlier, later) of instructions some word matches both of — every pair compared. */
function bruteForceOverlaps(ins: Instruction[]): string[] {
  const pairs: string[] = [];
  for (let b = 0; b < ins.length; b++)
    for (let a = 0; a < b; a++) {
      const both = tested(ins[a]) & tested(ins[b]);
      if (((bits(ins[a].encoding.match) ^ bits(ins[b].encoding.match)) & both) === 0n)
        pairs.push(`${ins[a].name} ${ins[b].name}`);
    }
  return pairs;
}

describe("synthetic isaspec ISA", () => {
  test("50 instructions: exactly 50 in the model, no diagnostics, disjoint encodings", () => {
    const { model, diags } = synthModel(50);
    expect(diags.items.map(formatDiagnostic)).toEqual([]);
    expect(model.instructions).toHaveLength(50);
    expect(bruteForceOverlaps(model.instructions)).toEqual([]);
    // Round-robin over the 8 categories: the first instructions are opcode 0 of categories 0..7.
    expect(model.instructions.slice(0, 9).map((i) => i.name)).toEqual([
      "c0_op00000",
      "c1_op00000",
      "c2_op00000",
      "c3_op00000",
      "c4_op00000",
      "c5_op00000",
      "c6_op00000",
      "c7_op00000",
      "c0_op00001",
    ]);
    // Every bit of every instruction is fixed or in a field (no coverage warning, checked by hand
    // for one): c7 has a 16-bit opcode at 40..55, category 7 (111) at 61..63.
    const c7 = model.instructions[7];
    expect(bits(c7.encoding.mask)).toBe((0b111n << 61n) | (0xffffn << 40n));
    expect(bits(c7.encoding.match)).toBe(0b111n << 61n);
    expect(c7.display).toBe(
      "{SY}{SS}{REPEAT}{NAME}.{TYPE}.{COND} r{DST}, r{SRC1}, r{SRC2}, #{IMM}",
    );
    expect(model.enums.map((e) => e.name).sort()).toEqual(["#cond", "#rpt", "#type"]);
  });

  test("the document is the same for the same size", () => {
    expect(syntheticIsaspecXml(300)).toBe(syntheticIsaspecXml(300));
    expect(
      readFileSync(
        path.join(writeSyntheticSpecs(path.join(tmp, "again"), 50), "synth", "synth.xml"),
        "utf8",
      ),
    ).toBe(syntheticIsaspecXml(50));
  });

  test("opcodes are distinct within a category and fill full categories over", () => {
    const all = assignOpcodes(2000);
    expect(new Set(all.map((a) => `${a.category}:${a.opcode}`)).size).toBe(2000);
    // Category 0 has a 6-bit opcode: 64 instructions at most.
    expect(all.filter((a) => a.category === 0)).toHaveLength(64);
    expect(() => assignOpcodes(0)).toThrow(/between 1 and/);
    expect(() => assignOpcodes(SYNTH_CAPACITY + 1)).toThrow(/between 1 and/);
    expect(leafName(3, 42)).toBe("c3_op00042");
  });

  test("overlaps inside a large group are found, exactly those a brute-force check finds", () => {
    const { model } = synthModel(600);
    const ins = model.instructions;
    // Make three instructions deep inside category groups copy another one's encoding, and one
    // instruction of category 1 (with don't-care bits) test fewer bits so that it overlaps several.
    const copy = (to: number, from: number) => {
      ins[to].encoding = JSON.parse(JSON.stringify(ins[from].encoding)) as Instruction["encoding"];
    };
    copy(500, 300); // both category 4
    copy(599, 7); // both category 7 opcode … 7's
    copy(415, 15);
    const wide = ins.findIndex((i) => i.name === "c1_op00002");
    // Drop its lowest opcode bit (bit 48): it now also matches c1_op00003's words.
    ins[wide].encoding.mask[1] &= ~(1 << 16) >>> 0;
    const expected = bruteForceOverlaps(ins);
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const diags = new Diagnostics();
    checkEncodings(model, diags);
    const found = diags.items.map((d) => {
      const m = /^instruction '([^']+)' overlaps '([^']+)'/.exec(d.message);
      return m ? `${m[2]} ${m[1]}` : d.message;
    });
    expect(found.sort()).toEqual(expected.sort());
  });
});
