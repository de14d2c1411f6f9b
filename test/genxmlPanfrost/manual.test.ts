/**
 * @needs-upstream mesa
 * The panfrost-genxml manual of the test build: a section per descriptor across the documents,
 * saying where it exists, its layout per run of documents that agree and what changed (facts read
 * off Mesa's v4, v5 and v6.xml: v6's Primitive gives Draw mode a default and adds Secondary Shader).
 */
import { readFileSync } from "fs";
import * as path from "path";
import { TEST_OUT } from "../helpers/testOutput";

const manual = () => readFileSync(path.join(TEST_OUT, "docs", "panfrost-genxml.md"), "utf8");

/** The text of the `### NAME` section. */
function section(text: string, name: string): string {
  const start = text.indexOf(`\n### ${name}\n`);
  expect(start).toBeGreaterThan(0);
  const end = text.indexOf("\n##", start + 1);
  return text.slice(start, end);
}

test("Primitive: where it exists, its layouts, what changed from v5 to v6", () => {
  const primitive = section(manual(), "Primitive");
  expect(primitive).toContain("C name `MALI_PRIMITIVE`; in `v4`, `v5`, `v6`, `v7`, `v9`, `v10`.");
  expect(primitive).toContain(
    "In `v6`, `v7`: 24 bytes. Changed from `v4`, `v5`: `Draw mode`: default; added `Secondary Shader` (0:18).",
  );
  // Index count is stored minus one before v9 (minus(1)); Indices is a 64-bit address at word 4.
  expect(primitive).toMatch(/\| Index count +\| 3:0–3:31 +\| `uint` +\| +\| `minus\(1\)` \|/);
  expect(primitive).toMatch(/\| Indices +\| 4:0–5:31 +\| `address` +\|/);
});

test("each layout of a descriptor has its bit diagram, a box per field at its bits", () => {
  const primitive = section(manual(), "Primitive");
  expect(primitive).toContain("![Bit layout of Primitive](svg/panfrost-genxml/primitive.svg)");
  expect(primitive).toContain("![Bit layout of Primitive](svg/panfrost-genxml/primitive.2.svg)");
  const diagram = readFileSync(
    path.join(TEST_OUT, "docs", "svg", "panfrost-genxml", "primitive.svg"),
    "utf8",
  );
  expect(diagram).toContain('<g class="field" data-field="Index count" data-bits="127:96">');
  expect(diagram).toContain('<g class="field" data-field="Indices" data-bits="159:128">');
  // 24 bytes: six words.
  expect(diagram.match(/class="caption"/g)).toHaveLength(6);
});

test("a change of alignment alone is said (Surface With Stride, v4/v5 to v6/v7)", () => {
  expect(section(manual(), "Surface With Stride")).toContain(
    "In `v6`, `v7`: 16 bytes, aligned to 16. Changed from `v4`, `v5`: alignment 8 → 16.",
  );
});

test("chapters: descriptors, aggregates, enumerations; each enum's values per document run", () => {
  const text = manual();
  for (const chapter of ["Descriptors", "Aggregates", "Descriptor enumerations"])
    expect(text).toContain(`\n## ${chapter}\n`);
  // common.xml's Channel: R G B A 0 1 as 0..5.
  const channel = section(text, "Channel");
  expect(channel).toMatch(/\| 0 +\| R +\|/);
  expect(channel).toMatch(/\| 5 +\| 1 +\|/);
});
