/**
 * `#define` lines in the layout of envytools/etna_viv `headergen` (rules-ng header dialect 2), so the
 * rules-ng part of a header is what that tool prints: the value starts at column 64 (56 for values
 * above 32 bits), reached with tabs (`printdef`/`seekcol`).
 */

/** One `#define`: `name` (with `(x)` for an accessor), the padding after it, and its value. */
export interface Define {
  name: string;
  pad: string;
  /** The value text; null for an accessor. */
  value: string | null;
  /** For an accessor `NAME(x)`: NAME, whose `__SHIFT` and `__MASK` it uses. */
  accessor: string | null;
  /** For a setter `NAME(x)` with the numbers written out: its shift and mask. */
  setter: { shift: number; mask: string } | null;
  /** For an array element `NAME(i0, …)`: its first offset and the stride of each index. */
  index: { base: string; strides: { stride: string; i: number }[] } | null;
}

/**
 * headergen's `seekcol(src, dst)`: one tab if already at or past `dst`; else tabs to the last
 * 8-column stop before `dst` and spaces from there, or only spaces when no tab fits.
 */
function seekcol(src: number, dst: number): string {
  if (dst <= src) return "\t";
  const n = Math.floor(dst / 8) - Math.floor(src / 8);
  return n ? "\t".repeat(n) + " ".repeat(dst % 8) : " ".repeat(dst - src);
}

const DEFINE = "#define ";

/** headergen's `0x%08x`, or `0x%016llxULL` (at column 56) above 32 bits. */
export function hexDefine(name: string, value: bigint): Define {
  const wide = value > 0xffffffffn;
  const text = wide
    ? `0x${value.toString(16).padStart(16, "0")}ULL`
    : `0x${value.toString(16).padStart(8, "0")}`;
  return {
    name,
    pad: seekcol(DEFINE.length + name.length, wide ? 56 : 64),
    value: text,
    accessor: null,
    setter: null,
    index: null,
  };
}

/** A decimal value (`__SHIFT`, counts). */
export function decimalDefine(name: string, value: number): Define {
  return {
    name,
    pad: seekcol(DEFINE.length + name.length, 64),
    value: String(value),
    accessor: null,
    setter: null,
    index: null,
  };
}

/** Any other value text, aligned the same way. */
export function textDefine(name: string, value: string): Define {
  return {
    name,
    pad: seekcol(DEFINE.length + name.length, 64),
    value,
    accessor: null,
    setter: null,
    index: null,
  };
}

/** etna_viv's accessor `NAME(x)`: `(((x) << NAME__SHIFT) & NAME__MASK)`. */
export function accessorDefine(base: string): Define {
  const name = `${base}(x)`;
  return {
    name,
    pad: seekcol(DEFINE.length + name.length, 64),
    value: null,
    accessor: base,
    setter: null,
    index: null,
  };
}

/** Bits low..high set. */
export function bitMask(low: number, high: number): bigint {
  return ((1n << BigInt(high - low + 1)) - 1n) << BigInt(low);
}

/** A C unsigned literal for a 32-bit word (`0x001ff000u`). */
export function wordLiteral(value: number | bigint): string {
  return `0x${BigInt(value).toString(16).padStart(8, "0")}u`;
}

/** A setter `NAME(x)` with numbers: `(((x) << shift) & mask)` (Mesa-compatible names). */
export function setterDefine(base: string, low: number, high: number): Define {
  const name = `${base}(x)`;
  const mask = `0x${bitMask(low, high).toString(16).padStart(8, "0")}`;
  return {
    name,
    pad: seekcol(DEFINE.length + name.length, 64),
    value: null,
    accessor: null,
    setter: { shift: low, mask },
    index: null,
  };
}

/** headergen's `%#x`: `0x4`, and `0` for zero. */
function altHex(value: number): string {
  return value === 0 ? "0" : `0x${value.toString(16)}`;
}

/**
 * An element of a rules-ng array, `NAME(i0, i1)` = `(0x%08x + stride0*(i0) + …)`; headergen aligns
 * the value one column earlier than other defines (`seekcol(…, 63)`).
 */
export function indexedDefine(base: string, offset: number, strides: number[]): Define {
  const name = `${base}(${strides.map((_, i) => `i${i}`).join(", ")})`;
  return {
    name,
    pad: seekcol(DEFINE.length + name.length, 63),
    value: null,
    accessor: null,
    setter: null,
    index: {
      base: `0x${offset.toString(16).padStart(8, "0")}`,
      strides: strides.map((stride, i) => ({ stride: altHex(stride), i })),
    },
  };
}
