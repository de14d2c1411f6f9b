/**
 * Where the Bifrost assembler puts a clause's constants (bifrost-clauses.md §3.4, §6): the slot each
 * tuple's FAU index names, the half each constant source reads, and the modifiers that print
 * PC-relative sources. The text fixes none of this; the choices are those of Mesa's packer:
 * - constants take slots in the order they are first read, slot 0 first where the layout embeds it;
 *   a tuple's constants share a slot that already holds them;
 * - a PC-relative source alone (a branch target) is the high half of a `pchi` slot (M1 = 4), beside
 *   a 32-bit constant of the same tuple in the low half, as the packer writes branch offsets;
 * - only what `pchi` cannot print takes another modifier: `>> 32` or an offset past 28 bits `pc60`,
 *   two targets in one tuple `pcpair`;
 * - a PC-relative slot is the first of its constants pair (the pair's top nibbles say both
 *   modifiers, and no M value makes the second alone PC-relative), never the embedded slot 0 of 5
 *   and 8 tuples (it has no modifier field); each pair's free top nibbles are set so that the M
 *   values select its modifiers, a plain pair is swapped where its nibbles would select others.
 * Carried by the Bifrost codec (inlined by generator/emit/codec/runtimeSource.ts).
 */
import { BifrostAssemblyError } from "./bifrostAssemblyError";
import {
  quadwordKind,
  type Constant,
  type ConstantModifier,
  type PreparedFormat,
} from "./bifrostClauses";

/** A constant source as printed: a 32-bit value, or a PC-relative clause target (`>> 32`: high). */
export type ConstantSource =
  { kind: "constant"; value: number } | { kind: "pc"; target: bigint; high: boolean };

/** A constant source's key in a tuple's map of halves. */
export const constantKey = (s: ConstantSource): string =>
  s.kind === "constant" ? `c${s.value}` : `p${s.target}${s.high ? ">>" : ""}`;

/** What a slot holds: a modifier and the bits of its halves (null: no source reads that half). */
interface SlotContent {
  mod: ConstantModifier;
  lo: number | null;
  hi: number | null;
}

/** One way to read a tuple's constant sources from a slot. */
interface SlotUse extends SlotContent {
  halves: Map<string, number>;
  /** The FAU index's low nibble (the low four bits of the low half, §6.2). */
  nibble: number;
}

/** A tuple's FAU use, as the assembler read it. */
export interface TupleConstants {
  /** Distinct constant sources its two instructions read. */
  sources: ConstantSource[];
  /** The FAU index its other FAU sources name (a uniform or special value), if any. */
  fau?: number;
  line: number;
}

/** The clause's constants and what each tuple's FAU index and constant sources select. */
export interface ConstantPlan {
  constants: Constant[];
  modifiers: ConstantModifier[];
  constantCount: number;
  fau: number[];
  halves: Map<string, number>[];
  /**
   * Constants quadwords to repeat at the clause's end: the next clause's label says the clause is
   * longer than the packer's layout holds (its text came from a stream Mesa's packer did not lay out).
   */
  repeated: number;
}

/** Plain low halves keep no low nibble: the FAU index supplies it. */
const withoutNibble = (v: number) => (v & ~0xf) >>> 0;

/** `off` (bytes) as the bits of a `bits`-bit two's complement number, or undefined if it does not fit. */
function offsetBits(off: bigint, bits: number): bigint | undefined {
  const limit = 1n << BigInt(bits - 1);
  return off >= -limit && off < limit ? BigInt.asUintN(bits, off) : undefined;
}

/** A 32-bit value's half of a tuple's map of halves. */
const valueHalf = (v: number, half: number): [string, number] => [
  constantKey({ kind: "constant", value: v }),
  half,
];

/** Ways to read one or two 32-bit values from a plain slot: the first in the low half first. */
function plainUses(values: number[]): SlotUse[] | string {
  if (values.length > 2) return "a tuple reads one constant slot: two 32-bit values at most";
  const [a, b] = values;
  if (b === undefined)
    return [
      {
        mod: "plain",
        lo: withoutNibble(a),
        hi: null,
        halves: new Map([valueHalf(a, 0)]),
        nibble: a & 15,
      },
      { mod: "plain", lo: null, hi: a, halves: new Map([valueHalf(a, 1)]), nibble: 0 },
    ];
  return [
    [a, b],
    [b, a],
  ].map(([lo, hi]) => ({
    mod: "plain",
    lo: withoutNibble(lo),
    hi,
    halves: new Map([valueHalf(lo, 0), valueHalf(hi, 1)]),
    nibble: lo & 15,
  }));
}

/** A pc60 slot holding the 60-bit offset `bits`. */
const pc60Use = (bits: bigint, halves: Map<string, number>): SlotUse => ({
  mod: "pc60",
  lo: Number(bits & 0xffffffffn),
  hi: Number(bits >> 32n),
  halves,
  nibble: 0,
});

/** Ways to read the tuple's constant sources from one slot, Mesa's packer's first; or why none. */
function tupleUses(sources: ConstantSource[], offset: number): SlotUse[] | string {
  const values: number[] = [];
  const pcs: { key: string; target: bigint; high: boolean; off: bigint }[] = [];
  for (const s of sources)
    if (s.kind === "constant") values.push(s.value);
    else pcs.push({ key: constantKey(s), ...s, off: (s.target - BigInt(offset)) * 16n });
  if (pcs.length === 0) return plainUses(values);
  const high = pcs.find((p) => p.high);
  if (high) {
    // Only pc60 prints `>> 32`, and it prints the same target in its low half.
    if (values.length > 0 || pcs.some((p) => p.target !== high.target))
      return "a tuple reading a `>> 32` target reads nothing else but the same target";
    const bits = offsetBits(high.off, 60);
    if (bits === undefined) return `target clause_${high.target} is past a 60-bit offset`;
    return [pc60Use(bits, new Map(pcs.map((p) => [p.key, p.high ? 1 : 0])))];
  }
  if (pcs.length === 2) {
    const offsets = pcs.map((p) => offsetBits(p.off, 28));
    if (values.length > 0 || offsets.includes(undefined))
      return "a tuple reads two targets only from a pair of 28-bit offsets, and nothing else";
    const pair = (lo: number, hi: number): SlotUse => ({
      mod: "pcpair",
      lo: Number(offsets[lo]),
      hi: Number(offsets[hi]),
      halves: new Map([
        [pcs[lo].key, 0],
        [pcs[hi].key, 1],
      ]),
      nibble: 0,
    });
    return [pair(0, 1), pair(1, 0)];
  }
  if (pcs.length > 2 || values.length > 1)
    return "a tuple reads one constant slot: a target and at most one 32-bit value";
  const [pc] = pcs;
  const short = offsetBits(pc.off, 28);
  const long = offsetBits(pc.off, 60);
  const uses: SlotUse[] = [];
  if (short !== undefined) {
    const hi = Number(short);
    const v = values[0];
    uses.push({
      mod: "pchi",
      lo: v === undefined ? null : withoutNibble(v),
      hi,
      halves: new Map([[pc.key, 1], ...(v === undefined ? [] : [valueHalf(v, 0)])]),
      nibble: v === undefined ? 0 : v & 15,
    });
    // Other modifiers print the target too: a slot that holds it already may be shared.
    if (v === undefined)
      uses.push(
        { mod: "pcpair", lo: null, hi, halves: new Map([[pc.key, 1]]), nibble: 0 },
        { mod: "pcpair", lo: hi, hi: null, halves: new Map([[pc.key, 0]]), nibble: 0 },
      );
  }
  if (long !== undefined && values.length === 0) uses.push(pc60Use(long, new Map([[pc.key, 0]])));
  return uses.length > 0
    ? uses
    : `target clause_${pc.target} is past the ${values.length > 0 ? "28" : "60"}-bit offset this tuple can hold`;
}

/** The slot holding both `slot` and `use`, or undefined. A plain slot with a free high half may become `pchi`. */
function unify(slot: SlotContent, use: SlotContent): SlotContent | undefined {
  let mod = slot.mod;
  if (slot.mod !== use.mod) {
    const plainOne = slot.mod === "plain" ? slot : use.mod === "plain" ? use : undefined;
    const mods = [slot.mod, use.mod].sort().join();
    if (mods !== "pchi,plain" || plainOne!.hi !== null) return undefined;
    mod = "pchi";
  }
  if (slot.lo !== null && use.lo !== null && slot.lo !== use.lo) return undefined;
  if (slot.hi !== null && use.hi !== null && slot.hi !== use.hi) return undefined;
  return { mod, lo: slot.lo ?? use.lo, hi: slot.hi ?? use.hi };
}

const sameContent = (a: SlotContent, b: SlotContent) =>
  a.mod === b.mod && a.lo === b.lo && a.hi === b.hi;

/**
 * `x`, `y` (32-bit) with their top nibbles set so that `top(x) - top(y) = d` (mod 16), changing only
 * a free one; undefined if both are fixed and differ so.
 */
function topNibbles(
  x: number,
  xFree: boolean,
  y: number,
  yFree: boolean,
  d: number,
): [number, number] | undefined {
  const top = (v: number) => v >>> 28;
  const withTop = (v: number, t: number) => ((v & 0x0fffffff) | (t << 28)) >>> 0;
  if (xFree) return [withTop(x, (top(y) + d) & 15), y];
  if (yFree) return [x, withTop(y, (top(x) - d) & 15)];
  return ((top(x) - top(y)) & 15) === d ? [x, y] : undefined;
}

/**
 * The two constants of a constants quadword holding `a` then `b`, their top nibbles chosen so that
 * the M values they give (§6.4) select `a.mod`, `b.mod`: the first M value that does, or undefined.
 */
function solvePair(
  f: PreparedFormat,
  a: SlotContent,
  b: SlotContent,
): [Constant, Constant] | undefined {
  // Bits of a PC-relative offset above its width, and halves no source reads, are free.
  const freeHi = (c: SlotContent) => c.hi === null || c.mod !== "plain";
  const freeLo = (c: SlotContent) => c.lo === null || c.mod === "pcpair";
  for (let m1 = 0; m1 < 16; m1++) {
    const byM2 = f.data.constantModifiers[m1][0] === "byM2";
    for (let m2 = 0; m2 < (byM2 ? 16 : 1); m2++) {
      const mods = byM2 ? f.data.constantModifiersByM2[m2] : f.data.constantModifiers[m1];
      if (mods[0] !== a.mod || mods[1] !== b.mod) continue;
      const his = topNibbles(a.hi ?? 0, freeHi(a), b.hi ?? 0, freeHi(b), m1);
      const los = byM2
        ? topNibbles(a.lo ?? 0, freeLo(a), b.lo ?? 0, freeLo(b), m2)
        : [a.lo ?? 0, b.lo ?? 0];
      if (his && los)
        return [
          { lo: los[0], hi: his[0] },
          { lo: los[1], hi: his[1] },
        ];
    }
  }
  return undefined;
}

const FILLER: SlotContent = { mod: "plain", lo: null, hi: null };

/**
 * The pool's slots laid out for `pairs` constants quadwords: each slot's pool index (null: filler),
 * the first order in pool order that the layout's modifiers allow; or undefined.
 */
function arrange(
  f: PreparedFormat,
  pool: SlotContent[],
  embedded: "any" | "plain" | null,
  pairs: number,
): { at: (number | null)[]; constants: Constant[] } | undefined {
  const first = embedded ? 1 : 0;
  const size = first + 2 * pairs;
  const at: (number | null)[] = [];
  const constants: Constant[] = [];
  const used = new Set<number>();
  const content = (i: number) => (at[i] === null ? FILLER : pool[at[i]!]);
  const place = (i: number): boolean => {
    if (i === size) return used.size === pool.length;
    const candidates: (number | null)[] = pool.map((_, p) => p).filter((p) => !used.has(p));
    if (pool.length - used.size < size - i) candidates.push(null);
    for (const p of candidates) {
      at[i] = p;
      if (p !== null) used.add(p);
      const c = content(i);
      let ok = true;
      if (i < first) {
        ok = embedded === "any" || c.mod === "plain";
        constants[i] = { lo: c.lo ?? 0, hi: c.hi ?? 0 };
      } else if ((i - first) % 2 === 1) {
        const pair = solvePair(f, content(i - 1), c);
        ok = pair !== undefined;
        if (pair) [constants[i - 1], constants[i]] = pair;
      }
      if (ok && place(i + 1)) return true;
      if (p !== null) used.delete(p);
    }
    return false;
  };
  return place(0) ? { at: at.slice(0, size), constants } : undefined;
}

/** Marks a tuple whose constants come from a slot no quadword writes (it holds 0): its nibble follows. */
const UNWRITTEN = -1;

/**
 * The constants of a clause of `n` tuples at quadword `offset`, with `quadwords` quadwords if the
 * next clause's label says so (constants no source reads fill it). `line` locates clause-wide errors.
 */
export function planConstants(
  f: PreparedFormat,
  offset: number,
  tuples: TupleConstants[],
  quadwords: number | undefined,
  line: number,
): ConstantPlan {
  const n = tuples.length;
  const layout = f.data.packerLayouts.find((l) => l.tuples === n)!;
  const kinds = layout.tags.map((tag) => quadwordKind(f, tag));
  const embedded = kinds.includes("ec-m") ? "any" : kinds.includes("ec-high") ? "plain" : null;
  const pool: SlotContent[] = [];
  const slotOf: number[] = [];
  const nibbles: number[] = [];
  const halves: Map<string, number>[] = [];
  tuples.forEach((t, i) => {
    halves.push(new Map());
    nibbles.push(0);
    slotOf.push(-2);
    if (t.sources.length === 0) return;
    if (t.fau !== undefined)
      throw new BifrostAssemblyError(
        t.line,
        "a tuple reads one FAU value: a constant slot or a uniform, not both",
      );
    const values = t.sources.flatMap((s) => (s.kind === "constant" ? [s.value] : []));
    // Values a slot no quadword writes prints (it holds 0): its FAU nibble alone.
    if (
      values.length === t.sources.length &&
      values.every((v) => v < 16) &&
      values.filter((v) => v !== 0).length <= 1
    ) {
      const nibble = values.find((v) => v !== 0) ?? 0;
      values.forEach((v) => halves[i].set(`c${v}`, v === nibble ? 0 : 1));
      slotOf[i] = UNWRITTEN;
      nibbles[i] = nibble;
      return;
    }
    const uses = tupleUses(t.sources, offset);
    if (typeof uses === "string") throw new BifrostAssemblyError(t.line, uses);
    for (const exact of [true, false])
      for (let s = 0; s < pool.length && slotOf[i] < 0; s++)
        for (const use of uses) {
          const merged = unify(pool[s], use);
          if (!merged || (exact && !sameContent(merged, pool[s]))) continue;
          pool[s] = merged;
          [slotOf[i], halves[i], nibbles[i]] = [s, use.halves, use.nibble];
          break;
        }
    if (slotOf[i] < 0) {
      const use = uses[0];
      pool.push({ mod: use.mod, lo: use.lo, hi: use.hi });
      [slotOf[i], halves[i], nibbles[i]] = [pool.length - 1, use.halves, use.nibble];
    }
  });
  // Pairs a quadword can hold: positions whose second slot is one of the six.
  const room = layout.constantPositions.filter(
    (p) => f.data.constantPositions[p]![0] + 1 < 6,
  ).length;
  const first = embedded ? 1 : 0;
  const least = Math.ceil(Math.max(0, pool.length - first) / 2);
  const fixed = quadwords === undefined ? undefined : quadwords - layout.tags.length;
  // A length the layout cannot reach is made up by repeating constants quadwords.
  const exact = fixed !== undefined && fixed <= room ? fixed : undefined;
  let arranged: ReturnType<typeof arrange>;
  for (let pairs = exact ?? least; !arranged && pairs >= 0 && pairs <= (exact ?? room); pairs++)
    arranged = arrange(f, pool, embedded, pairs);
  if (!arranged)
    throw new BifrostAssemblyError(
      line,
      fixed === undefined
        ? `a clause of ${n} tuples cannot hold its ${pool.length} constant slots with their modifiers`
        : `a clause of ${n} tuples and ${pool.length} constant slots is not ${quadwords} quadwords long`,
    );
  const { at, constants } = arranged;
  const modifiers: ConstantModifier[] = Array.from({ length: 6 }, (_, s) =>
    s < at.length && at[s] !== null ? pool[at[s]!].mod : "plain",
  );
  while (constants.length < 6) constants.push({ lo: 0, hi: 0 });
  // The slot printed for constants no quadword writes: the last one the clause does not write.
  const zeroSlot =
    at.length < 6
      ? 5
      : constants.findIndex((k, s) => k.lo === 0 && k.hi === 0 && modifiers[s] === "plain");
  const fauOfSlot = (slot: number) => f.data.fauConstantSlots.indexOf(slot) << 4;
  const fau = tuples.map((t, i) => {
    if (slotOf[i] === UNWRITTEN) {
      if (zeroSlot < 0)
        throw new BifrostAssemblyError(t.line, "every constant slot is written: none prints 0");
      return fauOfSlot(zeroSlot) | nibbles[i];
    }
    if (slotOf[i] < 0) return t.fau ?? 0;
    return fauOfSlot(at.indexOf(slotOf[i])) | nibbles[i];
  });
  const repeated = fixed !== undefined && fixed > room ? fixed - (at.length - first) / 2 : 0;
  return { constants, modifiers, constantCount: at.length, fau, halves, repeated };
}
