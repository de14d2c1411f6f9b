/**
 * Data-driven negative fixtures (issue 7): every directory under test/fixtures/negative is a small
 * specs directory with exactly one deliberate problem, and `expected.txt` holds the exact stderr of
 * `isaforge check --specs <dir>` (all lines, including the summary). The expected texts were derived
 * by hand from the inputs, before running the tool; where the two disagreed, the tool was fixed.
 *
 * The exit status is read from the summary line: 1 if it counts errors, 0 for warnings only.
 * A case may give extra `check` options in `args.txt` (`--strict`).
 * The 50 MB document case is covered by test/cli/cli.test.ts ("a document over the size limit").
 */
import { readdirSync, readFileSync, existsSync, statSync } from "fs";
import * as path from "path";
import { runCli } from "../../generator/cli";

const NEGATIVE = path.join(__dirname, "..", "fixtures", "negative");

const cases = readdirSync(NEGATIVE)
  .filter((name) => statSync(path.join(NEGATIVE, name)).isDirectory())
  .sort();

function expectedOf(name: string): { lines: string[]; status: number } {
  const lines = readFileSync(path.join(NEGATIVE, name, "expected.txt"), "utf8")
    .replace(/\n$/, "")
    .split("\n");
  const summary = /^(\d+) errors?, (\d+) warnings?$/.exec(lines[lines.length - 1]);
  if (!summary) throw new Error(`${name}/expected.txt does not end with 'N errors, M warnings'`);
  return { lines, status: Number(summary[1]) > 0 ? 1 : 0 };
}

/** Extra `check` options of a case (`args.txt`, e.g. `--strict`), none by default. */
function argsOf(name: string): string[] {
  const file = path.join(NEGATIVE, name, "args.txt");
  return existsSync(file) ? readFileSync(file, "utf8").split(/\s+/).filter(Boolean) : [];
}

/** The formats and companion kinds the case's manifests use. */
function kindsOf(name: string): string[] {
  const dir = path.join(NEGATIVE, name);
  const kinds: string[] = [];
  for (const isa of readdirSync(dir)) {
    const manifest = path.join(dir, isa, "manifest.json");
    if (!existsSync(manifest)) continue;
    let data: { documents?: { format?: string }[]; companions?: { kind?: string }[] };
    try {
      data = JSON.parse(readFileSync(manifest, "utf8")) as typeof data;
    } catch {
      continue; // the manifest-json-syntax case
    }
    for (const d of data.documents ?? []) if (d.format) kinds.push(d.format);
    for (const c of data.companions ?? []) if (c.kind) kinds.push(`companion:${c.kind}`);
  }
  return kinds;
}

describe("negative fixtures (test/fixtures/negative)", () => {
  test("there are at least 40 cases, spanning every format and the JSON companions", () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(cases.flatMap(kindsOf));
    for (const format of [
      "rules-ng",
      "isaspec",
      "valhall-xml",
      "r500-regs",
      "bifrost-notes",
      "genxml-panfrost",
    ]) {
      expect(kinds).toContain(format);
    }
    for (const companion of ["rules-ng-instructions", "valhall-layout", "bifrost-aliases"]) {
      expect(kinds).toContain(`companion:${companion}`);
    }
    // Companion files with a JSON syntax error and with a schema violation.
    expect(cases).toEqual(
      expect.arrayContaining(["valhall-layout-json-syntax", "valhall-layout-schema"]),
    );
  });

  test.each(cases)("%s", async (name) => {
    const expected = expectedOf(name);
    const err: string[] = [];
    const status = await runCli(["check", ...argsOf(name), "--specs", path.join(NEGATIVE, name)], {
      out: () => undefined,
      err: (line) => err.push(...line.split("\n")),
    });
    expect(err).toEqual(expected.lines);
    expect(status).toBe(expected.status);
  });
});
