/**
 * The Intel genxml reader: every Intel document of the mesa tree reads with no diagnostic, and
 * merges into the views genxml.md §2.4 lists (counts of enums/structs/instructions/registers);
 * each hand-written bad document of test/fixtures/genxml-intel gives its located error, and
 * genxml-pack then writes nothing.
 * @needs-upstream mesa
 */
import { existsSync, readFileSync, writeFileSync } from "fs";
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { checkGenxmlIntelChain } from "../../generator/readers/genxmlIntel/check";
import { loadGenxmlIntelChain } from "../../generator/readers/genxmlIntel/loadChain";
import { mergedItems } from "../../generator/readers/genxmlIntel/merge";
import { MESA, runCaptured } from "../helpers/genxmlIntel";

const GENXML = path.join(MESA, "src", "intel", "genxml");
const FIXTURES = path.join(__dirname, "..", "fixtures", "genxml-intel");

function load(file: string) {
  const diags = new Diagnostics();
  const chain = loadGenxmlIntelChain(file, { displayOf: (p) => path.basename(p) }, diags);
  if (chain) checkGenxmlIntelChain(chain, diags);
  return { chain, diagnostics: diags.sorted().map(formatDiagnostic) };
}

/** genxml.md §2.4: own and merged items, as enums/structs/instructions/registers. */
const VIEWS: [string, string, string][] = [
  ["gen4.xml", "8/15/29/0", "8/15/29/0"],
  ["gen45.xml", "0/6/8/0", "8/15/30/0"],
  ["gen5.xml", "0/9/15/0", "8/16/33/0"],
  ["gen6.xml", "0/15/86/13", "8/19/95/13"],
  ["gen7.xml", "1/12/98/32", "8/22/136/42"],
  ["gen75.xml", "1/10/77/16", "9/25/163/49"],
  ["gen8.xml", "4/16/95/15", "11/28/177/47"],
  ["gen9.xml", "3/28/111/8", "13/47/228/51"],
  ["gen11.xml", "1/16/71/15", "13/54/230/45"],
  ["gen12.xml", "0/7/40/33", "13/57/245/69"],
  ["gen125.xml", "3/8/60/16", "16/59/259/79"],
  ["gen20.xml", "4/5/26/3", "19/59/262/78"],
  ["gen125_rt.xml", "0/14/0/0", "0/14/0/0"],
  ["gen20_rt.xml", "0/0/0/0", "0/14/0/0"],
];

function counts(items: { kind: string }[]): string {
  return ["enum", "struct", "instruction", "register"]
    .map((k) => items.filter((i) => i.kind === k).length)
    .join("/");
}

describe("the Intel documents", () => {
  test.each(VIEWS)("%s reads with no diagnostic and merges as upstream", (file, own, merged) => {
    const { chain, diagnostics } = load(path.join(GENXML, file));
    expect(diagnostics).toEqual([]);
    expect(counts(chain!.root.items)).toBe(own);
    expect(counts(mergedItems(chain!))).toBe(merged);
  });

  test("gentest.xml keeps its document order (it imports nothing)", () => {
    const { chain, diagnostics } = load(
      path.join(MESA, "src", "intel", "decoder", "tests", "gentest.xml"),
    );
    expect(diagnostics).toEqual([]);
    expect(mergedItems(chain!).map((i) => i.name)).toEqual(["TEST_STRUCT", "STRUCT_TWO_LEVELS"]);
  });

  test("every element carries its position", () => {
    const { chain } = load(path.join(GENXML, "gen12.xml"));
    const lri = mergedItems(chain!).find((i) => i.name === "MI_LOAD_REGISTER_IMM")!;
    // gen12.xml imports it unchanged from gen11.xml
    expect(lri.source.file).toBe("gen11.xml");
    const lines = readFileSync(path.join(GENXML, "gen11.xml"), "utf8").split("\n");
    expect(lines[lri.source.line - 1].slice(lri.source.column - 1)).toMatch(
      /^<instruction name="MI_LOAD_REGISTER_IMM"/,
    );
  });
});

/** Each fixture and the diagnostics it gives (file:line:col: error[code]: message). */
const BAD: [string, string[]][] = [
  [
    "missing-attribute.xml",
    ["missing-attribute.xml:4:5: error[missing-attribute]: <field> needs 'end'"],
  ],
  ["stray-text.xml", ["stray-text.xml:4:5: error[unexpected-text]: text 'stray' inside <field>"]],
  [
    "bad-nonzero.xml",
    ['bad-nonzero.xml:4:51: error[bad-value]: nonzero="yes" is neither true nor false'],
  ],
  [
    "unknown-element.xml",
    [
      "unknown-element.xml:5:5: error[unknown-element]: <bitfield> cannot stand in <struct> (allowed: field, group)",
    ],
  ],
  [
    "unknown-attribute.xml",
    [
      "unknown-attribute.xml:4:51: error[unknown-attribute]: <field> has no attribute 'shift' (allowed: name, start, end, type, default, prefix, nonzero)",
    ],
  ],
  [
    "bad-number.xml",
    ['bad-number.xml:4:31: error[bad-number]: <field> end="seven" is not a non-negative integer'],
  ],
  [
    "reversed-range.xml",
    ["reversed-range.xml:4:31: error[bad-range]: field 'a' ends (bit 7) before it starts (bit 9)"],
  ],
  [
    "past-end.xml",
    [
      "past-end.xml:5:5: error[field-past-end]: field 'b' ends at bit 39, past the 1 dwords of struct S",
    ],
  ],
  [
    "unknown-type.xml",
    [
      "unknown-type.xml:4:5: error[unknown-type]: field 'a' of struct S has type 'NO_SUCH_ENUM', which is no built-in type and no enum or struct of unknown-type.xml or its imports",
    ],
  ],
  ["wide-bool.xml", ["wide-bool.xml:4:5: error[bad-range]: bool field 'a' is 2 bits wide"]],
  [
    "struct-cycle.xml",
    [
      "struct-cycle.xml:3:3: error[struct-cycle]: struct A contains itself (through the struct types of its fields)",
      "struct-cycle.xml:6:3: error[struct-cycle]: struct B contains itself (through the struct types of its fields)",
    ],
  ],
  [
    "cycle-a.xml",
    [
      "cycle-b.xml:3:3: error[import-cycle]: importing cycle-a.xml closes a cycle: cycle-a.xml → cycle-b.xml → cycle-a.xml",
    ],
  ],
  [
    "missing-import.xml",
    [
      "missing-import.xml:3:3: error[missing-import]: no-such-gen.xml: no such document beside missing-import.xml",
    ],
  ],
  [
    "unknown-engine.xml",
    [
      "unknown-engine.xml:3:45: error[unknown-engine]: engine 'tensor' is none of render, blitter, video, compute",
    ],
  ],
];

describe("bad documents", () => {
  test.each(BAD)("%s", async (file, expected) => {
    expect(load(path.join(FIXTURES, file)).diagnostics).toEqual(expected);
  });

  test("not XML: the parser's error, located", () => {
    const [d, ...more] = load(path.join(FIXTURES, "not-xml.xml")).diagnostics;
    expect(more).toEqual([]);
    expect(d).toMatch(/^not-xml\.xml:5:\d+: error\[xml-syntax\]: /);
  });

  test("genxml-pack writes nothing, exits 1 and leaves -o as it was", async () => {
    const out = path.join(require("os").tmpdir(), `isaforge-genxml-intel-${process.pid}.h`);
    writeFileSync(out, "previous\n");
    const r = await runCaptured(["genxml-pack", path.join(FIXTURES, "past-end.xml"), "-o", out]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/past-end\.xml:5:5: error\[field-past-end\]/);
    expect(readFileSync(out, "utf8")).toBe("previous\n");
    expect(existsSync(`${out}.isaforge-tmp`)).toBe(false);
  });

  test("genxml-sort --validate names the first element out of canonical order", async () => {
    const r = await runCaptured([
      "genxml-sort",
      "--validate",
      "--quiet",
      path.join(FIXTURES, "unsorted.xml"),
    ]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.err.map((l) => l.replace(/^.*unsorted\.xml/, "unsorted.xml"))).toEqual([
      'unsorted.xml:4:5: error[not-canonical]: in <struct name="S">: <field name="b"> is not where the canonical order puts it (there: <field name="a">)',
    ]);
  });

  test("an engine gen_pack_header does not take is a usage error", async () => {
    const r = await runCaptured([
      "genxml-pack",
      "--engines=render,compute",
      path.join(GENXML, "gen12.xml"),
    ]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.err).toEqual([
      "isaforge: error[usage]: --engines: compute is not an engine (render, blitter, video)",
    ]);
  });
});
