import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import Ajv from "ajv";
import { runCli } from "../../generator/cli";
import * as parallel from "../../generator/emit/parallelRender";
import { listFiles } from "../../generator/emit/writeOutput";
import { SPECS_DIR, errorsOf, shippedModels } from "../helpers/shippedModels";
import { TEST_OUT } from "../helpers/testOutput";
import { builtSpecs, needing } from "../helpers/builtSpecs";

const ROOT = path.join(__dirname, "..", "..");
const quiet = { out: () => undefined, err: () => undefined };

// Whole builds of the shipped specs: sized for a machine several times slower than a quiet one
// (the slowest test took 168 s with the machine shared by five jest runs).
jest.setTimeout(600_000);

/** `body`'s result with ISAFORGE_WORKERS set to `value` (undefined: unset), restored afterwards. */
async function withWorkers<T>(value: string | undefined, body: () => T): Promise<Awaited<T>> {
  const before = process.env.ISAFORGE_WORKERS;
  if (value === undefined) delete process.env.ISAFORGE_WORKERS;
  else process.env.ISAFORGE_WORKERS = value;
  try {
    return await body();
  } finally {
    if (before === undefined) delete process.env.ISAFORGE_WORKERS;
    else process.env.ISAFORGE_WORKERS = before;
  }
}

function readTree(dir: string): Record<string, string> {
  return Object.fromEntries(
    listFiles(dir).map((p) => [p, readFileSync(path.join(dir, p), "utf8")]),
  );
}

describe("isaforge build on the shipped specs", () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(path.join(tmpdir(), "isaforge-build-"));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  test("isaforge check exits 0 with no errors", async () => {
    expect(errorsOf(shippedModels().diags)).toEqual([]);
    expect(await runCli(["check", "--specs", SPECS_DIR], quiet)).toBe(0);
  });

  test("the test build holds one schema-valid model per ISA", () => {
    const files = listFiles(TEST_OUT);
    for (const id of builtSpecs(readdirSync(SPECS_DIR))) expect(files).toContain(`json/${id}.json`);
    const ajv = new Ajv({ strict: true, allowUnionTypes: true });
    const validate = ajv.compile(
      JSON.parse(readFileSync(path.join(TEST_OUT, "json", "isa-model.schema.json"), "utf8")),
    );
    const models = files.filter((p) => /^json\/[a-z0-9-]+\.json$/.test(p) && !p.includes("schema"));
    expect(models.length).toBe(shippedModels().models.length);
    for (const f of models) {
      const ok = validate(JSON.parse(readFileSync(path.join(TEST_OUT, f), "utf8")));
      expect({ file: f, errors: ok ? null : validate.errors }).toEqual({ file: f, errors: null });
    }
  });

  // The determinism check: the test build (cached when nothing changed, one thread) against a
  // second build without the cache, on two threads (generator/emit/parallelRender.ts), from the
  // spec folders created in the opposite order. One build holds the test build to both.
  test("a build without the cache, on two threads, spec folders created in another order, writes the test build's bytes", async () => {
    const shipped = shippedModels().models;
    // Two threads only on request (ISAFORGE_WORKERS=1), and then for a build this size.
    expect(await withWorkers(undefined, () => parallel.useWorkers(shipped))).toBe(false);
    expect(await withWorkers("0", () => parallel.useWorkers(shipped))).toBe(false);
    expect(await withWorkers("1", () => parallel.useWorkers(shipped))).toBe(true);

    const shuffledSpecs = path.join(tmp, "specs");
    for (const id of readdirSync(SPECS_DIR).sort().reverse())
      cpSync(path.join(SPECS_DIR, id), path.join(shuffledSpecs, id), { recursive: true });
    const second = path.join(tmp, "b");
    const rendered = jest.spyOn(parallel, "renderInParallel");
    try {
      const status = await withWorkers("1", () =>
        runCli(["build", "--no-cache", "--specs", shuffledSpecs, "--out", second], quiet),
      );
      expect(status).toBe(0);
      // Both threads took part.
      expect(rendered).toHaveBeenCalledTimes(1);
      const { phases } = await (rendered.mock.results[0].value as ReturnType<
        typeof parallel.renderInParallel
      >);
      expect(phases["worker: examples"]).toBeGreaterThanOrEqual(0);
      expect(phases["worker: emit c-header"]).toBeGreaterThan(0);
    } finally {
      rendered.mockRestore();
    }
    const want = readTree(TEST_OUT);
    const got = readTree(second);
    expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
    for (const p of Object.keys(want))
      expect({ path: p, same: got[p] === want[p] }).toEqual({ path: p, same: true });
  });

  // --only and --check are about which files a build writes or compares, not about what they
  // hold: two seed specs show it, without copying and rereading the whole test build (273 MB).
  const smallSpecs = () => {
    const specs = path.join(tmp, "small-specs");
    for (const id of ["ir3-cat0", "r500"])
      cpSync(path.join(SPECS_DIR, id), path.join(specs, id), { recursive: true });
    return specs;
  };

  test("--only writes one ISA and keeps the others", async () => {
    const specs = smallSpecs();
    const out = path.join(tmp, "a");
    expect(await runCli(["build", "--specs", specs, "--out", out], quiet)).toBe(0);
    const before = readTree(out);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(["json/ir3-cat0.json", "json/r500.json", "ts/ir3-cat0.ts"]),
    );
    // The files of both ISAs are still there, as they were: r500's rewritten identical.
    rmSync(path.join(out, "json", "r500.json"));
    expect(await runCli(["build", "--specs", specs, "--out", out, "--only", "r500"], quiet)).toBe(
      0,
    );
    expect(readTree(out)).toEqual(before);
    expect(await runCli(["build", "--specs", specs, "--out", out, "--only", "nope"], quiet)).toBe(
      2,
    );
  });

  test("--check names stale files and exits 1", async () => {
    const specs = smallSpecs();
    const out = path.join(tmp, "c");
    expect(await runCli(["build", "--specs", specs, "--out", out], quiet)).toBe(0);
    rmSync(path.join(out, "json", "r500.json"));
    const err: string[] = [];
    const status = await runCli(["build", "--specs", specs, "--out", out, "--check"], {
      out: () => undefined,
      err: (l) => err.push(l),
    });
    expect(status).toBe(1);
    expect(err.filter((l) => l.includes("stale") || l.includes("out of date"))).toEqual([
      `${out}/json/r500.json: error[stale-output]: differs from what the specs generate`,
      "1 generated file out of date: run npm run generate",
    ]);
  });
});

describe("model counts on the shipped specs", () => {
  const byId = (id: string) => shippedModels().models.find((m) => m.isa.id === id)!;

  needing({ specs: ["etnaviv"] }).test(
    "etnaviv: 81 instructions (etnaviv.xml's leaf bitsets), 40 bitfields over 4 words (isa.xml)",
    () => {
      const m = byId("etnaviv");
      // `grep -c '<bitset name="[^#]' mesa:src/etnaviv/isa/etnaviv.xml`: 81.
      expect(m.instructions).toHaveLength(81);
      expect(m.registers.map((r) => r.instructionWord)).toEqual([0, 1, 2, 3]);
      expect(m.registers.reduce((n, r) => n + r.fields.length, 0)).toBe(40);
    },
  );

  needing({ specs: ["ir3"] }).test(
    "ir3: 248 instructions, as many per document as it has leaf <bitset>s; 18 enums",
    () => {
      // Counted in the documents: the <bitset>s whose name does not start with '#' (a name defined
      // for several gen ranges counts once per definition); ir3.xml and ir3-common.xml define none.
      const m = byId("ir3");
      expect(m.instructions).toHaveLength(248);
      const perFile: Record<string, number> = {};
      for (const i of m.instructions) perFile[i.source.file] = (perFile[i.source.file] ?? 0) + 1;
      expect(perFile).toEqual({
        "mesa:src/freedreno/isa/ir3-cat0.xml": 26,
        "mesa:src/freedreno/isa/ir3-cat1.xml": 9,
        "mesa:src/freedreno/isa/ir3-cat2.xml": 47,
        "mesa:src/freedreno/isa/ir3-cat3.xml": 25,
        "mesa:src/freedreno/isa/ir3-cat4.xml": 10,
        "mesa:src/freedreno/isa/ir3-cat5.xml": 34,
        "mesa:src/freedreno/isa/ir3-cat6.xml": 86,
        "mesa:src/freedreno/isa/ir3-cat7.xml": 11,
      });
      // <enum>s: ir3-common.xml 7, cat1 1, cat3 2, cat5 1, cat6 2, cat7 5.
      expect(m.enums).toHaveLength(18);
    },
  );

  test("valhall: 252 instructions, 50 enums, 32 LUT entries", () => {
    const m = byId("valhall");
    expect(m.instructions).toHaveLength(252);
    expect(m.enums).toHaveLength(50);
    expect(m.lookupTables.map((t) => t.entries.length)).toEqual([32]);
  });

  test("r500: US_FC_INST has 9 fields and 23 enum values", () => {
    const m = byId("r500");
    const fcInst = m.registers.find((r) => r.name === "US_FC_INST")!;
    expect(fcInst.fields).toHaveLength(9);
    const enums = new Set(fcInst.fields.map((f) => f.enum).filter((e) => e !== undefined));
    expect(m.enums.filter((e) => enums.has(e.name)).reduce((n, e) => n + e.values.length, 0)).toBe(
      23,
    );
  });

  test("bifrost: every note is attached, and linked to a Valhall instruction", () => {
    const m = byId("bifrost");
    expect(m.notes.length).toBeGreaterThan(0);
    const unattached = shippedModels().diags.items.filter((d) => d.code === "unattached-note");
    expect(unattached).toEqual([]);
    for (const note of m.notes) expect(note.targets.map((t) => t.isa)).toContain("valhall");
    const valhallNotes = byId("valhall").instructions.flatMap((i) => i.notes);
    expect(valhallNotes.length).toBeGreaterThanOrEqual(m.notes.length);
  });
});
