/**
 * The build renders on two threads on request (generator/emit/parallelRender.ts): a failure in the
 * worker must end the build with a clear error and leave out/ as it was. That the files are byte for
 * byte what one thread renders is build.test.ts's determinism build, which runs on two threads.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { CODEC_SPECS } from "../helpers/builtSpecs";
import { fileTree, runCliFromSource } from "../helpers/cliFromSource";
import { SPECS_DIR } from "../helpers/shippedModels";

// Builds of the instruction sets that fail on purpose: sized for a machine several times slower.
jest.setTimeout(600_000);

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
    for (const id of CODEC_SPECS)
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
