/**
 * `npm run bench -- --json` prints exactly one JSON object of the documented shape. Run with a tiny
 * corpus, one ISA and small synthetic sizes so that it is quick; no timing is asserted, only that
 * every figure is a positive number.
 */
import { spawnSync } from "child_process";
import { cpSync, mkdtempSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { TEST_OUT } from "../helpers/testOutput";
import type { GenxmlPanfrostBench } from "../../bench/genxmlPanfrost";
import { parseArgs } from "../../bench/run";
import { SPECS_DIR } from "../helpers/shippedModels";
import { needing } from "../helpers/builtSpecs";
import { upstreamRoots } from "../../generator/load/upstreamRoots";

// Benchmark runs: 67 s for the slowest test with the machine shared by five jest runs.
jest.setTimeout(480_000);

const ROOT = path.join(__dirname, "..", "..");

describe("bench options", () => {
  test("defaults: the full run the report quotes", () => {
    expect(parseArgs([])).toEqual({
      json: false,
      words: 1_000_000,
      passes: 5,
      processes: 3,
      seed: 1,
      scale: [1000, 5000, 20000],
      out: "out",
      specs: "specs",
      phases: false,
      heapMb: 16384,
      codecWords: 200_000,
      codecLengths: [1_000, 10_000, 100_000, 1_000_000],
      codecsOnly: false,
      genxmlLengths: [1_000, 10_000, 100_000],
      genxmlC: true,
    });
  });

  test("small runs for tests, and clear errors", () => {
    const o = parseArgs([
      "--json",
      "--words",
      "500",
      "--scale",
      "50,100",
      "--isa",
      "ir3,r500",
      "--passes",
      "2",
      "--processes",
      "1",
    ]);
    expect(o).toMatchObject({
      json: true,
      words: 500,
      scale: [50, 100],
      isa: ["ir3", "r500"],
      passes: 2,
      processes: 1,
    });
    expect(() => parseArgs(["--words", "0"])).toThrow(
      "bench: --words needs a positive integer, got '0'",
    );
    expect(() => parseArgs(["--scale", "50,x"])).toThrow(
      "bench: --scale needs a positive integer, got 'x'",
    );
    expect(() => parseArgs(["--fast"])).toThrow("bench: unknown option '--fast'");
    // The bench compares with no upstream program: there is no Mesa corpus to name.
    expect(() => parseArgs(["--mesa", "m"])).toThrow("bench: unknown option '--mesa'");
  });
});

describe("npm run bench -- --json", () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(path.join(tmpdir(), "isaforge-bench-test-"));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  needing({ specs: ["ir3"] }).test(
    "prints one JSON object: decode figures per ISA, build and scale times",
    () => {
      // One small ISA keeps the shipped-build part quick.
      const specs = path.join(tmp, "specs");
      cpSync(path.join(SPECS_DIR, "r500"), path.join(specs, "r500"), { recursive: true });
      const r = spawnSync(
        process.execPath,
        [
          "--require",
          "tsx/cjs",
          path.join(ROOT, "bench", "run.ts"),
          "--json",
          "--words",
          "2000",
          "--passes",
          "1",
          "--processes",
          "2",
          "--isa",
          "ir3",
          "--specs",
          specs,
          "--scale",
          "20,40",
          "--codec-words",
          "2000",
          "--codec-lengths",
          "1000,2000",
          "--genxml-lengths",
          "1000",
          "--no-genxml-c",
          "--out",
          TEST_OUT,
        ],
        { cwd: ROOT, encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } },
      );
      expect({ status: r.status, stderr: r.status === 0 ? "" : r.stderr }).toEqual({
        status: 0,
        stderr: "",
      });
      // Exactly one line on stdout, and it is the whole JSON object.
      const lines = r.stdout.split("\n").filter((l) => l !== "");
      expect(lines).toHaveLength(1);
      const result = JSON.parse(lines[0]) as Record<string, Record<string, number>>;
      // The genxml sections are measured where the mesa tree is (here: ir3 needs it).
      expect(Object.keys(result).sort()).toEqual(
        upstreamRoots().get("mesa")
          ? ["build", "codecs", "genxmlIntel", "genxmlPanfrost", "ir3", "scale", "site"]
          : ["build", "codecs", "ir3", "scale", "site"],
      );
      // Intel genxml: the generated decoder and the interpreter, by length.
      const intel = result.genxmlIntel as unknown as Record<string, Record<string, number>>;
      for (const key of [
        "printDwordsPerSec",
        "interpretedPrintDwordsPerSec",
        "walkDwordsPerSec",
        "interpretedWalkDwordsPerSec",
        "itemsTsDwordsPerSec",
        "itemsInterpretedDwordsPerSec",
      ])
        expect(Object.keys(intel[key])).toEqual(["1000"]);
      expect(intel.decoderBytes).toBeGreaterThan(1e6);
      // Panfrost genxml (the mesa tree is here: ir3 needs it): per document, then decode by length.
      const genxml = result.genxmlPanfrost as unknown as GenxmlPanfrostBench;
      expect(Object.keys(genxml.generation)).toEqual([
        "common",
        "v4",
        "v5",
        "v6",
        "v7",
        "v9",
        "v10",
      ]);
      expect(Object.keys(genxml.decode.ts)).toEqual(["1000", "2000"]);
      expect(Object.keys(genxml.decode.c)).toEqual(["1000", "2000"]);
      const codec = (result.codecs as unknown as Record<string, Record<string, unknown>>).ir3;
      // The baseline codec comes from git history, which a shallow clone lacks: then it says why.
      const baseline =
        codec.baselineUnavailable === undefined
          ? ["baselineDecodePerSec", "baselineEncodePerSec", "baselineRev"]
          : ["baselineUnavailable"];
      expect(Object.keys(codec).sort()).toEqual(
        [
          "byLength",
          "cDisasmPerSec",
          "decodePerSec",
          "encodePerSec",
          "tsDisasmPerSec",
          "tsProgramPerSec",
          ...baseline,
        ].sort(),
      );
      if (codec.baselineUnavailable !== undefined)
        expect(codec.baselineUnavailable).toMatch(
          /^no ir3 codec at f8d0209e in this checkout's history/,
        );
      else expect(codec.baselineRev).toBe("f8d0209e");
      expect(Object.keys(codec.byLength as object)).toEqual(["1000", "2000"]);
      // The site of --out (out/): its size, pages, and the largest page's first paint.
      expect(Object.keys(result.site).sort()).toEqual([
        "bytes",
        "largest",
        "largestBytes",
        "largestFirstPaintMs",
        "pages",
      ]);
      expect(result.site.largestBytes).toBeLessThanOrEqual(500_000);
      expect(Object.keys(result.ir3).sort()).toEqual(["dispatchC", "dispatchTs", "linearTs"]);
      expect(Object.keys(result.build).sort()).toEqual([
        "cliColdMs",
        "coldMs",
        "fullMs",
        "noChangeMs",
        "phases",
      ]);
      const phases = result.build.phases as unknown as Record<string, number>;
      expect(Object.keys(phases)).toEqual(
        expect.arrayContaining([
          "load modules",
          "read",
          "validate",
          "analyze",
          "prettier",
          "write",
        ]),
      );
      expect(Object.values(phases).every((ms) => Number.isFinite(ms) && ms >= 0)).toBe(true);
      expect(Object.keys(result.scale).sort()).toEqual(["20", "40"]);
      const figures = [
        ...Object.values(result.ir3),
        ...["tsDisasmPerSec", "tsProgramPerSec", "decodePerSec", "encodePerSec"].map(
          (k) => codec[k],
        ),
        ...baseline.filter((k) => k.endsWith("PerSec")).map((k) => codec[k]),
        ...Object.values(codec.byLength as object),
        result.build.fullMs,
        result.build.noChangeMs,
        result.build.coldMs,
        result.build.cliColdMs,
        ...Object.values(result.scale),
        result.site.bytes,
        result.site.pages,
        result.site.largestFirstPaintMs,
        ...Object.values(genxml.generation).flatMap((g) => Object.values(g)),
        ...Object.values(genxml.decode.ts),
        ...Object.values(genxml.decode.c),
      ];
      for (const v of figures) {
        expect(typeof v).toBe("number");
        expect(Number.isFinite(v) && v > 0).toBe(true);
      }
    },
  );
});
