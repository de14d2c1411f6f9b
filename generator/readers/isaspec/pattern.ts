/**
 * `<pattern>` and `<assert>` bits (source-formats.md A.1, A.3). The text is MSB-first: its first
 * character is bit `high`, its last bit `low` (isa.py `extract_pattern`; docs.py draws it mirrored,
 * which is not followed).
 */
import type { Diagnostics } from "../../diagnostics";
import type { BitRange, EncodingBits } from "../../model/types";
import { emptyEncoding } from "../../model/bits";
import { locateElement } from "../xml";
import type { Origin, PatternDef } from "./definitions";
import { rangeText } from "./attributes";

/** Check a pattern's text against its range; returns the bits (whitespace removed) or undefined. */
export function checkPatternText(
  o: Origin,
  kind: "pattern" | "assert",
  range: BitRange,
  raw: string,
  diags: Diagnostics,
): string | undefined {
  const text = raw.replace(/\s+/g, "");
  const at = locateElement(o.doc, o.el);
  const allowed = kind === "pattern" ? /^[01x]$/ : /^[01]$/;
  const bad = [...text].find((c) => !allowed.test(c));
  let ok = true;
  if (bad !== undefined) {
    diags.error(
      "bad-pattern",
      kind === "pattern"
        ? `pattern '${text}' contains '${bad}': only '0', '1' and 'x' are allowed`
        : `assert '${text}' contains '${bad}': only '0' and '1' are allowed`,
      at,
    );
    ok = false;
  }
  if (range.high < range.low) {
    diags.error(
      "pattern-length",
      `${kind} '${text}': high (${range.high}) < low (${range.low})`,
      at,
    );
    ok = false;
  } else if (text.length !== range.high - range.low + 1) {
    const n = range.high - range.low + 1;
    diags.error(
      "pattern-length",
      `${kind} '${text}' has ${text.length} bit${text.length === 1 ? "" : "s"} but bits ${rangeText(range)} are ${n} bit${n === 1 ? "" : "s"}`,
      at,
    );
    ok = false;
  }
  return ok ? text : undefined;
}

/**
 * The fixed bits of one pattern: `1` → match, `x` → dontCare, every bit → mask (isaspec counts
 * don't-care bits as fixed). Bits beyond the word arrays are left out; the caller reports them.
 */
export function patternEncoding(p: PatternDef, wordCount: number): EncodingBits {
  const enc = emptyEncoding(wordCount);
  if (p.bits === undefined) return enc;
  for (let i = 0; i < p.bits.length; i++) {
    const bit = p.range.high - i;
    const w = bit >>> 5;
    if (w >= wordCount) continue;
    const m = (1 << (bit & 31)) >>> 0;
    enc.mask[w] = (enc.mask[w] | m) >>> 0;
    if (p.bits[i] === "1") enc.match[w] = (enc.match[w] | m) >>> 0;
    if (p.bits[i] === "x") enc.dontCare[w] = (enc.dontCare[w] | m) >>> 0;
  }
  return enc;
}
