/**
 * Disassembly speed of a clause ISA's codecs (Bifrost): a stream of seeded random clauses in Mesa's
 * layout (each one Mesa accepts), disassembled whole by the generated TS codec (`disassembleProgram`,
 * warm: after warm-up passes, the best pass) and by the generated C disassembler
 * (`<id>_disasm_program` to /dev/null, `gcc -O2`, timed inside the binary, best of its runs), in
 * clauses and instructions (two slot words a tuple) per second; `byLength` is the TS figure against
 * stream length, which should stay flat.
 *
 *   tsx bench/clauseSpeed.ts ID --out DIR [--clauses N] [--lengths N,N,…] [--seed S]
 */
import { execFileSync } from "child_process";
import { mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { prng } from "./prng";

export interface ClauseFigures {
  clauses: number;
  instructions: number;
  tsClausesPerSec: number;
  tsInstructionsPerSec: number;
  /** `disassembleEachClause`: each clause's text handed over, none held. */
  tsEachClausesPerSec: number;
  cClausesPerSec?: number;
  cInstructionsPerSec?: number;
  cUnavailable?: string;
  /** TS clauses/s (`disassembleEachClause`) by stream length in clauses. */
  byLength: Record<string, number>;
}

interface ClauseCodec {
  disassembleProgram(bytes: Uint8Array, options?: { verbose?: boolean }): string;
  disassembleEachClause(
    bytes: Uint8Array,
    options: { verbose?: boolean },
    visit: (text: string) => void,
  ): void;
  encodeClause(clause: object): Uint8Array;
}

/** `count` clauses Mesa accepts, concatenated, and their tuple count. */
function corpus(
  codec: ClauseCodec,
  count: number,
  seed: number,
): { bytes: Uint8Array; tuples: number } {
  const word = prng(seed);
  const u = (bits: number) => Math.floor((word() / 2 ** 32) * 2 ** bits);
  const parts: Uint8Array[] = [];
  let tuples = 0;
  while (parts.length < count) {
    const n = 1 + u(3);
    const h = u(45);
    const clause = {
      header: h - (h % 32) - (Math.floor(h / 2 ** 14) % 2) * 2 ** 14,
      tuples: Array.from({ length: n }, () => ({ regs: u(35), fma: u(23), add: u(20) })),
      constants: Array.from({ length: 6 }, () => ({ lo: 0, hi: 0 })),
      modifiers: ["plain", "plain", "plain", "plain", "plain", "plain"],
      constantCount: [3, 5, 6, 8].includes(n) ? 1 : 0,
    };
    const bytes = codec.encodeClause(clause);
    try {
      codec.disassembleProgram(bytes);
    } catch {
      continue; // a reserved register mode: Mesa rejects it
    }
    parts.push(bytes);
    tuples += n;
  }
  const all = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return { bytes: all, tuples };
}

function bestSeconds(run: () => void, passes: number): number {
  let best = Infinity;
  for (let p = 0; p < passes; p++) {
    const t = process.hrtime.bigint();
    run();
    best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e9);
  }
  return best;
}

const DRIVER = (id: string) => `#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "${id}-disasm.h"

int main(int argc, char **argv)
{
	FILE *in = fopen(argv[1], "rb"), *out = fopen("/dev/null", "w");
	int repeat = argc > 2 ? atoi(argv[2]) : 5;
	long size;
	double best = 1e30;
	if (!in || !out || fseek(in, 0, SEEK_END) || (size = ftell(in)) < 0)
		return 1;
	rewind(in);
	uint8_t *bytes = malloc((size_t)size + 1);
	if (!bytes || fread(bytes, 1, (size_t)size, in) != (size_t)size)
		return 1;
	for (int r = 0; r < repeat; r++) {
		struct timespec a, b;
		clock_gettime(CLOCK_MONOTONIC, &a);
		if (${id}_disasm_program(bytes, (size_t)size, NULL, out, NULL))
			return 1;
		clock_gettime(CLOCK_MONOTONIC, &b);
		double s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
		if (s < best)
			best = s;
	}
	printf("%.9f\\n", best);
	return 0;
}
`;

/** Seconds of the C disassembler over `bytes` (best of its runs), or why it could not run. */
function cSeconds(id: string, out: string, bytes: Uint8Array): number | string {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-clause-bench-"));
  try {
    writeFileSync(path.join(dir, "driver.c"), DRIVER(id));
    writeFileSync(path.join(dir, "stream.bin"), bytes);
    const c = path.resolve(out, "c");
    execFileSync(
      "gcc",
      ["-std=c99", "-O2", `-I${c}`, "driver.c", path.join(c, `${id}-disasm.c`), "-o", "driver"],
      {
        cwd: dir,
        stdio: "pipe",
      },
    );
    return Number(
      execFileSync(path.join(dir, "driver"), ["stream.bin", "7"], { cwd: dir }).toString().trim(),
    );
  } catch (e) {
    return e instanceof Error ? e.message.split("\n")[0] : String(e);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function measureClauseSpeed(
  id: string,
  o: { out: string; clauses: number; lengths: number[]; seed: number },
): ClauseFigures {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const codec = require(path.resolve(o.out, "ts", `${id}.ts`)) as ClauseCodec;
  const { bytes, tuples } = corpus(codec, o.clauses, o.seed);
  const run = () => codec.disassembleProgram(bytes);
  bestSeconds(run, 3); // warm-up
  const ts = bestSeconds(run, 5);
  let sink = 0;
  const each = (b: Uint8Array) =>
    codec.disassembleEachClause(b, {}, (text) => (sink += text.length));
  const tsEach = bestSeconds(() => each(bytes), 5);
  const figures: ClauseFigures = {
    clauses: o.clauses,
    instructions: 2 * tuples,
    tsClausesPerSec: Math.round(o.clauses / ts),
    tsInstructionsPerSec: Math.round((2 * tuples) / ts),
    tsEachClausesPerSec: Math.round(o.clauses / tsEach),
    byLength: {},
  };
  const c = cSeconds(id, o.out, bytes);
  if (typeof c === "number") {
    figures.cClausesPerSec = Math.round(o.clauses / c);
    figures.cInstructionsPerSec = Math.round((2 * tuples) / c);
  } else figures.cUnavailable = c;
  for (const length of o.lengths) {
    const part = corpus(codec, length, o.seed + length);
    const repeat = Math.max(1, Math.round(o.clauses / length));
    const seconds = bestSeconds(() => {
      for (let r = 0; r < repeat; r++) each(part.bytes);
    }, 3);
    figures.byLength[String(length)] = Math.round((length * repeat) / seconds);
  }
  if (sink < 0) throw new Error("unreachable");
  return figures;
}

export const CLAUSE_DEFAULTS = { clauses: 20_000, lengths: [100, 1_000, 10_000], seed: 1 };

if (require.main === module) {
  const [id, ...rest] = process.argv.slice(2);
  const o = { ...CLAUSE_DEFAULTS, out: "out" };
  for (let i = 0; i < rest.length; i += 2) {
    const v = rest[i + 1] ?? "";
    if (rest[i] === "--out") o.out = v;
    else if (rest[i] === "--clauses") o.clauses = Number(v);
    else if (rest[i] === "--seed") o.seed = Number(v);
    else if (rest[i] === "--lengths") o.lengths = v.split(",").map(Number);
    else throw new Error(`clauseSpeed: unknown option '${rest[i]}'`);
  }
  process.stdout.write(JSON.stringify(measureClauseSpeed(id, o)) + "\n");
}
