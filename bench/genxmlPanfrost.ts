/**
 * Panfrost genxml speed: the pack header's generation time per document (warm: read + render, per
 * MB of header written), and decode throughput in 32-bit words/s of descriptors (warm) by the
 * generated TS decoder (printStruct: unpack and print) and by the generated C unpack + print
 * functions (gcc -O2, printing into /dev/null, timed inside the binary), for buffers of 1k, 10k
 * and 100k words.
 *
 *   npx tsx bench/genxmlPanfrost.ts [--json] [--doc v10] [--rounds N] [--lengths N,N,…]
 *
 * Needs the mesa tree (the documents are read from it).
 */
import { spawnSync } from "child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { performance } from "perf_hooks";
import { panfrostPackHeader } from "../generator/emit/genxmlPanfrost/packHeader";
import { loadPanfrostDecoder } from "../generator/genxmlPanfrost";
import { upstreamRoots } from "../generator/load/upstreamRoots";
import { Diagnostics } from "../generator/diagnostics";
import type { GenxmlPanfrostDocument } from "../generator/model/genxmlPanfrost";
import { readGenxmlPanfrost } from "../generator/readers/genxmlPanfrost/readGenxmlPanfrost";
import { recoverDocument } from "../generator/recover/recoverDocument";
import { prng } from "./prng";

const DOCUMENTS = ["common", "v4", "v5", "v6", "v7", "v9", "v10"];

export interface GenxmlPanfrostBench {
  /** Per document: its bytes, the header's bytes, ms per generation (median) and ms per MB written. */
  generation: Record<
    string,
    { inputBytes: number; headerBytes: number; ms: number; msPerMB: number }
  >;
  /** Decode of the document named, words/s by buffer length (words). */
  decode: {
    doc: string;
    ts: Record<string, number>;
    c: Record<string, number> | { unavailable: string };
  };
}

function read(file: string): { doc: GenxmlPanfrostDocument; bytes: number } {
  const text = readFileSync(file);
  const diags = new Diagnostics();
  const recovered = recoverDocument(file, text, { xml: true }, diags)!;
  const doc = readGenxmlPanfrost(recovered, diags);
  if (!doc || diags.hasErrors) throw new Error(`${file} does not read`);
  return { doc, bytes: text.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A buffer of `words` words of descriptors, the decodable structs in turn, random bits. */
function buffer(structs: { name: string; bytes: number }[], words: number, seed: number) {
  const next = prng(seed);
  const items: { name: string; offset: number }[] = [];
  let offset = 0;
  for (let i = 0; offset + 4 <= words * 4; i++) {
    const s = structs[i % structs.length];
    items.push({ name: s.name, offset });
    offset += Math.ceil(s.bytes / 4) * 4;
  }
  const bytes = new Uint8Array(offset);
  for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 255;
  return { bytes, items };
}

function main(): void {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const docName = args.includes("--doc") ? args[args.indexOf("--doc") + 1] : "v10";
  const rounds = args.includes("--rounds") ? Number(args[args.indexOf("--rounds") + 1]) : 7;
  const lengths = args.includes("--lengths")
    ? args[args.indexOf("--lengths") + 1].split(",").map(Number)
    : [1_000, 10_000, 100_000];
  const mesa = upstreamRoots().get("mesa")?.dir;
  if (!mesa)
    throw new Error("the mesa tree is not on this machine (--upstream / ISAFORGE_UPSTREAM)");
  const file = (d: string) => path.join(mesa, "src", "panfrost", "lib", "genxml", `${d}.xml`);

  const generation: GenxmlPanfrostBench["generation"] = {};
  for (const d of DOCUMENTS) {
    const times: number[] = [];
    let header = "";
    let inputBytes = 0;
    for (let r = 0; r < rounds + 1; r++) {
      const t0 = performance.now();
      const { doc, bytes } = read(file(d));
      header = panfrostPackHeader(doc);
      if (r > 0) times.push(performance.now() - t0); // round 0 warms up
      inputBytes = bytes;
    }
    const ms = median(times);
    generation[d] = {
      inputBytes,
      headerBytes: header.length,
      ms,
      msPerMB: ms / (header.length / 1e6),
    };
  }

  const { doc } = read(file(docName));
  const decoder = loadPanfrostDecoder(doc);
  const structs = decoder.STRUCT_NAMES.map((name) => ({ name, bytes: decoder.structLength(name) }));
  const ts: Record<string, number> = {};
  for (const words of lengths) {
    const { bytes, items } = buffer(structs, words, 1);
    const run = () => {
      let n = 0;
      for (const it of items)
        n += decoder.printStruct(
          it.name,
          bytes.subarray(it.offset, it.offset + decoder.structLength(it.name)),
        ).length;
      return n;
    };
    run(); // warm-up
    const times: number[] = [];
    for (let r = 0; r < 3; r++) {
      const t0 = performance.now();
      run();
      times.push(performance.now() - t0);
    }
    ts[words] = Math.round(words / (Math.min(...times) / 1000));
  }
  const result: GenxmlPanfrostBench = {
    generation,
    decode: { doc: docName, ts, c: cDecode(doc, structs, lengths) },
  };
  if (json) {
    process.stdout.write(JSON.stringify(result) + "\n");
    return;
  }
  process.stdout.write(report(result) + "\n");
}

/** The C unpack + print functions on the same buffers: words/s, timed inside the binary. */
function cDecode(
  doc: GenxmlPanfrostDocument,
  structs: { name: string; bytes: number }[],
  lengths: number[],
): Record<string, number> | { unavailable: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-bench-panfrost-"));
  try {
    mkdirSync(path.join(dir, "util"));
    writeFileSync(path.join(dir, "util", "bitpack_helpers.h"), C_HELPERS);
    writeFileSync(path.join(dir, "panfrost-job.h"), "");
    writeFileSync(path.join(dir, "pack.h"), panfrostPackHeader(doc));
    const cases = structs
      .map(
        (s, i) =>
          `    case ${i}: { struct ${s.name} v; ${s.name}_unpack(p, &v); ${s.name}_print(out, &v, 0); break; }`,
      )
      .join("\n");
    writeFileSync(
      path.join(dir, "bench.c"),
      `#include "pack.h"
#include <stdlib.h>
#include <time.h>
static const unsigned lengths[] = { ${structs.map((s) => Math.ceil(s.bytes / 4) * 4).join(", ")} };
int main(int argc, char **argv) {
  FILE *in = fopen(argv[1], "rb"), *out = fopen("/dev/null", "w");
  bench_out = out;
  (void)argc;
  fseek(in, 0, SEEK_END); long size = ftell(in); fseek(in, 0, SEEK_SET);
  uint8_t *buf = malloc(size); if (fread(buf, 1, size, in) != (size_t)size) return 1;
  double best = 1e30;
  for (int round = 0; round < 4; round++) {
    struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
    unsigned k = 0;
    for (long off = 0; off < size; k = (k + 1) % ${structs.length}) {
      const uint8_t *p = buf + off;
      switch (k) {
${cases}
      }
      off += lengths[k];
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (round > 0 && s < best) best = s;
  }
  printf("%.9f\\n", best);
  return 0;
}
`,
    );
    const exe = path.join(dir, "bench");
    const cc = spawnSync(
      "gcc",
      ["-O2", "-DNDEBUG", "-w", `-I${dir}`, "-o", exe, path.join(dir, "bench.c")],
      {
        encoding: "utf8",
      },
    );
    if (cc.error || cc.status !== 0)
      return { unavailable: `gcc: ${cc.error?.message ?? cc.stderr.slice(0, 200)}` };
    const c: Record<string, number> = {};
    for (const words of lengths) {
      const { bytes } = buffer(structs, words, 1);
      writeFileSync(path.join(dir, "buffer.bin"), bytes);
      const r = spawnSync(exe, [path.join(dir, "buffer.bin")], { encoding: "utf8" });
      c[words] = Math.round(words / Number(r.stdout.trim()));
    }
    return c;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The hooks the header includes, as Mesa's util/ defines them in effect. */
const C_HELPERS = `#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#define ALWAYS_INLINE inline
#define ALIGN_POT(x, a) (((x) + (a) - 1) & ~((a) - 1))
#define IS_POT_NONZERO(v) ((v) != 0 && ((v) & ((v) - 1)) == 0)
static inline uint32_t util_logbase2(uint32_t n) { return n ? 31 - __builtin_clz(n) : 0; }
static inline uint64_t util_bitpack_uint(uint64_t v, uint32_t s, uint32_t e) { (void)e; return v << s; }
static inline uint64_t util_bitpack_sint(int64_t v, uint32_t s, uint32_t e) { return ((uint64_t)v & (~0ull >> (63 - (e - s)))) << s; }
static inline uint32_t util_bitpack_float(float v) { uint32_t u; memcpy(&u, &v, 4); return u; }
static inline uint64_t util_bitpack_ufixed_clamp(float v, uint32_t s, uint32_t e, uint32_t f) { return util_bitpack_uint((uint64_t)(v * (float)(1u << f)), s, e); }
static inline uint64_t util_bitpack_sfixed_clamp(float v, uint32_t s, uint32_t e, uint32_t f) { return util_bitpack_sint((int64_t)(v * (float)(1u << f)), s, e); }
static inline int64_t util_sign_extend(uint64_t v, unsigned w) { return (int64_t)(v << (64 - w)) >> (64 - w); }
static inline float uif(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
/* The unpack functions' warnings go where the prints go (/dev/null). */
static FILE *bench_out;
#undef stderr
#define stderr bench_out
`;

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

export function report(r: GenxmlPanfrostBench): string {
  const lines = [
    "Panfrost genxml: vN_pack.h generation (read + render, warm, median)",
    "",
    ...Object.entries(r.generation).map(
      ([d, g]) =>
        `  ${d.padEnd(7)} ${fmt(g.inputBytes).padStart(7)} B in  ${fmt(g.headerBytes).padStart(8)} B out  ${g.ms.toFixed(1).padStart(6)} ms  ${fmt(g.msPerMB).padStart(5)} ms/MB`,
    ),
    "",
    `Panfrost genxml decode (${r.decode.doc}, every decodable descriptor in turn, random bits; unpack + print), words/s:`,
    "",
    ...Object.keys(r.decode.ts).map((w) => {
      const c = "unavailable" in r.decode.c ? "—" : fmt((r.decode.c as Record<string, number>)[w]);
      return `  ${fmt(Number(w)).padStart(7)} words   TS ${fmt(r.decode.ts[w]).padStart(11)}   C ${c.padStart(11)}`;
    }),
  ];
  return lines.join("\n");
}

if (require.main === module) main();
