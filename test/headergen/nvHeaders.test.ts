/**
 * @needs-upstream envytools
 * The nv-hw spec's headers (out/c/nv-hw): envytools headergen's, one per file of nouveau's
 * database (rnndb/root.xml and every file it imports), at the file's path. They compile as C99
 * (-pedantic -Wall -Wextra) together, each header alone too; what gcc says of them is only what
 * headergen writes for the database as upstream keeps it: a macro defined twice with different
 * values (same-name registers, fields or values in one scope: nv_vga.xml's FC at 0x3ca for reads
 * and 0x3da for writes), pm/ptherm.xml's bitfield `DISABLE_I2C_SLAVE.SENSOR_CALIB_0` (a '.' in a
 * macro name), and pm/10e000.xml's include guard `10E000_XML` (headergen makes it of the file's
 * name, which starts with a digit; and it names guards after the file alone, so of
 * graph/g80_pgraph/pgraph.xml.h and graph/gf100_pgraph/pgraph.xml.h, tpc.xml.h likewise, the
 * second is skipped when both are included).
 */
import { readdirSync, readFileSync, statSync } from "fs";
import * as path from "path";
import { sh, tempDir } from "../c/cc";
import { TEST_OUT } from "../helpers/testOutput";

jest.setTimeout(600_000);

const DIR = path.join(TEST_OUT, "c", "nv-hw");
const FLAGS = ["gcc", "-std=c99", "-pedantic", "-Wall", "-Wextra", "-fsyntax-only", `-I${DIR}`];
const GUARD = "pm/10e000.xml.h";

function headersUnder(dir: string, under = ""): string[] {
  return readdirSync(path.join(dir, under)).flatMap((f) => {
    const rel = under === "" ? f : `${under}/${f}`;
    return statSync(path.join(dir, rel)).isDirectory() ? headersUnder(dir, rel) : [rel];
  });
}

/** gcc's complaints as `kind name`, sorted, without duplicates (one per header including it). */
function complaints(stderr: string): string[] {
  const out = new Set<string>();
  for (const m of stderr.matchAll(/(?:error|warning): (.*)/g)) {
    const redefined = /^"([^"]+)" redefined/.exec(m[1]);
    out.add(redefined ? `redefined ${redefined[1]}` : m[1].replace(/ \[-W[^\]]*\]$/, ""));
  }
  return [...out].sort();
}

describe(
  "nv-hw's headers, envytools headergen's for nouveau's database",
  () => {
    const headers = headersUnder(DIR).sort();
    const tmp = tempDir();
    afterAll(() => tmp.cleanup());

    // headergen names a header's include guard after the file alone (`PGRAPH_XML`), so of two
    // files of one name in different folders the second is skipped when both are included.
    const guardOf = (h: string) =>
      /^#ifndef (\S+)/.exec(readFileSync(path.join(DIR, h), "utf8"))![1];
    const together = headers.filter((h) => h !== GUARD);
    const included = together.filter(
      (h, i) => together.findIndex((o) => guardOf(o) === guardOf(h)) === i,
    );
    // The macros the included headers define more than once, with different definitions.
    const values = new Map<string, Set<string>>();
    for (const h of included)
      for (const m of readFileSync(path.join(DIR, h), "utf8").matchAll(
        /^#define ([A-Za-z_]\w*)(\([^)]*\))?[ \t]+(.*)$/gm,
      )) {
        // As the preprocessor compares them: parameters and replacement, whitespace aside.
        const definition = `${m[2] ?? ""} ${m[3]}`.replace(/\s+/g, " ").trim();
        values.set(m[1], (values.get(m[1]) ?? new Set()).add(definition));
      }
    const twice = [...values].filter(([, v]) => v.size > 1).map(([name]) => `redefined ${name}`);

    test("one header per document of the manifest, at its path under rnndb/", () => {
      const manifest = JSON.parse(
        readFileSync(path.join(__dirname, "..", "..", "specs", "nv-hw", "manifest.json"), "utf8"),
      ) as { documents: { upstream: string }[] };
      expect(headers).toEqual(
        manifest.documents.map((d) => `${d.upstream.replace(/^envytools:rnndb\//, "")}.h`).sort(),
      );
      expect(headers.length).toBe(130);
      // The two pairs of same-name files, whose guards are one.
      expect(together.filter((h) => !included.includes(h))).toEqual([
        "graph/gf100_pgraph/pgraph.xml.h",
        "graph/gf100_pgraph/tpc.xml.h",
      ]);
      expect(headers).toContain("root.xml.h");
      expect(headers).toContain("bus/pbus.xml.h");
    });

    test("together they compile as C99; gcc's complaints are only upstream's own", () => {
      const all = tmp.write(
        "all.c",
        `${together.map((h) => `#include "${h}"`).join("\n")}\nint main(void) { return 0; }\n`,
      );
      const r = sh([...FLAGS, all]);
      expect(r.status).toBe(0);
      expect(complaints(r.stderr)).toEqual(
        [...twice, "ISO C99 requires whitespace after the macro name"].sort(),
      );
      // Over a hundred macros (106 here), among them nv_vga.xml's FC in PRMIO.
      expect(twice.length).toBeGreaterThan(100);
      expect(twice).toContain("redefined NV1_PRMIO_FC");
    });

    test("each header compiles alone; the one whose guard starts with a digit does not", () => {
      const failed: string[] = [];
      for (const h of headers) {
        const one = tmp.write("one.c", `#include "${h}"\nint main(void) { return 0; }\n`);
        const r = sh([...FLAGS, one]);
        if (r.status !== 0) failed.push(`${h}: ${complaints(r.stderr).join("; ")}`);
        else
          for (const c of complaints(r.stderr))
            if (
              !c.startsWith("redefined ") &&
              c !== "ISO C99 requires whitespace after the macro name"
            )
              failed.push(`${h}: ${c}`);
      }
      expect(failed).toEqual([`${GUARD}: macro names must be identifiers`]);
    });
  },
);
