/**
 * Building a generated C disassembler (out/c/<id>-disasm.c) with a small harness for the tests and
 * the bench: each stdin line `GPU SHOW_ERRORS WORD…` (hexadecimal words) prints `<id>_disasm`'s line.
 */
import { spawnSync } from "child_process";
import { writeFileSync } from "fs";
import * as path from "path";
import { compile } from "./cc";

export function harnessSource(id: string, wordCount: number): string {
  return `#include <stdio.h>
#include <stdlib.h>
#include "${id}-disasm.h"

int main(void)
{
	char line[4096];
	char text[65536];
	while (fgets(line, sizeof line, stdin)) {
		struct ${id}_disasm_options options;
		uint32_t words[${wordCount}] = { 0 };
		char *at = line;
		unsigned i;
		options.gpu = (unsigned)strtoul(at, &at, 10);
		options.show_errors = strtoul(at, &at, 10) != 0;
		for (i = 0; i < ${wordCount}; i++)
			words[i] = (uint32_t)strtoul(at, &at, 16);
		${id}_disasm(words, &options, text, sizeof text);
		puts(text);
	}
	return 0;
}
`;
}

/** Compiles the harness and out/c/<id>-disasm.c in `dir`; returns the program's path. */
export function buildHarness(
  dir: string,
  outDir: string,
  id: string,
  wordCount: number,
  optimize = "-O1",
): string {
  const main = path.join(dir, `${id}-harness.c`);
  writeFileSync(main, harnessSource(id, wordCount));
  const exe = path.join(dir, `${id}-harness`);
  compile(["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", optimize], main, exe, [
    `-I${outDir}`,
    path.join(outDir, `${id}-disasm.c`),
  ]);
  return exe;
}

/** The harness's lines for `input` (one line per input line); throws when it fails. */
export function runHarness(exe: string, input: string): string[] {
  const r = spawnSync(exe, [], { input, encoding: "utf8", maxBuffer: 1024 * 1024 * 1024 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${exe} exited with ${r.status} (${r.signal}): ${r.stderr}`);
  return r.stdout.split("\n").slice(0, -1);
}
