/**
 * Text the upstream assembler reads but the disassembler prints otherwise (the isaspec-assembler
 * companion's `text` rules, in the model's `assemblerText`): a line is first rewritten by the
 * respellings (Mesa's ir3 parser gives a cat5 destination without `(wrmask)` the mask x), and a line
 * that does not assemble as written is tried with its integers spelled the other ways the lexer
 * reads the same value (`0x10` for 16). Carried by isaspec codecs (inlined without `export`s).
 */
import { floatOf } from "./isaspecNumbers";

/** The rules as the codec carries them. */
export interface TextRules {
  /** Integers as C's strtoul(…, 0) reads them: decimal, `0x` hex, octal with a leading 0. */
  integers?: "c";
  /** Regular expressions (global) and their replacements, applied to every line in order. */
  respellings?: readonly {
    pattern: string;
    replacement: string;
    /** The GPU generations it applies at (both ends included); with no GPU given, none. */
    gpu?: { min?: number; max?: number };
  }[];
  /**
   * The order the templates print a line's leading `(…)` flags in, each by its start (`(rpt`):
   * the parser takes them in any order.
   */
  flagOrder?: readonly string[];
  /** Lines (a regular expression) whose last operand, an integer, the parser masks to `bits` bits. */
  integerMasks?: readonly { pattern: string; bits: number }[];
  /** Lines (a regular expression) where `h(N)` of an integer N is a half float's bits (`h(1)` is 2^-24). */
  halfBits?: string;
  /** Lines (a regular expression) whose last operand, an integer, is a 32-bit float's bits. */
  floatBits?: string;
  /**
   * Lines (a regular expression) where an integer operand N, or `h(N)`, is written `texts[N]`
   * (`h` before it for `h(N)`): an enum's displays by value, "" for a value without one.
   */
  enumIntegers?: readonly { pattern: string; texts: readonly string[] }[];
}

/**
 * An operand that is an integer N or `h(N)`: after a `,` and the source flags (`(neg)`, `(r)`, …),
 * before a `,` or the end.
 */
const OPERAND_INTEGER =
  /(?<=,\s*(?:\([a-z]+\))*)(?:h\((-?(?:0[xX][0-9a-fA-F]+|\d+))\)|(-?(?:0[xX][0-9a-fA-F]+|\d+)))(?=\s*(?:,|$))/g;

/** The line with each integer operand N (or `h(N)`) written as `texts[N]` where there is one. */
export function withEnumIntegers(line: string, texts: readonly string[]): string {
  return line.replace(OPERAND_INTEGER, (t, half: string | undefined, n: string | undefined) => {
    const v = cInteger((half ?? n)!);
    const text = v >= 0 ? texts[v] : undefined;
    return text ? `${half !== undefined ? "h" : ""}${text}` : t;
  });
}

/**
 * The line with each `h(N)` of an integer N written as the exact value of the half float whose
 * bits N's low 16 are (dyadic, so `toFixed(30)` is exact), as the float the templates print
 * `h(…)` of. N's of NaN or infinity stay: no value gives their bits.
 */
export function withHalfBits(line: string): string {
  return line.replace(/(?<![\w.])h\((-?(?:0[xX][0-9a-fA-F]+|\d+))\)/g, (t, n: string) => {
    const x = floatOf(((cInteger(n) % 65536) + 65536) % 65536, 16);
    if (!Number.isFinite(x)) return t;
    const text = x.toFixed(30).replace(/0+$/, "").replace(/\.$/, ".0");
    return `h(${Object.is(x, -0) ? "-0.0" : text})`;
  });
}

/**
 * The line with its leading `(…)` flags in `order` (a stable sort; a flag `order` does not know
 * leaves the line as it is). A space after the last flag is kept.
 */
export function withFlagsInOrder(line: string, order: readonly string[]): string {
  const lead = /^(\s*)((?:\([^()\s]*\)\s*)+)/.exec(line);
  if (!lead) return line;
  const flags = lead[2].match(/\([^()\s]*\)/g)!;
  const rank = flags.map((f) => order.findIndex((o) => f.startsWith(o)));
  if (rank.some((r) => r < 0)) return line;
  const sorted = flags.map((f, i) => [f, rank[i]] as const).sort((a, b) => a[1] - b[1]);
  const space = /\s$/.test(lead[2]) ? " " : "";
  return lead[1] + sorted.map(([f]) => f).join("") + space + line.slice(lead[0].length);
}

const COMPILED = new Map<string, RegExp>();

function compiled(pattern: string): RegExp {
  let re = COMPILED.get(pattern);
  if (!re) COMPILED.set(pattern, (re = new RegExp(pattern, "g")));
  return re;
}

/**
 * The line as the codec's templates read it: flags in order, the respellings applied and, with
 * C integers, octal ones in decimal and those of a masked line masked.
 */
export function normalized(line: string, rules: TextRules, gpu: number | null = null): string {
  line = respelled(line, rules, gpu);
  for (const e of rules.enumIntegers ?? []) {
    const re = compiled(e.pattern);
    re.lastIndex = 0;
    if (re.test(line)) line = withEnumIntegers(line, e.texts);
  }
  if (rules.halfBits) {
    const re = compiled(rules.halfBits);
    re.lastIndex = 0;
    if (re.test(line)) line = withHalfBits(line);
  }
  if (!rules.integers) return line;
  line = withoutOctal(line);
  for (const m of rules.integerMasks ?? []) {
    const re = compiled(m.pattern);
    re.lastIndex = 0;
    if (re.test(line)) line = masked(line, m.bits);
  }
  if (rules.floatBits) {
    const re = compiled(rules.floatBits);
    re.lastIndex = 0;
    if (re.test(line)) line = withFloatBits(line);
  }
  return line;
}

/**
 * The exact decimal value of the 32-bit float whose bits are `bits` (a dyadic number: m × 2^-k is
 * m × 5^k / 10^k), or null for NaN and infinity, which no decimal reads as.
 */
export function exactFloat(bits: number): string | null {
  const exp = (bits >>> 23) & 0xff;
  if (exp === 0xff) return null;
  const sign = bits >>> 31 ? "-" : "";
  const mant = BigInt((bits & 0x7fffff) + (exp ? 0x800000 : 0));
  const e = (exp || 1) - 150; // value = mant × 2^e
  if (e >= 0) return `${sign}${(mant << BigInt(e)).toString()}.0`;
  const digits = (mant * BigInt(5) ** BigInt(-e)).toString().padStart(-e + 1, "0");
  const whole = digits.slice(0, digits.length + e);
  const frac = digits.slice(digits.length + e).replace(/0+$/, "") || "0";
  return `${sign}${whole}.${frac}`;
}

/** The line with the integer that ends it (an immediate operand) written as the float of its bits. */
export function withFloatBits(line: string): string {
  const end = line.trimEnd().length;
  return line.replace(INTEGER, (t, _sign, _digits, at: number) => {
    if (at + t.length !== end || !/,\s*$/.test(line.slice(0, at))) return t;
    const v = cInteger(t);
    const text = exactFloat(((v % 2 ** 32) + 2 ** 32) % 2 ** 32);
    return text === null ? t : `(${text})`;
  });
}

/** The line with its flags in order and every respelling of the GPU applied. */
export function respelled(line: string, rules: TextRules, gpu: number | null = null): string {
  if (rules.flagOrder) line = withFlagsInOrder(line, rules.flagOrder);
  for (const r of rules.respellings ?? []) {
    const g = r.gpu;
    if (g && (gpu === null || gpu < (g.min ?? -Infinity) || gpu > (g.max ?? Infinity))) continue;
    line = line.replace(compiled(r.pattern), r.replacement);
  }
  return line;
}

/**
 * An integer written alone, with its sign: after the start, a space, `,`, `(`, `[`, `+`, `<`, a
 * `.` not after a digit (`brac.3`) or a `#` not after a letter (`s#0` is a sampler), or as the
 * offset after a register (`r0.y-0x10`, its sign read as the operator); before the end, a space,
 * `,`, `)`, `]`, `>` or a `.` not before a digit. Not a register number (`r0`), a float (`1.0`)
 * or a modifier (`w8`, `base3`).
 */
const INTEGER =
  /(?<=^|[\s,([+<]|(?<!\d)\.|(?<!\w)#|\.[xyzw]-)(-?)(0[xX][0-9a-fA-F]+|\d+)(?=$|[\s,)\]>]|\.(?!\d))/g;

/** How many other spellings of a line are tried at most. */
const MAX_SPELLINGS = 64;

/** The value C's strtoul(text, NULL, 0) gives a whole token of digits (after a `-`, negated). */
export function cInteger(text: string): number {
  const sign = text.startsWith("-") ? -1 : 1;
  const t = sign < 0 ? text.slice(1) : text;
  if (/^0[xX]/.test(t)) return sign * parseInt(t.slice(2), 16);
  if (/^0\d/.test(t)) return sign * (parseInt(t, 8) || 0);
  return sign * parseInt(t, 10);
}

/** `v` in decimal and in `0x` hex, as C writes them. */
function spelled(v: number): string[] {
  const hex = `0x${Math.abs(v).toString(16)}`;
  return [String(v), v < 0 ? `-${hex}` : hex];
}

/**
 * The same bits as other numbers: a negative value as the 32-bit unsigned one the parser's int
 * gives an unsigned field (-1 is 0xffffffff), one of 16 or 32 bits with the top bit set as the
 * negative one a signed field of that width reads (0xffff is -1 in 16 bits).
 */
function wrapped(v: number): number[] {
  if (v < 0) return v >= -(2 ** 31) ? [v + 2 ** 32] : [];
  if (v >= 2 ** 15 && v < 2 ** 16) return [v - 2 ** 16];
  if (v >= 2 ** 31 && v < 2 ** 32) return [v - 2 ** 32];
  return [];
}

/**
 * The line with its octal integers (a leading 0, as C reads them) written in decimal: the codec's
 * own reading of digits is decimal, so `010` would otherwise be read as ten, not eight.
 */
export function withoutOctal(line: string): string {
  return line.replace(INTEGER, (t) => (/^-?0\d/.test(t) ? String(cInteger(t)) : t));
}

/** The line with the integer that ends it (an immediate operand) masked to `bits` bits. */
export function masked(line: string, bits: number): string {
  const end = line.trimEnd().length;
  return line.replace(INTEGER, (t, _sign, _digits, at: number) => {
    const v = cInteger(t);
    const m = ((v % 2 ** bits) + 2 ** bits) % 2 ** bits;
    return m === v || at + t.length !== end ? t : String(m);
  });
}

/**
 * The line with its integers spelled the other ways that read as the same value (decimal, `0x`
 * hex), then as the same bits (`wrapped`), every combination but the line as written, at most
 * MAX_SPELLINGS of them.
 */
export function* integerSpellings(line: string): Generator<string> {
  const found = [...line.matchAll(INTEGER)];
  if (!found.length) return;
  const options = found.map((m) => {
    const v = cInteger(m[0]);
    return [...new Set([m[0], ...spelled(v), ...wrapped(v).flatMap(spelled)])];
  });
  let made = 0;
  const total = options.reduce((n, o) => n * o.length, 1);
  for (let combo = 1; combo < total && made < MAX_SPELLINGS; combo++) {
    let rest = combo;
    let out = "";
    let at = 0;
    found.forEach((m, i) => {
      const o = options[i];
      out += line.slice(at, m.index) + o[rest % o.length];
      rest = Math.floor(rest / o.length);
      at = m.index! + m[0].length;
    });
    made++;
    yield out + line.slice(at);
  }
}
