/**
 * Building a generated C disassembler (out/c/<id>-disasm.c) with a small harness for the tests and
 * the bench: each stdin line `GPU SHOW_ERRORS WORD…` (hexadecimal words) prints `<id>_disasm`'s line.
 */
import { spawnSync } from "child_process";
import { writeFileSync } from "fs";
import * as path from "path";
import { C99, compile } from "./cc";

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

/**
 * A program harness: argv GPU SHOW_ERRORS, stdin hexadecimal words (any number); prints
 * `<id>_disasm_program`'s lines to stdout, then `= <its return value>` on stderr.
 */
export function programHarnessSource(id: string): string {
  return `#include <stdio.h>
#include <stdlib.h>
#include "${id}-disasm.h"

static uint32_t words[1 << 20];

int main(int argc, char **argv)
{
	struct ${id}_disasm_options options;
	unsigned long word;
	size_t n = 0;
	int r;
	if (argc != 3)
		return 2;
	options.gpu = (unsigned)strtoul(argv[1], NULL, 10);
	options.show_errors = strtoul(argv[2], NULL, 10) != 0;
	while (n < sizeof words / sizeof *words && scanf("%lx", &word) == 1)
		words[n++] = (uint32_t)word;
	r = ${id}_disasm_program(words, n, &options, stdout);
	fflush(stdout);
	fprintf(stderr, "= %d\\n", r);
	return 0;
}
`;
}

/** Compiles out/c/<id>-disasm.c (from `outDir`) once into an object in `dir`; returns its path. */
export function compileDisassembler(
  dir: string,
  outDir: string,
  id: string,
  optimize = "-O1",
): string {
  const object = path.join(dir, `${id}-disasm.o`);
  compile([...C99, optimize], path.join(outDir, `${id}-disasm.c`), object, ["-c"]);
  return object;
}

/** Links `main` (C source) with a compiled disassembler; returns the program's path. */
export function linkWith(
  dir: string,
  outDir: string,
  object: string,
  name: string,
  main: string,
): string {
  const source = path.join(dir, `${name}.c`);
  writeFileSync(source, main);
  const exe = path.join(dir, name);
  compile(C99, source, exe, [`-I${outDir}`, object]);
  return exe;
}

/** The harness for a compiled disassembler. */
export function buildHarness(
  dir: string,
  outDir: string,
  id: string,
  wordCount: number,
  object: string,
): string {
  return linkWith(dir, outDir, object, `${id}-harness`, harnessSource(id, wordCount));
}

/** The harness's lines for `input` (one line per input line); throws when it fails. */
export function runHarness(exe: string, input: string): string[] {
  const r = spawnSync(exe, [], { input, encoding: "utf8", maxBuffer: 1024 * 1024 * 1024 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${exe} exited with ${r.status} (${r.signal}): ${r.stderr}`);
  return r.stdout.split("\n").slice(0, -1);
}
