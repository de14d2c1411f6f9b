/**
 * The assembler inverts the disassembler, for every ISA with a codec (out/ts/<id>.ts: ir3,
 * ir3-cat0, etnaviv, etnaviv-isa, valhall, r500): for random valid words of every instruction, at every generation it
 * exists at (ir3's `--gpu` generations, as `generationsOfInstructions` cuts them; the others have none), the
 * line `disassemble` prints assembles to words that `disassemble` prints as the same line.
 *
 * Words: the instruction's fixed bits (model `match`/`mask`, from out/json/<id>.json, the model the
 * codec was generated from), its asserted bits as asserted, don't-care bits clear, every other bit
 * random: uniform, or sparse (the AND of up to four uniform words), so that small values (an
 * immediate 32, register 0, an enum's first values) turn up beside wide ones. Words that decode as
 * no instruction (two instructions match them: Mesa's decoder reports a conflict and prints `no
 * match`) or that Mesa's decoder prints with an error other than set don't-care bits (a sub-field
 * matching no leaf, a sub-bitset's assertion broken: words no encoder writes) are no valid
 * encoding: fast-check draws others in their place (fc.pre), so that every instruction at every
 * generation gets RUNS valid lines (it fails after 100 draws per run without one).
 *
 * Fixed seeds; RUNS lines per instruction and generation (ir3 782 × 6, ir3-cat0 51 × 6, etnaviv
 * 81 × 8, etnaviv-isa 127 × 8, Valhall 252 × 12, R500 1 × 400, its index printed or not): about
 * 12 s on a quiet 2-core machine.
 *
 * Lines that cannot come back are only those the upstream assembler reads as other words, as the
 * model's isaspec-assembler companion (specs/ir3/assembler.json) documents rule by rule, and a line
 * Mesa prints empty. Each is checked to come back exactly as its rule says, and their number per
 * instruction and reason is asserted exactly (fixed seeds): see EXCEPTIONS.
 */
import { readFileSync } from "fs";
import * as path from "path";
import fc from "fast-check";
import { generationsOfInstructions } from "../../generator/codecs";
import type { Instruction, IsaModel } from "../../generator/model/types";
import { masked, withEnumIntegers } from "../../generator/runtime/codec/isaspecSpellings";
import { describeEachSpec, generatedCodec } from "../helpers/builtSpecs";
import { TEST_OUT } from "../helpers/testOutput";

interface Options {
  gpu?: number;
  showErrors?: boolean;
  /** R500: the instruction's index in its program, printed first. */
  index?: number;
}

interface Codec {
  decode(words: ArrayLike<number>, options?: Options): { name: string } | undefined;
  disassemble(words: ArrayLike<number>, options?: Options): string;
  assemble(text: string, options?: Options): Uint32Array;
}

const IDS = ["ir3", "ir3-cat0", "etnaviv", "etnaviv-isa", "valhall", "r500"];

/** Random words per instruction and generation: enough for every instruction, run time modest. */
const RUNS: Record<string, number> = {
  ir3: 6,
  "ir3-cat0": 6,
  etnaviv: 8,
  "etnaviv-isa": 8,
  valhall: 12,
  r500: 400,
};

const SEED = 36;

/** Instructions × the generations each exists at (ir3: 300..499, 500..599, 600..699, 700 and up). */
const PAIRS: Record<string, number> = {
  ir3: 782,
  "ir3-cat0": 51,
  etnaviv: 81,
  "etnaviv-isa": 127,
  valhall: 252,
  r500: 1,
};

/**
 * Why a line does not come back, each a rule of the model (the isaspec-assembler companion) or of
 * Mesa's printer, with what it says the line comes back as.
 */
const REASONS = {
  // A lossy respelling: the cat5 '()' write mask (WRMASK 0), which Mesa's parser gives wrmask
  // MAX2(1, 0) = 1: the line comes back with (x).
  "lossy respelling": "Mesa's parser reads the text as the respelling's, other words",
  // A lossy enumIntegers rule: an integer (or h(N)) source of a float cat2 op prints for the
  // integer-immediate words Mesa's encoder never picks for it; Mesa's parser reads it as #flut entry
  // N: the line comes back with the entry's display.
  "lossy flut integer": "Mesa's parser reads the integer as the #flut entry it indexes",
  // integerMasks: a cat1 immediate of a 16-bit source type prints all 32 bits of the field; Mesa's
  // parser masks the integer to 16 bits (immediate_cat1): the line comes back masked.
  "masked integer": "Mesa's parser masks the integer to the source type's 16 bits",
  // An `always` implicit value: Mesa writes it whatever the line shows (alias's b16 is written
  // b32, dsxpp.1/dsypp.1's TYPE f32): the words differ from words printing the line in that field
  // alone.
  "always written": "Mesa writes the field's value whatever the line shows",
  // No display template anywhere in the instruction's chain (ir3 brax): Mesa prints an empty line,
  // which is no instruction to assemble (asm takes brax as `brax FIELD=value, …`).
  "empty line": "Mesa prints nothing for an instruction without a display template",
} as const;
type Reason = keyof typeof REASONS;

/** Per ISA, per instruction, per reason: how many of its random lines do not come back. */
// prettier-ignore
const EXCEPTIONS: Record<string, Record<string, Record<string, number>>> = {
  ir3: {
    "absneg.f": { "lossy flut integer": 2 },
    "add.f": { "lossy flut integer": 1 },
    "alias": { "always written": 6 },
    "brax": { "empty line": 24 },
    "brcst.active": { "lossy respelling": 7 },
    "ceil.f": { "lossy flut integer": 1 },
    "cmps.f": { "lossy flut integer": 2 },
    "conv": { "lossy respelling": 12 },
    "convm": { "lossy respelling": 10 },
    "dsx": { "lossy respelling": 6 },
    "dsxpp.1": { "always written": 9, "always written + lossy respelling": 8 },
    "dsy": { "lossy respelling": 6 },
    "dsypp.1": { "always written": 11, "always written + lossy respelling": 7 },
    "floor.f": { "lossy flut integer": 1 },
    "gather4a": { "lossy respelling": 2 },
    "gather4b": { "lossy respelling": 10 },
    "gather4g": { "lossy respelling": 7 },
    "gather4r": { "lossy respelling": 9 },
    "getbuf": { "lossy respelling": 8 },
    "getinfo": { "lossy respelling": 6 },
    "getlod": { "lossy respelling": 5 },
    "getpos": { "lossy respelling": 8 },
    "getsize": { "lossy respelling": 3 },
    "isam": { "lossy respelling": 11 },
    "isaml": { "lossy respelling": 9 },
    "isamm": { "lossy respelling": 8 },
    "max.f": { "lossy flut integer": 1 },
    "mov-immed": { "masked integer": 3 },
    "mul.f": { "lossy flut integer": 2 },
    "quad_shuffle.brcst": { "lossy respelling": 2 },
    "quad_shuffle.diag": { "lossy respelling": 5 },
    "quad_shuffle.horiz": { "lossy respelling": 2 },
    "quad_shuffle.vert": { "lossy respelling": 4 },
    "rgetinfo": { "lossy respelling": 9 },
    "rgetpos": { "lossy respelling": 7 },
    "rndaz.f": { "lossy flut integer": 1 },
    "sam": { "lossy respelling": 6 },
    "samb": { "lossy respelling": 11 },
    "samgp0": { "lossy respelling": 6 },
    "samgp1": { "lossy respelling": 8 },
    "samgp2": { "lossy respelling": 8 },
    "samgp3": { "lossy respelling": 6 },
    "samgq": { "lossy respelling": 5 },
    "saml": { "lossy respelling": 9 },
    "shb": { "lossy flut integer": 1 },
    "trunc.f": { "lossy flut integer": 1 },
  },
  // The cat0 seed page alone: brax has no display template there either.
  "ir3-cat0": { brax: { "empty line": 12 } },
  etnaviv: {},
  "etnaviv-isa": {},
  valhall: {},
  r500: {},
};

const u32 = fc.noBias(fc.integer({ min: 0, max: 0xffffffff }));

/** A word's random bits: uniform, or the AND of up to three more uniform words (sparser). */
const randomBits = fc
  .tuple(fc.integer({ min: 0, max: 3 }), fc.array(u32, { minLength: 4, maxLength: 4 }))
  .map(([k, r]) => r.slice(0, k + 1).reduce((a, b) => a & b) >>> 0);

/** Words of the instruction: its fixed bits, its asserted bits, don't-care bits clear, the rest random. */
function arbWords(ins: Instruction): fc.Arbitrary<number[]> {
  const { match, mask, dontCare } = ins.encoding;
  return fc.array(randomBits, { minLength: match.length, maxLength: match.length }).map((r) => {
    const words = match.map((m, i) => ((m & ~dontCare[i]) | (r[i] & ~mask[i])) >>> 0);
    for (const a of ins.assertions ?? [])
      for (let bit = a.low; bit <= a.high; bit++)
        words[bit >> 5] = withBit(words, bit, Math.floor(a.value / 2 ** (bit - a.low)) % 2);
    return words;
  });
}

function withBit(words: readonly number[], bit: number, set: number): number {
  const w = words[bit >> 5];
  const b = 1 << (bit & 31);
  return (set ? w | b : w & ~b) >>> 0;
}

/** A field's value in the words (its ranges, lowest first). */
function fieldOf(ins: Instruction, name: string, words: readonly number[]): number {
  let value = 0;
  let shift = 0;
  for (const r of ins.fields.find((f) => f.name === name)!.ranges) {
    for (let b = r.low; b <= r.high; b++)
      value += (Math.floor(words[b >> 5] / 2 ** (b & 31)) % 2) * 2 ** (shift + b - r.low);
    shift += r.high - r.low + 1;
  }
  return value;
}

/** The words with a field set to a value. */
function withField(
  ins: Instruction,
  name: string,
  value: number,
  words: readonly number[],
): number[] {
  const out = words.slice();
  let shift = 0;
  for (const r of ins.fields.find((f) => f.name === name)!.ranges) {
    for (let b = r.low; b <= r.high; b++)
      out[b >> 5] = withBit(out, b, Math.floor(value / 2 ** (shift + b - r.low)) % 2);
    shift += r.high - r.low + 1;
  }
  return out;
}

/**
 * Whether Mesa's decoder, with show_errors, reports the words as a valid encoding: no remark, or
 * only set don't-care bits (the text is the same) and an instruction without a display template
 * (ir3 brax: Mesa prints an empty line). A sub-field matching no leaf (`no match: …`), a field the
 * leaf lacks (`no field '…'`) and a sub-bitset's `<assert>` broken (`WARNING: unexpected bits…`)
 * are words no encoder writes, whose text lacks an operand or shows other bits.
 */
function validEncoding(textWithErrors: string): boolean {
  const errors = textWithErrors.split("\t; ")[1];
  return (
    errors === undefined ||
    errors
      .split(", ")
      .every((e) => e.startsWith("dontcare bits in ") || e.endsWith(": no display template"))
  );
}

function modelOf(id: string): IsaModel {
  const file = path.join(TEST_OUT, "json", `${id}.json`);
  return JSON.parse(readFileSync(file, "utf8")) as IsaModel;
}

/**
 * Why the line `text` of `words` comes back as other words `back` (printing `again`), if documented
 * rules say exactly what it comes back as (several may apply together: a dsxpp.1 line with a '()'
 * write mask and a half destination); null for a failure.
 */
function reasonsOf(
  model: IsaModel,
  codec: Codec,
  ins: Instruction,
  options: Options,
  words: readonly number[],
  text: string,
  back: readonly number[] | null,
): Reason[] | null {
  const rules = model.assemblerText;
  if (text === "" && back !== null && back.length === 0) {
    const shows = ins.display !== undefined || ins.overrides.some((o) => o.display !== undefined);
    return shows ? null : ["empty line"];
  }
  if (back === null) return null;
  // Fields Mesa writes whatever the line shows: with the words' own values, back prints what the
  // text rules say.
  const reasons: Reason[] = [];
  let restored = back.slice();
  for (const v of ins.implicit ?? []) {
    const own = fieldOf(ins, v.field, words);
    if (v.always && own !== v.value && fieldOf(ins, v.field, back) === v.value) {
      restored = withField(ins, v.field, own, restored);
      reasons.push("always written");
    }
  }
  const again = codec.disassemble(restored, options);
  if (again === text) return reasons.length ? reasons : null;
  for (const r of rules?.respellings ?? [])
    if (
      r.lossy &&
      new RegExp(r.pattern).test(text) &&
      again === text.replace(new RegExp(r.pattern, "g"), r.replacement)
    )
      return [...reasons, "lossy respelling"];
  for (const e of rules?.enumIntegers ?? []) {
    if (!e.lossy || !new RegExp(e.pattern).test(text)) continue;
    const texts: string[] = [];
    for (const v of model.enums.find((x) => x.name === e.enum)!.values)
      texts[v.value] = v.display ?? "";
    if (
      again ===
      withEnumIntegers(
        text,
        Array.from(texts, (t) => t ?? ""),
      )
    )
      return [...reasons, "lossy flut integer"];
  }
  for (const m of rules?.integerMasks ?? [])
    if (new RegExp(m.pattern).test(text) && again === masked(text, m.bits) && again !== text)
      return [...reasons, "masked integer"];
  return null;
}

describeEachSpec(
  IDS,
  (id) => `${id}: every line disassemble prints assembles back to it`,
  (id) => {
    test("random valid words of every instruction and generation", () => {
      const codec: Codec = generatedCodec(id);
      const model = modelOf(id);
      const gens = generationsOfInstructions(model.instructions);
      const exceptions: Record<string, Record<string, number>> = {};
      const failures: string[] = [];
      /** Valid lines per instruction and generation. */
      const valid = new Map<string, number>();
      let pairs = 0;
      model.instructions.forEach((ins) => {
        const at: (number | undefined)[] = gens.length
          ? gens
              .map(([min]) => min)
              .filter((g) => !ins.gen || (g >= ins.gen.min && g <= ins.gen.max))
          : [undefined];
        for (const gpu of at) {
          const key = gpu === undefined ? ins.name : `${ins.name} @${gpu}`;
          valid.set(key, 0);
          const arb =
            id === "r500"
              ? fc.tuple(arbWords(ins), fc.option(fc.nat(100000), { nil: undefined }))
              : fc.tuple(arbWords(ins), fc.constant(undefined));
          fc.assert(
            fc.property(arb, ([words, index]) => {
              const options: Options = gpu === undefined ? {} : { gpu };
              // Words of two instructions' encodings, or no valid encoding: others are drawn.
              fc.pre(
                codec.decode(words, options)?.name === ins.name &&
                  validEncoding(codec.disassemble(words, { ...options, showErrors: true })),
              );
              valid.set(key, valid.get(key)! + 1);
              if (index !== undefined) options.index = index;
              const text = codec.disassemble(words, options);
              expect(text).not.toMatch(/\n/);
              let back: number[] | null = null;
              let again: string | null = null;
              let error = "";
              try {
                back = Array.from(codec.assemble(text, options), (w) => w >>> 0);
                again = codec.disassemble(back, options);
              } catch (e) {
                error = (e as Error).message;
              }
              if (again === text) return;
              const reasons = reasonsOf(model, codec, ins, options, words, text, back);
              if (reasons === null) {
                const hex = words.map((w) => w.toString(16).padStart(8, "0")).join(" ");
                failures.push(`${key}: ${hex} '${text}' → ${error || `'${again}'`}`);
                return;
              }
              const tally = (exceptions[ins.name] ??= {});
              const reason = reasons.join(" + ");
              tally[reason] = (tally[reason] ?? 0) + 1;
            }),
            { seed: SEED + pairs++, numRuns: RUNS[id] },
          );
        }
      });
      expect(failures).toEqual([]);
      expect(exceptions).toEqual(EXCEPTIONS[id]);
      // Every instruction, at every generation it exists at, had its runs of valid words.
      expect(pairs).toBe(PAIRS[id]);
      expect([...valid].filter(([, n]) => n !== RUNS[id])).toEqual([]);
      expect(valid.size).toBe(PAIRS[id]);
    }, 180_000);
  },
);
