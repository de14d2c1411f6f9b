/**
 * Mesa's own isaspec decoder, built outside the repository for side-by-side comparisons (bench and
 * scripts/mesaDisasmDiff.ts): `decode.py` writes the decoder of an ISA (`d.c`, which includes
 * `isaspec_decode_impl.c`), compiled with `gcc -O2` together with `isaspec.c`, Mesa's util sources
 * from `reference/build-support/` and a small driver of ours, in a temporary folder. Nothing of
 * Mesa's is copied into the project; the three stubs below stand in for Mesa headers the corpus
 * does not carry (CPU detection, rounding, strndup) and for the half-float conversion, whose
 * Mesa source needs softfloat.
 */
import { spawnSync } from "child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { PYTHON } from "./mesaIsaspec";

/** The root document of each ISA Mesa's corpus has, beside the documents it includes. */
export const MESA_ISAS: Record<string, string> = {
  ir3: "ir3/ir3.xml",
  etnaviv: "etnaviv/etnaviv.xml",
};

const UTIL_SOURCES = ["ralloc.c", "hash_table.c", "u_printf.c"];

/**
 * Our driver: `dis FILE GPU SHOW_ERRORS REPEAT` disassembles FILE (raw little-endian words) with
 * Mesa's isa_disasm; REPEAT 0 prints the text on stdout, else it prints the best of REPEAT runs
 * (into /dev/null) in nanoseconds.
 */
const DRIVER = `#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "d.h"

int main(int argc, char **argv) {
  if (argc != 5) return 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f) return 2;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  void *words = malloc(size > 0 ? size : 1);
  if (fread(words, 1, size, f) != (size_t)size) return 2;
  fclose(f);
  struct isa_decode_options options = {0};
  options.gpu_id = atoi(argv[2]);
  options.show_errors = atoi(argv[3]) != 0;
  int repeat = atoi(argv[4]);
  if (repeat == 0) {
    d_isa_disasm(words, size, stdout, &options);
    return 0;
  }
  FILE *out = fopen("/dev/null", "w");
  double best = 1e300;
  for (int r = 0; r < repeat; r++) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    d_isa_disasm(words, size, out, &options);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
    if (ns < best) best = ns;
  }
  printf("%.0f\\n", best);
  return 0;
}
`;

const STUBS: Record<string, string> = {
  "util/u_cpu_detect.h": `#pragma once
struct util_cpu_caps_t { int has_f16c; };
static inline const struct util_cpu_caps_t *util_get_cpu_caps(void) {
  static const struct util_cpu_caps_t caps = {0};
  return &caps;
}
`,
  "strndup.h": "/* strndup is in the C library */\n",
  "rounding.h": `#pragma once
#include <math.h>
static inline long _mesa_lroundevenf(float x) { return lrintf(x); }
`,
  "half.c": `#include <math.h>
#include <stdint.h>
float _mesa_half_to_float_slow(uint16_t h) {
  int e = (h >> 10) & 31, m = h & 1023;
  float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexpf((float)(1024 + m), e - 25);
  return (h & 0x8000) ? -v : v;
}
`,
};

/** Why Mesa's decoder cannot be built here, or null when it can. */
export function mesaDecoderUnavailable(corpus: string, isa: string): string | null {
  if (!existsSync(PYTHON)) return `${PYTHON} is missing`;
  if (spawnSync(PYTHON, ["-c", "import mako"]).status !== 0)
    return `${PYTHON} has no mako (apt-get install python3-mako)`;
  if (spawnSync("gcc", ["--version"]).status !== 0) return "gcc is missing";
  const root = MESA_ISAS[isa];
  if (!root) return `Mesa's corpus has no ${isa}`;
  for (const f of [
    root,
    "reference/decode.py",
    "reference/isaspec_decode_impl.c",
    "reference/build-support",
  ])
    if (!existsSync(path.join(corpus, f))) return `${path.join(corpus, f)} is missing`;
  return null;
}

export interface MesaDecoder {
  /** Mesa's text for a program, one line per instruction (each ending in a newline). */
  disasm(words: Uint32Array, gpu: number, showErrors: boolean): string;
  /** Instructions per second: the best of `repeat` runs over the program, timed inside the binary. */
  perSecond(words: Uint32Array, wordsPerInstruction: number, gpu: number, repeat: number): number;
  dispose(): void;
}

/** Builds Mesa's decoder of `isa` in a temporary folder; throws with gcc's or Python's message. */
export function buildMesaDecoder(corpus: string, isa: string): MesaDecoder {
  const work = mkdtempSync(path.join(tmpdir(), `isaforge-mesa-${isa}-`));
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(cmd, args, { cwd: work, encoding: "utf8", maxBuffer: 1 << 30 });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${r.stderr}`);
    return r.stdout;
  };
  try {
    const ref = path.join(corpus, "reference");
    const xmlDir = path.join(corpus, path.dirname(MESA_ISAS[isa]));
    for (const f of readdirSync(ref))
      if (f.endsWith(".py")) copyFileSync(path.join(ref, f), path.join(work, f));
    for (const f of readdirSync(xmlDir))
      if (f.endsWith(".xml")) copyFileSync(path.join(xmlDir, f), path.join(work, f));
    const inc = path.join(work, "compiler", "isaspec");
    mkdirSync(inc, { recursive: true });
    for (const f of ["isaspec.h", "isaspec_decode_decl.h", "isaspec_decode_impl.c", "isaspec.c"])
      copyFileSync(path.join(ref, f), path.join(inc, f));
    mkdirSync(path.join(work, "stub", "util"), { recursive: true });
    for (const [f, text] of Object.entries(STUBS)) writeFileSync(path.join(work, "stub", f), text);
    writeFileSync(path.join(work, "driver.c"), DRIVER);
    run(PYTHON, [
      "decode.py",
      "--xml",
      path.basename(MESA_ISAS[isa]),
      "--out-c",
      "d.c",
      "--out-h",
      "d.h",
    ]);
    const support = path.join(ref, "build-support");
    run("gcc", [
      "-O2",
      "-w",
      "-DUTIL_ARCH_LITTLE_ENDIAN=1",
      "-DUTIL_ARCH_BIG_ENDIAN=0",
      "-I.",
      "-Istub",
      `-I${inc}`,
      `-I${path.join(support, "src")}`,
      `-I${path.join(support, "include")}`,
      `-I${path.join(support, "isa", isa)}`,
      "-o",
      "dis",
      "driver.c",
      "d.c",
      path.join(inc, "isaspec.c"),
      ...UTIL_SOURCES.map((f) => path.join(support, "src", "util", f)),
      path.join("stub", "half.c"),
      "-lm",
    ]);
  } catch (e) {
    rmSync(work, { recursive: true, force: true });
    throw e;
  }
  const input = path.join(work, "words.bin");
  const write = (words: Uint32Array) =>
    writeFileSync(input, Buffer.from(words.buffer, words.byteOffset, words.byteLength));
  return {
    disasm(words, gpu, showErrors) {
      write(words);
      return run("./dis", [input, String(gpu), showErrors ? "1" : "0", "0"]);
    },
    perSecond(words, wordsPerInstruction, gpu, repeat) {
      write(words);
      const ns = Number(run("./dis", [input, String(gpu), "0", String(repeat)]));
      return words.length / wordsPerInstruction / (ns / 1e9);
    },
    dispose() {
      rmSync(work, { recursive: true, force: true });
    },
  };
}
