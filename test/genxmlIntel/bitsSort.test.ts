/**
 * `isaforge genxml-bits` writes Mesa's genX_bits.h byte for byte (outputs.json's arguments), and
 * `isaforge genxml-sort --validate` gives gen_sort_tags.py's verdict on the real documents
 * (sort-validate.json) and on every edited copy of vectors/sort-validate.jsonl; without
 * --validate it writes each real document back byte for byte (they are in canonical form).
 * @needs-upstream mesa
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import {
  EXPECTED_GENXML,
  inMesa,
  MESA,
  runCaptured,
  type ExpectedOutput,
} from "../helpers/genxmlIntel";
import { INTEL_GENXML_DOCS } from "../../bench/genxmlIntelSpeed";

let dir: string;
beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), "isaforge-genxml-sort-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("genxml-bits = gen_bits_header.py's genX_bits.h", async () => {
  const outputs = JSON.parse(
    readFileSync(path.join(EXPECTED_GENXML, "outputs.json"), "utf8"),
  ) as ExpectedOutput[];
  const bits = outputs.find((o) => o.name === "intel/genX_bits.h")!;
  // -o names the file the guard is made from: write it in the test directory.
  const args = inMesa(bits.arguments).map((a) => (a === "genX_bits.h" ? path.join(dir, a) : a));
  const r = await runCaptured(["genxml-bits", ...args]);
  expect(r.err).toEqual([]);
  expect(r.status).toBe(0);
  expect(readFileSync(path.join(dir, "genX_bits.h"), "utf8")).toBe(
    readFileSync(path.join(EXPECTED_GENXML, "intel", "genX_bits.h"), "utf8"),
  );
});

test("genxml-bits: a symbol no document has is an error", async () => {
  const r = await runCaptured([
    "genxml-bits",
    path.join(MESA, "src/intel/genxml/gen12.xml"),
    "--include-symbols",
    "MI_STORE_DATA_IMM::No Such Field",
  ]);
  expect(r.status).toBe(1);
  expect(r.stdout).toBe("");
  expect(r.err).toEqual([
    "isaforge: error[unknown-symbol]: --include-symbols: MI_STORE_DATA_IMM::No Such Field: MI_STORE_DATA_IMM has no such field",
  ]);
});

interface RealVerdict {
  document: string;
  exit_status: number;
}

describe("genxml-sort --validate on the real documents", () => {
  const verdicts = JSON.parse(
    readFileSync(path.join(EXPECTED_GENXML, "sort-validate.json"), "utf8"),
  ) as RealVerdict[];
  test.each(verdicts.map((v) => [v.document, v.exit_status]))(
    "%s exits %d",
    async (doc, status) => {
      const r = await runCaptured(["genxml-sort", "--validate", "--quiet", path.join(MESA, doc)]);
      expect(r.stdout).toBe("");
      expect(r.status === 0 ? 0 : 1).toBe(status);
      expect(r.err.length).toBe(status);
    },
  );
});

interface Mutation {
  op: string;
  [k: string]: string | number;
}

/** Apply a recipe of sort-validate.jsonl (1-based lines) to a document's text. */
function mutate(text: string, m: Mutation): string {
  const lines = text.split("\n");
  const at = (n: string | number) => Number(n) - 1;
  const attr = (name: string | number) => new RegExp(`\\s${name}="[^"]*"`);
  switch (m.op) {
    case "none":
      break;
    case "swap_lines": {
      const [a, b] = [at(m.a), at(m.b)];
      [lines[a], lines[b]] = [lines[b], lines[a]];
      break;
    }
    case "insert_line":
      lines.splice(Number(m.after), 0, String(m.text));
      break;
    case "drop_attribute":
      lines[at(m.line)] = lines[at(m.line)].replace(attr(m.attribute), "");
      break;
    case "add_attribute_first":
      lines[at(m.line)] = lines[at(m.line)].replace(/^(\s*<\w+)/, `$1 ${m.attribute}="${m.value}"`);
      break;
    case "move_attribute_after": {
      const line = lines[at(m.line)];
      const moved = attr(m.attribute).exec(line)![0];
      const rest = line.replace(moved, "");
      const after = attr(m.after).exec(rest)!;
      lines[at(m.line)] =
        rest.slice(0, after.index + after[0].length) +
        moved +
        rest.slice(after.index + after[0].length);
      break;
    }
    case "rename_after": {
      const other = /name="([^"]*)"/.exec(lines[at(m.other_line)])![1];
      lines[at(m.line)] = lines[at(m.line)].replace(/name="[^"]*"/, `name="${other}~"`);
      break;
    }
    default:
      throw new Error(`unknown recipe ${m.op}`);
  }
  return lines.join("\n");
}

describe("genxml-sort --validate on edited copies (vectors/sort-validate.jsonl)", () => {
  const cases = readFileSync(path.join(EXPECTED_GENXML, "vectors", "sort-validate.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map(
      (l) =>
        JSON.parse(l) as {
          id: string;
          document: string;
          mutation: Mutation;
          what: string;
          valid: boolean;
        },
    );
  test.each(cases.map((c) => [c.id, c.what, c] as const))("%s %s", async (id, _what, c) => {
    const file = path.join(dir, `${id}-${path.basename(c.document)}`);
    writeFileSync(file, mutate(readFileSync(path.join(MESA, c.document), "utf8"), c.mutation));
    const r = await runCaptured(["genxml-sort", "--validate", "--quiet", file]);
    expect(r.status === 0).toBe(c.valid);
  });
});

describe("genxml-sort writes the canonical form", () => {
  const docs = INTEL_GENXML_DOCS;
  test.each(docs)("%s.xml is its own canonical form", async (g) => {
    const file = path.join(MESA, "src/intel/genxml", `${g}.xml`);
    const r = await runCaptured(["genxml-sort", file]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(readFileSync(file, "utf8"));
  });

  test("gentest.xml: its structs by name, then --validate passes", async () => {
    const r = await runCaptured([
      "genxml-sort",
      path.join(MESA, "src/intel/decoder/tests/gentest.xml"),
    ]);
    const out = path.join(dir, "gentest-sorted.xml");
    writeFileSync(out, r.stdout);
    expect(r.stdout.indexOf('name="STRUCT_TWO_LEVELS"')).toBeLessThan(
      r.stdout.indexOf('name="TEST_STRUCT"'),
    );
    expect((await runCaptured(["genxml-sort", "--validate", out])).stdout).toBe(
      `Processing ${out}... done.\n`,
    );
  });
});
