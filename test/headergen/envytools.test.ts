/**
 * `isaforge headergen` against envytools' headergen on a database in the envytools dialect
 * (test/fixtures/rules-ng/envytools: nouveau-style layout with subfolders, every construct of
 * rules-ng-ng.txt). `expected/<root>/` holds every header envytools' headergen wrote for each root
 * (which envytools, the fixture's README says): isaforge must write the same set of headers at the
 * same paths, each body (after the banner's `*\/`) byte for byte.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { runCli } from "../../generator/cli";
import { C99, CXX17, compile, tempDir } from "../c/cc";

// Whole databases read and walked: sized for a machine several times slower than a quiet one.
jest.setTimeout(60_000);

const FIXTURE = path.join(__dirname, "..", "fixtures", "rules-ng", "envytools");
const EXPECTED = path.join(FIXTURE, "expected");

/** Files under `dir`, relative, `/`-separated, sorted. */
function filesUnder(dir: string, rel = ""): string[] {
  return readdirSync(path.join(dir, rel))
    .flatMap((n) => {
      const r = rel === "" ? n : `${rel}/${n}`;
      return statSync(path.join(dir, r)).isDirectory() ? filesUnder(dir, r) : [r];
    })
    .sort();
}

const body = (text: string) => text.slice(text.indexOf("\n*/\n"));

async function headergen(root: string, out: string, ...options: string[]) {
  const saved = process.env.RNN_PATH;
  process.env.RNN_PATH = FIXTURE;
  const err: string[] = [];
  try {
    const status = await runCli(["headergen", root, "--out", out, ...options], {
      out: () => {},
      err: (l) => err.push(l),
    });
    return { status, err };
  } finally {
    if (saved === undefined) delete process.env.RNN_PATH;
    else process.env.RNN_PATH = saved;
  }
}

describe.each(["root.xml", "other.xml", "domain-type.xml"])(
  "headergen %s (envytools dialect)",
  (root) => {
    const expected = filesUnder(path.join(EXPECTED, root)).filter((f) => f.endsWith(".h"));
    let out: string;
    let result: Awaited<ReturnType<typeof headergen>>;

    beforeAll(async () => {
      out = mkdtempSync(path.join(tmpdir(), "isaforge-envytools-"));
      // The root is looked up through RNN_PATH, as headergen looks it up.
      result = await headergen(root, out);
    });
    afterAll(() => rmSync(out, { recursive: true, force: true }));

    test("reads without an error and writes a header for every document, at its path under the database", () => {
      // Warnings only: the database nests a 16-bit bitset in a narrower field and overlaps registers
      // on purpose, which rnn accepts.
      expect(result.err.filter((l) => /error\[/.test(l))).toEqual([]);
      expect(result.status).toBe(0);
      expect(filesUnder(out)).toEqual(expected);
    });

    test("every header's body is envytools' byte for byte", () => {
      for (const h of expected)
        expect({ h, body: body(readFileSync(path.join(out, h), "utf8")) }).toEqual({
          h,
          body: body(readFileSync(path.join(EXPECTED, root, h), "utf8")),
        });
    });
  },
);

test("headergen prints a warning code met more than once as one line; --verbose lists each", async () => {
  const out = mkdtempSync(path.join(tmpdir(), "isaforge-envytools-"));
  // Locations are relative to the working directory.
  const at = (file: string) => path.join(path.relative(process.cwd(), FIXTURE), file);
  try {
    const bitRange =
      "warning[bit-range]: bitfield 'NV04_PBUS_IMPLICIT_BITSET_LOW_Y': bits 31:16 lie outside the 16 bits that hold it";
    const overlap =
      "warning[register-overlap]: domain 'NV50_PGRAPH_CTX': register 'NV50_PGRAPH_CTX_WARP_PC' at 0x40 overlaps 'NV50_PGRAPH_CTX_HALVES' at 0x40..0x40";
    expect(await headergen("root.xml", out)).toEqual({
      status: 0,
      err: [
        `${at("common.xml")}:71:2: ${bitRange} (and 1 more warning[bit-range]: --verbose lists them)`,
        `${at("common.xml")}:118:3: ${overlap} (and 1 more warning[register-overlap]: --verbose lists them)`,
      ],
    });
    expect(await headergen("root.xml", out, "--verbose")).toEqual({
      status: 0,
      err: [
        `${at("common.xml")}:71:2: ${bitRange}`,
        `${at("common.xml")}:118:3: ${overlap}\n  ${at("graph/pgraph.xml")}:159:2: note: 'NV50_PGRAPH_CTX_HALVES' declared here`,
        `${at("graph/pgraph.xml")}:144:3: warning[bit-range]: bitfield 'NV04_PGRAPH_TILE_HIGHBIT': bits 33:32 lie outside the 32 bits that hold it`,
        `${at("graph/pgraph.xml")}:158:2: warning[register-overlap]: domain 'NV50_PGRAPH_CTX': register 'NV50_PGRAPH_CTX_WREGS' at 0x20 overlaps 'NV50_PGRAPH_CTX_INNER' at 0x20..0x20\n  ${at("common.xml")}:116:2: note: 'NV50_PGRAPH_CTX_INNER' declared here`,
      ],
    });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test("the guard is the document's base name, whatever its folder", async () => {
  const out = mkdtempSync(path.join(tmpdir(), "isaforge-envytools-"));
  try {
    expect((await headergen("root.xml", out)).status).toBe(0);
    expect(readFileSync(path.join(out, "bus", "pbus.xml.h"), "utf8")).toMatch(
      /^#ifndef PBUS_XML\n#define PBUS_XML\n/,
    );
    expect(readFileSync(path.join(out, "bus", "pbus.xml.h"), "utf8")).toContain(
      "\nhttps://github.com/envytools/envytools/\n",
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test("every header compiles, alone and all together, as C99 and C++17", async () => {
  const tmp = tempDir();
  try {
    expect((await headergen("root.xml", tmp.dir)).status).toBe(0);
    const headers = filesUnder(tmp.dir).filter((f) => f.endsWith(".h"));
    for (const [compiler, ext] of [
      [C99, "c"],
      [CXX17, "cpp"],
    ] as const) {
      for (const h of headers)
        compile(
          compiler,
          tmp.write(
            `one-${h.replace(/\//g, "-")}.${ext}`,
            `#include "${h}"\nint main(void) { return 0; }\n`,
          ),
        );
      const all = headers.map((h) => `#include "${h}"`).join("\n");
      compile(compiler, tmp.write(`all.${ext}`, `${all}\nint main(void) { return 0; }\n`));
    }
  } finally {
    tmp.cleanup();
  }
}, 120_000);
