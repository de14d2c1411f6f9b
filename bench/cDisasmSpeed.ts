/**
 * Disassembly throughput of the generated C disassembler (out/c/<id>-disasm.c, built with
 * `gcc -O2`), and, for isaspec ISAs where it can be built, of Mesa's own isaspec decoder on the
 * same corpus in the same run: both disassemble the whole corpus as one program to /dev/null
 * (`<id>_disasm_program`, Mesa's `isa_disasm`), one untimed pass then `passes` timed passes in
 * `rounds` alternating rounds; the figure is the best pass, in instructions per second of CPU time
 * (process CPU time, so that other work on a shared machine counts less).
 *
 * Mesa's decoder is built as ../shared/corpora/README.md says (`decode.py`, then `isaspec.c` and
 * the `build-support` util sources) with three stand-ins the folder lacks: `util/u_cpu_detect.h`
 * (no F16C), empty `rounding.h`/`strndup.h`, and `_mesa_half_to_float_slow` (half_float.c needs
 * softfloat.h; every half converts to a float exactly). Mesa's decoder is given the codec's default
 * GPU (ir3: 700).
 *
 *   tsx bench/cDisasmSpeed.ts <id> [--out DIR] [--words N] [--passes N] [--rounds N] [--seed S]
 *
 * prints one JSON line: `{ id, instructions, cDisasmPerSec, mesaDisasmPerSec, ratio, mesa }`
 * (`mesa` says why Mesa's figure is missing, when it is).
 */
import { execFileSync, spawnSync } from "child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "fs";
import { tmpdir } from "os";
import * as path from "path";
import type { IsaModel } from "../generator/model/types";
import { makeCorpus, type Corpus } from "./corpus";
import { defaultGpu, linearScan } from "./linearScan";
import { MESA_CORPUS, mesaUnavailable, PYTHON } from "./mesaIsaspec";

export interface CDisasmSpeed {
  id: string;
  instructions: number;
  cDisasmPerSec: number;
  mesaDisasmPerSec: number | null;
  /** cDisasmPerSec / mesaDisasmPerSec. */
  ratio: number | null;
  /** Why Mesa's decoder was not measured. */
  mesa: string | null;
}

export interface CDisasmSpeedOptions {
  /** Directory holding `json/<id>.json` and `c/<id>-disasm.{h,c}`. */
  out: string;
  words: number;
  passes: number;
  rounds: number;
  seed: number;
  /** Mesa's isaspec corpus (reference/ and <id>/<id>.xml); null: do not measure Mesa's. */
  mesaCorpus: string | null;
}

/** Times a disassembler over the corpus file: `run(words, count)` is the code between the clocks. */
function timingMain(includes: string, setup: string, run: string): string {
  return `#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
${includes}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int main(int argc, char **argv)
{
	FILE *in = fopen(argv[1], "rb"), *out = fopen("/dev/null", "w");
	size_t count = strtoul(argv[2], NULL, 10);
	int passes = atoi(argv[3]), p;
	uint32_t *words = malloc(count * 4);
	if (!in || !out || !words || fread(words, 4, count, in) != count)
		return 1;
	${setup}
	printf("[");
	for (p = 0; p <= passes; p++) {
		uint64_t start = now_ns();
		${run}
		fflush(out);
		if (p > 0)
			printf("%s%llu", p > 1 ? "," : "", (unsigned long long)(now_ns() - start));
	}
	printf("]\\n");
	return 0;
}
`;
}

function buildOurs(dir: string, out: string, id: string): string {
  const main = path.join(dir, "ours.c");
  writeFileSync(
    main,
    timingMain(
      `#include "${id}-disasm.h"`,
      `struct ${id}_disasm_options options = { 0, false };`,
      `${id}_disasm_program(words, count, &options, out);`,
    ),
  );
  const exe = path.join(dir, "ours");
  const c = path.join(out, "c");
  execFileSync(
    "gcc",
    ["-O2", "-std=c99", `-I${c}`, "-o", exe, main, path.join(c, `${id}-disasm.c`)],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  return exe;
}

const HALF_SHIM = `#include <stdint.h>
#include <string.h>
float _mesa_half_to_float_slow(uint16_t val);
float _mesa_half_to_float_slow(uint16_t val)
{
	uint32_t sign = (uint32_t)(val & 0x8000u) << 16, e = (val >> 10) & 31u, m = val & 1023u, bits;
	float f;
	if (e == 31)
		bits = sign | 0x7f800000u | (m << 13);
	else if (e != 0)
		bits = sign | ((e + 112u) << 23) | (m << 13);
	else if (m == 0)
		bits = sign;
	else {
		for (e = 113; !(m & 1024u); e--)
			m <<= 1;
		bits = sign | (e << 23) | ((m & 1023u) << 13);
	}
	memcpy(&f, &bits, sizeof f);
	return f;
}
`;

const CPU_DETECT = `#ifndef U_CPU_DETECT_H
#define U_CPU_DETECT_H
struct util_cpu_caps_t { int has_f16c; };
static inline const struct util_cpu_caps_t *util_get_cpu_caps(void)
{
	static const struct util_cpu_caps_t caps = { 0 };
	return &caps;
}
#endif
`;

/** Why Mesa's decoder for `id` cannot be built, or null. */
function mesaMissing(corpus: string, id: string): string | null {
  const why = mesaUnavailable(corpus);
  if (why) return why;
  for (const f of [
    `${id}/${id}.xml`,
    "reference/isaspec.c",
    `reference/build-support/isa/${id}/isa.h`,
  ])
    if (!existsSync(path.join(corpus, f))) return `${path.join(corpus, f)} is missing`;
  return null;
}

function buildMesa(dir: string, corpus: string, id: string, gpu: number): string {
  corpus = path.resolve(corpus);
  const ref = path.join(corpus, "reference");
  const support = path.join(ref, "build-support");
  for (const [from, names] of [
    [ref, readdirSync(ref).filter((f) => /\.(py|c|h)$/.test(f))],
    [path.join(corpus, id), readdirSync(path.join(corpus, id)).filter((f) => f.endsWith(".xml"))],
  ] as const)
    for (const f of names) copyFileSync(path.join(from, f), path.join(dir, f));
  mkdirSync(path.join(dir, "inc", "compiler", "isaspec"), { recursive: true });
  mkdirSync(path.join(dir, "inc", "util"), { recursive: true });
  copyFileSync(
    path.join(ref, "isaspec.h"),
    path.join(dir, "inc", "compiler", "isaspec", "isaspec.h"),
  );
  writeFileSync(path.join(dir, "inc", "util", "u_cpu_detect.h"), CPU_DETECT);
  writeFileSync(path.join(dir, "inc", "rounding.h"), "");
  writeFileSync(path.join(dir, "inc", "strndup.h"), "");
  writeFileSync(path.join(dir, "half_shim.c"), HALF_SHIM);
  const r = spawnSync(
    PYTHON,
    ["decode.py", "--xml", `${id}.xml`, "--out-c", "d.c", "--out-h", "d.h"],
    {
      cwd: dir,
      encoding: "utf8",
    },
  );
  if (r.status !== 0) throw new Error(`decode.py failed:\n${r.stderr}`);
  writeFileSync(
    path.join(dir, "mesa.c"),
    timingMain(
      `#include "d.h"`,
      `struct isa_decode_options options = { 0 };\n\toptions.gpu_id = ${gpu};`,
      "d_isa_disasm(words, (int)(count * 4), out, &options);",
    ),
  );
  const exe = path.join(dir, "mesa");
  const util = path.join(support, "src", "util");
  execFileSync(
    "gcc",
    [
      "-O2",
      "-std=gnu11",
      "-w",
      "-DHAVE_ENDIAN_H",
      `-I${dir}`,
      `-I${path.join(dir, "inc")}`,
      `-I${path.join(support, "src")}`,
      `-I${path.join(support, "include")}`,
      `-I${path.join(support, "isa", id)}`,
      "-o",
      exe,
      "mesa.c",
      "d.c",
      "isaspec.c",
      "half_shim.c",
      path.join(util, "ralloc.c"),
      path.join(util, "hash_table.c"),
      path.join(util, "u_printf.c"),
      "-lm",
    ],
    { cwd: dir, stdio: ["ignore", "ignore", "inherit"] },
  );
  return exe;
}

function writeCorpus(file: string, corpus: Corpus): void {
  writeFileSync(
    file,
    Buffer.from(corpus.words.buffer, corpus.words.byteOffset, corpus.words.byteLength),
  );
}

export function measureCDisasmSpeed(id: string, options: CDisasmSpeedOptions): CDisasmSpeed {
  const out = path.resolve(options.out);
  const model = JSON.parse(readFileSync(path.join(out, "json", `${id}.json`), "utf8")) as IsaModel;
  const corpus = makeCorpus(model, options.words, options.seed, linearScan(model));
  const dir = mkdtempSync(path.join(tmpdir(), `isaforge-cdisasm-${id}-`));
  try {
    const file = path.join(dir, "corpus.bin");
    writeCorpus(file, corpus);
    const nwords = String(corpus.count * corpus.wordCount);
    const ours = buildOurs(dir, out, id);
    const mesaWhy =
      options.mesaCorpus === null
        ? "not asked for"
        : model.isa.assemblySyntax !== "isaspec"
          ? `${id} is not an isaspec ISA`
          : mesaMissing(options.mesaCorpus, id);
    const mesaDir = path.join(dir, "mesa");
    mkdirSync(mesaDir);
    const mesa = mesaWhy
      ? null
      : buildMesa(mesaDir, options.mesaCorpus!, id, defaultGpu(model) ?? 0);
    const run = (exe: string) =>
      JSON.parse(
        execFileSync(exe, [file, nwords, String(options.passes)], { encoding: "utf8" }),
      ) as number[];
    const oursNs: number[] = [];
    const mesaNs: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      oursNs.push(...run(ours));
      if (mesa) mesaNs.push(...run(mesa));
    }
    const perSec = (ns: number[]) => Math.round(corpus.count / (Math.min(...ns) / 1e9));
    const c = perSec(oursNs);
    const m = mesa ? perSec(mesaNs) : null;
    return {
      id,
      instructions: corpus.count,
      cDisasmPerSec: c,
      mesaDisasmPerSec: m,
      ratio: m ? Math.round((c / m) * 10) / 10 : null,
      mesa: mesaWhy,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  const flag = (name: string, fallback: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : fallback;
  };
  const id = argv[0];
  if (!id || id.startsWith("--")) {
    process.stderr.write(
      "usage: tsx bench/cDisasmSpeed.ts <id> [--out DIR] [--words N] [--passes N] [--rounds N] [--seed S] [--no-mesa]\n",
    );
    process.exit(2);
  }
  const result = measureCDisasmSpeed(id, {
    out: flag("--out", "out"),
    words: Number(flag("--words", "100000")),
    passes: Number(flag("--passes", "3")),
    rounds: Number(flag("--rounds", "3")),
    seed: Number(flag("--seed", "1")),
    mesaCorpus: argv.includes("--no-mesa") ? null : flag("--mesa", MESA_CORPUS),
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
