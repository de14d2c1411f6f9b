/**
 * The generated codecs compile on another thread while the build renders the artifacts that do not
 * need them (compileCodecsAhead in generator/emit/emitManuals.ts): the manuals and the site must get
 * exactly what compiling on the main thread gives, and a failure there must end the build with its
 * error and leave out/ as it was.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { Diagnostics } from "../../generator/diagnostics";
import { compileCodecsAhead, generatedCodecs } from "../../generator/emit/emitManuals";
import * as threads from "../../generator/emit/startWorker";
import { upstreamRoots } from "../../generator/load/upstreamRoots";
import { buildModels } from "../../generator/pipeline";
import { fileTree, runCliFromSource } from "../helpers/cliFromSource";
import { SPECS_DIR } from "../helpers/shippedModels";
import { builtSpecs, CODEC_SPECS } from "../helpers/builtSpecs";

// Codecs compiled on another thread (38 s for the slowest test with the machine shared by five
// jest runs): sized for a machine several times slower.
jest.setTimeout(300_000);

const FAIL = "ISAFORGE_CODEC_COMPILER_FAIL";
const TOY = path.join(__dirname, "..", "fixtures", "decode-only");

/** The ISAs with a codec this run's upstream trees build. */
const CODEC_ISAS = builtSpecs(CODEC_SPECS);

/**
 * The models of `specs` (or of its `ids` alone: the register databases take seconds to read), read
 * afresh: compiled codecs are kept per models array.
 */
function models(specs: string, ids?: string[]) {
  const diags = new Diagnostics();
  const result = buildModels(specs, diags, upstreamRoots(), ids);
  expect(diags.hasErrors).toBe(false);
  return result;
}

test("the codecs compiled ahead are, byte for byte, those compiled on the main thread", async () => {
  const ahead = models(SPECS_DIR);
  await compileCodecsAhead(ahead);
  const here = generatedCodecs(models(SPECS_DIR, CODEC_ISAS));
  const compiled = generatedCodecs(ahead);
  expect([...compiled.keys()]).toEqual(CODEC_ISAS);
  expect([...compiled.keys()]).toEqual([...here.keys()]);
  for (const [id, codec] of compiled) expect(codec.js).toBe(here.get(id)!.js);
});

test("the shipped codecs compile on another thread; a toy ISA's on the main thread", async () => {
  const started = jest.spyOn(threads, "startWorker");
  try {
    await compileCodecsAhead(models(SPECS_DIR, CODEC_ISAS));
    expect(started.mock.calls.map(([name]) => name)).toEqual(["codecCompilerWorker"]);
    started.mockClear();
    const toy = models(TOY);
    await compileCodecsAhead(toy);
    expect(started).not.toHaveBeenCalled();
    expect([...generatedCodecs(toy).keys()]).toEqual(["toy"]);
  } finally {
    started.mockRestore();
  }
});

test("a failure of the compiling thread is the build's error; out/ is left as it was", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-codecs-ahead-"));
  try {
    const out = path.join(dir, "out");
    mkdirSync(path.join(out, "json"), { recursive: true });
    writeFileSync(path.join(out, "json", "previous.json"), '{ "previous": true }\n');
    const previous = fileTree(out);
    const specs = path.join(dir, "specs");
    // The ISAs with a codec: the register databases would only keep the build reading first.
    for (const id of CODEC_SPECS)
      cpSync(path.join(SPECS_DIR, id), path.join(specs, id), { recursive: true });
    const r = runCliFromSource(["build", "--no-cache", "--specs", specs, "--out", out], {
      [FAIL]: "1",
    });
    expect(r.stderr).toContain(
      "isaforge: internal error: codec compiler failure requested by ISAFORGE_CODEC_COMPILER_FAIL\n",
    );
    expect(r.status).toBe(1);
    expect(fileTree(out)).toEqual(previous);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
