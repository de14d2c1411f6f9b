/**
 * `disasm`/`asm` with codecs built from the documents on demand: with `--upstream` or `--specs`, or
 * when no output has been generated (a fresh clone). The codec is kept in the build cache, so the
 * second run reads no document; a spec whose tree is absent says which option builds it.
 */
import { mkdtempSync, readdirSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { upstreamRoots } from "../../generator/load/upstreamRoots";
import { runCliFromSource } from "../helpers/cliFromSource";

const mesa = upstreamRoots().get("mesa");

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "isaforge-codecs-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI as on a fresh clone: no generated output, no corpora beside it, its own cache. */
function fresh(args: string[], input: string) {
  return runCliFromSource(
    args,
    {
      ISAFORGE_OUT: path.join(dir, "no-output"),
      ISAFORGE_CORPORA: path.join(dir, "no-corpora"),
      ISAFORGE_CACHE_DIR: path.join(dir, "cache"),
      ISAFORGE_UPSTREAM: "",
    },
    input,
  );
}

const cached = () => readdirSync(path.join(dir, "cache", "codecs"));

test("nothing generated, no tree: a seed-only ISA's codec is built from its documents, then cached", () => {
  const r = fresh(["disasm", "--isa", "valhall", "--bytes"], "02 00 00 00 00 c1 91 00\n");
  expect([r.status, r.stderr]).toEqual([0, ""]);
  // disassembly-syntax.md §Valhall: byte 0 the source (r2), byte 5 0xc1 the destination r1.
  expect(r.stdout).toBe("MOV.i32 r1, r2\n");
  expect(cached()).toHaveLength(1);
  const again = fresh(["asm", "--isa", "valhall", "--bytes"], "MOV.i32 r1, r2\n");
  expect([again.status, again.stdout]).toEqual([0, "02 00 00 00 00 c1 91 00\n"]);
  expect(cached()).toHaveLength(1);
});

test("an ISA whose tree is absent: a usage error naming the option that builds it", () => {
  const r = fresh(["disasm", "--isa", "ir3"], "0x0000000a 0x20044005\n");
  expect(r.status).toBe(2);
  expect(r.stderr).toBe(
    "isaforge: error[usage]: ir3 is not built: its documents are in the upstream tree 'mesa', which is not on this machine; to build it, give --upstream mesa=DIR or ISAFORGE_UPSTREAM=mesa=DIR\n",
  );
});

test("--specs with errors: the errors, and exit 1", () => {
  const specs = path.join(__dirname, "..", "fixtures", "negative", "manifest-unknown-property");
  const r = fresh(["disasm", "--isa", "toy", "--specs", specs], "0\n");
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(/error\[schema\]: manifest: unknown property/);
  expect(r.stderr).toMatch(/isaforge: disasm: the specs have errors, so no codec was built\n$/);
});

(mesa ? test : test.skip)(
  "--upstream mesa=DIR: ir3's codec from that checkout's documents, cached for the next run (needs the mesa tree)",
  () => {
    const up = ["--isa", "ir3", "--upstream", `mesa=${mesa!.dir}`];
    const first = fresh(["disasm", ...up], "0x0000000a 0x20044005\n");
    expect([first.status, first.stdout, first.stderr]).toEqual([0, "mov.f32f32 r1.y, r2.z\n", ""]);
    const asm = fresh(["asm", ...up], "mov.f32f32 r1.y, r2.z\n");
    expect([asm.status, asm.stdout]).toEqual([0, "0x0000000a 0x20044005\n"]);
    expect(cached()).toHaveLength(1);
  },
  120_000,
);

test("--help with nothing generated names the specs with instructions, from their manifests", () => {
  const r = fresh(["--help"], "");
  expect(r.status).toBe(0);
  expect(r.stdout).toContain(
    "ISAs with codecs (disasm, asm --isa): etnaviv, etnaviv-isa, ir3, ir3-cat0, r500, valhall\n",
  );
});
