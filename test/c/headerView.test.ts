/**
 * The C header emitter on a small hand-built model with what the shipped ISAs barely have: a field
 * crossing a word boundary, a field split over two ranges, signed fields (narrow and 32 bits wide),
 * a C keyword and clashing names, an instruction without fields. The header must compile, place
 * every bit where the model says (checked against bits set here by hand), and assert on overflow
 * unless NDEBUG.
 */
import * as path from "path";
import { emitCHeader } from "../../generator/emit/emitCHeader";
import { headerView } from "../../generator/emit/cheader/headerView";
import type { DocumentInfo, IsaModel } from "../../generator/model/types";
import { at, field, instruction, model } from "../helpers/modelFactory";
import { C99, compile, CXX17, sh, tempDir } from "./cc";

jest.setTimeout(60_000);

const doc: DocumentInfo = {
  path: "specs/t-x/t.xml",
  format: "isaspec",
  role: "seed",
  upstream: "example/t@1",
  sha256: "0".repeat(64),
  recovery: [],
  recoveredLines: 1,
};

function testModel(): IsaModel {
  const m = model({
    documents: [doc],
    enums: [
      {
        name: "#mode.x",
        values: [
          { value: 0, display: "a.b", source: at(2) },
          { value: 1, display: "a_b", source: at(3) },
          { value: 2, name: "Two words", display: "(two)", source: at(4) },
          { value: 3, reserved: true, source: at(5) },
        ],
        source: at(1),
      },
    ],
    instructions: [
      instruction("x.y", [0x0000000f, 0], [0x0000000f, 0x00000000], 10, {
        fields: [
          field("a", 28, 35, 11), // words 0 and 1
          {
            ...field("b", 4, 5, 12),
            ranges: [
              { low: 4, high: 5 },
              { low: 40, high: 42 },
            ],
            width: 5,
          },
          field("c", 36, 39, 13, { type: "int" }),
          field("signed", 60, 60, 14, { type: "bool" }),
          field("d.e", 6, 7, 15),
          field("d_e", 8, 9, 16, { type: "enum", enum: "#mode.x" }),
          field("wide", 10, 27, 17),
        ],
      }),
      instruction("X_Y", [0, 0], [0, 0], 20, {
        fields: [field("imm", 0, 31, 21), field("off", 32, 63, 22, { type: "branch" })],
      }),
      instruction("nop", [0x0000000e, 0], [0x0000000f, 0xffffffff], 30, {
        encoding: {
          match: [0x0000000e, 0],
          mask: [0x0000000f, 0xffffffff],
          dontCare: [0, 0xffffffff],
        },
      }),
    ],
  });
  m.isa.id = "t-x";
  return m;
}

/** Bits of `value` at `ranges` (least significant first), set by hand. */
function place(words: number[], ranges: [number, number][], value: number): void {
  let v = value < 0 ? value + 2 ** ranges.reduce((n, [l, h]) => n + h - l + 1, 0) : value;
  for (const [low, high] of ranges)
    for (let bit = low; bit <= high; bit++, v = Math.floor(v / 2))
      if (v % 2) words[bit >>> 5] = (words[bit >>> 5] | (1 << (bit & 31))) >>> 0;
}

describe("C header of a hand-built model", () => {
  const m = testModel();
  const [file] = emitCHeader([m]);
  const view = headerView(m);

  it("makes every name valid, unique C", () => {
    expect(file.path).toBe("c/t-x.h");
    expect(view.prefix).toBe("T_X");
    expect(view.instructions.map((i) => i.packFn)).toEqual([
      "t_x_x_y_pack",
      "t_x_x_y_2_pack",
      "t_x_nop_pack",
    ]);
    expect(view.instructions[0].fields.map((f) => f.member)).toEqual([
      "a",
      "b",
      "c",
      "signed_",
      "d_e",
      "d_e_2",
      "wide",
    ]);
    expect(view.instructions[0].fields.map((f) => f.getFn)).toContain("t_x_x_y_get_d_e_2");
    expect(view.enums[0].defines.map((d) => d.name)).toEqual([
      "T_X_MODE_X_A_B",
      "T_X_MODE_X_A_B_2",
      "T_X_MODE_X_TWO",
    ]);
    expect(view.instructions[2].structName).toBeNull();
    expect(file.content).toContain(" *   specs/t-x/t.xml (example/t@1)\n");
    expect(file.content).toContain("`LD_VAR_BUF.f32` gives `LD_VAR_BUF_F32`");
  });

  it("cuts fields at word boundaries and keeps split fields in order", () => {
    const layout = (name: string) => view.layouts.find((l) => l.field === name)!;
    expect(layout("a").parts).toEqual([
      { word: 0, mask: "0xf0000000u", shift: 28, pos: 0, width: 4 },
      { word: 1, mask: "0x0000000fu", shift: 0, pos: 4, width: 4 },
    ]);
    expect(layout("b").parts.map((p) => [p.word, p.shift, p.pos, p.width])).toEqual([
      [0, 4, 0, 2],
      [1, 8, 2, 3],
    ]);
    expect(layout("c")).toMatchObject({ ctype: "int32_t", min: "-8", max: "7", signBit: "0x8u" });
    expect(layout("off")).toMatchObject({ ctype: "int32_t", min: null, max: null });
    expect(layout("imm")).toMatchObject({ ctype: "uint32_t", max: null });
    expect(file.content).toContain(
      "#define T_X_A__WORD1\t\t\t\t\t\t1\n#define T_X_A__MASK1\t\t\t\t\t\t0x0000000f\n",
    );
  });

  it("compiles and packs, sets and gets every field where the model puts it", () => {
    const tmp = tempDir();
    try {
      tmp.write("t-x.h", file.content);
      const values = { a: 0xa5, b: 0x1b, c: -3, signed_: 1, d_e: 2, d_e_2: 1, wide: 0x2abcd };
      const program = `#include "t-x.h"
#include <stdio.h>
static void pw(const uint32_t w[2]) { printf("%08lx %08lx\\n", (unsigned long)w[0], (unsigned long)w[1]); }
int main(void)
{
	uint32_t w[2], s[2] = { T_X_X_Y__MATCH0, T_X_X_Y__MATCH1 }, z[2];
	struct t_x_x_y_fields f = { ${Object.values(values).join(", ")} };
	struct t_x_x_y_2_fields g = { 0xdeadbeefu, -2 };
	t_x_x_y_pack(w, &f);
	pw(w);
${Object.entries(values)
  .map(([k, v]) => `\tt_x_x_y_set_${k.replace(/_$/, "")}(s, ${v});`)
  .join("\n")}
	pw(s);
	printf("%ld %ld %ld %ld\\n", (long)t_x_x_y_get_a(w), (long)t_x_x_y_get_b(w), (long)t_x_x_y_get_c(w), (long)t_x_x_y_get_wide(w));
	t_x_x_y_set_c(s, 7);
	printf("%ld %ld %d\\n", (long)t_x_x_y_get_c(s), (long)t_x_x_y_get_a(s), t_x_x_y_matches(s));
	t_x_x_y_2_pack(z, &g);
	pw(z);
	printf("%ld %d\\n", (long)t_x_x_y_2_get_off(z), t_x_x_y_2_matches(z));
	t_x_nop_pack(z);
	pw(z);
	printf("%d %d\\n", t_x_nop_matches(z), t_x_x_y_matches(z));
	return 0;
}
`;
      const source = tmp.write("p.c", program);
      compile(C99, source, path.join(tmp.dir, "p"));
      compile(CXX17, tmp.write("p.cpp", program), path.join(tmp.dir, "pp"));
      const out = sh([path.join(tmp.dir, "p")]);
      expect(sh([path.join(tmp.dir, "pp")]).stdout).toBe(out.stdout);

      const w = [0x0000000f, 0];
      place(w, [[28, 35]], 0xa5);
      place(
        w,
        [
          [4, 5],
          [40, 42],
        ],
        0x1b,
      );
      place(w, [[36, 39]], -3);
      place(w, [[60, 60]], 1);
      place(w, [[6, 7]], 2);
      place(w, [[8, 9]], 1);
      place(w, [[10, 27]], 0x2abcd);
      const hex = (x: number[]) => x.map((v) => v.toString(16).padStart(8, "0")).join(" ");
      const w2 = [...w];
      w2[1] = (w2[1] & ~0xf0) | (7 << 4);
      expect(out.stdout.split("\n")).toEqual([
        hex(w),
        hex(w),
        `${0xa5} ${0x1b} -3 ${0x2abcd}`,
        `7 ${0xa5} 1`,
        hex([0xdeadbeef, 0xfffffffe]),
        "-2 1",
        hex([0x0000000e, 0]),
        "1 0",
        "",
      ]);
    } finally {
      tmp.cleanup();
    }
  });

  it("asserts that packed values fit their fields, and masks them under NDEBUG", () => {
    const tmp = tempDir();
    try {
      tmp.write("t-x.h", file.content);
      const program = `#include "t-x.h"
#include <stdio.h>
int main(void)
{
	uint32_t w[2];
	struct t_x_x_y_fields f = { 0x1a5, 0, 8, 0, 0, 0, 0 };
	t_x_x_y_pack(w, &f);
	printf("%ld %ld\\n", (long)t_x_x_y_get_a(w), (long)t_x_x_y_get_c(w));
	return 0;
}
`;
      const source = tmp.write("o.c", program);
      compile(C99, source, path.join(tmp.dir, "checked"));
      compile(C99, source, path.join(tmp.dir, "unchecked"), ["-DNDEBUG"]);
      const checked = sh([path.join(tmp.dir, "checked")]);
      expect(checked.signal).toBe("SIGABRT");
      expect(checked.stderr).toMatch(/Assertion `f->a <= 0xffu' failed/);
      // Masked: a keeps its low 8 bits, c's 4 bits 1000 read back as -8.
      expect(sh([path.join(tmp.dir, "unchecked")]).stdout).toBe(`${0xa5} -8\n`);
    } finally {
      tmp.cleanup();
    }
  });

  it("uses 64-bit types for fields wider than 32 bits", () => {
    const wide = model({
      documents: [doc],
      instructions: [
        instruction("w", [0x5, 0, 0], [0xf, 0, 0], 40, {
          encoding: { match: [0x5, 0, 0], mask: [0xf, 0, 0], dontCare: [0, 0, 0] },
          fields: [field("big", 20, 59, 41), field("neg", 60, 95, 42, { type: "int" })],
        }),
      ],
    });
    wide.isa = { ...wide.isa, id: "w", instructionWidth: 96, wordCount: 3 };
    const [h] = emitCHeader([wide]);
    const tmp = tempDir();
    try {
      tmp.write("w.h", h.content);
      const program = `#include "w.h"
#include <stdio.h>
int main(void)
{
	uint32_t w[3];
	struct w_w_fields f = { UINT64_C(0xfedcba9876), -INT64_C(0x712345678) };
	w_w_pack(w, &f);
	printf("%08lx %08lx %08lx %llx %lld\\n", (unsigned long)w[0], (unsigned long)w[1], (unsigned long)w[2],
	       (unsigned long long)w_w_get_big(w), (long long)w_w_get_neg(w));
	return 0;
}
`;
      compile(C99, tmp.write("w.c", program), path.join(tmp.dir, "w"));
      compile(CXX17, tmp.write("w.cpp", program), path.join(tmp.dir, "wpp"));
      const words = [0x5, 0, 0];
      place(words, [[20, 59]], 0xfedcba9876);
      place(words, [[60, 95]], -0x712345678);
      const hex = words.map((v) => v.toString(16).padStart(8, "0")).join(" ");
      const expected = `${hex} fedcba9876 ${-0x712345678}\n`;
      expect(sh([path.join(tmp.dir, "w")]).stdout).toBe(expected);
      expect(sh([path.join(tmp.dir, "wpp")]).stdout).toBe(expected);
    } finally {
      tmp.cleanup();
    }
  });
});
