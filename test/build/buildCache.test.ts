/**
 * The build cache: a rebuild with nothing changed is a hit; any change to the specs, the templates,
 * the code or the options is a miss; the output is the same with and without the cache, is restored
 * when edited or deleted, and a damaged cache is a miss, never a crash.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { build, type BuildOptions } from "../../generator/build";
import { BuildCache, buildKey, installationFiles } from "../../generator/buildCache";
import { listFiles } from "../../generator/emit/writeOutput";
import { SPECS_DIR } from "../helpers/shippedModels";

jest.setTimeout(120_000);

function tree(dir: string): Record<string, string> {
  return Object.fromEntries(
    listFiles(dir).map((p) => [p, readFileSync(path.join(dir, p), "utf8")]),
  );
}

async function run(options: Partial<BuildOptions> & { out: string }) {
  const log = { out: [] as string[], err: [] as string[] };
  const status = await build(
    { specs, ...options },
    { out: (l) => log.out.push(l), err: (l) => log.err.push(l) },
  );
  return { status, ...log };
}

/** Cache entries (one directory each). */
const entries = () =>
  existsSync(cacheDir) ? readdirSync(cacheDir).filter((n) => /^[0-9a-f]{64}$/.test(n)) : [];

let tmp: string;
let specs: string;
let cacheDir: string;
let reference: Record<string, string>;
let referenceErr: string[];
const savedEnv = process.env.ISAFORGE_CACHE_DIR;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), "isaforge-cache-"));
  // The two smallest ISAs keep each build quick; r500 has a warning, to show it replayed.
  specs = path.join(tmp, "specs");
  for (const id of ["ir3-cat0", "r500"])
    cpSync(path.join(SPECS_DIR, id), path.join(specs, id), { recursive: true });
  // The shipped manifest accepts r500's warning; without that it is printed, and so replayed.
  const manifest = path.join(specs, "r500", "manifest.json");
  const parsed = JSON.parse(readFileSync(manifest, "utf8"));
  delete parsed.acceptedWarnings;
  writeFileSync(manifest, JSON.stringify(parsed, null, 2));
  cacheDir = path.join(tmp, "cache");
  process.env.ISAFORGE_CACHE_DIR = cacheDir;
  // The reference: a build that never touches the cache.
  const r = await run({ out: path.join(tmp, "reference"), cache: false });
  expect(r.status).toBe(0);
  expect(entries()).toEqual([]);
  reference = tree(path.join(tmp, "reference"));
  referenceErr = r.err;
});

afterAll(() => {
  if (savedEnv === undefined) delete process.env.ISAFORGE_CACHE_DIR;
  else process.env.ISAFORGE_CACHE_DIR = savedEnv;
  rmSync(tmp, { recursive: true, force: true });
});

describe("build cache", () => {
  const out = () => path.join(tmp, "out");

  test("a first build is a miss and writes what a cache-less build writes", async () => {
    const r = await run({ out: out() });
    expect(r.status).toBe(0);
    expect(r.out).toEqual([
      `wrote ${Object.keys(reference).length} files to ${out()}/ (ir3-cat0, r500)`,
    ]);
    expect(entries()).toHaveLength(1);
    expect(tree(out())).toEqual(reference);
    // The cache lives outside out/.
    expect(listFiles(out()).some((p) => p.includes("cache"))).toBe(false);
  });

  test("the same build again is a hit, with the same warnings and nothing rewritten", async () => {
    const r = await run({ out: out() });
    expect(r.status).toBe(0);
    expect(r.out).toEqual([
      `${Object.keys(reference).length} files in ${out()}/ are up to date (ir3-cat0, r500)`,
    ]);
    // r500's page states more lines than it has: the warning is replayed verbatim.
    expect(referenceErr.some((l) => l.includes("warning["))).toBe(true);
    expect(r.err).toEqual(referenceErr);
    expect(entries()).toHaveLength(1);
    expect(tree(out())).toEqual(reference);
  });

  test("an edited or deleted output file is restored from the cache", async () => {
    writeFileSync(path.join(out(), "json", "r500.json"), "edited\n");
    rmSync(path.join(out(), "json", "ir3-cat0.json"));
    writeFileSync(path.join(out(), "stray.txt"), "not generated\n");
    const r = await run({ out: out() });
    expect(r.status).toBe(0);
    expect(r.out[0]).toMatch(/^wrote \d+ files/);
    expect(entries()).toHaveLength(1); // still a hit: no new entry
    expect(tree(out())).toEqual(reference);
    // A deleted output directory too.
    rmSync(out(), { recursive: true, force: true });
    expect((await run({ out: out() })).status).toBe(0);
    expect(tree(out())).toEqual(reference);
  });

  test("--check on a hit names the stale files, as without the cache", async () => {
    writeFileSync(path.join(out(), "json", "r500.json"), "edited\n");
    const r = await run({ out: out(), check: true });
    expect(r.status).toBe(1);
    expect(r.err).toEqual([
      ...referenceErr,
      `${out()}/json/r500.json: error[stale-output]: differs from what the specs generate`,
      "1 generated file out of date: run npm run generate",
    ]);
    expect(tree(out())).not.toEqual(reference); // --check writes nothing
    expect((await run({ out: out() })).status).toBe(0);
  });

  test("changing one byte of a spec is a miss", async () => {
    // One letter of the ISA's title: the specs still read without error, but their bytes differ.
    const doc = path.join(specs, "r500", "manifest.json");
    const original = readFileSync(doc);
    const keyBefore = buildKey({ specs, out: out() });
    const at = original.indexOf("flow control");
    expect(at).toBeGreaterThan(0);
    const changed = Buffer.from(original);
    changed[at] = "F".charCodeAt(0);
    writeFileSync(doc, changed);
    try {
      expect(buildKey({ specs, out: out() })).not.toBe(keyBefore);
      const before = entries().length;
      const r = await run({ out: out() });
      expect(r.status).toBe(0);
      expect(r.out[0]).toMatch(/^wrote /);
      expect(entries().length).toBe(before + 1);
    } finally {
      writeFileSync(doc, original);
    }
    expect(buildKey({ specs, out: out() })).toBe(keyBefore);
  });

  test("other options are a miss, and --only output matches a cache-less --only build", async () => {
    const before = entries().length;
    const partialOut = path.join(tmp, "only");
    cpSync(out(), partialOut, { recursive: true });
    writeFileSync(path.join(partialOut, "json", "ir3-cat0.json"), "kept by --only r500\n");
    writeFileSync(path.join(partialOut, "json", "r500.json"), "rewritten by --only r500\n");
    const r = await run({ out: partialOut, only: ["r500"] });
    expect(r.status).toBe(0);
    expect(entries().length).toBe(before + 1);
    expect(readFileSync(path.join(partialOut, "json", "ir3-cat0.json"), "utf8")).toBe(
      "kept by --only r500\n",
    );
    expect(readFileSync(path.join(partialOut, "json", "r500.json"), "utf8")).toBe(
      reference["json/r500.json"],
    );
    expect(buildKey({ specs, out: out(), only: ["r500"] })).not.toBe(
      buildKey({ specs, out: out() }),
    );
    // An unknown --only is a usage error, cached like any result and replayed the same.
    const bad1 = await run({ out: partialOut, only: ["nope"] });
    const bad2 = await run({ out: partialOut, only: ["nope"] });
    expect(bad1.status).toBe(2);
    expect(bad2).toEqual(bad1);
  });

  test("the key covers templates and generator code, and only code files of the code", () => {
    const real = installationFiles();
    const templates = path.join(tmp, "templates");
    cpSync(real.templates, templates, { recursive: true });
    const code = path.join(tmp, "code");
    mkdirSync(code);
    writeFileSync(path.join(code, "emit.ts"), "export const x = 1;\n");
    const inst = { ...real, templates, code: [code] };
    const key = () => buildKey({ specs, out: out() }, inst);
    const k0 = key();
    const someTemplate = path.join(templates, listFiles(templates)[0]);
    const text = readFileSync(someTemplate, "utf8");
    writeFileSync(someTemplate, text + " ");
    const k1 = key();
    expect(k1).not.toBe(k0);
    writeFileSync(someTemplate, text);
    expect(key()).toBe(k0);
    writeFileSync(path.join(code, "emit.ts"), "export const x = 2;\n");
    const k2 = key();
    expect(k2).not.toBe(k0);
    writeFileSync(path.join(code, "notes.md"), "not code\n");
    expect(key()).toBe(k2);
  });

  test("a damaged cache entry is a miss, never a crash", async () => {
    expect((await run({ out: out() })).status).toBe(0);
    const entry = path.join(cacheDir, BuildCache.open({ specs, out: out() })!.key);
    expect(existsSync(path.join(entry, "meta.json"))).toBe(true);
    // Garbage metadata: a miss, rebuilt and recorded again.
    writeFileSync(path.join(entry, "meta.json"), "{ not json");
    rmSync(out(), { recursive: true, force: true });
    let r = await run({ out: out() });
    expect(r.status).toBe(0);
    expect(r.err).toEqual(referenceErr);
    expect(tree(out())).toEqual(reference);
    // Metadata edited without fixing its checksum: a miss.
    const meta = readFileSync(path.join(entry, "meta.json"), "utf8");
    expect(BuildCache.open({ specs, out: out() })!.load()).toBeDefined();
    writeFileSync(path.join(entry, "meta.json"), meta.replace('"status":0', '"status":1'));
    expect(BuildCache.open({ specs, out: out() })!.load()).toBeUndefined();
    writeFileSync(path.join(entry, "meta.json"), meta);
    // File contents damaged while the output needs restoring: the build starts afresh.
    const content = path.join(entry, "content.bin");
    const bytes = readFileSync(content);
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    writeFileSync(content, bytes);
    writeFileSync(path.join(out(), "json", "r500.json"), "edited\n");
    r = await run({ out: out() });
    expect(r.status).toBe(0);
    expect(r.err).toEqual(referenceErr);
    expect(tree(out())).toEqual(reference);
    // Truncated contents.
    writeFileSync(content, readFileSync(content).subarray(0, 10));
    rmSync(path.join(out(), "json", "r500.json"));
    expect((await run({ out: out() })).status).toBe(0);
    expect(tree(out())).toEqual(reference);
  });

  test("a hit replays the diagnostics as the build printed them: summarised, or all with --verbose", async () => {
    // An entry of its own cache, for a build that stopped on errors (no files): what is replayed.
    process.env.ISAFORGE_CACHE_DIR = path.join(tmp, "cache-replay");
    try {
      const options = { specs, out: path.join(tmp, "out-replay") };
      BuildCache.open(options)!.store({
        status: 1,
        messages: [
          "w.xml:1:1: warning[x]: one",
          "w.xml:2:1: warning[x]: two",
          "0 errors, 2 warnings",
        ],
        summary: [
          "w.xml:1:1: warning[x]: one (and 1 more warning[x]: --verbose lists them)",
          "0 errors, 2 warnings",
        ],
      });
      expect(await run(options)).toEqual({
        status: 1,
        out: [],
        err: [
          "w.xml:1:1: warning[x]: one (and 1 more warning[x]: --verbose lists them)",
          "0 errors, 2 warnings",
        ],
      });
      expect(await run({ ...options, verbose: true })).toEqual({
        status: 1,
        out: [],
        err: ["w.xml:1:1: warning[x]: one", "w.xml:2:1: warning[x]: two", "0 errors, 2 warnings"],
      });
    } finally {
      process.env.ISAFORGE_CACHE_DIR = cacheDir;
    }
  });

  test("no cache inside the output directory; an unwritable cache is no cache", async () => {
    process.env.ISAFORGE_CACHE_DIR = path.join(out(), "cache");
    try {
      expect(BuildCache.open({ specs, out: out() })).toBeUndefined();
      // A cache path under a regular file cannot be created: the build still succeeds.
      const file = path.join(tmp, "a-file");
      writeFileSync(file, "x");
      process.env.ISAFORGE_CACHE_DIR = path.join(file, "cache");
      const r = await run({ out: path.join(tmp, "out-unwritable") });
      expect(r.status).toBe(0);
      expect(tree(path.join(tmp, "out-unwritable"))).toEqual(reference);
    } finally {
      process.env.ISAFORGE_CACHE_DIR = cacheDir;
    }
  });
});
