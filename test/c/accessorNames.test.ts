/**
 * The C headers' field accessors are named by the field alone: ISA-wide `<isa>_get_<field>` for a
 * field name with one placement, and per instruction `<isa>_<insn>_get_<field>`. A name with
 * several placements (ir3 SRC2_R at bit 15 in cat3, bit 51 in cat2) keeps its bit ranges on its
 * macros only, where the bits are the point.
 *
 * @needs-upstream mesa
 */
import { readFileSync } from "fs";
import * as path from "path";
import { C99, compile, HEADERS, ISAS, sh, tempDir } from "./cc";

const header = (id: string) => readFileSync(path.join(HEADERS, `${id}.h`), "utf8");

test.each(ISAS)("%s: no get/set function carries bit ranges", (id) => {
  expect(header(id).match(new RegExp(`\\b${id}_(get|set)_\\w+_\\d+_\\d+\\(`, "g"))).toBeNull();
});

test("ir3: SRC2_R by its name alone, per instruction; its macros keep the bits", () => {
  const text = header("ir3");
  expect(text).not.toContain("ir3_get_src2_r(");
  expect(text).toContain("#define IR3_SRC2_R_15_15__MASK\t\t\t\t\t0x00008000\n");
  // mad.f32 is cat3: SRC2_R is bit 15 of word 0.
  expect(text).toContain(
    [
      "static inline uint32_t ir3_mad_f32_get_src2_r(const uint32_t words[2])",
      "{",
      "\treturn ((words[0] & 0x00008000u) >> 15);",
      "}",
      "static inline void ir3_mad_f32_set_src2_r(uint32_t words[2], uint32_t value)",
      "{",
      "\twords[0] = (words[0] & ~0x00008000u) | (((uint32_t)value << 15) & 0x00008000u);",
      "}",
    ].join("\n"),
  );
  // One placement: the ISA-wide accessor, which each instruction's calls.
  expect(text).toContain(
    "static inline uint32_t ir3_mad_f32_get_ss(const uint32_t words[2]) { return ir3_get_ss(words); }",
  );
});

test("ir3: the per-instruction accessors read and write their own bits", () => {
  const tmp = tempDir();
  try {
    const source = [
      `#include "${path.join(HEADERS, "ir3.h")}"`,
      "#include <stdio.h>",
      "int main(void)",
      "{",
      "\tuint32_t cat3[2] = {0, 0}, cat2[2] = {0, 0};",
      "\tir3_mad_f32_set_src2_r(cat3, 1);",
      "\tir3_add_f_set_src2_r(cat2, 1);",
      '\tprintf("%08x %08x %08x %08x %u %u\\n", cat3[0], cat3[1], cat2[0], cat2[1],',
      "\t       ir3_mad_f32_get_src2_r(cat3), ir3_add_f_get_src2_r(cat3));",
      "\treturn 0;",
      "}",
      "",
    ].join("\n");
    const exe = path.join(tmp.dir, "a.out");
    compile(C99, tmp.write("a.c", source), exe);
    expect(sh([exe]).stdout).toBe("00008000 00000000 00000000 00080000 1 0\n");
  } finally {
    tmp.cleanup();
  }
});
