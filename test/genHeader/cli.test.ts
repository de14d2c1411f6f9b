/**
 * `isaforge gen-header` on documents gen_header.py rejects: every problem is one located
 * diagnostic on stderr (`file:line:col: error[code]: …`), nothing on stdout, exit 1; a bad command
 * line exits 2.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { runCli } from "../../generator/cli";

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<database xmlns="http://nouveau.freedesktop.org/"
xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
xsi:schemaLocation="https://gitlab.freedesktop.org/freedreno/ rules-fd.xsd">
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "isaforge-gen-header-"));
  mkdirSync(path.join(dir, "sub"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function genHeader(file: string, text: string | undefined, mode = "c-defines") {
  if (text !== undefined) writeFileSync(path.join(dir, file), HEAD + text + "</database>\n");
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCli(["gen-header", "--rnn", dir, "--xml", path.join(dir, file), mode], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  // Locations are relative to the working directory: keep what follows the test directory.
  return { status, out, err: err.map((l) => l.replace(/[^\s]*isaforge-gen-header-[^/]*\//g, "")) };
}

describe("gen-header errors", () => {
  test("a field outside its register (gen_header's own check) is located at the bitfield", async () => {
    const r = await genHeader(
      "range.xml",
      `<domain name="T" width="32">
	<reg32 offset="0x10" name="R">
		<bitfield name="F" low="4" high="40" type="uint"/>
	</reg32>
</domain>
`,
    );
    expect(r).toEqual({
      status: 1,
      out: [],
      err: ["range.xml:7:3: error[gen-header-field]: high attribute out of range: 40"],
    });
  }, 60_000);

  test("a variant its varset does not list (a failed assertion in gen_header)", async () => {
    const r = await genHeader(
      "variant.xml",
      `<enum name="chip"><value name="A6XX" value="6"/></enum>
<domain name="T" width="32" prefix="variant" varset="chip">
	<reg32 offset="0x10" name="R" variants="A9XX"/>
</domain>
`,
    );
    expect(r).toEqual({
      status: 1,
      out: [],
      err: [
        "variant.xml:7:2: error[gen-header-variant]: variant 'A9XX' is not a value of enum 'chip'",
      ],
    });
  }, 60_000);

  test("an import that is not there is located at the <import>", async () => {
    const r = await genHeader("sub/importer.xml", `<import file="nowhere.xml"/>\n`);
    expect(r.status).toBe(1);
    expect(r.out).toEqual([]);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^sub\/importer\.xml:5:1: error\[missing-import\]: .*nowhere\.xml/);
  }, 60_000);

  test("a document that is not well-formed, a missing document, a bad mode", async () => {
    const bad = await genHeader("bad.xml", `<domain name="T" width="32">\n`);
    expect(bad.status).toBe(1);
    expect(bad.out).toEqual([]);
    expect(bad.err[0]).toMatch(/^bad\.xml:\d+:\d+: error\[xml-syntax\]: /);
    const missing = await genHeader("nope.xml", undefined);
    expect(missing.status).toBe(2);
    expect(missing.err).toEqual(["isaforge: error[usage]: nope.xml: no such file"]);
    const usage = await genHeader("range.xml", undefined, "c-whatever");
    expect(usage.status).toBe(2);
    expect(usage.out).toEqual([]);
  }, 60_000);
});
