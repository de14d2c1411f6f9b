/**
 * The build renders on two threads (generator/emit/parallelRender.ts): the files must be byte for
 * byte what one thread renders, and a failure in the worker must end the build with a clear error
 * and leave out/ as it was.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { Diagnostics } from "../../generator/diagnostics";
import { renderInParallel, useWorkers } from "../../generator/emit/parallelRender";
import { buildModels } from "../../generator/pipeline";
import { fileTree, runCliFromSource } from "../helpers/cliFromSource";
import { SPECS_DIR } from "../helpers/shippedModels";
import { TEST_OUT } from "../helpers/testOutput";

// Whole renders on two threads: sized for a machine several times slower than a quiet one (the
// slowest test took 110 s with the machine shared by five jest runs).
jest.setTimeout(600_000);

/** The models of `specs`, read afresh: renders are cached per models array. */
function models(specs: string) {
  const diags = new Diagnostics();
  const result = buildModels(specs, diags);
  expect(diags.hasErrors).toBe(false);
  return result;
}

/** Run `body` with ISAFORGE_WORKERS set to `value`, restoring it afterwards. */
async function withWorkers<T>(value: string | undefined, body: () => Promise<T> | T): Promise<T> {
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

const asRecord = (files: { path: string; content: string }[]) =>
  Object.fromEntries(files.map((f) => [f.path, f.content]));

describe("two threads render what one thread renders", () => {
  // The test build (.test-build/out) is one thread's render of the shipped specs (the build's
  // default), and build.test.ts holds it to a build without the cache.
  test("the shipped specs: what the test build holds", async () => {
    const shipped = models(SPECS_DIR);
    // Two threads only on request (ISAFORGE_WORKERS=1), and then for a build this size.
    expect(await withWorkers(undefined, () => useWorkers(shipped))).toBe(false);
    expect(await withWorkers("0", () => useWorkers(shipped))).toBe(false);
    expect(await withWorkers("1", () => useWorkers(shipped))).toBe(true);
    const parallel = await renderInParallel(shipped);
    // Both threads took part.
    expect(parallel.phases["worker: examples"]).toBeGreaterThanOrEqual(0);
    expect(parallel.phases["worker: emit c-header"]).toBeGreaterThan(0);
    const single = fileTree(TEST_OUT);
    expect(parallel.files.map((f) => f.path).sort()).toEqual(Object.keys(single).sort());
    expect(asRecord(parallel.files)).toEqual(single);
  });
});

describe("a failure in the worker thread", () => {
  let dir: string;
  let out: string;
  let previous: Record<string, string>;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "isaforge-worker-"));
    out = path.join(dir, "out");
    mkdirSync(path.join(out, "json"), { recursive: true });
    writeFileSync(path.join(out, "json", "previous.json"), '{ "previous": true }\n');
    previous = fileTree(out);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The instruction sets (over 400 instructions with no tree, the seeds' alone): enough for two
  // threads, and quick to read, where the register databases (nouveau's above all) would keep the
  // main thread seconds before the worker even starts. etnaviv-isa reads etnaviv's seed page.
  function build(fail: string) {
    const specs = path.join(dir, "specs");
    for (const id of ["etnaviv", "etnaviv-isa", "ir3", "ir3-cat0", "r500", "valhall"])
      cpSync(path.join(SPECS_DIR, id), path.join(specs, id), { recursive: true });
    return runCliFromSource(["build", "--no-cache", "--specs", specs, "--out", out], {
      ISAFORGE_WORKERS: "1",
      ISAFORGE_WORKER_FAIL: fail,
    });
  }

  test("an error thrown there is the build's error; out/ is left as it was", () => {
    const r = build("1");
    expect(r.stderr).toContain(
      "isaforge: internal error: worker failure requested by ISAFORGE_WORKER_FAIL\n",
    );
    expect(r.status).toBe(1);
    expect(fileTree(out)).toEqual(previous);
    // The output thread's staging directory is gone too.
    expect(readdirSync(path.dirname(out)).filter((n) => n.includes(".isaforge-"))).toEqual([]);
  });

  test("a worker that stops early fails the build with a clear error; out/ is left as it was", () => {
    const r = build("exit");
    expect(r.stderr).toContain(
      "isaforge: internal error: the build's worker thread stopped (exit code 7) before it finished\n",
    );
    expect(r.status).toBe(1);
    expect(fileTree(out)).toEqual(previous);
  });
});
