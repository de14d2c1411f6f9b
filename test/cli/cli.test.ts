import {
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
  mkdirSync,
  existsSync,
  rmSync,
} from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { runCli } from "../../generator/cli";
import { upstreamRoots } from "../../generator/load/upstreamRoots";
import { builtSpecs, CODEC_SPECS, missingTrees } from "../helpers/builtSpecs";
import { SPECS_DIR } from "../helpers/shippedModels";

const FIXTURES = path.join(__dirname, "..", "fixtures", "specs");

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out: out.join("\n"), err: err.join("\n") };
}

describe("isaforge CLI", () => {
  test("--help lists the commands and exits 0", async () => {
    const r = await run("--help");
    expect(r.status).toBe(0);
    expect(r.out).toContain("build [options]");
    expect(r.out).toContain("check [options]");
  });

  test("--help names the ISAs with codecs; asm --help gives the input grammar", async () => {
    const r = await run("--help");
    // The shipped specs with instructions, as far as this run's upstream trees build them.
    // bifrost's codec needs its optional ISA.xml (the mesa tree); the spec builds without it.
    const ids = [
      ...(upstreamRoots().get("mesa") ? ["bifrost"] : []),
      ...builtSpecs(CODEC_SPECS),
    ].join(", ");
    expect(r.out).toContain(`ISAs with codecs (disasm, asm --isa): ${ids}`);
    const asm = await run("asm", "--help");
    expect(asm.status).toBe(0);
    expect(asm.out.replace(/\s+/g, " ")).toContain(`--isa <id> ISA whose codec to use: ${ids}`);
    expect(asm.out).toContain(
      "  valhall: upper-case mnemonics, lower-case modifiers (`MOV.i32`), as Mesa's asm.py takes them",
    );
  });

  test("disasm --help gives the options for objdump's layout and the forms of words it reads", async () => {
    const r = await run("disasm", "--help");
    expect(r.status).toBe(0);
    expect(r.out).toContain(
      "  --offsets              print each instruction's byte offset (hex) before it,\n                         as objdump does\n",
    );
    expect(r.out).toContain(
      "  --raw                  print each instruction's words (with --bytes, its\n                         bytes) before its text\n",
    );
    expect(r.out).toContain(
      [
        "  0x0000000a 0x20044005      32-bit words",
        "  0x200440050000000a         a 64-bit value: its low word is word 0",
        "  20044005_0000000a          Mesa's high_low form",
        "  :1:0000:0000[20044005x_0000000ax] mov.f32f32 r1.y, r2.z",
      ].join("\n"),
    );
  });

  test("check counts in English: 1 instruction", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "isaforge-one-"));
    try {
      // R500's flow-control instruction is the spec's one instruction.
      cpSync(path.join(__dirname, "..", "..", "specs", "r500"), path.join(dir, "r500"), {
        recursive: true,
      });
      const r = await run("check", "--specs", dir);
      expect(r.status).toBe(0);
      expect(r.out).toBe("ok: r500 (1 instruction)");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("--specs naming a file says it is not a directory", async () => {
    const file = path.join(__dirname, "..", "..", "README.md");
    const r = await run("check", "--specs", file);
    expect(r.status).toBe(1);
    expect(r.err.split("\n")).toEqual([
      `isaforge: error[missing-specs]: specs directory '${file}' is a file, not a directory`,
      "1 error, 0 warnings",
    ]);
  });

  test("--version prints the package version", async () => {
    const r = await run("--version");
    expect(r.status).toBe(0);
    expect(r.out).toBe(
      JSON.parse(readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8")).version,
    );
  });

  test("an output that cannot be written: a clear error, exit 1, nothing left beside it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "isaforge-unwritable-"));
    try {
      writeFileSync(path.join(dir, "file"), "a file, not a folder\n");
      // One small ISA keeps the build quick.
      const specs = path.join(dir, "specs");
      cpSync(path.join(__dirname, "..", "..", "specs", "r500"), path.join(specs, "r500"), {
        recursive: true,
      });
      const out = path.join(dir, "file", "out");
      const r = await run("build", "--no-cache", "--specs", specs, "--out", out);
      expect(r.status).toBe(1);
      expect(r.err.split("\n").filter((l) => l.startsWith("isaforge:"))).toEqual([
        `isaforge: error[output]: cannot write ${out}: ENOTDIR: not a directory, mkdir '${out}.isaforge-tmp-${process.pid}'`,
      ]);
      expect(readFileSync(path.join(dir, "file"), "utf8")).toBe("a file, not a folder\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("usage errors exit 2", async () => {
    expect((await run("build", "--bogus")).status).toBe(2);
    expect((await run("frobnicate")).status).toBe(2);
    expect((await run()).status).toBe(2);
  });

  test("manifest errors: every problem at its position, exit 1", async () => {
    const r = await run("check", "--specs", path.join(FIXTURES, "manifest-errors"));
    expect(r.status).toBe(1);
    expect(r.err.split("\n")).toEqual([
      'manifest-errors/alpha/manifest.json:7:3: error[schema]: manifest: \'/byteOrder\' must be one of "little", "big"',
      "manifest-errors/alpha/manifest.json:10:3: error[schema]: manifest: unknown property 'colour' at the top level",
      "2 errors, 0 warnings",
    ]);
  });

  test("a folder without a manifest and a manifest with a JSON syntax error", async () => {
    expect(
      (await run("check", "--specs", path.join(FIXTURES, "missing-manifest"))).err.split("\n"),
    ).toEqual([
      "isaforge: error[missing-manifest]: ISA folder 'missing-manifest/beta' has no manifest.json",
      "1 error, 0 warnings",
    ]);
    expect(
      (await run("check", "--specs", path.join(FIXTURES, "json-syntax"))).err.split("\n"),
    ).toEqual([
      "json-syntax/gamma/manifest.json:4:3: error[json-syntax]: invalid JSON: CommaExpected",
      "1 error, 0 warnings",
    ]);
  });

  test("a manifest naming a missing file, and one whose id is not its folder", async () => {
    expect(
      (await run("check", "--specs", path.join(FIXTURES, "manifest-files"))).err.split("\n"),
    ).toEqual([
      "manifest-files/delta/manifest.json:8:19: error[missing-file]: manifest names 'missing.xml', which does not exist",
      "manifest-files/epsilon/manifest.json:2:3: error[manifest-id]: manifest id 'zeta' does not match its folder 'epsilon'",
      "2 errors, 0 warnings",
    ]);
  });

  test("a document over the size limit is refused before it is read", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "isaforge-big-"));
    mkdirSync(path.join(dir, "big"));
    writeFileSync(
      path.join(dir, "big", "manifest.json"),
      JSON.stringify(
        {
          id: "big",
          title: "B",
          vendor: "V",
          instructionWidth: 32,
          wordSize: 32,
          byteOrder: "little",
          documents: [{ path: "big.xml", format: "isaspec" }],
          companions: [],
        },
        null,
        2,
      ),
    );
    writeFileSync(path.join(dir, "big", "big.xml"), Buffer.alloc(50 * 1024 * 1024, 0x20));
    const r = await run("check", "--specs", dir);
    expect(r.status).toBe(1);
    expect(r.err.split("\n")[0]).toBe(
      `${path.basename(dir)}/big/manifest.json:10:7: error[document-too-large]: 'big.xml' is 52428800 bytes; documents over 16777216 bytes are refused`,
    );
    rmSync(dir, { recursive: true, force: true });
  });

  test("analysis: every problem of a toy ISA at once, sorted, with both locations", async () => {
    // --strict: the enum-width and overlap findings are warnings in isaspec (Mesa accepts them).
    const r = await run("check", "--strict", "--specs", path.join(FIXTURES, "analysis-errors"));
    expect(r.status).toBe(1);
    const f = "analysis-errors/toy/toy.xml";
    expect(r.err.split("\n")).toEqual([
      `${f}:5:2: error[enum-width]: value 4 of enum '#mode' does not fit field 'MODE' (2 bits, at most 3) of instructions 'add', 'add2', 'wide', 'gap'`,
      `  ${f}:10:2: note: field 'MODE' is defined here`,
      `${f}:16:1: error[overlap]: instruction 'add2' overlaps 'add': both match 0x01000000`,
      `  ${f}:13:1: note: 'add' is defined here`,
      `${f}:21:2: error[field-overlap]: pattern 24..31 of 'wide' overlaps field 'HIGH' of the same bitset (bits 30..31)`,
      `  ${f}:22:2: note: field 'HIGH' of 'wide' is here`,
      `${f}:22:2: error[bit-range]: instruction 'wide' field 'HIGH': bits 33:30 lie outside the 32-bit instruction`,
      `${f}:24:1: error[overlap]: instruction 'gap' overlaps 'add2': both match 0x03000000 ('gap' also tests bits 27:25)`,
      `  ${f}:16:1: note: 'add2' is defined here`,
      `${f}:26:2: error[field-overlap]: instruction 'gap': field 'LOW' overlaps field 'IMM' at bit 8 (they are not declared alternatives)`,
      `  ${f}:9:2: note: field 'IMM' is defined here`,
      "6 errors, 0 warnings",
    ]);
  });

  test("build lists every error but one line per warning code met more than once; --verbose and check list them all", async () => {
    const specs = path.join(FIXTURES, "analysis-errors");
    const f = "analysis-errors/toy/toy.xml";
    const out = mkdtempSync(path.join(tmpdir(), "isaforge-summary-"));
    try {
      const enumWidth = [
        `${f}:5:2: warning[enum-width]: value 4 of enum '#mode' does not fit field 'MODE' (2 bits, at most 3) of instructions 'add', 'add2', 'wide', 'gap'`,
        `  ${f}:10:2: note: field 'MODE' is defined here`,
      ];
      const errors = [
        `${f}:21:2: error[field-overlap]: pattern 24..31 of 'wide' overlaps field 'HIGH' of the same bitset (bits 30..31)`,
        `  ${f}:22:2: note: field 'HIGH' of 'wide' is here`,
        `${f}:22:2: error[bit-range]: instruction 'wide' field 'HIGH': bits 33:30 lie outside the 32-bit instruction`,
        `${f}:26:2: error[field-overlap]: instruction 'gap': field 'LOW' overlaps field 'IMM' at bit 8 (they are not declared alternatives)`,
        `  ${f}:9:2: note: field 'IMM' is defined here`,
      ];
      const build = await run("build", "--specs", specs, "--out", out, "--no-cache");
      expect([build.status, build.err.split("\n")]).toEqual([
        1,
        [
          ...enumWidth,
          ...errors,
          `${f}:16:1: warning[overlap]: instruction 'add2' overlaps 'add': both match 0x01000000 (and 1 more warning[overlap]: --verbose lists them)`,
          "3 errors, 3 warnings",
        ],
      ]);
      const all = [
        ...enumWidth,
        `${f}:16:1: warning[overlap]: instruction 'add2' overlaps 'add': both match 0x01000000`,
        `  ${f}:13:1: note: 'add' is defined here`,
        ...errors.slice(0, 3),
        `${f}:24:1: warning[overlap]: instruction 'gap' overlaps 'add2': both match 0x03000000 ('gap' also tests bits 27:25)`,
        `  ${f}:16:1: note: 'add2' is defined here`,
        ...errors.slice(3),
        "3 errors, 3 warnings",
      ];
      const verbose = await run("build", "--specs", specs, "--out", out, "--no-cache", "--verbose");
      expect([verbose.status, verbose.err.split("\n")]).toEqual([1, all]);
      const check = await run("check", "--specs", specs);
      expect([check.status, check.err.split("\n")]).toEqual([1, all]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test("acceptedWarnings: warnings accepted by name are counted, not printed; a stale entry is reported", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "isaforge-accepted-"));
    try {
      const toy = path.join(dir, "toy");
      cpSync(path.join(FIXTURES, "analysis-errors", "toy"), toy, { recursive: true });
      const manifest = JSON.parse(readFileSync(path.join(toy, "manifest.json"), "utf8"));
      manifest.acceptedWarnings = [
        { code: "enum-width", where: "toy.xml:5", why: "the toy's mode 4 is for a wider field" },
        { code: "overlap", where: "toy.xml", why: "the toy's overlaps are on purpose" },
        { code: "overlap", where: "toy.xml:99", why: "an overlap that is gone" },
      ];
      writeFileSync(path.join(toy, "manifest.json"), JSON.stringify(manifest, null, 2));
      const r = await run("check", "--specs", dir);
      const f = `${path.basename(dir)}/toy/toy.xml`;
      // The three warnings are accepted (two by the file, one at its line); the errors stay. The
      // third entry opens at line 26 of the manifest JSON.stringify writes (2-space indent).
      expect(r.err.split("\n").filter((l) => !l.startsWith(" "))).toEqual([
        `${path.basename(dir)}/toy/manifest.json:26:5: warning[unused-accepted-warning]: acceptedWarnings names warning[overlap] at 'toy.xml:99', which no longer occurs: remove the entry`,
        `${f}:21:2: error[field-overlap]: pattern 24..31 of 'wide' overlaps field 'HIGH' of the same bitset (bits 30..31)`,
        `${f}:22:2: error[bit-range]: instruction 'wide' field 'HIGH': bits 33:30 lie outside the 32-bit instruction`,
        `${f}:26:2: error[field-overlap]: instruction 'gap': field 'LOW' overlaps field 'IMM' at bit 8 (they are not declared alternatives)`,
        "3 errors, 1 warning; 3 known warnings accepted by the manifests (acceptedWarnings)",
      ]);
      // A malformed entry is a schema error at its place.
      manifest.acceptedWarnings = [{ code: "overlap", where: "toy.xml:0", why: "" }];
      writeFileSync(path.join(toy, "manifest.json"), JSON.stringify(manifest, null, 2));
      expect((await run("check", "--specs", dir)).err.split("\n")[0]).toMatch(
        /^isaforge-accepted-\w+\/toy\/manifest\.json:\d+:\d+: error\[schema\]: manifest: /,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the shipped specs pass check --strict: every warning is fixed or accepted by its manifest", async () => {
    const r = await run("check", "--strict");
    expect(r.status).toBe(0);
    // Besides the count, one note per spec this run's upstream trees do not build.
    const lines = r.err.split("\n");
    const skipped = lines.filter((l) => l.includes(": note[skipped-spec]: "));
    expect(
      skipped.map((l) => /note\[skipped-spec\]: ([\w-]+) is not built/.exec(l)?.[1]).sort(),
    ).toEqual(
      readdirSync(SPECS_DIR)
        .filter((id) => missingTrees(id).length > 0)
        .sort(),
    );
    // A spec with an optional document of an absent tree builds without it, and says so.
    const partial = lines.filter((l) => l.includes(": note[partial-spec]: "));
    expect(
      partial.map((l) => /note\[partial-spec\]: ([\w-]+) is built without/.exec(l)?.[1]),
    ).toEqual(upstreamRoots().get("mesa") ? [] : ["bifrost"]);
    expect(lines.filter((l) => !skipped.includes(l) && !partial.includes(l))).toEqual([
      expect.stringMatching(/^\d+ known warnings accepted by the manifests \(acceptedWarnings\)$/),
    ]);
  }, 180_000);

  test("a missing specs directory", async () => {
    const r = await run("check", "--specs", path.join(FIXTURES, "no-such-dir"));
    expect(r.status).toBe(1);
    expect(r.err).toContain("error[missing-specs]: specs directory");
  });

  test("a failing build leaves the previous output untouched", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "isaforge-cli-"));
    const out = path.join(dir, "out");
    mkdirSync(path.join(out, "json"), { recursive: true });
    writeFileSync(path.join(out, "json", "old.json"), "previous\n");
    const r = await run("build", "--specs", path.join(FIXTURES, "manifest-errors"), "--out", out);
    expect(r.status).toBe(1);
    expect(readFileSync(path.join(out, "json", "old.json"), "utf8")).toBe("previous\n");
    expect(existsSync(`${out}.isaforge-old`)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});
