/**
 * @needs-upstream mesa
 * The intel-genxml manual of the test build: one section per command, structure, register and
 * enum across the 14 documents, with the gens it exists on, each distinct layout once with its bit
 * diagram, fields, groups and values, and what changed from one layout to the next (facts read
 * off Mesa's gen6, gen7 and gen75.xml: gen75's 3DSTATE_VS widens Maximum Number of Threads and
 * adds Thread Priority and VS accesses UAV).
 */
import { readFileSync } from "fs";
import * as path from "path";
import { TEST_OUT } from "../helpers/testOutput";

const DOCS = path.join(TEST_OUT, "docs");
const manual = readFileSync(path.join(DOCS, "intel-genxml.md"), "utf8");

/** The text of the `### NAME` section (its heading escaped as Markdown). */
function section(name: string): string {
  const start = manual.indexOf(`\n### ${name.replace(/_/g, "\\_")}\n`);
  expect(start).toBeGreaterThan(0);
  return manual.slice(start, manual.indexOf("\n###", start + 1));
}

const svg = (name: string) => readFileSync(path.join(DOCS, "svg", "intel-genxml", name), "utf8");

test("chapters: commands, structures, registers, enumerations", () => {
  for (const chapter of ["Commands", "Structures", "Registers", "Enumerations"])
    expect(manual).toContain(`\n## ${chapter}\n`);
});

test("3DSTATE_VS: the gens it exists on, each layout once, what changed in gen75", () => {
  const vs = section("3DSTATE_VS");
  expect(vs).toContain("In `gen6` to `gen20`.");
  expect(vs).toContain(
    "**In `gen6`, `gen7`**: 6 dwords, length bias 2, engines render, header `0x78100000` under mask `0xffff0000`.",
  );
  expect(vs).toContain(
    "**In `gen75`**: 6 dwords, length bias 2, engines render, header `0x78100000` under mask `0xffff0000`. Changed from `gen6`, `gen7`: `Maximum Number of Threads`: bits 191:185 → 191:183; added `Thread Priority` (81); added `VS accesses UAV` (76).",
  );
  // gen8 inserts dwords: the fields after them are listed by how far they moved.
  expect(vs).toContain(
    "moved up 32 bits: `Per-Thread Scratch Space`, `Single Vertex Dispatch`, `Vector Mask Enable`, `Sampler Count`,",
  );
  expect(vs).toContain("![Bit layout of 3DSTATE_VS](svg/intel-genxml/3dstate_vs.2.svg)");
  expect(vs).toMatch(/\| 2 +\| 93:91 +\| Sampler Count +\| `uint` +\| +\|/);
  expect(vs).toMatch(/\| 0 +\| 23:16 +\| 3D Command Sub Opcode +\| `uint` +\| `16` +\|/);
  expect(vs).toContain(
    "- `Sampler Count`: 0: No Samplers; 1: 1-4 Samplers; 2: 5-8 Samplers; 3: 9-12 Samplers; 4: 13-16 Samplers.",
  );
  // Layouts shared by several gens are shown once: gen4..gen5 have no 3DSTATE_VS, so 6 layouts.
  expect(vs.match(/^\*\*In /gm)).toHaveLength(6);
});

test("the diagram of a layout: a box per field at its bits", () => {
  const diagram = svg("3dstate_vs.2.svg");
  expect(diagram).toContain(
    '<title id="isaforge-bitfield-title">Bit layout of 3DSTATE_VS: dword 0 first, most significant bit on the left</title>',
  );
  expect(diagram).toContain('<g class="field" data-field="Thread Priority" data-bits="81">');
  expect(diagram).toContain(
    '<g class="field" data-field="Maximum Number of Threads" data-bits="191:183">',
  );
  // Six dwords, one caption each.
  expect(diagram.match(/class="caption"/g)).toHaveLength(6);
});

test("a variable group and a struct-typed field linking to the struct's section", () => {
  const vb = section("3DSTATE_VERTEX_BUFFERS");
  expect(vb).toContain(
    "- Group 1: repeated as many times as the length allows, every 128 bits from bit 32.",
  );
  expect(vb).toMatch(
    /\| 1–4 +\| 159:32 +\| Vertex Buffer State +\| 1 +\| \[VERTEX\\_BUFFER\\_STATE\]\(#vertex_buffer_state\) +\|/,
  );
});

test("a register: its MMIO offset per layout", () => {
  expect(section("CACHE_MODE_0")).toContain("**In `gen9`**: 1 dword, MMIO offset `0x7000`.");
});
