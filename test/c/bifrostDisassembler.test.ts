/**
 * The Bifrost C disassembler (out/c/bifrost-disasm.{h,c}) prints the TS codec's text: compiled as
 * strict C99 with a harness, fed every stream of ../shared/corpora/expected/bifrost and seeded
 * random valid streams (random clauses in Mesa's layout, by the TS encoder) in plain and verbose
 * mode; a rejected stream gives the TS codec's error kind and byte offset. Also snprintf semantics
 * and a C++ compile of the header.
 *
 * @needs-upstream mesa
 */
import { readFileSync } from "fs";
import * as path from "path";
import { prng } from "../../bench/prng";
import { defaultRootDir } from "../../generator/load/upstreamRoots";
import {
  ClauseStreamError,
  disassembleProgram,
  encodeClause,
  type ClauseContent,
} from "../../out/ts/bifrost";
import { C99, CXX17, HEADERS, sh, tempDir } from "./cc";

jest.setTimeout(300_000);

const HARNESS = `#include "bifrost-disasm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* stdin: lines "V HEX" (V: 1 for verbose); stdout per line: the text, or ERROR kind offset; then \\x01. */
int main(void)
{
	static char line[1 << 20];
	static uint8_t bytes[1 << 19];
	static char out[1 << 22];
	char small[8];
	while (fgets(line, sizeof line, stdin)) {
		size_t n = 0;
		for (const char *h = line + 2; h[0] && h[0] != '\\n' && h[1]; h += 2) {
			unsigned v;
			sscanf(h, "%2x", &v);
			bytes[n++] = (uint8_t)v;
		}
		struct bifrost_disasm_options o = { line[0] == '1' };
		struct bifrost_disasm_error e;
		long len = bifrost_disasm(bytes, n, &o, out, sizeof out, &e);
		/* snprintf semantics: the same length into a small buffer, its start NUL-terminated. */
		long again = bifrost_disasm(bytes, n, &o, small, sizeof small, NULL);
		if (again != len || (len >= 0 && strncmp(small, out, sizeof small - 1) != 0))
			return 2;
		if (len < 0)
			printf("ERROR %s %zu\\n", e.kind, e.byte_offset);
		else
			fwrite(out, 1, (size_t)len, stdout);
		printf("\\x01\\n");
	}
	return 0;
}
`;

interface Vector {
  id: string;
  hex: string;
}

const expected = ["shown.jsonl", "edge-shown.jsonl", "rejected-shown.jsonl"].flatMap((file) =>
  readFileSync(path.join(defaultRootDir("expected"), "bifrost", file), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Vector),
);

/** Seeded random clauses in Mesa's layouts, encoded by the TS codec: streams of 1–4 clauses. */
function randomStreams(count: number): string[] {
  const word = prng(37);
  const next = () => word() / 2 ** 32;
  const u = (bits: number) => Math.floor(next() * 2 ** bits);
  return Array.from({ length: count }, () => {
    const parts: Uint8Array[] = [];
    for (let c = 1 + u(2); c > 0; c--) {
      const n = 1 + Math.floor(next() * 8);
      // Reserved header bits (0–4 and 14) clear: Mesa rejects the others.
      const h = u(45);
      const header = h - (h % 32) - (Math.floor(h / 2 ** 14) % 2) * 2 ** 14;
      const clause: ClauseContent = {
        header,
        tuples: Array.from({ length: n }, () => ({ regs: u(35), fma: u(23), add: u(20) })),
        constants: Array.from({ length: 6 }, () => ({ lo: 0, hi: 0 })),
        modifiers: ["plain", "plain", "plain", "plain", "plain", "plain"],
        constantCount: [3, 5, 6, 8].includes(n) ? 1 : 0,
      };
      parts.push(encodeClause(clause));
    }
    return Buffer.concat(parts).toString("hex");
  });
}

function tsText(hex: string, verbose: boolean): string {
  try {
    return disassembleProgram(new Uint8Array(Buffer.from(hex, "hex")), { verbose });
  } catch (e) {
    if (!(e instanceof ClauseStreamError)) throw e;
    return `ERROR ${e.kind} ${e.byteOffset}\n`;
  }
}

describe("bifrost C disassembler", () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());
  let harness = "";

  beforeAll(() => {
    tmp.write("harness.c", HARNESS);
    harness = path.join(tmp.dir, "harness");
    const r = sh([
      ...C99,
      "-O1",
      `-I${HEADERS}`,
      path.join(tmp.dir, "harness.c"),
      path.join(HEADERS, "bifrost-disasm.c"),
      "-o",
      harness,
    ]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  const run = (cases: { hex: string; verbose: boolean }[]) => {
    const input = cases.map((c) => `${c.verbose ? 1 : 0} ${c.hex}`).join("\n") + "\n";
    const r = sh(["sh", "-c", `"${harness}" < "${tmp.write("in.txt", input)}"`]);
    expect(r.status).toBe(0);
    return r.stdout.split("\x01\n");
  };

  test("every expected stream, plain and verbose: the TS codec's text or error", () => {
    const cases = expected.flatMap((v) =>
      [false, true].map((verbose) => ({ hex: v.hex, verbose })),
    );
    const out = run(cases);
    const differing = cases.filter((c, i) => out[i] !== tsText(c.hex, c.verbose));
    expect(differing.length).toBe(0);
    expect(cases).toHaveLength(604);
  });

  test("200 random streams in Mesa's layout (180 accepted in plain mode), plain and verbose", () => {
    const cases = randomStreams(200).flatMap((hex) =>
      [false, true].map((verbose) => ({ hex, verbose })),
    );
    const out = run(cases);
    expect(cases.filter((c, i) => out[i] !== tsText(c.hex, c.verbose))).toEqual([]);
  });

  test("the header compiles as C++", () => {
    tmp.write("user.cpp", '#include "bifrost-disasm.h"\nint main() { return 0; }\n');
    const r = sh([
      ...CXX17,
      `-I${HEADERS}`,
      "-c",
      path.join(tmp.dir, "user.cpp"),
      "-o",
      path.join(tmp.dir, "user.o"),
    ]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
});
