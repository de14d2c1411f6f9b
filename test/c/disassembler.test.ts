/**
 * The generated C disassemblers (out/c/<id>-disasm.{h,c}) print exactly the TS codec's text: every
 * ISA's is compiled as strict C99 with a harness, fed seeded random words per instruction and
 * generation (fixed bits set, the rest random; once with don't-care bits clear and asserted bits
 * as expected, once with everything else random) and fully random words, show_errors on and off,
 * and every line is compared with `disassemble` of out/ts/<id>.ts. Also: snprintf semantics
 * (truncation, size 0, NULL options), `<id>_disasm_program`, and a C++ compile.
 */
import { spawnSync } from "child_process";
import { readFileSync } from "fs";
import * as path from "path";
import type { Instruction, IsaModel } from "../../generator/model/types";
import { prng } from "../../bench/prng";
import { compile, CXX17, C99, HEADERS, ROOT, sh, tempDir } from "./cc";
import {
  buildHarness,
  compileDisassembler,
  harnessSource,
  linkWith,
  programHarnessSource,
  runHarness,
} from "./disassemblerHarness";
import { describeEachSpec, generatedCodec } from "../helpers/builtSpecs";
import { TEST_OUT } from "../helpers/testOutput";

// Compiling ir3's disassembler (120,000 lines) takes a minute on a loaded machine.
jest.setTimeout(900_000);

interface Codec {
  disassemble(words: ArrayLike<number>, options?: { gpu?: number; showErrors?: boolean }): string;
  disassembleProgram(
    words: ArrayLike<number>,
    options?: { gpu?: number; showErrors?: boolean },
  ): string[];
}

const C_ISAS = ["ir3", "etnaviv", "r500", "valhall"];
/** Generations tried: 0 is the C default (the codec's, no `gpu`). */
const GENS: Record<string, number[]> = {
  ir3: [0, 300, 400, 500, 600, 700],
  etnaviv: [0],
  r500: [0],
  valhall: [0],
};

/** The README's ir3 example; golden vectors of Mesa's etnaviv tests (disasm.cpp, test/codecs/etnaviv.test.ts). */
const GOLDEN: Record<string, [string, string][]> = {
  ir3: [["0000000a 20044005", "mov.f32f32 r1.y, r2.z"]],
  etnaviv: [
    ["07811018 15001f20 0 0", "texld             t1, tex0.xyzw, t1.xyyy, void, void"],
    ["01821009 0 0 00150028", "mov.pack          t2.xy__, void, void, t2.xyyy"],
    ["00823009 0 0 00000018", "mov.pack          t2[a.x].x___, void, void, t1.xxxx"],
  ],
  // disassembly-syntax.md §3 (Mesa's Valhall test cases, as words).
  valhall: [
    ["000000e3 0291c100", "MOV.i32 r1, thread_local_pointer.w1"],
    ["00000201 00a4c032", "FADD.f32.clamp_m1_1 r0, r1, r2.neg.abs"],
    ["fffff841 501fc007", "BRANCHZ.reconverge ^r1, offset:-8"],
    ["000001c0 5110c400", "IADD_IMM.i32.reconverge r4, 0x0, #0x1"],
  ],
  // r500-and-bifrost.md A5: an IF at ip 0 jumping to 5, Mesa's three lines joined.
  r500: [
    [
      "00000402 0 12000f00 00050000 0 0",
      "0:CMN_INST   0x00000402:FC    ALU WAIT wmask: NONE omask: NONE" +
        "\t2:FC_INST    0x12000f00:0x0f 0 JUMP NONE INCR NONE 0 0 5 IGN_UNC" +
        "\t3:FC_ADDR    0x00050000:BOOL: 0x00, INT: 0x00, JUMP_ADDR: 5, JMP_GLBL: 0",
    ],
  ],
};

const modelOf = (id: string): IsaModel =>
  JSON.parse(readFileSync(path.join(TEST_OUT, "json", `${id}.json`), "utf8")) as IsaModel;

interface Case {
  words: number[];
  gpu: number;
  showErrors: boolean;
}

/** Words with the instruction's fixed bits; `clean`: don't-care bits clear, asserts as expected. */
function wordsOf(ins: Instruction, next: () => number, clean: boolean): number[] {
  const { match, mask, dontCare } = ins.encoding;
  const words = match.map((m, i) =>
    clean
      ? ((m & ~dontCare[i]) | (next() & ~mask[i])) >>> 0
      : ((m & mask[i] & ~dontCare[i]) | (next() & (~mask[i] | dontCare[i]))) >>> 0,
  );
  if (clean)
    for (const a of ins.assertions ?? [])
      for (let bit = a.low; bit <= a.high; bit++) {
        const w = bit >> 5;
        const set = Math.floor(a.value / 2 ** (bit - a.low)) % 2;
        words[w] = (set ? words[w] | (1 << (bit & 31)) : words[w] & ~(1 << (bit & 31))) >>> 0;
      }
  return words;
}

function casesOf(model: IsaModel, seed: number): Case[] {
  const next = prng(seed);
  const gens = GENS[model.isa.id];
  const cases: Case[] = [];
  for (const ins of model.instructions)
    for (const gpu of gens.filter(
      (g) => g === 0 || !ins.gen || (g >= ins.gen.min && g <= ins.gen.max),
    ))
      for (let n = 0; n < 8; n++)
        cases.push({ words: wordsOf(ins, next, n < 4), gpu, showErrors: n % 2 === 1 });
  for (let n = 0; n < 4000; n++)
    cases.push({
      words: Array.from({ length: model.isa.wordCount }, () => next()),
      gpu: gens[n % gens.length],
      showErrors: n % 3 !== 0,
    });
  return cases;
}

/** Runs `argv` with `input` on stdin. */
function run(argv: string[], input: string): { stdout: string; stderr: string } {
  const r = spawnSync(argv[0], argv.slice(1), { input, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  return { stdout: r.stdout, stderr: r.stderr };
}

const line = (c: Case) =>
  `${c.gpu} ${c.showErrors ? 1 : 0} ${c.words.map((w) => w.toString(16)).join(" ")}\n`;

describeEachSpec(
  C_ISAS,
  (id) => `out/c/${id}-disasm.c`,
  (id) => {
    const model = modelOf(id);
    const codec: Codec = generatedCodec(id);
    const t = tempDir();
    let exe = "";
    let object = "";
    beforeAll(() => {
      object = compileDisassembler(t.dir, HEADERS, id, "-O0");
      exe = buildHarness(t.dir, HEADERS, id, model.isa.wordCount, object);
    });
    afterAll(() => t.cleanup());

    it("prints the TS codec's text for random words of every instruction and generation, and fully random words", () => {
      const cases = casesOf(model, 27);
      const got = runHarness(exe, cases.map(line).join(""));
      expect(got.length).toBe(cases.length);
      const wrong = cases
        .map((c, i) => ({
          ...c,
          words: c.words.map((w) => `0x${w.toString(16)}`).join(" "),
          want: codec.disassemble(c.words, {
            gpu: c.gpu === 0 ? undefined : c.gpu,
            showErrors: c.showErrors,
          }),
          got: got[i],
        }))
        .filter((x) => x.want !== x.got);
      expect(wrong.slice(0, 5)).toEqual([]);
    });

    it("writes snprintf-style: full length returned, at most size-1 characters and a NUL; options may be NULL", () => {
      const cases = casesOf(model, 5).slice(0, 40);
      const fn = id;
      const calls = cases
        .map((c, n) => {
          const words = `{ ${c.words.map((w) => `0x${w.toString(16)}u`).join(", ")} }`;
          return `	{
		static const uint32_t w[] = ${words};
		check(w, ${n % 4 === 0 ? "NULL" : "&options"});
	}`;
        })
        .join("\n");
      const program = `#include <stdio.h>
#include <string.h>
#include "${id}-disasm.h"

static const struct ${fn}_disasm_options options = { 0, true };

static void check(const uint32_t *words, const struct ${fn}_disasm_options *o)
{
	char full[4096], part[4096];
	size_t n = ${fn}_disasm(words, o, full, sizeof full), size;
	if (${fn}_disasm(words, o, NULL, 0) != n)
		printf("size 0 returned another length\\n");
	for (size = 1; size <= n + 2; size++) {
		size_t kept = size - 1 < n ? size - 1 : n;
		memset(part, '#', sizeof part);
		if (${fn}_disasm(words, o, part, size) != n || memcmp(part, full, kept) != 0 ||
		    part[kept] != '\\0' || part[kept + 1] != '#')
			printf("size %u: wrong\\n", (unsigned)size);
	}
	printf("%u %s\\n", (unsigned)n, full);
}

int main(void)
{
${calls}
	return 0;
}
`;
      {
        const r = sh([linkWith(t.dir, HEADERS, object, "snprintf", program)]);
        expect(r.status).toBe(0);
        expect(r.stdout.split("\n").slice(0, -1)).toEqual(
          cases.map((c, n) => {
            const text = codec.disassemble(c.words, n % 4 === 0 ? {} : { showErrors: true });
            return `${Buffer.byteLength(text)} ${text}`;
          }),
        );
      }
    });

    it("disassembleProgram's lines for random programs (conflicts included), show_errors on and off; -1 and nothing printed for a partial instruction", () => {
      const program = linkWith(t.dir, HEADERS, object, "program", programHarnessSource(id));
      const wc = model.isa.wordCount;
      const cases = casesOf(model, 9);
      let conflicts = 0;
      for (const gpu of GENS[id])
        for (const showErrors of [false, true]) {
          // The cases of this generation in a seeded random order, as one program.
          const next = prng(gpu * 2 + (showErrors ? 1 : 0));
          const own = cases.filter((c) => c.gpu === gpu).map((c) => ({ c, key: next() }));
          const words = own.sort((a, b) => a.key - b.key).flatMap(({ c }) => c.words);
          const options = { gpu: gpu === 0 ? undefined : gpu, showErrors };
          const want = codec.disassembleProgram(words, options);
          conflicts += want.filter((l) => l.includes("; bitset conflict: ")).length;
          const input = words.map((w) => w.toString(16)).join(" ");
          const r = run([program, String(gpu), showErrors ? "1" : "0"], input);
          expect(r.stderr).toBe("= 0\n");
          const got = r.stdout.split("\n");
          expect(got.pop()).toBe("");
          expect(got.length).toBe(want.length);
          expect(got.filter((l, i) => l !== want[i]).slice(0, 5)).toEqual([]);
          if (wc > 1) {
            const partial = run([program, String(gpu), showErrors ? "1" : "0"], input + " 1");
            expect([partial.stdout, partial.stderr]).toEqual(["", "= -1\n"]);
            expect(() => codec.disassembleProgram([...words, 1], options)).toThrow(RangeError);
          }
        }
      // ir3's encodings overlap (Mesa's bitset conflicts): the carried error must be exercised.
      if (id === "ir3") expect(conflicts).toBeGreaterThan(0);
    });

    it("stores only where its runs reserved the room: built with DIS_CHECK_ROOM and AddressSanitizer, random programs and lines print the TS codec's text", () => {
      // ASan's leak check needs ptrace, which containers may refuse; nothing here allocates.
      process.env.ASAN_OPTIONS = "detect_leaks=0";
      // The program's buffer as small as allowed: every run of text meets a full buffer.
      const flags = [
        ...C99,
        "-O0",
        "-DDIS_CHECK_ROOM",
        "-DDIS_PROGRAM_BUFFER=(DIS_LINE_ROOM > 0 ? DIS_LINE_ROOM : 1)",
        "-fsanitize=address,undefined",
      ];
      const checkedFlags = [...flags, "-fno-sanitize-recover=all"];
      // The disassembler compiled once (ir3's is 120,000 lines), linked into both harnesses.
      const object = path.join(t.dir, `${id}-disasm-checked.o`);
      compile(checkedFlags, path.join(HEADERS, `${id}-disasm.c`), object, ["-c", `-I${HEADERS}`]);
      const checked = (name: string, main: string) => {
        const exe = path.join(t.dir, name);
        compile(checkedFlags, t.write(`${name}.c`, main), exe, [`-I${HEADERS}`, object]);
        return exe;
      };
      const program = checked("checked-program", programHarnessSource(id));
      const lines = checked("checked-lines", harnessSource(id, model.isa.wordCount));
      const cases = casesOf(model, 13);
      for (const gpu of GENS[id])
        for (const showErrors of [false, true]) {
          const words = cases.filter((c) => c.gpu === gpu).flatMap((c) => c.words);
          const options = { gpu: gpu === 0 ? undefined : gpu, showErrors };
          const r = run(
            [program, String(gpu), showErrors ? "1" : "0"],
            words.map((w) => w.toString(16)).join(" "),
          );
          expect(r.stderr).toBe("= 0\n");
          const want = codec.disassembleProgram(words, options);
          expect(
            r.stdout
              .split("\n")
              .filter((l, i) => l !== (want[i] ?? ""))
              .slice(0, 5),
          ).toEqual([]);
        }
      const got = runHarness(lines, cases.map(line).join(""));
      const want = cases.map((c) =>
        codec.disassemble(c.words, {
          gpu: c.gpu === 0 ? undefined : c.gpu,
          showErrors: c.showErrors,
        }),
      );
      expect(got.filter((l, i) => l !== want[i]).slice(0, 5)).toEqual([]);
    });

    if (id === "ir3")
      it("prints Mesa's conflict with the next instruction's errors (show_errors), and drops it in ir3_disasm", () => {
        const program = linkWith(t.dir, HEADERS, object, "conflict", programHarnessSource(id));
        const input = "00e74000 c7600000 0000000a 20044005";
        const r = run([program, "700", "1"], input);
        expect(r.stdout).toBe(
          "no match: c760000000e74000\nmov.f32f32 r1.y, r2.z\t; bitset conflict: stsc vs stib.b\n",
        );
        expect(run([program, "700", "0"], input).stdout).toBe(
          "no match: c760000000e74000\nmov.f32f32 r1.y, r2.z\n",
        );
        expect(runHarness(exe, "700 1 00e74000 c7600000\n700 1 0000000a 20044005\n")).toEqual([
          "no match: c760000000e74000",
          "mov.f32f32 r1.y, r2.z",
        ]);
      });

    it("prints upstream's text for known words", () => {
      expect(runHarness(exe, GOLDEN[id].map(([words]) => `0 0 ${words}\n`).join(""))).toEqual(
        GOLDEN[id].map(([, text]) => text),
      );
    });

    it("compiles as C++", () => {
      compile(
        [...CXX17, "-x", "c++", "-fsyntax-only"],
        path.join(HEADERS, `${id}-disasm.c`),
        undefined,
        [`-I${HEADERS}`],
      );
    });
  },
);
