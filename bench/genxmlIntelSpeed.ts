/**
 * Intel genxml speed: `genxml-pack`'s generation time per MB of header written (every meson
 * output: genN_pack.h and genN_cl_pack.h of the 14 documents, the first round cold in this
 * process, then warm), genX_bits.h's, and the TS decoder's throughput (dwords/s, warm) printing
 * command buffers of real commands (the shown gen12 decode cases' instructions, repeated) against
 * buffer length. Needs the mesa tree (the corpora beside the checkout, or $ISAFORGE_UPSTREAM).
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
  /** Printing command buffers as intel_print_group, dwords/s by buffer length (best round). */
  printDwordsPerSec: Record<string, number>;
  /** Walking them by opcode and length only, dwords/s. */
  walkDwordsPerSec: Record<string, number>;
  /** Printing the same commands one by one by name: the TS decoder, and the generated C one (gcc -O2, to /dev/null). */
  itemsTsDwordsPerSec: Record<string, number>;
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
  // A buffer of gen12 commands: the shown decode cases' instructions that the walk finds whole
  // (name and length) on their own, back to back.
  const spec = decoderSpec(load("gen12"));
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
  const walkDwordsPerSec: Record<string, number> = {};
  const itemsTsDwordsPerSec: Record<string, number> = {};
  for (const n of lengths) {
    const buffer = bufferOf(n);
    const best = (f: () => void) => {
      f();
      let ms = Infinity;
      for (let r = 0; r < rounds; r++) {
        const s = performance.now();
        f();
        ms = Math.min(ms, performance.now() - s);
      }
      return Math.round((buffer.length / ms) * 1000);
    };
    printDwordsPerSec[n] = best(() => void printCommands(spec, buffer));
    walkDwordsPerSec[n] = best(() => void walkCommands(spec, buffer));
    // Item by item, as the C harness does.
    let itemWords = 0;
    const printItems = () => {
      itemWords = 0;
      for (let i = 0; itemWords < n; i = (i + 1) % commands.length) {
        const c = commands[i];
        printGroupLines(spec, spec.instructions[c.name], 0, c.dwords, 0, []);
        itemWords += c.dwords.length;
      }
    };
    printItems();
    let itemMs = Infinity;
    for (let r = 0; r < rounds; r++) {
      const s0 = performance.now();
      printItems();
      itemMs = Math.min(itemMs, performance.now() - s0);
    }
    itemsTsDwordsPerSec[n] = Math.round((itemWords / itemMs) * 1000);
  }
  const c = withC ? measureC(spec, commands, rounds, lengths) : "not asked (--no-c)";
  return {
    packBytes,
    packColdMs: Math.round(packColdMs),
    packWarmMs: Math.round(packWarmMs),
    packWarmMsPerMB: Math.round((packWarmMs / (packBytes / 1e6)) * 10) / 10,
    bitsMs: Math.round(bitsMs),
    printDwordsPerSec,
    walkDwordsPerSec,
    itemsTsDwordsPerSec,
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
    for (const n of Object.keys(r.printDwordsPerSec))
      console.log(
        `decode ${n} dwords: print ${r.printDwordsPerSec[n].toLocaleString("en-US")} dwords/s, walk ${r.walkDwordsPerSec[n].toLocaleString("en-US")} dwords/s; item by item TS ${r.itemsTsDwordsPerSec[n].toLocaleString("en-US")}, C ${r.itemsCDwordsPerSec?.[n]?.toLocaleString("en-US") ?? r.cUnavailable} dwords/s`,
      );
  }
}
