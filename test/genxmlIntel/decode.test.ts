/**
 * The Intel decoders, the interpreter of the decoder's view (generator/runtime/genxmlIntel) and
 * the straight-line module the build writes per document (out/ts/genxml/intel/<gen>.ts, read from
 * the test output): printStruct gives intel_print_group's text on every decode vector of
 * expected/genxml/vectors/intel, and the module's decodeStruct and walkCommands give what the
 * interpreter's do; decodeStruct types and names the fields of genxml.md §7.8's worked example; a
 * command buffer is walked by opcode and length; genxml-decode prints the same text from the
 * command line.
 * @needs-upstream mesa
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { Diagnostics } from "../../generator/diagnostics";
import { loadGenxmlIntelChain } from "../../generator/readers/genxmlIntel/loadChain";
import { decoderSpec } from "../../generator/readers/genxmlIntel/runtimeView";
import {
  decodeStruct,
  printCommands,
  printStruct,
  walkCommands,
} from "../../generator/runtime/genxmlIntel/decode";
import type { DecodedField } from "../../generator/runtime/genxmlIntel/decodedField";
import type { DecoderSpec } from "../../generator/runtime/genxmlIntel/types";
import { EXPECTED_GENXML, MESA, runCaptured } from "../helpers/genxmlIntel";
import { loadTestOutputModule } from "../helpers/testOutput";

/** What a generated Intel decoder module exports (templates/ts/genxml-intel/decoder.ts.hbs). */
interface GeneratedDecoder {
  GEN: string;
  itemNames(kind: "struct" | "instruction" | "register"): string[];
  printStruct(name: string, dwords: number[], formats?: ReadonlyMap<number, string>): string;
  decodeStruct(name: string, dwords: number[]): DecodedField[] | undefined;
  walkCommands(dwords: number[]): { index: number; name?: string; length: number }[];
  printCommands(dwords: number[], formats?: ReadonlyMap<number, string>): string;
}
const generated = (gen: string) =>
  loadTestOutputModule<GeneratedDecoder>(`ts/genxml/intel/${gen}.ts`);

/** Decoded fields as comparable text (BigInt, NaN and −0 kept apart). */
const asText = (x: unknown) =>
  JSON.stringify(x, (_k, v: unknown) =>
    typeof v === "bigint" ? `${v}n` : Number.isNaN(v) ? "NaN" : Object.is(v, -0) ? "-0" : v,
  );

const VECTORS = path.join(EXPECTED_GENXML, "vectors", "intel");
const ISL = path.join(EXPECTED_GENXML, "data", "isl_formats.tsv");
const formats = new Map(
  readFileSync(ISL, "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split("\t"))
    .map(([v, n]) => [Number(v), n] as [number, string]),
);
const docPath = (gen: string) => path.join(MESA, "src", "intel", "genxml", `${gen}.xml`);

const specs = new Map<string, DecoderSpec>();
function specOf(gen: string): DecoderSpec {
  let s = specs.get(gen);
  if (!s) {
    const chain = loadGenxmlIntelChain(docPath(gen), { displayOf: (p) => p }, new Diagnostics())!;
    specs.set(gen, (s = decoderSpec(chain)));
  }
  return s;
}

function words(hex: string | undefined): number[] {
  return hex?.trim()
    ? hex
        .trim()
        .split(/\s+/)
        .map((h) => parseInt(h, 16))
    : [];
}

const gens = readdirSync(VECTORS)
  .filter((f) => f.endsWith(".jobs"))
  .map((f) => f.replace(/\.jobs$/, ""));

describe.each(gens)("%s vectors", (gen) => {
  const expected = new Map(
    readFileSync(path.join(VECTORS, `${gen}.expected`), "utf8")
      .split(/^##### /m)
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf("\n")), c.slice(c.indexOf("\n") + 1)]),
  );
  const jobs = readFileSync(path.join(VECTORS, `${gen}.jobs`), "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split("\t"));
  test("every case prints as intel_print_group printed it", () => {
    const spec = specOf(gen);
    const wrong = jobs.filter(([kind, name, sample, hex]) => {
      const g = (
        kind === "instruction"
          ? spec.instructions
          : kind === "struct"
            ? spec.structs
            : spec.registers
      )[name];
      expect(g).toBeDefined();
      return (
        printStruct(spec, name, words(hex), formats) !== expected.get(`${kind}\t${name}\t${sample}`)
      );
    });
    expect(wrong.map((j) => j.slice(0, 3).join(" "))).toEqual([]);
    expect(jobs.length).toBe(expected.size);
  });
  test("the generated module prints every case the same, and decodes and walks as the interpreter", () => {
    const spec = specOf(gen);
    const m = generated(gen);
    expect(m.GEN).toBe(spec.gen);
    const wrong = jobs.filter(
      ([kind, name, sample, hex]) =>
        m.printStruct(name, words(hex), formats) !== expected.get(`${kind}\t${name}\t${sample}`),
    );
    expect(wrong.map((j) => j.slice(0, 3).join(" "))).toEqual([]);
    const decodedApart = jobs.filter(
      ([, name, , hex]) =>
        asText(m.decodeStruct(name, words(hex))) !== asText(decodeStruct(spec, name, words(hex))),
    );
    expect(decodedApart.map((j) => j.slice(0, 3).join(" "))).toEqual([]);
    // Every case's dwords back to back: the same commands, at the same places.
    const buffer = jobs.flatMap(([, , , hex]) => words(hex));
    expect(m.walkCommands(buffer)).toEqual(
      walkCommands(spec, buffer).map((c) => ({
        index: c.index,
        ...(c.instruction ? { name: c.instruction.name } : {}),
        length: c.length,
      })),
    );
    expect(m.printCommands(buffer, formats)).toBe(printCommands(spec, buffer, formats));
    expect(m.itemNames("instruction").sort()).toEqual(Object.keys(spec.instructions).sort());
  });
});

test("the generated modules: every document of specs/intel-genxml has one; gen20_rt is gen125_rt's", () => {
  const manifest = JSON.parse(
    readFileSync(
      path.join(__dirname, "..", "..", "specs", "intel-genxml", "manifest.json"),
      "utf8",
    ),
  ) as { documents: { upstream: string }[] };
  for (const d of manifest.documents) {
    const gen = path.basename(d.upstream, ".xml");
    expect(generated(gen).GEN).toBe(specOf(gen).gen);
  }
  const rt = generated("gen20_rt");
  expect(rt.GEN).toBe("20");
  const names = rt.itemNames("struct");
  expect(names.sort()).toEqual(Object.keys(specOf("gen20_rt").structs).sort());
  const dwords = Array.from({ length: 64 }, (_, i) => Math.imul(i + 1, 0x9e3779b9) >>> 0);
  for (const name of names)
    expect(rt.printStruct(name, dwords)).toBe(printStruct(specOf("gen20_rt"), name, dwords));
});

test("decodeStruct: BLEND_STATE_ENTRY's typed and named fields (genxml.md §7.8)", () => {
  const fields = decodeStruct(specOf("gen12"), "BLEND_STATE_ENTRY", [0x6304d929, 0xdade4d9e])!;
  const byName = new Map(fields.map((f) => [f.name, f]));
  expect(byName.get("Write Disable Blue")).toMatchObject({ type: "bool", value: true });
  expect(byName.get("Alpha Blend Function")).toMatchObject({
    type: "enum",
    value: 1,
    enumName: "SUBTRACT",
  });
  expect(byName.get("Destination Alpha Blend Factor")).toMatchObject({
    value: 25,
    enumName: "INV_SRC1_COLOR",
  });
  expect(byName.get("Color Clamp Range")).toMatchObject({ type: "uint", value: 3 });
  expect(byName.get("Color Clamp Range")!.enumName).toBeUndefined();
  expect(byName.get("Logic Op Function")).toMatchObject({ value: 11, enumName: "OR_INVERTED" });
});

test("decodeStruct: an address keeps its low bits implied zero; a nested struct is decoded", () => {
  const spec = specOf("gen12");
  const vb = decodeStruct(
    spec,
    "3DSTATE_VERTEX_BUFFERS",
    [0x78089103, 0x8e1a907f, 0xcdb83caf, 0x32347ee7, 0xcf899b9f],
  )!;
  const state = vb.find((f) => f.name === "Vertex Buffer State[0]")!;
  expect(state.type).toBe("struct");
  const inner = new Map(state.fields!.map((f) => [f.name, f.value]));
  expect(inner.get("Buffer Pitch")).toBe(127);
  expect(inner.get("MOCS")).toBe(26);
  expect(inner.get("Buffer Starting Address")).toBe(0x32347ee7cdb83cafn);
  expect(inner.get("Buffer Size")).toBe(3481901983);
});

/** Three gen12 commands: MI_STORE_DATA_IMM, 3DSTATE_VERTEX_BUFFERS, MI_BATCH_BUFFER_END. */
const buffer = [
  0x10118c02, 0x9a48ed53, 0x771e4179, 0x98459b99, 0x78089103, 0x8e1a907f, 0xcdb83caf, 0x32347ee7,
  0xcf899b9f, 0x05000000,
];

test("walkCommands: a buffer of three commands, by opcode and length", () => {
  expect(
    walkCommands(specOf("gen12"), buffer).map((c) => [c.index, c.instruction?.name, c.length]),
  ).toEqual([
    [0, "MI_STORE_DATA_IMM", 4],
    [4, "3DSTATE_VERTEX_BUFFERS", 5],
    [9, "MI_BATCH_BUFFER_END", 1],
  ]);
});

describe("genxml-decode", () => {
  const file = (name: string) => path.join(__dirname, "..", "fixtures", "genxml-intel", name);
  test("--struct prints one item as the decoder does", async () => {
    const r = await runCaptured([
      "genxml-decode",
      "--doc",
      docPath("gen12"),
      "--struct",
      "MI_STORE_DATA_IMM",
      file("store-data-imm.hex"),
    ]);
    expect(r.err).toEqual([]);
    // The fixture holds the dwords of gen12's shown case `instruction MI_STORE_DATA_IMM random`.
    const expected = readFileSync(path.join(VECTORS, "gen12.expected"), "utf8")
      .split(/^##### /m)
      .find((c) => c.startsWith("instruction\tMI_STORE_DATA_IMM\trandom\n"))!;
    expect(r.stdout).toBe(expected.slice(expected.indexOf("\n") + 1));
    expect(r.status).toBe(0);
  });
  test("without --struct it walks the buffer, as the interpreter prints it (surface formats named)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "isaforge-genxml-walk-"));
    try {
      const hex = path.join(dir, "buffer.hex");
      writeFileSync(hex, buffer.map((w) => w.toString(16).padStart(8, "0")).join("\n"));
      const r = await runCaptured([
        "genxml-decode",
        "--doc",
        docPath("gen12"),
        "--isl-formats",
        ISL,
        hex,
      ]);
      expect(r.err).toEqual([]);
      expect(r.stdout).toBe(printCommands(specOf("gen12"), buffer, formats));
      expect(r.stdout).toContain("MI_BATCH_BUFFER_END");
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test("an unknown --struct is an error naming it", async () => {
    const r = await runCaptured([
      "genxml-decode",
      "--doc",
      docPath("gen12"),
      "--struct",
      "NO_SUCH_THING",
      file("store-data-imm.hex"),
    ]);
    expect([r.status, r.stdout, r.err]).toEqual([
      1,
      "",
      [
        `isaforge: error[unknown-struct]: ${docPath("gen12")} has no struct, instruction or register 'NO_SUCH_THING'`,
      ],
    ]);
  });
  test("a bad dword is a located error", async () => {
    const r = await runCaptured([
      "genxml-decode",
      "--doc",
      docPath("gen12"),
      file("bad-dword.hex"),
    ]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.err.map((l) => l.replace(/^.*bad-dword\.hex/, "bad-dword.hex"))).toEqual([
      "bad-dword.hex:2:10: error[bad-dword]: 'xyz' is not a dword in hex (at most 8 digits, 0x optional)",
    ]);
  });
});
