/**
 * Intel genxml speed: `genxml-pack`'s generation time per MB of header written (every meson
 * output: genN_pack.h and genN_cl_pack.h of the 14 documents, the first round cold in this
 * process, then warm), genX_bits.h's, the generated TS decoders' (out/ts/genxml/intel/*.ts, made
 * here as the build makes them), and decode throughput (dwords/s, warm) printing command buffers
 * of real commands (the shown gen12 decode cases' instructions, repeated) against buffer length:
 * the generated TS decoder, the interpreter of the decoder's view it replaced, and the generated C
 * decoder. Needs the mesa tree (the corpora beside the checkout, or $ISAFORGE_UPSTREAM).
 *
 *   npx tsx bench/genxmlIntelSpeed.ts [--json] [--rounds N] [--lengths N,N,…]
 */
import { spawnSync } from "child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { performance } from "perf_hooks";
import { Diagnostics } from "../generator/diagnostics";
import type { GenxmlIntelDocument } from "../generator/model/genxmlIntel";
import { bitsHeader } from "../generator/emit/genxmlIntel/bitsHeader";
import { cDecoder } from "../generator/emit/genxmlIntel/cDecoder";
import { intelDecoderModule } from "../generator/emit/genxmlIntel/tsDecoder";
import {
  compileGeneratedCodec,
  runCompiledCodec,
} from "../generator/emit/manual/loadGeneratedCodec";
import { packHeader } from "../generator/emit/genxmlIntel/packHeader";
import { defaultRootDir, upstreamRoots } from "../generator/load/upstreamRoots";
import { loadGenxmlIntelChain } from "../generator/readers/genxmlIntel/loadChain";
import { mergedItems } from "../generator/readers/genxmlIntel/merge";
import { decoderSpec } from "../generator/readers/genxmlIntel/runtimeView";
import { printCommands, walkCommands } from "../generator/runtime/genxmlIntel/decode";
import { printGroupLines } from "../generator/runtime/genxmlIntel/printGroup";
import type { DecoderSpec } from "../generator/runtime/genxmlIntel/types";

/** The Intel documents specs/intel-genxml names, in its order (gen4 … gen20_rt), as `genN`. */
export const INTEL_GENXML_DOCS: string[] = (
  JSON.parse(
    readFileSync(path.join(__dirname, "..", "specs", "intel-genxml", "manifest.json"), "utf8"),
  ) as { documents: { upstream: string }[] }
).documents.map((d) => path.basename(d.upstream, ".xml"));
const DOCS = INTEL_GENXML_DOCS;
const CL_SYMBOLS =
  "3DSTATE_INDEX_BUFFER,3DSTATE_VERTEX_BUFFERS,3DPRIMITIVE,3DPRIMITIVE_EXTENDED,MI_ARB_CHECK,MI_BATCH_BUFFER_START,VERTEX_BUFFER_STATE";

/** What the bench uses of a generated decoder module (templates/ts/genxml-intel/decoder.ts.hbs). */
interface GeneratedDecoder {
  printStruct(name: string, dwords: ArrayLike<number>): string | undefined;
  walkCommands(dwords: ArrayLike<number>): unknown[];
  printCommands(dwords: ArrayLike<number>): string;
}

export interface GenxmlIntelBench {
  /** Bytes of the 28 meson pack headers. */
  packBytes: number;
  /** First round (modules loading, code cold): ms for all 28, and per MB written. */
  packColdMs: number;
  /** Best warm round: ms for all 28, and per MB. */
  packWarmMs: number;
  packWarmMsPerMB: number;
  /** genX_bits.h from the 14 documents (warm, best round). */
  bitsMs: number;
  /** The TS decoder modules of the 14 documents (warm, best round): bytes, ms, ms per MB. */
  decoderBytes: number;
  decoderMs: number;
  decoderMsPerMB: number;
  /** Printing command buffers as intel_print_group, dwords/s by buffer length (best round): the generated TS decoder. */
  printDwordsPerSec: Record<string, number>;
  /** The same by the interpreter of the decoder's view (generator/runtime/genxmlIntel). */
  interpretedPrintDwordsPerSec: Record<string, number>;
  /** Walking them by opcode and length only, dwords/s: generated, interpreted. */
  walkDwordsPerSec: Record<string, number>;
  interpretedWalkDwordsPerSec: Record<string, number>;
  /** Printing the same commands one by one by name: the generated TS decoder, the interpreter, and the generated C one (gcc -O2, to /dev/null). */
  itemsTsDwordsPerSec: Record<string, number>;
  itemsInterpretedDwordsPerSec: Record<string, number>;
  itemsCDwordsPerSec?: Record<string, number>;
  /** Why there is no C figure (gcc missing or failing). */
  cUnavailable?: string;
}

/** The C harness: items (`NAME<TAB>hex…` lines, argv[1]) printed by name until N dwords, best of R rounds. */
const C_HARNESS = `#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
int gxi_print(FILE *out, const char *kind, const char *name, const uint32_t *dw, uint32_t count,
              const char *(*surface_format)(uint32_t));
static char names[4096][64];
static uint32_t words[4096][256], counts[4096];
int main(int argc, char **argv) {
   FILE *in = fopen(argv[1], "r"), *out = fopen("/dev/null", "w");
   int rounds = atoi(argv[2]), items = 0;
   static char line[1 << 16];
   while (items < 4096 && fgets(line, sizeof line, in)) {
      char *name = strtok(line, "\\t"), *hex = strtok(NULL, "\\t\\n");
      strncpy(names[items], name, 63);
      for (char *p = hex ? strtok(hex, " \\n") : NULL; p && counts[items] < 256; p = strtok(NULL, " \\n"))
         words[items][counts[items]++] = (uint32_t)strtoul(p, NULL, 16);
      items++;
   }
   printf("{");
   for (int a = 3; a < argc; a++) {
      long n = atol(argv[a]);
      double best = 1e30;
      for (int r = 0; r <= rounds; r++) {
         struct timespec t0, t1;
         clock_gettime(CLOCK_MONOTONIC, &t0);
         long done = 0;
         for (int i = 0; done < n; i = (i + 1) % items) {
            gxi_print(out, "instruction", names[i], words[i], counts[i], NULL);
            done += counts[i];
         }
         clock_gettime(CLOCK_MONOTONIC, &t1);
         double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
         if (r > 0 && s / done < best) best = s / done;
      }
      printf("%s\\"%ld\\": %.0f", a > 3 ? ", " : "", n, 1 / best);
   }
   printf("}\\n");
   return 0;
}
`;

/** The generated C decoder of `spec` printing `items` by name, dwords/s by length; or why not. */
function measureC(
  spec: DecoderSpec,
  items: { name: string; dwords: number[] }[],
  rounds: number,
  lengths: number[],
): Record<string, number> | string {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-genxml-bench-"));
  try {
    writeFileSync(path.join(dir, "decode.c"), cDecoder(spec, "gen12.xml"));
    writeFileSync(path.join(dir, "harness.c"), C_HARNESS);
    writeFileSync(
      path.join(dir, "items.txt"),
      items.map((c) => `${c.name}\t${c.dwords.map((d) => d.toString(16)).join(" ")}\n`).join(""),
    );
    const exe = path.join(dir, "bench");
    const cc = spawnSync(
      "gcc",
      ["-std=c99", "-O2", "-o", exe, path.join(dir, "decode.c"), path.join(dir, "harness.c")],
      {
        encoding: "utf8",
      },
    );
    if (cc.status !== 0) return `gcc failed: ${cc.error?.message ?? cc.stderr}`;
    const run = spawnSync(
      exe,
      [path.join(dir, "items.txt"), String(rounds), ...lengths.map(String)],
      { encoding: "utf8" },
    );
    if (run.status !== 0) return `the C bench failed: ${run.stderr}`;
    return JSON.parse(run.stdout) as Record<string, number>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function options(argv: string[]) {
  const o = { json: false, rounds: 5, lengths: [1_000, 10_000, 100_000], c: true };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--json") o.json = true;
    else if (argv[i] === "--no-c") o.c = false;
    else if (argv[i] === "--rounds") o.rounds = Number(argv[++i]);
    else if (argv[i] === "--lengths") o.lengths = argv[++i].split(",").map(Number);
    else throw new Error(`genxmlIntelSpeed: unknown option ${argv[i]}`);
  }
  return o;
}

export function measureGenxmlIntel(
  rounds: number,
  lengths: number[],
  withC = true,
): GenxmlIntelBench {
  const mesa = upstreamRoots().get("mesa")?.dir;
  if (!mesa)
    throw new Error(
      "genxmlIntelSpeed: no mesa tree (../shared/corpora/mesa or $ISAFORGE_UPSTREAM)",
    );
  const doc = (g: string) => path.join(mesa, "src", "intel", "genxml", `${g}.xml`);
  // Each round reads the documents afresh; within a round a document is read once.
  let cache = new Map<string, GenxmlIntelDocument>();
  const load = (g: string) =>
    loadGenxmlIntelChain(doc(g), { displayOf: (p) => p, cache }, new Diagnostics())!;
  const packAll = () => {
    cache = new Map();
    let bytes = 0;
    for (const g of DOCS) {
      const chain = load(g);
      const merged = mergedItems(chain);
      const engines = new Set(["render", "blitter", "video"]);
      bytes += Buffer.byteLength(
        packHeader(chain.root, merged, { engines, opencl: false, repack: false }),
      );
      bytes += Buffer.byteLength(
        packHeader(chain.root, merged, {
          engines,
          includeSymbols: new Set(CL_SYMBOLS.split(",")),
          opencl: true,
          repack: true,
        }),
      );
    }
    return bytes;
  };
  let t = performance.now();
  const packBytes = packAll();
  const packColdMs = performance.now() - t;
  let packWarmMs = Infinity;
  for (let r = 0; r < rounds; r++) {
    t = performance.now();
    packAll();
    packWarmMs = Math.min(packWarmMs, performance.now() - t);
  }
  const bitsSymbols = [
    "MI_STORE_DATA_IMM::Immediate Data",
    "3DSTATE_CLEAR_PARAMS",
    "RENDER_SURFACE_STATE::Surface Pitch",
  ];
  let bitsMs = Infinity;
  for (let r = 0; r < rounds; r++) {
    t = performance.now();
    cache = new Map();
    const inputs = DOCS.map((g) => {
      const chain = load(g);
      return { doc: chain.root, items: mergedItems(chain) };
    });
    bitsHeader(inputs, bitsSymbols, "GENX_BITS_H");
    bitsMs = Math.min(bitsMs, performance.now() - t);
  }
  // The generated TS decoders, as the build writes them (each document's decoder view, then the
  // module); the best of two rounds after the first (a round takes about a second).
  let decoderBytes = 0;
  let decoderMs = Infinity;
  for (let r = 0; r <= Math.min(rounds, 2); r++) {
    cache = new Map();
    t = performance.now();
    let bytes = 0;
    for (const g of DOCS) bytes += Buffer.byteLength(intelDecoderModule(decoderSpec(load(g)), g));
    if (r > 0) decoderMs = Math.min(decoderMs, performance.now() - t);
    decoderBytes = bytes;
  }
  // A buffer of gen12 commands: the shown decode cases' instructions that the walk finds whole
  // (name and length) on their own, back to back.
  const spec = decoderSpec(load("gen12"));
  const generated = runCompiledCodec(
    compileGeneratedCodec(intelDecoderModule(spec, "gen12.xml"), "gen12.ts"),
    "gen12.ts",
  ) as unknown as GeneratedDecoder;
  const vectors = path.join(defaultRootDir("expected"), "genxml", "vectors", "intel", "gen12.jobs");
  const commands = readFileSync(vectors, "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split("\t"))
    .filter(([kind]) => kind === "instruction")
    .map(([, name, , hex]) => ({
      name,
      dwords: hex
        .trim()
        .split(/\s+/)
        .map((h) => parseInt(h, 16)),
    }))
    .filter((c) => {
      const walked = walkCommands(spec, c.dwords);
      return walked.length === 1 && walked[0].instruction?.name === c.name;
    });
  const bufferOf = (n: number) => {
    const words: number[] = [];
    for (let i = 0; words.length < n; i++) words.push(...commands[i % commands.length].dwords);
    return words;
  };
  const printDwordsPerSec: Record<string, number> = {};
  const interpretedPrintDwordsPerSec: Record<string, number> = {};
  const walkDwordsPerSec: Record<string, number> = {};
  const interpretedWalkDwordsPerSec: Record<string, number> = {};
  const itemsTsDwordsPerSec: Record<string, number> = {};
  const itemsInterpretedDwordsPerSec: Record<string, number> = {};
  for (const n of lengths) {
    const buffer = Uint32Array.from(bufferOf(n));
    // Dwords/s of the best round after a warm-up one.
    const best = (f: () => number) => {
      f();
      let perSec = 0;
      for (let r = 0; r < rounds; r++) {
        const s = performance.now();
        const words = f();
        perSec = Math.max(perSec, (words / (performance.now() - s)) * 1000);
      }
      return Math.round(perSec);
    };
    printDwordsPerSec[n] = best(() => (generated.printCommands(buffer), buffer.length));
    interpretedPrintDwordsPerSec[n] = best(() => (printCommands(spec, buffer), buffer.length));
    walkDwordsPerSec[n] = best(() => (generated.walkCommands(buffer), buffer.length));
    interpretedWalkDwordsPerSec[n] = best(() => (walkCommands(spec, buffer), buffer.length));
    // Item by item, as the C harness does.
    const items = (print: (c: { name: string; dwords: number[] }) => void) => () => {
      let words = 0;
      for (let i = 0; words < n; i = (i + 1) % commands.length) {
        print(commands[i]);
        words += commands[i].dwords.length;
      }
      return words;
    };
    itemsTsDwordsPerSec[n] = best(items((c) => generated.printStruct(c.name, c.dwords)));
    itemsInterpretedDwordsPerSec[n] = best(
      items((c) => printGroupLines(spec, spec.instructions[c.name], 0, c.dwords, 0, [])),
    );
  }
  const c = withC ? measureC(spec, commands, rounds, lengths) : "not asked (--no-c)";
  return {
    packBytes,
    packColdMs: Math.round(packColdMs),
    packWarmMs: Math.round(packWarmMs),
    packWarmMsPerMB: Math.round((packWarmMs / (packBytes / 1e6)) * 10) / 10,
    bitsMs: Math.round(bitsMs),
    decoderBytes,
    decoderMs: Math.round(decoderMs),
    decoderMsPerMB: Math.round((decoderMs / (decoderBytes / 1e6)) * 10) / 10,
    printDwordsPerSec,
    interpretedPrintDwordsPerSec,
    walkDwordsPerSec,
    interpretedWalkDwordsPerSec,
    itemsTsDwordsPerSec,
    itemsInterpretedDwordsPerSec,
    ...(typeof c === "string" ? { cUnavailable: c } : { itemsCDwordsPerSec: c }),
  };
}

if (require.main === module) {
  const o = options(process.argv.slice(2));
  const r = measureGenxmlIntel(o.rounds, o.lengths, o.c);
  if (o.json) console.log(JSON.stringify(r));
  else {
    console.log(
      `genxml-pack, the 28 meson headers (${(r.packBytes / 1e6).toFixed(2)} MB): first round ${r.packColdMs} ms, warm ${r.packWarmMs} ms (${r.packWarmMsPerMB} ms per MB)`,
    );
    console.log(`genX_bits.h from the 14 documents, warm: ${r.bitsMs} ms`);
    console.log(
      `TS decoders of the 14 documents (${(r.decoderBytes / 1e6).toFixed(2)} MB), warm: ${r.decoderMs} ms (${r.decoderMsPerMB} ms per MB)`,
    );
    const f = (x: number | undefined) => x?.toLocaleString("en-US") ?? r.cUnavailable;
    for (const n of Object.keys(r.printDwordsPerSec))
      console.log(
        `decode ${n} dwords, dwords/s: print generated ${f(r.printDwordsPerSec[n])}, interpreted ${f(r.interpretedPrintDwordsPerSec[n])}; walk generated ${f(r.walkDwordsPerSec[n])}, interpreted ${f(r.interpretedWalkDwordsPerSec[n])}; item by item generated ${f(r.itemsTsDwordsPerSec[n])}, interpreted ${f(r.itemsInterpretedDwordsPerSec[n])}, C ${f(r.itemsCDwordsPerSec?.[n])}`,
      );
  }
}
