/**
 * The fixed bits of an instruction (valhall.c.py `exact` and what va_pack always writes): the
 * primary opcode, opcode2 where the layout's rules put it, reserved bits, the no-destination
 * placeholder byte and staging-register flags.
 */
import { notWords, orWords, rangeMask, rangesMask, setBits, zeroWords } from "../../model/bits";
import type { EncodingBits, SourceRef } from "../../model/types";
import type { InsBuilder } from "./insBuilder";
import { opcode2Position } from "./opcode2";
import type { Session } from "./session";

export function encodingOf(
  s: Session,
  b: InsBuilder,
  x: {
    name: string;
    opcode: number;
    opcode2: number | undefined;
    opcodeAt: SourceRef;
    opcode2At: SourceRef;
    sources: Record<string, string>[];
    placeholder: boolean;
  },
): EncodingBits {
  const { layout, wordCount } = s;
  const op = layout.instruction.opcode;
  const opWidth = op.high - op.low + 1;
  if (x.opcode >= 2 ** opWidth)
    s.error(
      "bad-number",
      `instruction '${x.name}': opcode 0x${x.opcode.toString(16)} does not fit the ${opWidth}-bit primary opcode (bits ${op.low}-${op.high})`,
      x.opcodeAt,
    );
  const fixed = [{ low: op.low, high: op.high, value: x.opcode % 2 ** opWidth }, ...b.fixed];
  for (const r of layout.instruction.reserved)
    fixed.push({ low: r.low, high: r.high, value: r.value });

  if (x.opcode2 !== undefined) {
    const pos = opcode2Position(layout.opcode2.rules, {
      name: x.name,
      opcode: x.opcode,
      hasOpcode2: true,
      modifiers: new Set(b.modifiers.map((m) => m.name)),
      sources: x.sources,
    });
    const outside = x.opcode2 & ~pos.mask;
    if (outside !== 0)
      s.error(
        "bad-number",
        `instruction '${x.name}': opcode2 0x${x.opcode2.toString(16)} has bits outside its mask 0x${pos.mask.toString(16)} (shift ${pos.shift})`,
        x.opcode2At,
      );
    for (let bit = 0; 2 ** bit <= pos.mask; bit++) {
      if ((pos.mask >>> bit) & 1)
        fixed.push({ low: pos.shift + bit, high: pos.shift + bit, value: (x.opcode2 >>> bit) & 1 });
    }
  }

  if (x.placeholder) {
    // va_pack ORs modifiers (BRANCHZI `absolute`) over the placeholder: fields win.
    const claimed = rangesMask(
      wordCount,
      b.fields.flatMap((f) => f.ranges),
    );
    const p = layout.noDestination;
    for (let bit = p.low; bit <= p.high; bit++) {
      if (((claimed[bit >>> 5] >>> (bit & 31)) & 1) === 0)
        fixed.push({ low: bit, high: bit, value: Math.floor(p.value / 2 ** (bit - p.low)) % 2 });
    }
  }

  const match = zeroWords(wordCount);
  let mask = zeroWords(wordCount);
  for (const f of fixed) {
    setBits(match, f.low, f.high, f.value);
    mask = orWords(mask, rangeMask(wordCount, f.low, f.high));
  }
  if (!layout.instruction.unclaimed) return { match, mask, dontCare: zeroWords(wordCount) };
  // What nothing claims is don't-care: encoders write 0, decoders ignore it but can report it.
  const claimed = orWords(
    mask,
    rangesMask(
      wordCount,
      b.fields.flatMap((f) => f.ranges),
    ),
  );
  const dontCare = notWords(claimed);
  return { match, mask: orWords(mask, dontCare), dontCare };
}
