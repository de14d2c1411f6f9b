/**
 * What Mesa's Panfrost pack headers include, written by the tests that compile them: as little
 * of util/ as the headers use, and an empty panfrost-job.h.
 */
import { mkdirSync, writeFileSync } from "fs";
import * as path from "path";

/** What the headers include, as little as compiles them: the hooks of util/ and the job header. */
export const HELPERS = `#ifdef __cplusplus
#define restrict __restrict
#endif
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#define ALWAYS_INLINE inline
#define ALIGN_POT(x, a) (((x) + (a) - 1) & ~((a) - 1))
#define IS_POT_NONZERO(v) ((v) != 0 && ((v) & ((v) - 1)) == 0)
static inline uint32_t util_logbase2(uint32_t n) { uint32_t r = 0; while (n >>= 1) r++; return r; }
static inline uint64_t util_bitpack_uint(uint64_t v, uint32_t s, uint32_t e) { (void)e; return v << s; }
static inline uint64_t util_bitpack_sint(int64_t v, uint32_t s, uint32_t e) {
  return ((uint64_t)v & (~0ull >> (63 - (e - s)))) << s;
}
static inline uint32_t util_bitpack_float(float v) { uint32_t u; memcpy(&u, &v, 4); return u; }
static inline uint64_t util_bitpack_ufixed_clamp(float v, uint32_t s, uint32_t e, uint32_t f) {
  return util_bitpack_uint((uint64_t)(v * (float)(1u << f)), s, e);
}
static inline uint64_t util_bitpack_sfixed_clamp(float v, uint32_t s, uint32_t e, uint32_t f) {
  return util_bitpack_sint((int64_t)(v * (float)(1u << f)), s, e);
}
static inline int64_t util_sign_extend(uint64_t v, unsigned w) {
  return (int64_t)(v << (64 - w)) >> (64 - w);
}
static inline float uif(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
`;

/** Write util/bitpack_helpers.h and panfrost-job.h under `dir`. */
export function writePanfrostHelpers(dir: string, extra = ""): void {
  mkdirSync(path.join(dir, "util"), { recursive: true });
  writeFileSync(path.join(dir, "util", "bitpack_helpers.h"), HELPERS + extra);
  writeFileSync(path.join(dir, "panfrost-job.h"), "");
}
