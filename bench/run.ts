/**
 * `npm run bench`: decode throughput, build times and build scaling.
 *
 *   npm run bench [-- --json] [--words N] [--passes N] [--processes N] [--seed S] [--scale N,N,…] [--isa id,…]
 *                 [--out DIR] [--specs DIR] [--phases] [--heap-mb N]
 *                 [--codec-words N] [--codec-lengths N,N,…] [--codecs-only] [--genxml-lengths N,N,…] [--no-genxml-c]
 *
 * --json prints exactly one JSON object on stdout:
 *   { "<id>": { "dispatchTs", "linearTs", "dispatchC" }   instructions/s, best timed pass
 *     "build": { "fullMs", "noChangeMs",                   shipped specs from the sources (tsx): cold
 *                "coldMs", "phases": { <phase>: ms },      cache, unchanged, --no-cache, phase by phase;
 *                "cliColdMs" },                            --no-cache by the compiled CLI (median of 3)
 *     "scale": { "<instructions>": <build ms>, … },        synthetic isaspec ISAs
 *     "site": { "bytes", "pages", "largest",              out/site: its size, page count, its largest
 *               "largestBytes", "largestFirstPaintMs" },   page, and that page's first contentful
 *                                                          paint from file:// in Chromium (median of 3)
 *     "genxmlPanfrost": { "generation": { "<doc>": {       Panfrost genxml (bench/genxmlPanfrost.ts, with
 *       "inputBytes", "headerBytes", "ms", "msPerMB" } },  the mesa tree): vN_pack.h per document, and
 *       "decode": { "doc", "ts": { "<words>": … },          unpack + print words/s, TS and C
 *       "c": { "<words>": … } } }
 *     "codecs": { "<id>": { "tsDisasmPerSec",              the codecs (bench/codecSpeed.ts): TS text
 *       "tsProgramPerSec", "cDisasmPerSec"?,               of a program, the generated C disassembler
 *       "cUnavailable"?, "decodePerSec", "encodePerSec",   on the same words (why not when gcc cannot
 *       "baselineDecodePerSec"?, "baselineEncodePerSec"?,  build it), decode, encode, and the same by
 *       "baselineRev"?, "baselineUnavailable"?,           the codec of baselineRev (bench/baselineCodec.ts)
 *       "byLength": { "<words>": … } } } }                 alternating, instructions/s against program length
 *     "genxmlIntel": { "packBytes", "packColdMs",          Intel genxml, where the mesa tree is
 *       "packWarmMs", "packWarmMsPerMB", "bitsMs",          (bench/genxmlIntelSpeed.ts): the 28 meson
 *       "decoderBytes", "decoderMs", "decoderMsPerMB",      pack headers, genX_bits.h, the 14 TS
 *       "printDwordsPerSec": { "<dwords>": … },             decoder modules; decoding against buffer
 *       "interpretedPrintDwordsPerSec": { … },              length (--genxml-lengths) by the generated
 *       "walkDwordsPerSec", "interpretedWalkDwordsPerSec",  TS decoder and the interpreter it replaced,
 *       "itemsTsDwordsPerSec", "itemsInterpretedDwordsPerSec", and item by item, also by the
 *       "itemsCDwordsPerSec"? }                            generated C
 * --codecs-only measures the codecs alone (no decode tables, no builds).
 * Otherwise a readable table (with --phases, also where each scale build spends its time).
 *
 * Decoding uses the generated files in --out (default out/, so regenerate it first); the builds
 * read --specs (default specs/) and write only to a temporary directory. The scale builds run with a
 * heap limit of --heap-mb (default 16384): the largest needs more than Node's default.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { upstreamRoots } from "../generator/load/upstreamRoots";
import type { IsaModel } from "../generator/model/types";
import {
  measureScale,
  measureShippedBuild,
  median,
  timedCliColdBuild,
  type BuildTimes,
  type ScalePoint,
} from "./buildTime";
import { runBenchScript } from "./childProcess";
import { CLAUSE_DEFAULTS, type ClauseFigures } from "./clauseSpeed";
import { CODEC_DEFAULTS, codecArgs, type CodecFigures } from "./codecSpeed";
import type { GenxmlIntelBench } from "./genxmlIntelSpeed";
import { ROUNDS, type DecodeSpeed } from "./decodeSpeed";
import { report as genxmlPanfrostReport, type GenxmlPanfrostBench } from "./genxmlPanfrost";
import type { SiteBench } from "./sitePages";

export interface BenchOptions {
  json: boolean;
  words: number;
  passes: number;
  /** Decode measurements per ISA, each in its own process; the best of them is reported. */
  processes: number;
  seed: number;
  scale: number[];
  isa?: string[];
  out: string;
  specs: string;
  phases: boolean;
  /** Heap limit of the scale builds, in MB (0: Node's default). */
  heapMb: number;
  /** Words of the program the codecs disassemble. */
  codecWords: number;
  /** Program lengths (words) the codecs' scaling is measured at. */
  codecLengths: number[];
  codecsOnly: boolean;
  /** Buffer lengths (dwords) the Intel genxml decoder is measured at. */
  genxmlLengths: number[];
  /** Measure the generated C decoder too (its -O2 compile takes about 10 s of CPU). */
  genxmlC: boolean;
}

/** Decode figures by ISA id, plus `build` and `scale`. */
export interface BenchResult {
  [id: string]:
    | DecodeSpeed
    | BuildTimes
    | Record<string, number>
    | Record<string, CodecFigures>
    | Record<string, ClauseFigures>
    | SiteBench
    | GenxmlIntelBench
    | GenxmlPanfrostBench
    | number
    | undefined;
  build?: BuildTimes;
  /** bench/genxmlIntelSpeed.ts, where the mesa tree is at hand. */
  genxmlIntel?: GenxmlIntelBench;
  scale?: Record<string, number>;
  /** Clause ISAs' disassemblers (bench/clauseSpeed.ts). */
  clauses?: Record<string, ClauseFigures>;
  site?: SiteBench;
  /** Panfrost genxml generation and decode (bench/genxmlPanfrost.ts), with the mesa tree. */
  genxmlPanfrost?: GenxmlPanfrostBench;
  codecs: Record<string, CodecFigures>;
}

/** Rounds of the compiled CLI's cold build. */
const CLI_ROUNDS = 3;

const DEFAULTS: BenchOptions = {
  json: false,
  words: 1_000_000,
  passes: 5,
  processes: 3,
  seed: 1,
  scale: [1000, 5000, 20000],
  out: "out",
  specs: "specs",
  phases: false,
  // Prettier's trees of the 20,000-instruction manual and site pages need about 10 GB (Node's
  // default limit here is about 4 GB): see the scaling notes in the report.
  heapMb: 16384,
  codecWords: CODEC_DEFAULTS.words,
  codecLengths: CODEC_DEFAULTS.lengths,
  codecsOnly: false,
  genxmlLengths: [1000, 10000, 100000],
  genxmlC: true,
};

function positiveInt(name: string, text: string | undefined): number {
  const n = Number(text);
  if (text === undefined || !Number.isInteger(n) || n < 1)
    throw new Error(`bench: ${name} needs a positive integer, got '${text ?? ""}'`);
  return n;
}

export function parseArgs(argv: string[]): BenchOptions {
  const o: BenchOptions = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => argv[++i];
    if (a === "--json") o.json = true;
    else if (a === "--phases") o.phases = true;
    else if (a === "--codecs-only") o.codecsOnly = true;
    else if (a === "--codec-words") o.codecWords = positiveInt(a, value());
    else if (a === "--codec-lengths")
      o.codecLengths = (value() ?? "").split(",").map((s) => positiveInt(a, s));
    else if (a === "--no-genxml-c") o.genxmlC = false;
    else if (a === "--genxml-lengths")
      o.genxmlLengths = (value() ?? "").split(",").map((s) => positiveInt(a, s));
    else if (a === "--words") o.words = positiveInt(a, value());
    else if (a === "--passes") o.passes = positiveInt(a, value());
    else if (a === "--processes") o.processes = positiveInt(a, value());
    else if (a === "--seed") o.seed = positiveInt(a, value());
    else if (a === "--scale") o.scale = (value() ?? "").split(",").map((s) => positiveInt(a, s));
    else if (a === "--isa") o.isa = (value() ?? "").split(",").filter(Boolean);
    else if (a === "--out") o.out = value() ?? "";
    else if (a === "--specs") o.specs = value() ?? "";
    else if (a === "--heap-mb") {
      const v = value();
      o.heapMb = v === "0" ? 0 : positiveInt(a, v);
    } else throw new Error(`bench: unknown option '${a}'`);
  }
  return o;
}

/** The ISAs of `out/json` that have instructions with encodings (what a dispatch exists for). */
export function isasWithEncodings(out: string): string[] {
  const dir = path.join(out, "json");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json") && f !== "isa-model.schema.json")
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as IsaModel)
    .filter((m) => m.instructions.length > 0)
    .map((m) => m.isa.id)
    .sort();
}

/** The ISAs whose codecs take clause streams (Bifrost). */
export function clauseIsas(out: string): string[] {
  const dir = path.join(out, "json");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json") && f !== "isa-model.schema.json")
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as IsaModel)
    .filter((m) => m.clauseIsa !== undefined)
    .map((m) => m.isa.id)
    .sort();
}

export function runBench(
  o: BenchOptions,
  progress: (line: string) => void,
): { result: BenchResult; scale: ScalePoint[] } {
  const out = path.resolve(o.out);
  const codecs: Record<string, CodecFigures> = {};
  for (const id of o.isa ?? isasWithEncodings(out)) {
    progress(`codec ${id}: disassembly (TS and C side by side), decode, encode…`);
    const options = {
      ...CODEC_DEFAULTS,
      out,
      words: o.codecWords,
      lengths: o.codecLengths,
      seed: o.seed,
    };
    codecs[id] = runBenchScript<CodecFigures>("codecSpeed.ts", codecArgs(id, options));
  }
  const clauses: Record<string, ClauseFigures> = {};
  for (const id of clauseIsas(out).filter((id) => !o.isa || o.isa.includes(id))) {
    progress(`codec ${id}: clause streams, TS and C…`);
    clauses[id] = runBenchScript<ClauseFigures>("clauseSpeed.ts", [
      id,
      ...["--out", out, "--seed", String(o.seed), "--clauses", String(CLAUSE_DEFAULTS.clauses)],
    ]);
  }
  if (o.codecsOnly) return { result: { codecs, clauses } as BenchResult, scale: [] };
  const decode: Record<string, DecodeSpeed> = {};
  for (const id of o.isa ?? isasWithEncodings(out)) {
    // Several processes, each figure the best of them: on this kind of shared virtual machine a
    // process can run at half speed throughout (the same C binary measured 75 or 135 M/s from one
    // run to the next), and the TS measurements stay in one process.
    const runs: DecodeSpeed[] = [];
    for (let p = 1; p <= o.processes; p++) {
      progress(`decode ${id} (process ${p} of ${o.processes})…`);
      runs.push(
        runBenchScript<DecodeSpeed>("decodeSpeed.ts", [
          id,
          "--out",
          out,
          "--words",
          String(o.words),
          "--passes",
          String(o.passes),
          "--seed",
          String(o.seed),
        ]),
      );
    }
    decode[id] = {
      dispatchTs: Math.max(...runs.map((r) => r.dispatchTs)),
      linearTs: Math.max(...runs.map((r) => r.linearTs)),
      dispatchC: Math.max(...runs.map((r) => r.dispatchC)),
    };
  }
  // Intel genxml: header generation per MB and the decoder's throughput (needs the mesa tree).
  let genxmlIntel: GenxmlIntelBench | undefined;
  if (upstreamRoots().get("mesa")) {
    progress("Intel genxml: pack headers, genX_bits.h, decoding…");
    genxmlIntel = runBenchScript<GenxmlIntelBench>("genxmlIntelSpeed.ts", [
      "--json",
      "--rounds",
      String(o.passes),
      "--lengths",
      o.genxmlLengths.join(","),
      ...(o.genxmlC ? [] : ["--no-c"]),
    ]);
  }
  progress("site: size, pages, first paint of the largest page…");
  const site = runBenchScript<SiteBench>("sitePages.ts", [
    "--json",
    "--site",
    path.join(out, "site"),
  ]);
  let genxmlPanfrost: GenxmlPanfrostBench | undefined;
  if (upstreamRoots().get("mesa")) {
    progress("Panfrost genxml: header generation, TS and C decode…");
    // The codecs' program lengths, and as many generation rounds as decode passes.
    genxmlPanfrost = runBenchScript<GenxmlPanfrostBench>("genxmlPanfrost.ts", [
      "--json",
      "--rounds",
      String(o.passes),
      "--lengths",
      o.codecLengths.join(","),
    ]);
  }
  const work = mkdtempSync(path.join(tmpdir(), "isaforge-bench-"));
  try {
    progress("build of the shipped specs…");
    const build = measureShippedBuild(path.resolve(o.specs), work);
    progress(`scale ${o.scale.join(", ")}…`);
    const scale = measureScale(o.scale, work, o.phases, o.heapMb);
    const result = {
      ...decode,
      codecs,
      ...(Object.keys(clauses).length > 0 ? { clauses } : {}),
      build,
      scale: Object.fromEntries(scale.map((p) => [String(p.instructions), p.ms])),
      site,
      ...(genxmlIntel ? { genxmlIntel } : {}),
      ...(genxmlPanfrost ? { genxmlPanfrost } : {}),
    } as BenchResult;
    // The compiled CLI's cold build in several rounds; the median.
    const cli: number[] = [];
    for (let round = 1; round <= CLI_ROUNDS; round++) {
      progress(`compiled CLI, build --no-cache (round ${round} of ${CLI_ROUNDS})…`);
      cli.push(timedCliColdBuild(path.resolve(o.specs), path.join(work, "cli-cold-out")));
    }
    result.build!.cliColdMs = median(cli);
    return { result, scale };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("   "),
  );
}

/** The codec section: disassembly by the TS codec and the C disassembler, decode, encode, scaling. */
function codecReport(codecs: Record<string, CodecFigures>): string[] {
  const ids = Object.keys(codecs);
  const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(1)}×` : "—");
  const lengths = [...new Set(ids.flatMap((id) => Object.keys(codecs[id].byLength)))];
  const notes = ids
    .filter((id) => codecs[id].cUnavailable)
    .map((id) => `${id}: ${codecs[id].cUnavailable}`)
    .concat(
      ids
        .filter((id) => codecs[id].baselineUnavailable)
        .map((id) => `${id}: no baseline: ${codecs[id].baselineUnavailable}`),
    );
  return [
    "Codecs, instructions/s (the best pass; TS and the generated C disassembler (gcc -O2) in alternating rounds on the same program, each line made and dropped; decode and encode beside the baseline, the codec when issue 27 was filed)",
    "",
    ...table([
      [
        "ISA",
        "TS disassemble",
        "C",
        "TS program array",
        "decode",
        "decode / baseline",
        "encode",
        "encode / baseline",
      ],
      ...ids.map((id) => {
        const c = codecs[id];
        return [
          id,
          fmt(c.tsDisasmPerSec),
          c.cDisasmPerSec === undefined ? "—" : fmt(c.cDisasmPerSec),
          fmt(c.tsProgramPerSec),
          fmt(c.decodePerSec),
          ratio(c.decodePerSec, c.baselineDecodePerSec),
          fmt(c.encodePerSec),
          ratio(c.encodePerSec, c.baselineEncodePerSec),
        ];
      }),
    ]),
    ...notes,
    "",
    "TS disassembly against program length (words), instructions/s:",
    "",
    ...table([
      ["ISA", ...lengths.map((l) => fmt(Number(l)))],
      ...ids.map((id) => [id, ...lengths.map((l) => fmt(codecs[id].byLength[l] ?? 0))]),
    ]),
  ];
}

/** The clause ISAs' lines of the readable report. */
function clauseReport(clauses: Record<string, ClauseFigures> | undefined): string[] {
  return Object.entries(clauses ?? {}).flatMap(([id, c]) => [
    "",
    `${id} clause streams (${fmt(c.clauses)} clauses, ${fmt(c.instructions)} instructions): TS disassembleProgram ${fmt(c.tsClausesPerSec)} clauses/s (${fmt(c.tsInstructionsPerSec)} instructions/s), disassembleEachClause ${fmt(c.tsEachClausesPerSec)} clauses/s; C ${c.cClausesPerSec !== undefined ? `${fmt(c.cClausesPerSec)} clauses/s (${fmt(c.cInstructionsPerSec ?? 0)} instructions/s)` : `unavailable: ${c.cUnavailable}`}`,
    `${id} TS clauses/s by stream length: ${Object.entries(c.byLength)
      .map(([n, v]) => `${fmt(Number(n))}: ${fmt(v)}`)
      .join(", ")}`,
  ]);
}

/** The Intel genxml section: generation per MB of header, decode throughput against length. */
function genxmlIntelReport(g: GenxmlIntelBench): string[] {
  const lengths = Object.keys(g.printDwordsPerSec);
  return [
    `Intel genxml (bench/genxmlIntelSpeed.ts): genxml-pack's 28 meson headers, ${(g.packBytes / 1e6).toFixed(2)} MB: first round ${fmt(g.packColdMs)} ms, warm ${fmt(g.packWarmMs)} ms (${g.packWarmMsPerMB} ms per MB written); genX_bits.h ${fmt(g.bitsMs)} ms; the 14 TS decoder modules, ${(g.decoderBytes / 1e6).toFixed(2)} MB: warm ${fmt(g.decoderMs)} ms (${g.decoderMsPerMB} ms per MB)`,
    "Decode, dwords/s against buffer length (gen12 commands): the generated TS decoder, the interpreter it replaced, the generated C:",
    "",
    ...table([
      [
        "dwords",
        "print generated",
        "print interpreted",
        "walk generated",
        "walk interpreted",
        "item by item generated",
        "interpreted",
        "C (-O2)",
      ],
      ...lengths.map((n) => [
        fmt(Number(n)),
        fmt(g.printDwordsPerSec[n]),
        fmt(g.interpretedPrintDwordsPerSec[n]),
        fmt(g.walkDwordsPerSec[n]),
        fmt(g.interpretedWalkDwordsPerSec[n]),
        fmt(g.itemsTsDwordsPerSec[n]),
        fmt(g.itemsInterpretedDwordsPerSec[n]),
        g.itemsCDwordsPerSec ? fmt(g.itemsCDwordsPerSec[n]) : "—",
      ]),
    ]),
    ...(g.cUnavailable ? [`no C figure: ${g.cUnavailable}`] : []),
  ];
}

export function formatReport(o: BenchOptions, result: BenchResult, scale: ScalePoint[]): string {
  const lines: string[] = [...codecReport(result.codecs), ...clauseReport(result.clauses)];
  const build = result.build;
  if (!build) return lines.join("\n");
  lines.push("");
  const ids = Object.keys(result).filter(
    (k) =>
      k !== "build" &&
      k !== "scale" &&
      k !== "site" &&
      k !== "codecs" &&
      k !== "clauses" &&
      k !== "genxmlIntel" &&
      k !== "genxmlPanfrost",
  );
  lines.push(
    `Decode throughput, instructions/s: the best pass (after a warm-up) over ${fmt(o.words)} instructions (seed ${o.seed}) in ${o.processes} process${o.processes > 1 ? "es" : ""} per ISA, each timing dispatch TS and C in ${ROUNDS} alternating rounds of ${o.passes} passes and linear TS in ${o.passes} passes`,
    "",
    ...table([
      ["ISA", "dispatch TS", "linear TS", "dispatch C", "TS dispatch / linear"],
      ...ids.map((id) => {
        const d = result[id] as DecodeSpeed;
        return [
          id,
          fmt(d.dispatchTs),
          fmt(d.linearTs),
          fmt(d.dispatchC),
          `${(d.dispatchTs / d.linearTs).toFixed(1)}×`,
        ];
      }),
    ]),
    "",
    `Build of ${o.specs} from the sources (tsx): full (cold cache) ${fmt(build.fullMs)} ms, nothing changed ${fmt(build.noChangeMs)} ms, --no-cache ${fmt(build.coldMs)} ms`,
    `The compiled CLI (dist/generator/cli.js, what npx isaforge runs), build --no-cache: ${fmt(build.cliColdMs!)} ms (median of ${CLI_ROUNDS})`,
    ...(result.site
      ? [
          `The site (${path.join(o.out, "site")}): ${fmt(result.site.bytes)} bytes in ${fmt(result.site.pages)} pages; the largest, ${result.site.largest} (${fmt(result.site.largestBytes)} bytes of HTML), paints first after ${fmt(result.site.largestFirstPaintMs)} ms from file:// in Chromium (median of 3)`,
        ]
      : []),
    ...(result.genxmlIntel ? ["", ...genxmlIntelReport(result.genxmlIntel)] : []),
    ...(result.genxmlPanfrost ? ["", genxmlPanfrostReport(result.genxmlPanfrost)] : []),
    "",
    "Time per phase of the shipped build, ms (phase by phase, no cache):",
    "",
    ...table([["phase", "ms"], ...Object.entries(build.phases).map(([n, ms]) => [n, fmt(ms)])]),
    "",
    `Build of a synthetic isaspec ISA (cold cache${o.heapMb ? `, heap limit ${fmt(o.heapMb)} MB` : ""}):`,
    "",
    ...table([
      ["instructions", "build ms", "ms per 1000 instructions"],
      ...scale.map((p) => [
        fmt(p.instructions),
        fmt(p.ms),
        (p.ms / (p.instructions / 1000)).toFixed(0),
      ]),
    ]),
  );
  if (scale.length > 1) {
    const first = scale[0];
    const last = scale[scale.length - 1];
    lines.push(
      "",
      `${fmt(last.instructions)} instructions take ${(last.ms / first.ms).toFixed(1)}× the time of ${fmt(first.instructions)} (${(last.instructions / first.instructions).toFixed(0)}× the instructions)`,
    );
  }
  const phased = scale.filter((p) => p.phases);
  if (phased.length > 0) {
    const names = Object.keys(phased[0].phases!);
    lines.push(
      "",
      "Time per phase, ms (a separate phase-by-phase build, no cache):",
      "",
      ...table([
        ["phase", ...phased.map((p) => fmt(p.instructions))],
        ...names.map((n) => [n, ...phased.map((p) => fmt(p.phases![n] ?? 0))]),
      ]),
    );
  }
  return lines.join("\n");
}

function main(): void {
  let o: BenchOptions;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  const { result, scale } = runBench(o, (line) => process.stderr.write(`${line}\n`));
  process.stdout.write(
    o.json ? JSON.stringify(result) + "\n" : formatReport(o, result, scale) + "\n",
  );
}

if (require.main === module) main();
