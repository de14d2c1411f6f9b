/**
 * The generated C disassembler (out/c/<id>-disasm.c) built with `gcc -O2` and timed on its own: the
 * whole program to /dev/null through `<id>_disasm_program`, wall clock inside the binary, the best of
 * `repeat` runs. bench/codecSpeed.ts runs it in the same rounds as the TS codec, so that both figures
 * see the same machine load.
 */
import { execFileSync } from "child_process";
import { mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";

export interface CDisassembler {
  /** Instructions per second: the best of `repeat` runs over the program, timed inside the binary. */
  perSecond(words: Uint32Array, wordsPerInstruction: number, gpu: number, repeat: number): number;
  dispose(): void;
}

const driver = (id: string) => `#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "${id}-disasm.h"

int main(int argc, char **argv)
{
	FILE *in = fopen(argv[1], "rb"), *out = fopen("/dev/null", "w");
	struct ${id}_disasm_options options = { (unsigned)strtoul(argv[2], NULL, 10), false };
	int repeat = atoi(argv[3]);
	long size;
	uint32_t *words;
	double best = 0;
	if (argc != 4 || !in || !out || fseek(in, 0, SEEK_END) || (size = ftell(in)) < 0)
		return 1;
	rewind(in);
	words = malloc((size_t)size + 4);
	if (!words || fread(words, 1, (size_t)size, in) != (size_t)size)
		return 1;
	for (int r = 0; r < repeat; r++) {
		struct timespec a, b;
		clock_gettime(CLOCK_MONOTONIC, &a);
		${id}_disasm_program(words, (size_t)size / 4, &options, out);
		fflush(out);
		clock_gettime(CLOCK_MONOTONIC, &b);
		double ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
		if (r == 0 || ns < best)
			best = ns;
	}
	printf("%.0f\\n", best);
	return 0;
}
`;

/** Builds `out/c/<id>-disasm.c` with a timing driver in a temporary folder; throws gcc's message. */
export function buildCDisassembler(out: string, id: string): CDisassembler {
  const work = mkdtempSync(path.join(tmpdir(), `isaforge-cdisasm-${id}-`));
  const exe = path.join(work, "dis");
  const c = path.join(path.resolve(out), "c");
  try {
    writeFileSync(path.join(work, "driver.c"), driver(id));
    execFileSync(
      "gcc",
      [
        "-O2",
        "-std=c99",
        `-I${c}`,
        "-o",
        exe,
        path.join(work, "driver.c"),
        path.join(c, `${id}-disasm.c`),
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
  } catch (e) {
    rmSync(work, { recursive: true, force: true });
    throw e;
  }
  const input = path.join(work, "words.bin");
  return {
    perSecond(words, wordsPerInstruction, gpu, repeat) {
      writeFileSync(input, Buffer.from(words.buffer, words.byteOffset, words.byteLength));
      const ns = Number(
        execFileSync(exe, [input, String(gpu), String(repeat)], { encoding: "utf8" }),
      );
      return words.length / wordsPerInstruction / (ns / 1e9);
    },
    dispose() {
      rmSync(work, { recursive: true, force: true });
    },
  };
}
