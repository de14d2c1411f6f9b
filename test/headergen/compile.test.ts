/**
 * The register headers headergen writes for the whole etna_viv database (the four runs of
 * gen_headers.sh: isa.xml, cmdstream.xml, state.xml, texdesc_3d.xml) compile as strict C99 and
 * C++17, alone and all together, and a C program checks their offsets, array strides, masks,
 * shifts and values against the model the reader built.
 *
 * @needs-upstream etna_viv
 */
import { writeFileSync } from "fs";
import * as path from "path";
import { Diagnostics, formatDiagnostic } from "../../generator/diagnostics";
import { registerHeaders } from "../../generator/emit/emitRegisterHeaders";
import { readDatabaseFile } from "../../generator/headergen";
import type {
  RegisterDatabase,
  RnnBitfield,
  RnnElement,
  RnnTypeInfo,
} from "../../generator/model/types";
import { C99, CXX17, compile, sh, tempDir } from "../c/cc";
import { copyCorpus } from "../helpers/rnndbCorpus";

const ROOTS = ["isa.xml", "cmdstream.xml", "state.xml", "texdesc_3d.xml"];

/** `CHECK(expr, expected)` lines: what the model says each macro must be. */
function checks(db: RegisterDatabase): string[] {
  const out: string[] = [];
  const eq = (expr: string, value: bigint) =>
    out.push(`CHECK(${expr}, 0x${value.toString(16)}ULL);`);
  const mask = (low: number, high: number, shift: number) =>
    ((1n << BigInt(high - low + 1)) - 1n) << BigInt(low + shift);
  const typeInfo = (t: RnnTypeInfo, shift: number) => {
    for (const v of t.values)
      if (v.value !== undefined) eq(v.fullName, BigInt(v.value) << BigInt(shift));
    for (const f of t.fields) field(f, shift);
  };
  const field = (f: RnnBitfield, shift: number) => {
    if (f.type.kind === "boolean") eq(f.fullName, mask(f.low, f.high, shift));
    else {
      eq(`${f.fullName}__MASK`, mask(f.low, f.high, shift));
      eq(`${f.fullName}__SHIFT`, BigInt(f.low + shift));
      if (f.type.kind !== "inline-enum" && f.type.kind !== "inline-bitset")
        eq(`${f.fullName}(1)`, 1n << BigInt(f.low + shift));
    }
    typeInfo(f.type, f.low + shift);
  };
  const element = (e: RnnElement) => {
    if (e.fullName !== undefined) {
      if (e.strides.length === 0) eq(e.fullName, BigInt(e.absoluteOffset));
      else {
        // Index 0 gives the first offset; index 1 in each position adds each stride.
        eq(`${e.fullName}(${e.strides.map(() => "0").join(", ")})`, BigInt(e.absoluteOffset));
        eq(
          `${e.fullName}(${e.strides.map(() => "1").join(", ")})`,
          BigInt(e.absoluteOffset + e.strides.reduce((a, b) => a + b, 0)),
        );
      }
      if (e.length !== 1) eq(`${e.fullName}__LEN`, BigInt(e.length));
      if (e.kind === "reg") typeInfo(e.type, 0);
    }
    e.elements.forEach(element);
  };
  for (const en of db.enums)
    if (!en.inline) typeInfo({ kind: "inline-enum", values: en.values, fields: [] }, 0);
  for (const b of db.bitsets) if (!b.inline) b.fields.forEach((f) => field(f, 0));
  for (const d of db.domains) d.elements.forEach(element);
  return out;
}

describe("the etna_viv register headers", () => {
  const corpus = copyCorpus();
  const tmp = tempDir();
  const dbs: RegisterDatabase[] = [];
  const headers = new Set<string>();

  beforeAll(() => {
    for (const root of ROOTS) {
      const diags = new Diagnostics();
      const db = readDatabaseFile(path.join(corpus.dir, root), diags, [corpus.dir]);
      // Overlapping registers are warnings (the real database has them); nothing may be an error.
      expect(diags.items.filter((d) => d.severity === "error").map(formatDiagnostic)).toEqual([]);
      dbs.push(db!);
      // Later runs overwrite the shared headers (common.xml.h), as gen_headers.sh does.
      for (const h of registerHeaders(db!, "etna_viv")) {
        writeFileSync(path.join(tmp.dir, h.path), h.content);
        headers.add(h.path);
      }
    }
  });
  afterAll(() => {
    tmp.cleanup();
    corpus.cleanup();
  });

  test("one header per document, copyright.xml's included (headergen writes it; gen_headers.sh deletes it)", () => {
    expect([...headers].sort()).toEqual([
      "cmdstream.xml.h",
      "common.xml.h",
      "common_3d.xml.h",
      "copyright.xml.h",
      "isa.xml.h",
      "state.xml.h",
      "state_2d.xml.h",
      "state_3d.xml.h",
      "state_blt.xml.h",
      "state_hi.xml.h",
      "state_vg.xml.h",
      "texdesc_3d.xml.h",
    ]);
  });

  test.each([
    ["C99", C99, "c"],
    ["C++17", CXX17, "cpp"],
  ])("each header alone and all together compile as %s", (_, compiler, ext) => {
    for (const h of headers)
      compile(
        compiler,
        tmp.write(`one-${h}.${ext}`, `#include "${h}"\nint main(void) { return 0; }\n`),
      );
    const all = [...headers].map((h) => `#include "${h}"`).join("\n");
    compile(compiler, tmp.write(`all.${ext}`, `${all}\nint main(void) { return 0; }\n`));
  });

  test("offsets, strides, masks, shifts and values agree with the model", () => {
    const lines = [...new Set(dbs.flatMap(checks))];
    // A sample large enough to cover every construct: every register, array, field and value.
    expect(lines.length).toBeGreaterThan(5000);
    const program = [
      ...[...headers].map((h) => `#include "${h}"`),
      "#include <stdio.h>",
      "static int failures;",
      '#define CHECK(expr, expected) do { if ((unsigned long long)(expr) != (expected)) { printf("%s\\n", #expr); failures++; } } while (0)',
      "int main(void) {",
      ...lines,
      '  printf("%d failures\\n", failures);',
      "  return failures != 0;",
      "}",
    ].join("\n");
    const exe = path.join(tmp.dir, "check");
    compile(C99, tmp.write("check.c", program), exe);
    const r = sh([exe]);
    expect(r.stdout).toBe("0 failures\n");
    expect(r.status).toBe(0);
  });
});
