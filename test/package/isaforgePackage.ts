/**
 * The published package: packed with `npm pack`, installed into an empty project, its codecs
 * imported by path `isaforge/codecs/<id>` (the dispatch tables by `isaforge/dispatch/<id>`, the
 * register decoders by `isaforge/registers/<id>`), at run
 * time and with their TypeScript types.
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
import { listFiles } from "../../generator/emit/writeOutput";
import { upstreamRoots } from "../../generator/load/upstreamRoots";
import { TEST_OUT } from "../helpers/testOutput";
import { documentedPackedMB, stillTrue } from "./documentedSizes";
import { run } from "./runCommand";

const ROOT = path.join(__dirname, "..", "..");

/** `NAME=DIR:…` for every upstream tree this run finds (the installed CLI looks nowhere else). */
const treesOfThisRun = () =>
  upstreamRoots()
    .list()
    .map((r) => `${r.name}=${r.dir}`)
    .join(":");

test("isaforge: npm pack, install into an empty project, import a codec with types", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-pack-"));
  try {
    run("npm", ["pack", "--pack-destination", dir, "--silent"], ROOT);
    const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"))!;
    // docs/package-sizes.md (npm run sizes) gives its packed size.
    const documented = documentedPackedMB("isaforge");
    const bytes = statSync(path.join(dir, tarball)).size;
    expect({ documented, stillTrue: stillTrue(documented, bytes) }).toEqual({
      documented: expect.any(Number),
      stillTrue: true,
    });
    const proj = path.join(dir, "proj");
    mkdirSync(proj);
    writeFileSync(
      path.join(proj, "package.json"),
      JSON.stringify({ name: "consumer", version: "1.0.0", private: true }),
    );
    run("npm", ["install", path.join(dir, tarball), "--no-audit", "--no-fund", "--silent"], proj);

    const out = run(
      "node",
      [
        "-e",
        "const c = require('isaforge/codecs/ir3'); process.stdout.write(c.decode([3, 0x00900000]).name)",
      ],
      proj,
    );
    expect(out).toBe("br");
    const routed = run(
      "node",
      [
        "-e",
        "const d = require('isaforge/dispatch/ir3'); process.stdout.write(d.INSTRUCTION_NAMES[d.dispatch([3, 0x00900000])])",
      ],
      proj,
    );
    expect(routed).toBe("br");
    const register = run(
      "node",
      [
        "-e",
        "const r = require('isaforge/registers/adreno-hw'); process.stdout.write(r.lookup(0x8400, 9, { domain: 'A6XX', variant: 'A7XX' }))",
      ],
      proj,
    );
    expect(register).toBe(
      "GRAS_2D_BLIT_CNTL => { ROTATE = ROTATE_90 | OVERWRITEEN | UNK4 = 0 | COLOR_FORMAT = 0 | UNK17 = 0 | MASK = 0 | IFMT = R2D_RAW | RASTER_MODE = TYPE_TILED }",
    );

    expect(readFileSync(path.join(proj, "node_modules", "isaforge", "LICENSE"), "utf8")).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} the isaforge authors\n/,
    );

    // The installed CLI validates with the schemas' precompiled validators (written by prepare):
    // a schema error reads exactly as the negative fixture expects from the sources.
    const fixture = path.join(ROOT, "test", "fixtures", "negative", "manifest-unknown-property");
    const check = spawnSync(
      path.join(proj, "node_modules", ".bin", "isaforge"),
      ["check", "--specs", "."],
      {
        cwd: fixture,
        encoding: "utf8",
        env: { ...process.env, NODE_OPTIONS: "" },
      },
    );
    expect(
      readdirSync(path.join(proj, "node_modules", "isaforge", "dist", "generator", "load")),
    ).toContain("precompiledSchemas.generated.js");
    expect([check.status, check.stderr]).toEqual([
      1,
      readFileSync(path.join(fixture, "expected.txt"), "utf8"),
    ]);

    // The installed CLI renders with the templates' precompiled code (written by prepare), and
    // builds out/ byte for byte.
    expect(
      readdirSync(path.join(proj, "node_modules", "isaforge", "dist", "generator", "emit")),
    ).toContain("precompiledTemplates.generated.js");
    const built = path.join(dir, "built");
    const build = spawnSync(
      path.join(proj, "node_modules", ".bin", "isaforge"),
      ["build", "--no-cache", "--specs", path.join(ROOT, "specs"), "--out", built],
      // The installed package has no corpora beside it: the upstream trees the tests use, by name.
      {
        cwd: proj,
        encoding: "utf8",
        env: { ...process.env, NODE_OPTIONS: "", ISAFORGE_UPSTREAM: treesOfThisRun() },
      },
    );
    expect({ status: build.status, stderr: build.status === 0 ? "" : build.stderr }).toEqual({
      status: 0,
      stderr: "",
    });
    const expected = listFiles(TEST_OUT);
    expect(listFiles(built)).toEqual(expected);
    const differ = expected.filter(
      (f) => !readFileSync(path.join(built, f)).equals(readFileSync(path.join(TEST_OUT, f))),
    );
    expect(differ).toEqual([]);

    writeFileSync(
      path.join(proj, "use.ts"),
      [
        'import { decode, encode, type Instruction } from "isaforge/codecs/valhall";',
        "const d = decode([0x00000201, 0x00a4c032]);",
        'if (d && d.name === "FADD.f32") { const clamp: string = d.fields.clamp; void clamp; }',
        "const i: Instruction | undefined = d;",
        "if (i) encode(i);",
        "",
      ].join("\n"),
    );
    run(
      process.execPath,
      [
        path.join(ROOT, "node_modules", "typescript", "bin", "tsc"),
        "--noEmit",
        "--strict",
        "--module",
        "node16",
        "--moduleResolution",
        "node16",
        "use.ts",
      ],
      proj,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
