/**
 * The `r500-framing` companion: which dword of an R500 instruction holds which register, the registers
 * the seed does not document, and the instruction those words make up. Builds the companion's
 * registers and the framed instruction, with fields at absolute instruction bits.
 */
import type { Diagnostics } from "../../diagnostics";
import { emptyEncoding, orWords, rangeMask, setBits } from "../../model/bits";
import type { Field, Instruction, IsaInfo, Modifier, Operand, Register } from "../../model/types";
import type { LoadedCompanion } from "../readerTypes";
import { parseHex } from "./parseRegisterText";
import { gapsOf } from "./registerModel";

interface FramingField {
  name: string;
  bits: string;
  type?: "uint" | "bool";
  default?: number;
  doc: string;
  upstream: string;
}

interface FramingWord {
  word: number;
  register?: string;
  offset?: string;
  unused?: true;
  upstream: string;
}

interface FramingRegister {
  name: string;
  doc: string;
  fields: FramingField[];
  upstream: string;
}

interface FramingInstruction {
  name: string;
  mnemonic: string;
  doc: string;
  fixed: { register: string; field: string; value: number; upstream: string }[];
  operands: { name: string; kind: Operand["kind"]; fields: string[]; brief?: string }[];
  modifiers: string[];
  upstream: string;
}

/** The companion's data, as its schema guarantees it. */
export interface Framing {
  words: FramingWord[];
  registers: FramingRegister[];
  instruction: FramingInstruction;
}

const WORD_BITS = 32;

/** The registers the companion describes (32 bits each, bits relative to the register). */
export function framingRegisters(companion: LoadedCompanion): Register[] {
  const framing = companion.data as Framing;
  return framing.registers.map((r, i) => {
    const fields = r.fields.map((f, j): Field => {
      const [hi, lo] = f.bits.split(":").map(Number);
      const low = lo ?? hi;
      const width = Math.abs(hi - low) + 1;
      return {
        name: f.name,
        ranges: [{ low, high: hi }],
        width,
        type: f.type ?? (width === 1 ? "bool" : "uint"),
        ...(f.default !== undefined ? { default: f.default } : {}),
        doc: f.doc,
        source: companion.locate(["registers", i, "fields", j]),
      };
    });
    return {
      name: r.name,
      width: WORD_BITS,
      fields,
      reserved: gapsOf(fields, WORD_BITS),
      doc: r.doc,
      source: companion.locate(["registers", i]),
    };
  });
}

/**
 * Place `registers` in the instruction words the companion names (setting `instructionWord` and
 * `offset` on them) and build the framed instruction.
 */
export function buildFramedInstruction(
  companion: LoadedCompanion,
  registers: Register[],
  isa: IsaInfo,
  diags: Diagnostics,
): Instruction {
  const framing = companion.data as Framing;
  const spec = framing.instruction;
  const at = (...path: (string | number)[]) => companion.locate(path);
  const count = isa.wordCount;
  const byName = new Map(registers.map((r) => [r.name, r]));

  if (framing.words.length * WORD_BITS !== isa.instructionWidth)
    diags.error(
      "pattern-length",
      `the framing lists ${framing.words.length} words (${framing.words.length * WORD_BITS} bits), but the manifest says instructions are ${isa.instructionWidth} bits`,
      at("words"),
    );

  const encoding = emptyEncoding(count);
  const fields: Field[] = [];
  /** Register words placed, for resolving `fixed`. */
  const placed = new Map<string, { register: Register; word: number }>();
  const dontCare = (low: number, high: number) => {
    if (high >= count * WORD_BITS) return;
    encoding.mask = orWords(encoding.mask, rangeMask(count, low, high));
    encoding.dontCare = orWords(encoding.dontCare, rangeMask(count, low, high));
  };

  framing.words.forEach((w, i) => {
    if (w.word !== i)
      diags.error(
        "bad-number",
        `word entry ${i} says word ${w.word}; words must be listed in order 0, 1, 2, …`,
        at("words", i, "word"),
      );
    const base = i * WORD_BITS;
    if (w.unused && w.register !== undefined) {
      diags.error(
        "unknown-attribute",
        `word ${i} names register '${w.register}' but is also marked unused`,
        at("words", i),
      );
      return;
    }
    if (w.unused) {
      dontCare(base, base + WORD_BITS - 1);
      return;
    }
    if (w.register === undefined) {
      diags.error(
        "missing-attribute",
        `word ${i} names neither a register nor "unused": true`,
        at("words", i),
      );
      return;
    }
    const register = byName.get(w.register);
    if (!register) {
      diags.error(
        "dangling-reference",
        `word ${i} names register '${w.register}', which neither the framing nor a register document defines`,
        at("words", i, "register"),
      );
      return;
    }
    register.instructionWord = i;
    const offset = w.offset === undefined ? undefined : parseHex(w.offset);
    if (offset !== undefined) register.offset = offset;
    placed.set(register.name, { register, word: i });
    // Reserved bits are unspecified: the instruction ignores them (encoders write 0).
    for (const gap of register.reserved) dontCare(base + gap.low, base + gap.high);
  });

  const fixedFields = new Set<Field>();
  spec.fixed.forEach((fx, i) => {
    const where = placed.get(fx.register);
    const field = where?.register.fields.find((f) => f.name === fx.field);
    if (!where || !field) {
      diags.error(
        "dangling-reference",
        where
          ? `fixed field '${fx.register}.${fx.field}': register ${fx.register} has no field '${fx.field}'`
          : `fixed field '${fx.register}.${fx.field}': register '${fx.register}' is not in any instruction word`,
        at("instruction", "fixed", i),
      );
      return;
    }
    if (fx.value >= 2 ** field.width) {
      diags.error(
        "bad-number",
        `fixed field '${fx.register}.${fx.field}': value ${fx.value} does not fit its ${field.width} bits`,
        at("instruction", "fixed", i, "value"),
      );
      return;
    }
    fixedFields.add(field);
    const base = where.word * WORD_BITS;
    for (const r of field.ranges) {
      encoding.mask = orWords(encoding.mask, rangeMask(count, base + r.low, base + r.high));
    }
    setBits(encoding.match, base + field.ranges[0].low, base + field.ranges[0].high, fx.value);
  });

  for (const { register, word } of placed.values()) {
    for (const f of register.fields) {
      if (fixedFields.has(f)) continue;
      const base = word * WORD_BITS;
      fields.push({
        ...f,
        ranges: f.ranges.map((r) => ({ low: r.low + base, high: r.high + base })),
      });
    }
  }

  const operands: Operand[] = spec.operands.map((o, i) => ({
    name: o.name,
    kind: o.kind,
    fields: [...o.fields],
    ...(o.brief !== undefined ? { brief: o.brief } : {}),
    source: at("instruction", "operands", i),
  }));
  const modifiers: Modifier[] = spec.modifiers.map((name, i) => ({
    name,
    field: name,
    encoded: true,
    source: at("instruction", "modifiers", i),
  }));

  return {
    name: spec.name,
    mnemonic: spec.mnemonic,
    encoding,
    fields,
    derived: [],
    overrides: [],
    operands,
    modifiers,
    doc: spec.doc,
    notes: [],
    source: at("instruction"),
  };
}
