/**
 * The adreno-hw spec's headers (out/c/adreno-hw), written by the build from one model of the whole
 * freedreno database: each output the manifest lists is gen_header.py's for that document and mode
 * after the banner (the fixtures in test/fixtures/gen-header), and each compiles as Mesa
 * includes it, after the headers whose enums it uses.
 *
 * @needs-upstream mesa
 */
import { readFileSync } from "fs";
import * as path from "path";
import { gunzipSync } from "zlib";
import { C99, CXX17, compile, ROOT, tempDir } from "../c/cc";
import { TEST_OUT } from "../helpers/testOutput";

const SPEC = path.join(ROOT, "specs", "adreno-hw");
const OUT = path.join(TEST_OUT, "c", "adreno-hw");
const FIXTURES = path.join(ROOT, "test", "fixtures", "gen-header");

interface Output {
  document: string;
  mode: string;
  path: string;
}
/** The output after the banner (through the line closing its comment); py-defines has none. */
const afterBanner = (text: string, mode: string) =>
  mode === "py-defines" ? text : text.slice(text.indexOf("\n*/\n") + "\n*/\n".length);

const outputs: Output[] = JSON.parse(readFileSync(path.join(SPEC, "manifest.json"), "utf8"))
  .registerHeaders.outputs;

test("the manifest lists what Mesa's meson.build runs gen_header.py on: 19 outputs", () => {
  expect(outputs.map((o) => `${o.document} ${o.mode} → ${o.path}`)).toEqual([
    "adreno.xml c-defines → adreno.xml.h",
    ...[
      "a2xx",
      "a3xx",
      "a4xx",
      "a5xx",
      "a6xx",
      "a6xx_gmu",
      "ocmem",
      "adreno_control_regs",
      "adreno_pipe_regs",
      "adreno_common",
      "adreno_pm4",
    ].map((f) => `adreno/${f}.xml c-defines → adreno/${f}.xml.h`),
    "adreno/a6xx.xml c-pack-structs → adreno/a6xx-pack.xml.h",
    "adreno/adreno_pm4.xml c-pack-structs → adreno/adreno-pm4-pack.xml.h",
    ...["a2xx", "a3xx", "a4xx", "a5xx", "a6xx"].map(
      (f) => `adreno/${f}.xml py-defines → adreno/${f}.py`,
    ),
  ]);
});

test.each(outputs.map((o) => [o.path, o] as const))(
  "%s is gen_header.py's after the banner",
  (_, o) => {
    const fixture = gunzipSync(
      readFileSync(path.join(FIXTURES, `${path.basename(o.document)}.${o.mode}.gz`)),
    ).toString("utf8");
    expect(afterBanner(readFileSync(path.join(OUT, o.path), "utf8"), o.mode)).toBe(fixture);
  },
);

test("the banner names the database files with the manifest's times, deterministically", () => {
  const text = readFileSync(path.join(OUT, "adreno", "a6xx.xml.h"), "utf8");
  expect(text.slice(0, text.indexOf("Copyright"))).toContain(
    [
      "- adreno/a6xx.xml          ( 309756 bytes, from Tue Oct  1 00:00:00 2024)",
      "- freedreno_copyright.xml  (   1582 bytes, from Tue Oct  1 00:00:00 2024)",
      "- adreno/adreno_common.xml (  15485 bytes, from Tue Oct  1 00:00:00 2024)",
      "- adreno/adreno_pm4.xml    (  86330 bytes, from Tue Oct  1 00:00:00 2024)",
    ].join("\n"),
  );
  expect(text).toContain("Copyright © 2013-2024 by the following authors:");
});

/** What Mesa's sources define before including the headers (util's fui, half floats, fd_reg_pair). */
const PRELUDE = `#include <stdint.h>
#include <stdbool.h>
#include <string.h>
static inline uint32_t fui(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline uint16_t _mesa_float_to_half(float f) { return (uint16_t)(fui(f) >> 16); }
struct fd_reg_pair { uint32_t reg; uint64_t value; const void *bo; bool is_address; bool bo_write; uint32_t bo_offset; uint32_t bo_shift; uint32_t bo_low; };
#define __bo_type const void *
#define INVALID_IDX(idx) ((idx) + (1 << 29))
`;

/** The headers each one needs first, as Mesa includes them (their enums and the chip enum). */
const COMMON = ["adreno/adreno_common.xml.h", "adreno/adreno_pm4.xml.h"];
const DEPENDS: Record<string, string[]> = {
  "adreno.xml.h": ["adreno/adreno_common.xml.h"],
  "adreno/a6xx-pack.xml.h": [...COMMON, "adreno/a6xx.xml.h"],
  "adreno/adreno-pm4-pack.xml.h": COMMON,
  ...Object.fromEntries(
    ["a2xx", "a3xx", "a4xx", "a5xx", "a6xx"].map((f) => [`adreno/${f}.xml.h`, COMMON]),
  ),
};

/**
 * gen_header's output as it is, so as upstream's: adreno_pm4.xml.h has an enumerator 0x80000000,
 * which ISO C restricts to int (-pedantic), and adreno_pipe_regs.xml.h declares the enumerator
 * EVENT twice, which no C or C++ compiler takes.
 */
const NOT_PEDANTIC = new Set(
  [...COMMON, ...Object.keys(DEPENDS)].filter(
    (h) => h !== "adreno/adreno_common.xml.h" && h !== "adreno.xml.h",
  ),
);
const BROKEN_UPSTREAM = "adreno/adreno_pipe_regs.xml.h";

const headers = outputs.filter((o) => o.path.endsWith(".h")).map((o) => o.path);

test("each header compiles after the ones it needs, as C99 (-pedantic but where upstream's enum is too wide) and as C++17", () => {
  const tmp = tempDir();
  try {
    tmp.write("prelude.h", PRELUDE);
    for (const h of headers.filter((x) => x !== BROKEN_UPSTREAM)) {
      const includes = [...(DEPENDS[h] ?? []), h].map((x) => `#include "${path.join(OUT, x)}"`);
      const source = [`#include "prelude.h"`, ...includes, "int main(void) { return 0; }", ""].join(
        "\n",
      );
      const name = h.replace(/\//g, "-");
      compile(
        NOT_PEDANTIC.has(h) ? C99.filter((f) => f !== "-pedantic") : C99,
        tmp.write(`${name}.c`, source),
      );
      // Mesa's packers leave fd_reg_pair's other members to zero: -Wextra's missing initializers.
      compile([...CXX17, "-Wno-missing-field-initializers"], tmp.write(`${name}.cpp`, source));
    }
  } finally {
    tmp.cleanup();
  }
}, 180_000);

test("adreno_pipe_regs.xml.h is upstream's, EVENT declared twice", () => {
  const text = readFileSync(path.join(OUT, BROKEN_UPSTREAM), "utf8");
  expect(text.match(/^\tEVENT = 1,$/gm)).toHaveLength(2);
});
