/**
 * Decoding Intel genxml items and command buffers with the decoder's view of a document: typed
 * fields (decodeStruct), intel_print_group's text (printStruct), and a walk of a batch by opcode
 * and length (walkCommands).
 */
import {
  asDwords,
  groupLength,
  guessLength,
  printGroupLines,
  walkFields,
  type SurfaceFormats,
} from "./printGroup";
import { typedValue, type DecodedField } from "./decodedField";
import type { DecoderGroup, DecoderSpec } from "./types";

export type { DecodedField };

/** A struct, instruction or register by name (structs first, as `--struct` looks them up). */
export function findGroup(spec: DecoderSpec, name: string): DecoderGroup | undefined {
  return spec.structs[name] ?? spec.instructions[name] ?? spec.registers[name];
}

function readBits(dwords: ArrayLike<number>, start: number, end: number): bigint {
  let v = 0n;
  for (let b = end; b >= start; b--) {
    const w = Math.floor(b / 32);
    const bit = w < dwords.length ? (dwords[w] >>> (b % 32)) & 1 : 0;
    v = (v << 1n) | BigInt(bit);
  }
  return v;
}

/** The fields of `group` over `dwords`, typed; the walk is the decoder's (what it would print). */
export function decodeGroup(
  spec: DecoderSpec,
  group: DecoderGroup,
  dwords: ArrayLike<number>,
): DecodedField[] {
  const out: DecodedField[] = [];
  for (const v of walkFields(group, dwords, groupLength(group, dwords))) {
    const t = v.field.type;
    const raw = readBits(dwords, v.start, v.end);
    const fraction = t.kind === "ufixed" || t.kind === "sfixed" ? t.fraction : 0;
    const f: DecodedField = {
      name: v.name,
      start: v.start,
      end: v.end,
      type: t.kind,
      value: typedValue(t.kind, raw, v.start, v.end, fraction),
    };
    switch (t.kind) {
      case "struct": {
        const nested = spec.structs[t.name];
        if (nested) {
          // The struct's own dwords, from its first bit (it may start inside a dword).
          const sub = Array.from({ length: nested.length + 1 }, (_, i) =>
            Number(readBits(dwords, v.start + 32 * i, v.start + 32 * i + 31)),
          );
          f.fields = decodeGroup(spec, nested, sub);
        }
        break;
      }
    }
    const values = t.kind === "enum" ? t.values : v.field.values;
    const named = values.find((x) => BigInt(x.value) === raw);
    if (named && t.kind !== "bool" && t.kind !== "struct") f.enumName = named.name;
    out.push(f);
  }
  return out;
}

/** decodeGroup by name; undefined for a name the document does not have. */
export function decodeStruct(
  spec: DecoderSpec,
  name: string,
  dwords: ArrayLike<number>,
): DecodedField[] | undefined {
  const g = findGroup(spec, name);
  return g && decodeGroup(spec, g, dwords);
}

/** intel_print_group's text for the item `name` at offset 0; undefined for an unknown name. */
export function printStruct(
  spec: DecoderSpec,
  name: string,
  dwords: ArrayLike<number>,
  formats?: SurfaceFormats,
): string | undefined {
  const g = findGroup(spec, name);
  return (
    g &&
    printGroupLines(spec, g, 0, dwords, 0, [], formats)
      .map((l) => `${l}\n`)
      .join("")
  );
}

/** One command of a batch: where it starts (dword index), its instruction (if known) and length. */
export interface WalkedCommand {
  index: number;
  instruction?: DecoderGroup;
  /** Dwords the command takes (at least 1). */
  length: number;
}

/** Per spec: instructions by opcode mask, most specific mask first, then by opcode. */
const opcodeIndex = new WeakMap<
  DecoderSpec,
  { mask: number; byOpcode: Map<number, DecoderGroup> }[]
>();

function indexOf(spec: DecoderSpec) {
  let index = opcodeIndex.get(spec);
  if (index) return index;
  const byMask = new Map<number, Map<number, DecoderGroup>>();
  for (const g of Object.values(spec.instructions)) {
    if (g.opcodeMask === 0) continue;
    const m = byMask.get(g.opcodeMask) ?? new Map<number, DecoderGroup>();
    byMask.set(g.opcodeMask, m);
    if (!m.has(g.opcode)) m.set(g.opcode, g);
  }
  const bits = (m: number) => m.toString(2).replace(/0/g, "").length;
  index = [...byMask.entries()]
    .sort(([a], [b]) => bits(b) - bits(a) || a - b)
    .map(([mask, byOpcode]) => ({ mask, byOpcode }));
  opcodeIndex.set(spec, index);
  return index;
}

/** The instruction whose opcode fields match a header dword: the most specific match. */
export function findInstruction(spec: DecoderSpec, header: number): DecoderGroup | undefined {
  for (const { mask, byOpcode } of indexOf(spec)) {
    const g = byOpcode.get((header & mask) >>> 0);
    if (g) return g;
  }
  return undefined;
}

/** Walk a command buffer by opcode and length; an unknown header is one dword. */
export function walkCommands(spec: DecoderSpec, dwords: ArrayLike<number>): WalkedCommand[] {
  const out: WalkedCommand[] = [];
  const all = asDwords(dwords);
  for (let i = 0; i < all.length;) {
    const instruction = findInstruction(spec, all[i]);
    const n = instruction ? groupLength(instruction, all.subarray(i)) : guessLength(all[i]);
    const length = Math.max(1, n);
    out.push({ index: i, ...(instruction ? { instruction } : {}), length });
    i += length;
  }
  return out;
}

/** A batch as text: per command a `0x«offset»:  0x«header»:  «NAME»` line, then its fields. */
export function printCommands(
  spec: DecoderSpec,
  dwords: ArrayLike<number>,
  formats?: SurfaceFormats,
): string {
  const lines: string[] = [];
  const hex8 = (n: number) => (n >>> 0).toString(16).padStart(8, "0");
  const all = asDwords(dwords);
  for (const c of walkCommands(spec, all)) {
    // Past its length the decoder shows the memory that follows (the next commands).
    const rest = all.subarray(c.index);
    lines.push(
      `0x${hex8(4 * c.index)}:  0x${hex8(dwords[c.index])}:  ${c.instruction?.name ?? "unknown instruction"}`,
    );
    if (c.instruction) printGroupLines(spec, c.instruction, 4 * c.index, rest, 0, lines, formats);
  }
  return lines.map((l) => `${l}\n`).join("");
}
