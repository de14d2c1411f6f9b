/**
 * `isaforge genxml-pack` writes what Mesa's gen_pack_header.py wrote, byte for byte, for every
 * Intel pack header in expected/genxml (each with the arguments outputs.json records), and every
 * such header compiles as C99 and C++17 against a helpers header written here.
 * @needs-upstream mesa
 */
import { execFileSync } from "child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { EXPECTED_GENXML, inMesa, runCaptured, type ExpectedOutput } from "../helpers/genxmlIntel";

const outputs = (
  JSON.parse(readFileSync(path.join(EXPECTED_GENXML, "outputs.json"), "utf8")) as ExpectedOutput[]
).filter((o) => o.generator.endsWith("gen_pack_header.py"));

/** Each output as genxml-pack writes it, made once for both the comparison and the compilers. */
const generated = new Map<string, Promise<{ status: number; stdout: string; err: string[] }>>();
function generate(o: ExpectedOutput) {
  let r = generated.get(o.name);
  if (!r) generated.set(o.name, (r = runCaptured(["genxml-pack", ...inMesa(o.arguments)])));
  return r;
}

describe("genxml-pack equals gen_pack_header.py", () => {
  test("outputs.json lists the Intel pack headers", () => {
    expect(outputs.length).toBeGreaterThanOrEqual(19);
  });
  test.each(outputs.map((o) => [o.name, o] as const))("%s", async (name, o) => {
    const r = await generate(o);
    expect(r.err).toEqual([]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(readFileSync(path.join(EXPECTED_GENXML, name), "utf8"));
  });
});

/** What the headers expect their includer to provide (genX_helpers.h and bitpack_helpers.h). */
const HELPERS = `#ifdef __cplusplus
#define restrict __restrict__
#endif
#include <stdint.h>
#include <stdbool.h>
#include <assert.h>
#include <string.h>
typedef struct { uint64_t offset; } __gen_address_type;
typedef void __gen_user_data;
static inline uint64_t __gen_address(__gen_user_data *data, void *location,
                                     __gen_address_type address, uint32_t delta,
                                     uint32_t start, uint32_t end)
{ (void)data; (void)location; (void)start; (void)end; return address.offset + delta; }
static inline uint64_t util_bitpack_uint(uint64_t v, uint32_t start, uint32_t end)
{ (void)end; return v << start; }
static inline uint64_t util_bitpack_uint_nonzero(uint64_t v, uint32_t start, uint32_t end)
{ assert(v != 0); return util_bitpack_uint(v, start, end); }
static inline uint64_t util_bitpack_sint(int64_t v, uint32_t start, uint32_t end)
{ return ((uint64_t)v & (~0ull >> (63 - end + start))) << start; }
static inline uint64_t util_bitpack_sint_nonzero(int64_t v, uint32_t start, uint32_t end)
{ return util_bitpack_sint(v, start, end); }
static inline uint64_t util_bitpack_ones(uint32_t start, uint32_t end)
{ return (~0ull >> (63 - end + start)) << start; }
static inline uint32_t util_bitpack_float(float v) { uint32_t u; memcpy(&u, &v, 4); return u; }
static inline uint32_t util_bitpack_float_nonzero(float v) { return util_bitpack_float(v); }
static inline uint64_t util_bitpack_ufixed(float v, uint32_t start, uint32_t end, uint32_t frac)
{ return util_bitpack_uint((uint64_t)(v * (float)(1u << frac)), start, end); }
static inline uint64_t util_bitpack_ufixed_nonzero(float v, uint32_t start, uint32_t end, uint32_t frac)
{ return util_bitpack_ufixed(v, start, end, frac); }
static inline uint64_t util_bitpack_sfixed(float v, uint32_t start, uint32_t end, uint32_t frac)
{ return util_bitpack_sint((int64_t)(v * (float)(1u << frac)), start, end); }
static inline uint64_t util_bitpack_sfixed_nonzero(float v, uint32_t start, uint32_t end, uint32_t frac)
{ return util_bitpack_sfixed(v, start, end, frac); }
static inline uint64_t __gen_offset(uint64_t v, uint32_t start, uint32_t end)
{ (void)start; (void)end; return v; }
static inline uint64_t __gen_offset_nonzero(uint64_t v, uint32_t start, uint32_t end)
{ return __gen_offset(v, start, end); }
#define global
`;

/** genX_cl_helpers.h for the OpenCL variants, compiled as C/C++ with __OPENCL_VERSION__ set. */
const CL_HELPERS = `#ifdef __cplusplus
#define restrict __restrict__
#endif
#include <stdint.h>
#include <stdbool.h>
#define global
#define private
#define __gen_address(address, start, end) ((uint64_t)(address))
#define util_bitpack_uint(v, start, end) ((uint64_t)(v) << (start))
#define util_bitpack_uint_nonzero(v, start, end) ((uint64_t)(v) << (start))
#define util_bitpack_sint(v, start, end) ((uint64_t)(int64_t)(v) << (start))
#define util_bitpack_ones(start, end) ((~0ull >> (63 - (end) + (start))) << (start))
#define util_bitpack_float(v) ((uint32_t)(v))
#define util_bitpack_ufixed(v, start, end, frac) ((uint64_t)(v) << (start))
#define util_bitpack_sfixed(v, start, end, frac) ((uint64_t)(v) << (start))
#define __gen_offset(v, start, end) ((uint64_t)(v))
`;

function haveCompiler(cmd: string): boolean {
  try {
    execFileSync(cmd, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("the headers compile", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "isaforge-genxml-intel-"));
    mkdirSync(path.join(dir, "util"));
    writeFileSync(path.join(dir, "util", "bitpack_helpers.h"), HELPERS);
    writeFileSync(path.join(dir, "genX_helpers.h"), "");
    writeFileSync(path.join(dir, "genX_cl_helpers.h"), CL_HELPERS);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // The OpenCL variants with __OPENCL_VERSION__ set, as an OpenCL compiler would see them.
  const plain = async () =>
    Promise.all(outputs.map(async (o) => [o.name, (await generate(o)).stdout] as const));
  test.each([
    ["gcc", "-std=c99", "c"],
    ["g++", "-std=c++17", "c++"],
  ])("%s %s", async (cc, std, lang) => {
    if (!haveCompiler(cc)) return;
    const headers = await plain();
    for (const [name, text] of headers) {
      const base = path.basename(name);
      writeFileSync(path.join(dir, base), text);
    }
    // Each header in a translation unit of its own: they define the same enum constants.
    for (const [name] of headers) {
      const unit = path.join(dir, `unit-${path.basename(name)}.${lang === "c" ? "c" : "cc"}`);
      const cl = name.includes("_cl_") ? "#define __OPENCL_VERSION__ 300\n" : "";
      writeFileSync(unit, `${cl}#include "${path.basename(name)}"\nint main(void) { return 0; }\n`);
      execFileSync(
        cc,
        [
          std,
          "-x",
          lang,
          "-fsyntax-only",
          "-Wall",
          "-Werror",
          "-Wno-unused-function",
          "-I",
          dir,
          unit,
        ],
        {
          stdio: "pipe",
        },
      );
    }
  });
});
