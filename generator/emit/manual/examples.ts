/**
 * One worked example per instruction, encoded and disassembled by the generated codec.
 *
 * The example sets every field to a small, valid, non-zero value where the codec's text round-trips
 * (a set flag, the first non-reserved non-zero enum value, number 1: register r1, offset 1, …), so
 * the reader sees each operand and modifier spelled out. A field whose value does not survive
 * disassembly and re-assembly (bits the text does not show, two views of the same bits) keeps its
 * default (or zero). Deterministic: all preferred values at once; failing that, the defaults, then
 * preferred values added in model order, a group at a time. A text carrying a codec remark (after
 * `;`) does not count as round-tripping. An instruction for which nothing round-trips (an
 * expression the assembler cannot invert) gets a decode-only example: the default fields encoded
 * and disassembled, with the reason, which the build reports as a warning. An isaspec instruction
 * without a display template prints nothing, as Mesa does: its example is decode-only.
 */
import type { EnumDef, Field, Instruction, IsaModel } from "../../model/types";
import type { GeneratedCodec } from "./loadGeneratedCodec";
import { unnamedValueSymbol } from "../codec/codecView";

export interface InstructionExample {
  /** The instruction words, word 0 first. */
  words: number[];
  /** What `disassemble(words, gpu ? { gpu } : {})` prints. */
  text: string;
  /** The GPU generation passed to the codec, where the ISA's default would not decode the instruction. */
  gpu?: number;
  /** Fields set to a non-default value, in model order. */
  varied: string[];
  /** Why the text does not assemble back (a decode-only example); absent when it does. */
  decodeOnly?: string;
}

type FieldValue = boolean | number | string;

function enumValueFits(field: Field, value: number): boolean {
  return value < 2 ** field.width;
}

/** The value the example would like to show for a field, as the codec takes it. */
function preferredValue(field: Field, enums: Map<string, EnumDef>): FieldValue {
  if (field.type === "bool" || field.type === "bool_inv") return true;
  if (field.enum !== undefined) {
    const def = enums.get(field.enum);
    const candidates = (def?.values ?? []).filter(
      (v) => !v.reserved && enumValueFits(field, v.value),
    );
    const chosen = candidates.find((v) => v.value !== 0) ?? candidates[0];
    return unnamedValueSymbol(chosen ? chosen.value : 0);
  }
  return 1;
}

/** The value with no effect: the field's default, else zero. */
function fallbackValue(field: Field): FieldValue {
  const raw = field.default ?? 0;
  if (field.type === "bool" || field.type === "bool_inv") return raw !== 0;
  if (field.enum !== undefined) return unnamedValueSymbol(raw);
  return raw;
}

function sameWords(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] >>> 0 !== b[i] >>> 0) return false;
  return true;
}

type Attempt = { ok: true; words: number[]; text: string } | { ok: false; reason: string };

/**
 * What became of each instruction word pattern tried so far for one instruction. Past the encode,
 * an attempt depends only on its words (the codec's decode, disassemble and assemble are pure, the
 * instruction and GPU are fixed), and field values that the encoding ignores or aliases give words
 * tried already: a third of Valhall's attempts, a sixth of ir3's.
 */
type Tried = Map<string, Attempt>;

function attempt(
  codec: GeneratedCodec,
  ins: Instruction,
  fields: Record<string, FieldValue>,
  gpu: number | undefined,
  tried: Tried,
): Attempt {
  let words: Uint32Array;
  try {
    words = codec.encode({ name: ins.name, fields });
  } catch (e) {
    return { ok: false, reason: `encode: ${(e as Error).message}` };
  }
  const key = words.join(",");
  let result = tried.get(key);
  if (!result) tried.set(key, (result = wordsAttempt(codec, ins, words, gpu)));
  return result;
}

/** Whether `words` decode as `ins` and print as text that assembles back to them. */
function wordsAttempt(
  codec: GeneratedCodec,
  ins: Instruction,
  words: Uint32Array,
  gpu: number | undefined,
): Attempt {
  const options = gpu === undefined ? {} : { gpu };
  const decoded = codec.decode(words, options);
  if (decoded?.name !== ins.name)
    return { ok: false, reason: `decodes as ${decoded ? decoded.name : "nothing"}` };
  const text = codec.disassemble(words, options);
  let back: Uint32Array;
  try {
    // With the GPU it was decoded for: several instructions may print one text for different gens.
    const asmGpu = gpu ?? codec.ISA.defaultGpu;
    back = codec.assemble(text, asmGpu === null ? {} : { gpu: asmGpu });
  } catch (e) {
    return { ok: false, reason: `'${text}' does not assemble: ${(e as Error).message}` };
  }
  if (!sameWords(back, words))
    return { ok: false, reason: `'${text}' assembles to different words` };
  // A remark after `;` (don't-care bits, decoding problems) is the codec flagging the words.
  if (text.includes(";")) return { ok: false, reason: `'${text}' carries a codec remark` };
  return { ok: true, words: Array.from(words, (w) => w >>> 0), text };
}

/** The decode-only reason of an isaspec instruction without a display template (the reader warns of it). */
export const NO_DISPLAY = "no display template, so Mesa prints an empty line";

/** The GPU to decode with: none when the codec's default generation covers the instruction. */
function exampleGpu(codec: GeneratedCodec, ins: Instruction): number | undefined {
  if (!ins.gen) return undefined;
  const d = codec.ISA.defaultGpu;
  if (d === null || (d >= ins.gen.min && d <= ins.gen.max)) return undefined;
  return ins.gen.min;
}

export function instructionExample(
  model: IsaModel,
  ins: Instruction,
  codec: GeneratedCodec,
): InstructionExample {
  const enums = new Map(model.enums.map((e) => [e.name, e]));
  const gpu = exampleGpu(codec, ins);
  const preferred = new Map(ins.fields.map((f) => [f.name, preferredValue(f, enums)]));
  const fallback = new Map(ins.fields.map((f) => [f.name, fallbackValue(f)]));
  const fields: Record<string, FieldValue> = Object.fromEntries(fallback);
  const tried: Tried = new Map();
  /** Set `names` to their preferred values, keeping the change only if the text round-trips. */
  const prefer = (names: string[]): Attempt => {
    for (const n of names) fields[n] = preferred.get(n)!;
    const result = attempt(codec, ins, fields, gpu, tried);
    if (!result.ok) for (const n of names) fields[n] = fallback.get(n)!;
    return result;
  };
  const candidates = ins.fields
    .map((f) => f.name)
    .filter((n) => preferred.get(n) !== fallback.get(n));
  // An isaspec instruction without a display template prints nothing (as Mesa): no text to
  // assemble, so the words of the preferred values, decode-only.
  if (model.isa.assemblySyntax === "isaspec" && ins.display === undefined)
    return decodeOnlyExample(codec, ins, preferred, gpu, NO_DISPLAY);

  let best = prefer(candidates);
  if (!best.ok) {
    const allPreferred = best.reason;
    const defaults = attempt(codec, ins, fields, gpu, tried);
    best = defaults;
    // Some defaults do not print as text that parses (a Valhall staging-register count of 0):
    // then the first single preferred value that makes the text round-trip.
    for (let i = 0; !best.ok && i < candidates.length; i++) best = prefer([candidates[i]]);
    // Then as many preferred values as still round-trip: whole groups first, halving a group that
    // fails (few trials when few fields misbehave).
    const flip = (group: string[]): void => {
      const todo = group.filter((n) => fields[n] !== preferred.get(n));
      if (todo.length === 0) return;
      const result = prefer(todo);
      if (result.ok) best = result;
      else if (todo.length > 1) {
        const half = Math.ceil(todo.length / 2);
        flip(todo.slice(0, half));
        flip(todo.slice(half));
      }
    };
    // Where no single value does (two fields whose texts are lossy at their defaults: an ir3 cat5
    // '()' write mask, which Mesa's assembler reads as '(x)', beside isam's `.1d`), two of them.
    for (let i = 0; !best.ok && i < candidates.length; i++)
      for (let j = i + 1; !best.ok && j < candidates.length; j++)
        best = prefer([candidates[i], candidates[j]]);
    if (!best.ok)
      return decodeOnlyExample(
        codec,
        ins,
        fallback,
        gpu,
        `${allPreferred}; with every field at its default, ${defaults.ok ? "ok" : defaults.reason}`,
      );
    flip(candidates);
  }
  if (!best.ok) throw new Error(`${ins.name}: unreachable`); // narrows `best`; every path above ends ok
  const varied = candidates.filter((n) => fields[n] === preferred.get(n));
  return { words: best.words, text: best.text, ...(gpu === undefined ? {} : { gpu }), varied };
}

/** The words of the default fields (or the instruction's fixed bits if those do not encode), as decoded. */
function decodeOnlyExample(
  codec: GeneratedCodec,
  ins: Instruction,
  fields: Map<string, FieldValue>,
  gpu: number | undefined,
  reason: string,
): InstructionExample {
  let words: number[];
  try {
    words = Array.from(
      codec.encode({ name: ins.name, fields: Object.fromEntries(fields) }),
      (w) => w >>> 0,
    );
  } catch {
    words = ins.encoding.match.map((w) => w >>> 0);
  }
  const text = codec.disassemble(words, gpu === undefined ? {} : { gpu });
  return { words, text, ...(gpu === undefined ? {} : { gpu }), varied: [], decodeOnly: reason };
}
