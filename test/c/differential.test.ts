/**
 * Differential test of the C headers against the TS codecs: for every field of every instruction of
 * every ISA, seeded random values (and all-zero / all-one values) are packed and read back by a
 * generated C program (`<insn>_pack`, `_set_<field>`, `_get_<field>`, `_unpack`, `_matches`), and
 * its output must equal what `encode`/`decode` of out/ts/<id>.ts compute for the same values.
 * Enum fields take the number in C and the symbol in TS; the symbol's number is learnt from the
 * codec (encode `_<n>`, decode, read the symbol back), never from the header.
 */
import { readFileSync } from "fs";
import * as path from "path";
import { headerView, type InstructionView } from "../../generator/emit/cheader/headerView";
import type { Field, Instruction, IsaModel } from "../../generator/model/types";
import { compile, HEADERS, ISAS, ROOT, sh, tempDir } from "./cc";
import { prng } from "../../scripts/fuzz";
import { describeEachSpec, generatedCodec } from "../helpers/builtSpecs";
import { TEST_OUT } from "../helpers/testOutput";

jest.setTimeout(180_000);

interface Codec {
  encode(i: never): Uint32Array;
  decode(
    w: ArrayLike<number>,
    options?: { gpu?: number },
  ): { name: string; fields: Record<string, unknown> } | undefined;
}
const TRIALS = 8;
const SIGNED = new Set(["int", "offset", "branch"]);

/** Which fields a trial gives: in `order`, skipping the alternatives of fields already given. */
function givenFields(fields: Field[], order: "forward" | "reverse", first?: string): Set<string> {
  const list = order === "forward" ? [...fields] : [...fields].reverse();
  if (first) list.sort((a, b) => Number(b.name === first) - Number(a.name === first));
  const given = new Set<string>();
  const skipped = new Set<string>();
  for (const f of list) {
    if (skipped.has(f.name)) continue;
    given.add(f.name);
    for (const a of f.alternativeTo ?? []) skipped.add(a);
  }
  return given;
}

/** A field's value as the C side holds it (signed fields sign-extended). */
function cValue(f: Field, raw: number): number {
  return SIGNED.has(f.type) && raw >= 2 ** (f.width - 1) ? raw - 2 ** f.width : raw;
}

/** The same value as the TS codec takes it. */
function tsValue(f: Field, raw: number): unknown {
  if (f.type === "bool" || f.type === "bool_inv") return raw === 1;
  if (f.type === "enum") return `value${raw}`;
  return cValue(f, raw);
}

interface Trial {
  raw: number[];
  given: boolean[];
  words: number[];
  decoded: Record<string, unknown>;
}

/** Decode options for `ins`: a gpu inside its gen range (ir3 has variants per range). */
const gpuOf = (ins: Instruction) => (ins.gen ? { gpu: ins.gen.min } : {});

/** Trials 0–2: all zeros, all ones (alternatives from the other end), all ones; then random values. */
function trialsFor(codec: Codec, ins: Instruction, seed: number): Trial[] {
  const random = prng(seed);
  const trials: Trial[] = [];
  for (let t = 0; t < TRIALS; t++) {
    const given = givenFields(ins.fields, t % 2 === 0 ? "forward" : "reverse");
    const raw = ins.fields.map((f) => {
      if (!given.has(f.name)) return 0;
      const max = 2 ** f.width - 1;
      return t === 0 ? 0 : t <= 2 ? max : Math.floor(random() * (max + 1));
    });
    const fields: Record<string, unknown> = {};
    ins.fields.forEach((f, k) => given.has(f.name) && (fields[f.name] = tsValue(f, raw[k])));
    const words = Array.from(codec.encode({ name: ins.name, fields } as never));
    const d = codec.decode(words, gpuOf(ins));
    if (!d || d.name !== ins.name) throw new Error(`${ins.name}: trial ${t} decodes as ${d?.name}`);
    trials.push({ raw, given: ins.fields.map((f) => given.has(f.name)), words, decoded: d.fields });
  }
  return trials;
}

/** An enum field's symbol → number, learnt from the codec alone. */
function symbolTable(codec: Codec, ins: Instruction, field: Field): Map<unknown, number> {
  if (field.width > 12)
    throw new Error(`${ins.name}.${field.name}: enum field too wide to tabulate`);
  const given = givenFields(ins.fields, "forward", field.name);
  const table = new Map<unknown, number>();
  for (let n = 0; n < 2 ** field.width; n++) {
    const fields: Record<string, unknown> = {};
    for (const f of ins.fields) if (given.has(f.name)) fields[f.name] = tsValue(f, 0);
    fields[field.name] = `value${n}`;
    const d = codec.decode(codec.encode({ name: ins.name, fields } as never), gpuOf(ins));
    table.set(d!.fields[field.name], n);
  }
  return table;
}

const hex = (w: number) => w.toString(16).padStart(8, "0");
const literal = (v: number) => `${v}LL`;

/** The C test function of one instruction and its expected output lines. */
function instructionTest(
  codec: Codec,
  ins: Instruction,
  view: InstructionView,
  trials: Trial[],
  fn: string,
) {
  const n = ins.fields.length;
  const c: string[] = [`static void ${fn}(void)`, "{"];
  if (n > 0) {
    c.push(`\tstatic const long long v[${TRIALS}][${n}] = {`);
    for (const t of trials)
      c.push(`\t\t{ ${t.raw.map((r, k) => literal(cValue(ins.fields[k], r))).join(", ")} },`);
    c.push("\t};", `\tstatic const unsigned char given[${TRIALS}][${n}] = {`);
    for (const t of trials) c.push(`\t\t{ ${t.given.map(Number).join(", ")} },`);
    c.push("\t};");
  }
  const W = ins.encoding.match.length;
  c.push(
    `\tuint32_t w[${W}], s[${W}], r[${W}];`,
    "\tint t;",
    `\tfor (t = 0; t < ${TRIALS}; t++) {`,
  );
  if (view.structName) {
    // pack(unpack(w)) must give w back: unpack reads every field as pack wrote it.
    c.push(`\t\tstruct ${view.structName} f, g;`);
    view.fields.forEach((f, k) => c.push(`\t\tf.${f.member} = (${f.layout.ctype})v[t][${k}];`));
    c.push(
      `\t\t${view.packFn}(w, &f);`,
      `\t\t${view.unpackFn}(w, &g);`,
      `\t\t${view.packFn}(r, &g);`,
    );
  } else {
    c.push(`\t\t${view.packFn}(w);`, `\t\t${view.packFn}(r);`);
  }
  view.matchNames.forEach((m, k) => c.push(`\t\ts[${k}] = ${m};`));
  view.fields.forEach((f, k) =>
    c.push(`\t\tif (given[t][${k}]) ${f.setFn}(s, (${f.layout.ctype})v[t][${k}]);`),
  );
  c.push(
    `\t\tprintf("${ins.name} %d", t);`,
    "\t\tpw(w);",
    '\t\tprintf(" |");',
    "\t\tpw(s);",
    '\t\tprintf(" |");',
  );
  view.fields.forEach((f) => c.push(`\t\tpv((long long)${f.getFn}(w));`));
  c.push(
    `\t\tprintf(" | %d %d\\n", ${view.matchesFn}(w), memcmp(w, r, sizeof w) == 0);`,
    "\t}",
    "}",
  );

  const tables = new Map<string, Map<unknown, number>>();
  const expected = trials.map((t, i) => {
    const values = ins.fields.map((f) => {
      const d = t.decoded[f.name];
      if (typeof d === "boolean") return d ? 1 : 0;
      if (f.type === "enum") {
        if (!tables.has(f.name)) tables.set(f.name, symbolTable(codec, ins, f));
        return tables.get(f.name)!.get(d) ?? `unknown symbol ${String(d)}`;
      }
      return d;
    });
    const words = t.words.map(hex).join(" ");
    return `${ins.name} ${i} ${words} | ${words} |${values.map((v) => ` ${v}`).join("")} | 1 1`;
  });
  return { c: c.join("\n"), expected };
}

describeEachSpec(
  ISAS,
  (id) => `${id}: C header against the TS codec`,
  (id) => {
    it("packs, sets, gets and unpacks every field of every instruction as encode/decode do", () => {
      const model = JSON.parse(
        readFileSync(path.join(TEST_OUT, "json", `${id}.json`), "utf8"),
      ) as IsaModel;
      const view = headerView(model);
      const codec = generatedCodec(id) as unknown as Codec;
      const parts = model.instructions.map((ins, i) =>
        instructionTest(
          codec,
          ins,
          view.instructions[i],
          trialsFor(codec, ins, 0x15af0 + i),
          `test_${i}`,
        ),
      );
      const program = [
        `#include "${path.join(HEADERS, `${id}.h`)}"`,
        "#include <stdio.h>",
        "#include <string.h>",
        `static void pw(const uint32_t *w) { int i; for (i = 0; i < ${model.isa.wordCount}; i++) printf(" %08lx", (unsigned long)w[i]); }`,
        'static void pv(long long v) { printf(" %lld", v); }',
        ...parts.map((p) => p.c),
        "int main(void)",
        "{",
        ...model.instructions.map((_, i) => `\ttest_${i}();`),
        "\treturn 0;",
        "}",
        "",
      ].join("\n");

      const tmp = tempDir();
      try {
        const exe = path.join(tmp.dir, "diff");
        compile(
          ["gcc", "-std=c99", "-O0", "-Wall", "-Wextra", "-Werror", "-pedantic"],
          tmp.write("diff.c", program),
          exe,
        );
        const run = sh([exe]);
        expect(run.status).toBe(0);
        const got = run.stdout.trimEnd().split("\n");
        const want = parts.flatMap((p) => p.expected);
        const mismatches = want.flatMap((line, k) =>
          got[k] === line ? [] : [{ want: line, got: got[k] }],
        );
        expect(got.length).toBe(want.length);
        expect(mismatches.slice(0, 10)).toEqual([]);
      } finally {
        tmp.cleanup();
      }
    });
  },
);
