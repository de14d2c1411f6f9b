/**
 * Text the upstream assembler reads but the disassembler prints otherwise (the isaspec-assembler
 * companion's `text` rules, in the model's `assemblerText`): a line is first rewritten by the
 * respellings (Mesa's ir3 parser gives a cat5 destination without `(wrmask)` the mask x), and a line
 * that does not assemble as written is tried with its integers spelled the other ways the lexer
 * reads the same value (`0x10` for 16). Carried by isaspec codecs (inlined without `export`s).
 */

/** The rules as the codec carries them. */
export interface TextRules {
  /** Integers as C's strtoul(…, 0) reads them: decimal, `0x` hex, octal with a leading 0. */
  integers?: "c";
  /** Regular expressions (global) and their replacements, applied to every line in order. */
  respellings?: readonly { pattern: string; replacement: string }[];
  /**
   * The order the templates print a line's leading `(…)` flags in, each by its start (`(rpt`):
   * the parser takes them in any order.
   */
  flagOrder?: readonly string[];
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

/** The line with its flags in order and every respelling applied. */
export function respelled(line: string, rules: TextRules): string {
  if (rules.flagOrder) line = withFlagsInOrder(line, rules.flagOrder);
  for (const r of rules.respellings ?? []) {
    let re = COMPILED.get(r.pattern);
    if (!re) COMPILED.set(r.pattern, (re = new RegExp(r.pattern, "g")));
    line = line.replace(re, r.replacement);
  }
  return line;
}

/**
 * A non-negative integer written alone (after a space, `,`, `(`, `[`, `+`, `<` or a `#` not after a
 * letter: `s#0` is a sampler; before the end, a space, `,`, `)`, `]` or `>`): not a register number
 * (`r0`), a float (`1.0`) or a modifier (`w8`, `base3`).
 */
const INTEGER = /(?<=^|[\s,([+<]|(?<!\w)#)(0[xX][0-9a-fA-F]+|\d+)(?=$|[\s,)\]>])/g;

/** How many other spellings of a line are tried at most. */
const MAX_SPELLINGS = 64;

/** The value C's strtoul(text, NULL, 0) gives a whole token of digits. */
export function cInteger(text: string): number {
  if (/^0[xX]/.test(text)) return parseInt(text.slice(2), 16);
  if (/^0\d/.test(text)) return parseInt(text, 8) || 0;
  return parseInt(text, 10);
}

/**
 * The line with its octal integers (a leading 0, as C reads them) written in decimal: the codec's
 * own reading of digits is decimal, so `010` would otherwise be read as ten, not eight.
 */
export function withoutOctal(line: string): string {
  return line.replace(INTEGER, (t) => (/^0\d/.test(t) ? String(cInteger(t)) : t));
}

/**
 * The line with its integers spelled the other ways that read as the same value (decimal, `0x`
 * hex), every combination but the line as written, at most MAX_SPELLINGS of them.
 */
export function* integerSpellings(line: string): Generator<string> {
  const found = [...line.matchAll(INTEGER)];
  if (!found.length) return;
  const options = found.map((m) => {
    const v = cInteger(m[0]);
    return [...new Set([m[0], String(v), `0x${v.toString(16)}`])];
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
