/**
 * The Intel decoder: printStruct gives intel_print_group's text on every decode vector of
 * expected/genxml/vectors/intel; decodeStruct types and names the fields of genxml.md §7.8's
 * worked example; a command buffer is walked by opcode and length; genxml-decode prints the same
 * text from the command line.
 * @needs-upstream mesa
 */
import { readdirSync, readFileSync } from "fs";
import * as path from "path";
import { Diagnostics } from "../../generator/diagnostics";
import { loadGenxmlIntelChain } from "../../generator/readers/genxmlIntel/loadChain";
import { decoderSpec } from "../../generator/readers/genxmlIntel/runtimeView";
import {
  decodeStruct,
  printStruct,
  walkCommands,
} from "../../generator/runtime/genxmlIntel/decode";
import type { DecoderSpec } from "../../generator/runtime/genxmlIntel/types";
import { EXPECTED_GENXML, MESA, runCaptured } from "../helpers/genxmlIntel";

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

test("walkCommands: a buffer of three commands, by opcode and length", () => {
  const buffer = [
    0x10118c02, 0x9a48ed53, 0x771e4179, 0x98459b99, 0x78089103, 0x8e1a907f, 0xcdb83caf, 0x32347ee7,
    0xcf899b9f, 0x05000000,
  ];
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
