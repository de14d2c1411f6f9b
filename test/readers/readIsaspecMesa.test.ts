/**
 * isaspec as Mesa's isa.py reads it (issue 12): generation ranges inherited bound by bound, the
 * most derived definition of a field winning, what Mesa accepts reported as a warning, and
 * `ISA_GPU_ID()` in expressions. Then Mesa's own documents (../shared/corpora/mesa-isaspec, the
 * ir3 set and etnaviv.xml) check with 0 errors, and `--strict` turns their warnings into errors.
 * Expected values are worked out by hand from isa.py and the documents, as cited.
 */
import { rmSync } from "fs";
import * as path from "path";
import { runCli } from "../../generator/cli";
import { formatDiagnostic } from "../../generator/diagnostics";
import { parseExpr } from "../../generator/model/expr";
import { loadedIsaspec, readIsaspecDocuments } from "../helpers/isaspecText";
import { haveMesaCorpus, mesaCorpusSpecs } from "../helpers/mesaCorpus";

/** Lines 1–5 are a 64-bit root `#i` for gens 300.. with field A; the body starts at line 6. */
const PRELUDE = [
  "<isa>",
  '<bitset name="#i" size="64"><gen min="300"/>',
  '<display>{NAME} {A}</display><field name="A" low="0" high="7" type="uint"/>',
  '<pattern low="8" high="55">000000000000000000000000000000000000000000000000</pattern>',
  "</bitset>",
];

function readBody(...body: string[]) {
  const text = [...PRELUDE, ...body, "</isa>", ""].join("\n");
  const { part, diags } = readIsaspecDocuments((d) => [loadedIsaspec("t.xml", text, d)]);
  return { part, lines: diags.sorted().flatMap((d) => formatDiagnostic(d).split("\n")) };
}

describe("isaspec semantics as Mesa's isa.py", () => {
  test("gen: a bound left out (or 0 / 2^32-1) is inherited, a given one narrows (cat6 ldgb, stgb)", () => {
    const { part, lines } = readBody(
      '<bitset name="#b" extends="#i"><gen max="599"/></bitset>',
      '<bitset name="x" extends="#b"><gen max="499"/><pattern low="56" high="63">00000001</pattern></bitset>',
      '<bitset name="x" extends="#b"><gen min="500"/><pattern low="56" high="63">00000001</pattern></bitset>',
      '<bitset name="y" extends="#b"><gen min="0" max="4294967295"/><pattern low="56" high="63">00000010</pattern></bitset>',
    );
    expect(lines).toEqual([]);
    // #b: 300..599; x (max 499): 300..499; x (min 500): 500..599; y gives neither bound: 300..599.
    expect(part.instructions!.map((i) => [i.name, i.gen])).toEqual([
      ["x.gen300_499", { min: 300, max: 499 }],
      ["x.gen500_599", { min: 500, max: 599 }],
      ["y", { min: 300, max: 599 }],
    ]);
  });

  test("gen: a bound widening the inherited range fails isa.py's assertion: an error at the attribute", () => {
    const { lines } = readBody(
      '<bitset name="#b" extends="#i"><gen max="599"/></bitset>',
      '<bitset name="x" extends="#b"><gen max="700"/><pattern low="56" high="63">00000001</pattern></bitset>',
    );
    expect(lines).toEqual([
      "t.xml:7:36: error[gen-range]: bitset 'x': gen max 700 widens the range 300..599 it inherits from '#b'",
    ]);
  });

  test("a field or derived field defined again in a descendant: the most derived wins, one warning per pair", () => {
    const { part, lines } = readBody(
      '<bitset name="#b" extends="#i"><derived name="P" expr="#false" type="bool"/></bitset>',
      '<expr name="#false">0</expr>',
      '<bitset name="#c" extends="#b"><field name="P" pos="56" type="bool" display=".p"/></bitset>',
      '<bitset name="x" extends="#c"><pattern low="57" high="63">0000001</pattern></bitset>',
      '<bitset name="y" extends="#c"><pattern low="57" high="63">0000010</pattern></bitset>',
    );
    expect(lines).toEqual([
      "t.xml:8:32: warning[field-redefined]: field 'P' of '#c' redefines the derived field of its ancestor '#b'; the most derived definition is used",
      "  t.xml:6:32: note: the derived field of '#b' is here",
    ]);
    const x = part.instructions!.find((i) => i.name === "x")!;
    expect(x.fields.map((f) => f.name)).toEqual(["A", "P"]);
    expect(x.derived).toEqual([]);
  });

  test("an expression naming a field some leaves lack is a warning (Mesa resolves names when used)", () => {
    const { lines } = readBody(
      '<bitset name="#b" extends="#i"><derived name="H" type="bool"><expr>{T} == 1</expr></derived></bitset>',
      '<bitset name="x" extends="#b"><field name="T" low="56" high="63" type="uint"/></bitset>',
      '<bitset name="y" extends="#b"><pattern low="56" high="63">00000001</pattern></bitset>',
    );
    expect(lines).toEqual([
      "t.xml:6:62: warning[dangling-reference]: {T} in expression '{T} == 1' (derived 'H' of '#b') names no field or derived field of 'y'",
    ]);
  });

  test("default-case <assert>s are expected bits, not matched on; an override's field may use them (cat5 BASE_HI)", () => {
    const { part, lines } = readBody(
      '<bitset name="x" extends="#i">',
      '<override><expr>{A} == 1</expr><field name="HI" low="56" high="57" type="uint"/></override>',
      '<assert low="56" high="57">01</assert>',
      '<pattern low="58" high="63">000001</pattern>',
      "</bitset>",
    );
    expect(lines).toEqual([]);
    const x = part.instructions![0];
    // Pattern bits 58..63 = 000001 → bit 58 set; bits 8..55 zero from the root.
    expect(x.encoding.mask).toEqual([0xffffff00, 0xfcffffff]);
    expect(x.encoding.match).toEqual([0, 0x04000000]);
    expect(x.assertions).toEqual([{ bitset: "x", low: 56, high: 57, value: 1 }]);
  });

  test("ISA_GPU_ID() is part of the expression language (cat5 a1 use)", () => {
    const p = parseExpr("ISA_GPU_ID() >= 600 && ({D} == 1) /* x */");
    expect(p.ok).toBe(true);
    if (p.ok) expect(p.refs).toEqual(["D"]);
    expect(parseExpr("ISA_GPU_ID >= 600")).toEqual({
      ok: false,
      message:
        "unexpected identifier 'ISA_GPU_ID' (only numbers, {FIELD} references, ISA_GPU_ID() and C operators are allowed) at character 1",
    });
  });
});

(haveMesaCorpus ? describe : describe.skip)("Mesa's own isaspec documents", () => {
  let specs: string;
  beforeAll(() => {
    specs = mesaCorpusSpecs();
  });
  afterAll(() => rmSync(specs, { recursive: true, force: true }));

  async function check(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const status = await runCli(["check", ...args, "--specs", specs], {
      out: (l) => out.push(l),
      err: (l) => err.push(...l.split("\n")),
    });
    return { status, out, err };
  }

  test("ir3 (ir3.xml, ir3-common.xml, ir3-cat0..7.xml) and etnaviv.xml check with 0 errors", async () => {
    const { status, out, err } = await check();
    expect(err.filter((l) => / error\[/.test(l))).toEqual([]);
    expect(status).toBe(0);
    expect(out).toEqual(["ok: etnaviv (81 instructions), ir3 (248 instructions)"]);
    // The warnings Mesa's documents give, by kind (see the report of issue 12).
    const kinds: Record<string, number> = {};
    for (const l of err) {
      const m = / warning\[([a-z-]+)\]/.exec(l);
      if (m) kinds[m[1]] = (kinds[m[1]] ?? 0) + 1;
    }
    expect(kinds).toEqual({
      "dangling-reference": 4,
      "enum-width": 11,
      "field-redefined": 7,
      "ignored-pattern": 3,
      "no-display": 1,
      overlap: 5,
      "stray-text": 1,
      // etnaviv passes COMPS into #instruction-dst, which has its own COMPS field.
      "unknown-param": 3,
    });
    expect(err[err.length - 1]).toBe("0 errors, 35 warnings");
  });

  test("--strict makes each of those warnings an error", async () => {
    const { status, err } = await check("--strict");
    expect(status).toBe(1);
    expect(err[err.length - 1]).toBe("35 errors, 0 warnings");
    expect(err).toContain(
      "ir3/ir3-cat6.xml:1257:1: error[overlap]: instruction 'ldib.b' overlaps 'ldl': both match 0xc060000000e18001 ('ldib.b' also tests bits 22:14,40,53:52)".replace(
        "ir3/",
        `${path.basename(specs)}/ir3/`,
      ),
    );
  });
});
