/**
 * How long a command is when its item says nothing (no `DWord Length` field): Mesa's decoder
 * guesses from the header dword alone (genxml.md §7.2). Shared by the interpreter (printGroup.ts)
 * and the generated decoders, which inline it.
 */

/** The length guess from a command's header dword, when its group says nothing (§7.2); −1 unknown. */
export function guessLength(h: number): number {
  h >>>= 0;
  const type = h >>> 29;
  if (type === 0) return ((h >>> 23) & 0x3f) < 16 ? 1 : (h & 0xff) + 2;
  if (type === 2) return (h & 0xff) + 2;
  if (type !== 3) return -1;
  const sub = (h >>> 27) & 3;
  const op = (h >>> 24) & 7;
  const whole = h >>> 16;
  switch (sub) {
    case 0:
      return whole === 0x6104 ? 1 : op < 2 ? (h & 0xff) + 2 : -1;
    case 1:
      return op < 2 ? 1 : -1;
    case 2:
      if (whole === 0x73a2) return (h & 0xfff) + 2;
      if (op === 0) return (h & 0xff) + 2;
      return op < 3 ? (h & 0xffff) + 2 : -1;
    default:
      return whole === 0x780b ? 1 : op < 4 ? (h & 0xff) + 2 : -1;
  }
}
