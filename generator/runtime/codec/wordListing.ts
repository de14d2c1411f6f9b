/**
 * The values of one line of a hex listing, in the forms people paste: 32-bit words, 64-bit values,
 * Mesa's `HHHHHHHH_LLLLLLLL` and its ir3 dump's `[HHHHHHHHx_LLLLLLLLx]`, or bytes. `isaforge disasm`
 * (generator/sourceText.ts) and every codec's `parseWords` (codecLines.ts) read lines with it, so
 * the CLI and the site's decoder panel take the same text. Carried by every codec (inlined by
 * generator/emit/codec/runtimeSource.ts); no dependencies.
 */

/** A word (or byte) of a line, at the 1-based column of its token: its `part` of the `of` it gave. */
export interface ListedValue {
  value: number;
  column: number;
  part: number;
  of: number;
}

/** The values of a line, or none and the error at its first bad token. */
export interface ListingLine {
  values: ListedValue[];
  error?: { message: string; column: number };
}

const HEX = /^(?:0[xX])?([0-9a-fA-F]+)$/;

/** The words of a 32-bit-word group `HHHHHHHH_…_LLLLLLLL` (each may end in Mesa's `x`), or undefined. */
function groupWords(text: string): number[] | undefined {
  const groups = text.split("_");
  if (groups.length < 2 || !groups.every((g) => /^[0-9a-fA-F]{8}x?$/.test(g))) return undefined;
  return groups.map((g) => parseInt(g.slice(0, 8), 16)).reverse();
}

/** The words of one token (word 0 first), or why it is none. */
function tokenWords(token: string): number[] | string {
  const hex = HEX.exec(token)?.[1];
  if (hex !== undefined && hex.length <= 8) return [parseInt(hex, 16)];
  // A 64-bit value: its low word is word 0, as Mesa prints ir3 and Valhall instructions.
  if (hex !== undefined && hex.length <= 16)
    return [parseInt(hex.slice(-8), 16), parseInt(hex.slice(0, -8), 16)];
  if (hex !== undefined) return `'${token}' is wider than 64 bits: write it as 32-bit words`;
  const grouped = groupWords(token);
  if (grouped) return grouped;
  if (token.startsWith("["))
    return `'${token}' is where no word dump can be: Mesa's [HHHHHHHHx_LLLLLLLLx] starts a line`;
  if (token.includes("_") && /^[0-9a-fA-Fx_]+$/.test(token))
    return `'${token}' is not HHHHHHHH_LLLLLLLL: 8 hex digits a word, the high word first`;
  return `'${token}' is not a 32-bit word in hex`;
}

/**
 * A line of Mesa's ir3 dump, `:1:0000:0000[20244000x_00000020x] mov.f32f32 r0.x, r8.x`: the words
 * in brackets (high first), after Mesa's position and before its text for them, which is skipped.
 */
const MESA_DUMP = /^(\s*(?:\d*(?::\d+)+)?)\[([^\]]*)\]/;

/**
 * The values of one line (`#`, `//` and, as in Mesa's dumps, `;` start comments): 32-bit words, or
 * with `bytes` bytes. A token may hold several words (a 64-bit value, Mesa's forms); the first bad
 * token ends the line.
 */
export function listingLine(line: string, bytes = false): ListingLine {
  const code = line.replace(/(#|\/\/|;).*$/, "");
  const dump = bytes ? null : MESA_DUMP.exec(code);
  if (dump) {
    const column = dump[1].length + 1;
    const words = groupWords(dump[2]);
    if (!words)
      return {
        values: [],
        error: {
          message: `'[${dump[2]}]' is not Mesa's dump of words: [HHHHHHHHx_LLLLLLLLx], the high word first`,
          column,
        },
      };
    return { values: words.map((value, part) => ({ value, column, part, of: words.length })) };
  }
  const values: ListedValue[] = [];
  for (const t of code.matchAll(/[^\s,]+/g)) {
    const column = (t.index ?? 0) + 1;
    const hex = bytes ? HEX.exec(t[0])?.[1] : undefined;
    const words = bytes
      ? hex !== undefined && hex.length <= 2
        ? [parseInt(hex, 16)]
        : `'${t[0]}' is not a byte in hex`
      : tokenWords(t[0]);
    if (typeof words === "string") return { values: [], error: { message: words, column } };
    words.forEach((value, part) => values.push({ value, column, part, of: words.length }));
  }
  return { values };
}
