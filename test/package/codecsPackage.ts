/**
 * The codecs package (`packages/codecs`, `@isaforge/codecs`): packed with `npm pack`, installed
 * offline into an empty project (it has nothing to fetch), and a codec, a dispatch table and a
 * register decoder imported from it at run time and with their types.
 */
import { spawnSync } from "child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { defaultRootDir } from "../../generator/load/upstreamRoots";
import { TEST_OUT } from "../helpers/testOutput";
import { documentedPackedMB, stillTrue } from "./documentedSizes";
import { run } from "./runCommand";

const ROOT = path.join(__dirname, "..", "..");

describe("@isaforge/codecs", () => {
  let dir: string;
  let proj: string;
  let packedBytes: number;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "isaforge-codecs-"));
    run(
      "npm",
      ["pack", "--workspace", "packages/codecs", "--pack-destination", dir, "--silent"],
      ROOT,
    );
    const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"))!;
    packedBytes = statSync(path.join(dir, tarball)).size;
    proj = path.join(dir, "proj");
    mkdirSync(proj);
    writeFileSync(
      path.join(proj, "package.json"),
      JSON.stringify({ name: "consumer", version: "1.0.0", private: true }),
    );
    run(
      "npm",
      ["install", "--offline", "--no-audit", "--no-fund", "--silent", path.join(dir, tarball)],
      proj,
    );
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("declares no dependencies and installs alone", () => {
    const manifest = JSON.parse(
      readFileSync(path.join(proj, "node_modules", "@isaforge", "codecs", "package.json"), "utf8"),
    );
    const declared = [
      "dependencies",
      "peerDependencies",
      "optionalDependencies",
      "bundleDependencies",
    ].filter((key) => key in manifest);
    expect(declared).toEqual([]);
    expect(readdirSync(path.join(proj, "node_modules")).filter((f) => !f.startsWith("."))).toEqual([
      "@isaforge",
    ]);
  });

  test("a codec, a dispatch table and a register decoder run from the installed package", () => {
    const script = [
      "const codec = require('@isaforge/codecs/codecs/ir3');",
      "const dispatch = require('@isaforge/codecs/dispatch/ir3');",
      "const registers = require('@isaforge/codecs/registers/adreno-hw');",
      "const words = [0x0000000a, 0x20044005];",
      "console.log(codec.decode(words).name);",
      "console.log(codec.disassemble(words));",
      "console.log(dispatch.INSTRUCTION_NAMES[dispatch.dispatch([3, 0x00900000])]);",
      "console.log(registers.lookup(0x8400, 9, { domain: 'A6XX', variant: 'A7XX' }));",
    ].join("\n");
    expect(run("node", ["-e", script], proj).split("\n")).toEqual([
      "mov-gpr",
      "mov.f32f32 r1.y, r2.z",
      "br",
      "GRAS_2D_BLIT_CNTL => { ROTATE = ROTATE_90 | OVERWRITEEN | UNK4 = 0 | COLOR_FORMAT = 0 | UNK17 = 0 | MASK = 0 | IFMT = R2D_RAW | RASTER_MODE = TYPE_TILED }",
      "",
    ]);
  });

  test("a genxml decoder of each dialect runs from the installed package, printing upstream's text", () => {
    // The first case of each dialect's decode vectors (expected/genxml/vectors), as upstream
    // printed it: Intel's job lines are `struct NAME SAMPLE DWORDS…`, Panfrost's `NAME SAMPLE BYTES`.
    const firstCase = (dialect: string, doc: string) => {
      const dir = path.join(defaultRootDir("expected"), "genxml", "vectors", dialect);
      const job = readFileSync(path.join(dir, `${doc}.jobs`), "utf8")
        .split("\n")[0]
        .split("\t");
      const expected = readFileSync(path.join(dir, `${doc}.expected`), "utf8").split(
        /^##### .*\n/m,
      )[1];
      return { job, expected };
    };
    const intel = firstCase("intel", "gen12");
    const [, intelName, , dwords] = intel.job;
    const panfrost = firstCase("panfrost", "v10");
    const [panfrostName, , bytes] = panfrost.job;
    const script = [
      "const intel = require('@isaforge/codecs/genxml/intel/gen12');",
      "const panfrost = require('@isaforge/codecs/genxml/panfrost/v10');",
      `const dwords = ${JSON.stringify(dwords.split(" ").map((w) => parseInt(w, 16)))};`,
      `process.stdout.write(intel.printStruct(${JSON.stringify(intelName)}, dwords));`,
      "process.stdout.write('\\0');",
      `const bytes = Uint8Array.from(Buffer.from(${JSON.stringify(bytes)}, 'hex'));`,
      `process.stdout.write(panfrost.printStruct(${JSON.stringify(panfrostName)}, bytes));`,
    ].join("\n");
    expect(run("node", ["-e", script], proj).split("\0")).toEqual([
      intel.expected,
      panfrost.expected,
    ]);
  });

  test("the root export indexes the codecs, dispatch tables and register decoders, loading each when asked", () => {
    const script = [
      "const index = require('@isaforge/codecs');",
      "const loaded = () => Object.keys(require.cache).filter((f) => /[\\\\/]dist[\\\\/]/.test(f)).length;",
      "console.log(JSON.stringify({ codecs: Object.keys(index.codecs), dispatchTables: Object.keys(index.dispatchTables), registerDecoders: Object.keys(index.registerDecoders) }));",
      "console.log(loaded());",
      "console.log(index.codecs.ir3.disassemble([0x0000000a, 0x20044005]));",
      "console.log(index.registerDecoders['adreno-hw'].lookup(0x8400, 9, { domain: 'A6XX', variant: 'A7XX' }).slice(0, 17));",
      "console.log(loaded());",
    ].join("\n");
    // What the package holds is what the build generates: the test build's modules.
    const modules = (dir: string) =>
      readdirSync(path.join(TEST_OUT, dir))
        .filter((f) => f.endsWith(".ts") && !f.endsWith("-handlers.ts"))
        .map((f) => f.slice(0, -".ts".length))
        .sort();
    const listed = {
      codecs: modules("ts"),
      dispatchTables: modules("dispatch"),
      registerDecoders: modules("ts/registers"),
    };
    expect(listed.codecs).toContain("ir3");
    expect(listed.registerDecoders).toContain("adreno-hw");
    expect(run("node", ["-e", script], proj).split("\n")).toEqual([
      JSON.stringify(listed),
      // The index alone.
      "1",
      "mov.f32f32 r1.y, r2.z",
      "GRAS_2D_BLIT_CNTL",
      "3",
      "",
    ]);
  });

  test("docs/package-sizes.md (npm run sizes) gives its packed size", () => {
    const documented = documentedPackedMB("@isaforge/codecs");
    expect({ documented, stillTrue: stillTrue(documented, packedBytes) }).toEqual({
      documented: expect.any(Number),
      stillTrue: true,
    });
  });

  test("its README links nowhere outside the package, and its LICENSE is MIT", () => {
    const installed = path.join(proj, "node_modules", "@isaforge", "codecs");
    const readme = readFileSync(path.join(installed, "README.md"), "utf8");
    const targets = [...readme.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1]);
    expect(targets.filter((t) => !readdirSync(installed).includes(t))).toEqual([]);
    expect(readFileSync(path.join(installed, "LICENSE"), "utf8")).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} the isaforge authors\n/,
    );
  });

  test("ES modules import it by name too", () => {
    const script = [
      "import { decode } from '@isaforge/codecs/codecs/valhall';",
      "import { dispatch, INSTRUCTION_NAMES } from '@isaforge/codecs/dispatch/etnaviv';",
      "import { codecs } from '@isaforge/codecs';",
      "console.log(decode([0x00000201, 0x00a4c032]).name);",
      "console.log(INSTRUCTION_NAMES[dispatch([0x07811018, 0x15001f20, 0, 0])]);",
    ].join("\n");
    expect(
      run(
        "node",
        ["--input-type=module", "-e", `${script}\nconsole.log(codecs.r500 !== undefined);`],
        proj,
      ),
    ).toBe("FADD.f32\ntexld\ntrue\n");
  });

  test("only the index and the four kinds of module are exported", () => {
    const attempt = (specifier: string) =>
      run(
        "node",
        [
          "-e",
          `try { require(${JSON.stringify(specifier)}); console.log("loaded") } catch (e) { console.log(e.code) }`,
        ],
        proj,
      ).trim();
    expect(attempt("@isaforge/codecs/codecs/registers/adreno-hw")).toBe(
      "ERR_PACKAGE_PATH_NOT_EXPORTED",
    );
    expect(attempt("@isaforge/codecs/codecs/genxml/intel/gen12")).toBe(
      "ERR_PACKAGE_PATH_NOT_EXPORTED",
    );
    expect(attempt("@isaforge/codecs/dist/ts/ir3.js")).toBe("ERR_PACKAGE_PATH_NOT_EXPORTED");
  });

  test("the types come with it", () => {
    writeFileSync(
      path.join(proj, "use.ts"),
      [
        'import { decode, encode, type Instruction } from "@isaforge/codecs/codecs/valhall";',
        'import { dispatch, InstructionId } from "@isaforge/codecs/dispatch/ir3";',
        'import { encodeRegister } from "@isaforge/codecs/registers/etnaviv-hw";',
        'import { codecs, registerDecoders } from "@isaforge/codecs";',
        'import { printStruct } from "@isaforge/codecs/genxml/intel/gen12";',
        'import { decodeStruct } from "@isaforge/codecs/genxml/panfrost/v10";',
        'const printed: string | undefined = printStruct("3DSTATE_CONSTANT_ALL_DATA", [0, 0]);',
        'void printed, decodeStruct("MALI_CS_MOVE32", new Uint8Array(8));',
        "const text: string = codecs.ir3.disassemble([0x0000000a, 0x20044005]);",
        'const line: string = registerDecoders["adreno-hw"].lookup(0x8400, 9);',
        "void text, line;",
        "const d = decode([0x00000201, 0x00a4c032]);",
        'if (d && d.name === "FADD.f32") { const clamp: string = d.fields.clamp; void clamp; }',
        "const i: Instruction | undefined = d;",
        "if (i) encode(i);",
        "const id: number = dispatch([3, 0x00900000]);",
        "void (id === InstructionId.br);",
        "void encodeRegister;",
        "",
      ].join("\n"),
    );
    const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const args = ["--noEmit", "--strict", "--module", "node16", "--moduleResolution", "node16"];
    const checked = spawnSync(process.execPath, [tsc, ...args, "use.ts"], {
      cwd: proj,
      encoding: "utf8",
    });
    expect([checked.status, checked.stdout]).toEqual([0, ""]);
  });
});
