/**
 * The decision tree behind the dispatch tables: instructions (fixed-bit patterns) are routed by
 * successive bit-range lookups, in the manner of LLVM's FixedLenDecoderEmitter and QEMU's
 * decodetree, so a dispatcher never scans the whole instruction list.
 *
 * Each internal node extracts one contiguous run of bits of one 32-bit word and indexes its
 * children with the value. A candidate instruction goes into every child whose value agrees with the
 * bits it tests inside the run (exactly one child when it tests them all), keeping model order, so
 * the first instruction of a leaf that passes the full mask/match (and gen) check is the first
 * instruction of the whole model that matches: the same answer as a linear scan.
 *
 * A node splits on bits every candidate tests whenever those can make every child smaller than the
 * node; only otherwise does it take a run some candidates do not test, copying them. Copies are
 * bounded: the root may hold DUPLICATION_BUDGET × (instruction count) candidate entries
 * in all, and each child inherits a share of its parent's budget proportional to its size, so a split
 * whose children would hold more entries than the node's budget is not taken. The leaves therefore
 * list at most DUPLICATION_BUDGET entries per instruction, and as a node scores every candidate run
 * in time linear in its candidates (plus a constant per run), a build is near-linear in the
 * instruction count whatever the patterns.
 */

/** The bits an instruction fixes: `(words[w] & tested[w]) === match[w]` for every word. */
export interface DispatchPattern {
  match: readonly number[];
  tested: readonly number[];
}

export interface SplitNode {
  kind: "split";
  /** Word the bits come from. */
  word: number;
  /** Lowest bit of the run within the word. */
  low: number;
  /** Bits in the run; `children.length === 2 ** width`. */
  width: number;
  /** Child for each value of the run. */
  children: DecisionTree[];
}

export interface LeafNode {
  kind: "leaf";
  /** Instructions (indices into the patterns) that may match here, in model order. */
  candidates: number[];
}

export type DecisionTree = SplitNode | LeafNode;

/** Widest run a node extracts among bits every candidate tests (a node has 2^width children). */
export const MAX_SPLIT_BITS = 8;
/**
 * Widest run that includes bits only some candidates test: those candidates are copied into every
 * child their free bits allow, so such runs are kept narrow.
 */
export const MAX_PARTIAL_SPLIT_BITS = 4;

/** Leaf entries allowed per instruction, over the whole tree (copies included). */
export const DUPLICATION_BUDGET = 4;

/** Instruction patterns flattened into typed arrays, `wordCount` entries per instruction. */
interface PatternTable {
  wordCount: number;
  match: Uint32Array;
  tested: Uint32Array;
}

/** The best run found for a node, compared field by field (smaller is better). */
interface Split {
  word: number;
  low: number;
  width: number;
  /** Largest child. */
  maxBucket: number;
  /**
   * Sum of squared child sizes: (node size) × the mean size of the child a candidate lands in,
   * copies included, so it also measures what copying costs.
   */
  sumSquares: number;
  /** Candidates over all children (the node's size unless candidates are copied). */
  total: number;
}

/** Runs are ranked by sum of squares, then largest child, narrowest run, position. */
function better(a: Split, b: Split | undefined): boolean {
  if (!b) return true;
  if (a.sumSquares !== b.sumSquares) return a.sumSquares < b.sumSquares;
  if (a.maxBucket !== b.maxBucket) return a.maxBucket < b.maxBucket;
  if (a.width !== b.width) return a.width < b.width;
  if (a.word !== b.word) return a.word < b.word;
  return a.low < b.low;
}

const lowMask = (width: number) => (width >= 32 ? 0xffffffff : (1 << width) - 1) >>> 0;

/** Scratch counters reused across nodes (sized for the widest run). */
const counts = new Int32Array(1 << Math.max(MAX_SPLIT_BITS, 2 * MAX_PARTIAL_SPLIT_BITS));
const touched = new Int32Array(counts.length);

/** Score a run every candidate tests: each candidate lands in exactly one child. */
function scoreFull(
  t: PatternTable,
  cands: Int32Array,
  word: number,
  low: number,
  width: number,
): [number, number, number] {
  const mask = lowMask(width);
  const { match, wordCount } = t;
  let nTouched = 0;
  let maxBucket = 0;
  for (let i = 0; i < cands.length; i++) {
    const v = (match[cands[i] * wordCount + word] >>> low) & mask;
    if (counts[v] === 0) touched[nTouched++] = v;
    const c = ++counts[v];
    if (c > maxBucket) maxBucket = c;
  }
  let sumSquares = 0;
  for (let i = 0; i < nTouched; i++) {
    const c = counts[touched[i]];
    sumSquares += c * c;
    counts[touched[i]] = 0;
  }
  return [maxBucket, sumSquares, cands.length];
}

/**
 * Score a run some candidates test only in part: candidates are grouped by the (tested, match) bits
 * they have in the run, then each group is added to every child value it agrees with.
 */
function scorePartial(
  t: PatternTable,
  cands: Int32Array,
  word: number,
  low: number,
  width: number,
): [number, number, number] {
  const mask = lowMask(width);
  const { match, tested, wordCount } = t;
  let nTouched = 0;
  for (let i = 0; i < cands.length; i++) {
    const at = cands[i] * wordCount + word;
    const tm = (tested[at] >>> low) & mask;
    const key = (tm << width) | ((match[at] >>> low) & tm);
    if (counts[key] === 0) touched[nTouched++] = key;
    counts[key]++;
  }
  const buckets = new Int32Array(1 << width);
  for (let i = 0; i < nTouched; i++) {
    const key = touched[i];
    const tm = key >>> width;
    const tv = key & mask;
    const c = counts[key];
    counts[key] = 0;
    for (let v = 0; v <= mask; v++) if ((v & tm) === tv) buckets[v] += c;
  }
  let maxBucket = 0;
  let sumSquares = 0;
  let total = 0;
  for (let v = 0; v <= mask; v++) {
    if (buckets[v] > maxBucket) maxBucket = buckets[v];
    sumSquares += buckets[v] * buckets[v];
    total += buckets[v];
  }
  return [maxBucket, sumSquares, total];
}

/** Which bits of one word the candidates of a node test, and how. */
interface WordBits {
  /** Tested by every candidate and not decided on the path. */
  common: number;
  /** Tested by some candidate and not decided on the path. */
  union: number;
  /** Common bits not all candidates give the same value: the ones worth splitting on. */
  varying: number;
}

function wordBits(t: PatternTable, cands: Int32Array, known: readonly number[]): WordBits[] {
  const { match, tested, wordCount } = t;
  const out: WordBits[] = [];
  for (let word = 0; word < wordCount; word++) {
    let common = 0xffffffff;
    let union = 0;
    let ones = 0;
    let zeros = 0;
    for (let i = 0; i < cands.length; i++) {
      const at = cands[i] * wordCount + word;
      common &= tested[at];
      union |= tested[at];
      ones |= match[at];
      zeros |= ~match[at];
    }
    common &= ~known[word];
    union &= ~known[word];
    out.push({ common, union, varying: common & ones & zeros });
  }
  return out;
}

/**
 * The best run over bits every candidate tests. Only the widest run from each low bit is scored: a
 * narrower one groups the candidates more coarsely, so its sum of squares is never smaller. Then the
 * widest runs that tie with the best are narrowed while dropping their top bit keeps the grouping
 * (the same sum of squares), since fewer children do the same work.
 */
function bestFullSplit(t: PatternTable, cands: Int32Array, bits: WordBits[]): Split | undefined {
  const n = cands.length;
  const widest: Split[] = [];
  let best: Split | undefined;
  bits.forEach(({ common, varying }, word) => {
    for (let low = 0; low < 32; low++) {
      if (((varying >>> low) & 1) === 0) continue;
      let width = 0;
      for (let w = 1; w <= MAX_SPLIT_BITS && low + w <= 32; w++) {
        const run = lowMask(w) << low;
        if ((common & run) !== run) break;
        if ((varying >>> (low + w - 1)) & 1) width = w;
      }
      const [maxBucket, sumSquares, total] = scoreFull(t, cands, word, low, width);
      if (maxBucket >= n) continue;
      const split = { word, low, width, maxBucket, sumSquares, total };
      widest.push(split);
      if (better(split, best)) best = split;
    }
  });
  for (const f of widest) {
    if (!best || f.sumSquares !== best.sumSquares || f.maxBucket !== best.maxBucket) continue;
    let narrowest = f;
    for (let width = f.width - 1; width >= 1; width--) {
      if (((bits[f.word].varying >>> (f.low + width - 1)) & 1) === 0) continue;
      const [maxBucket, sumSquares, total] = scoreFull(t, cands, f.word, f.low, width);
      if (sumSquares !== f.sumSquares) break;
      narrowest = { ...f, width, maxBucket, sumSquares, total };
    }
    if (better(narrowest, best)) best = narrowest;
  }
  return best;
}

/**
 * The best run including bits some candidates do not test, within `budget` entries. Copies make
 * the sum of squares rise or fall with the width, so every width is scored.
 */
function bestPartialSplit(
  t: PatternTable,
  cands: Int32Array,
  bits: WordBits[],
  budget: number,
): Split | undefined {
  const n = cands.length;
  let best: Split | undefined;
  bits.forEach(({ common, union, varying }, word) => {
    const partial = union & ~common;
    const useful = varying | partial;
    for (let low = 0; low < 32; low++) {
      if (((useful >>> low) & 1) === 0) continue;
      for (let width = 1; width <= MAX_PARTIAL_SPLIT_BITS && low + width <= 32; width++) {
        const run = lowMask(width) << low;
        if ((union & run) !== run) break; // a bit no candidate tests (or one already decided)
        if ((partial & run) === 0 || ((useful >>> (low + width - 1)) & 1) === 0) continue;
        const [maxBucket, sumSquares, total] = scorePartial(t, cands, word, low, width);
        if (maxBucket >= n || total > budget) continue;
        const split = { word, low, width, maxBucket, sumSquares, total };
        if (better(split, best)) best = split;
      }
    }
  });
  return best;
}

/**
 * The run that best splits `cands`: over bits every candidate tests when one leaves every child
 * smaller than the node (no copies), otherwise over bits only some test, copying candidates within
 * `budget` entries over all children. Undefined when neither exists (the candidates cannot be told
 * apart by bits not decided on the path, or only by copying more than the budget allows).
 */
function chooseSplit(
  t: PatternTable,
  cands: Int32Array,
  known: readonly number[],
  budget: number,
): Split | undefined {
  const bits = wordBits(t, cands, known);
  return bestFullSplit(t, cands, bits) ?? bestPartialSplit(t, cands, bits, budget);
}

/** The candidates of each child of `split`, in model order. */
function distribute(t: PatternTable, cands: Int32Array, split: Split): Int32Array[] {
  const { word, low, width } = split;
  const mask = lowMask(width);
  const sizes = new Int32Array(1 << width);
  // The run's tested bits and their values, per candidate.
  const tms = new Int32Array(cands.length);
  const tvs = new Int32Array(cands.length);
  for (let i = 0; i < cands.length; i++) {
    const at = cands[i] * t.wordCount + word;
    const tm = (t.tested[at] >>> low) & mask;
    const tv = (t.match[at] >>> low) & tm;
    tms[i] = tm;
    tvs[i] = tv;
    if (tm === mask) sizes[tv]++;
    else for (let v = 0; v <= mask; v++) if ((v & tm) === tv) sizes[v]++;
  }
  const children = Array.from(sizes, (s) => new Int32Array(s));
  const fill = new Int32Array(1 << width);
  for (let i = 0; i < cands.length; i++) {
    const tm = tms[i];
    const tv = tvs[i];
    if (tm === mask) children[tv][fill[tv]++] = cands[i];
    else for (let v = 0; v <= mask; v++) if ((v & tm) === tv) children[v][fill[v]++] = cands[i];
  }
  return children;
}

/** The tree over `cands` (model order), `known` bits being decided already, within `budget` entries. */
/** The leaf of `cands`; all empty children share one (a tree is read, never changed). */
const EMPTY_LEAF: LeafNode = { kind: "leaf", candidates: [] };
function leafOf(cands: Int32Array): LeafNode {
  if (cands.length === 0) return EMPTY_LEAF;
  const candidates = new Array<number>(cands.length);
  for (let i = 0; i < cands.length; i++) candidates[i] = cands[i];
  return { kind: "leaf", candidates };
}

function build(t: PatternTable, cands: Int32Array, known: number[], budget: number): DecisionTree {
  if (cands.length <= 1) return leafOf(cands);
  const split = chooseSplit(t, cands, known, budget);
  if (!split) return leafOf(cands);
  const childKnown = known.slice();
  childKnown[split.word] = (childKnown[split.word] | (lowMask(split.width) << split.low)) >>> 0;
  // Each child's share of the budget is proportional to its size; the shares add up to `budget`.
  const share = budget / split.total;
  return {
    kind: "split",
    word: split.word,
    low: split.low,
    width: split.width,
    children: distribute(t, cands, split).map((c) => build(t, c, childKnown, c.length * share)),
  };
}

/**
 * The decision tree over `patterns` (in model order). Every pattern must have `wordCount` words of
 * match and tested bits.
 */
export function buildDecisionTree(
  patterns: readonly DispatchPattern[],
  wordCount: number,
): DecisionTree {
  if (!Number.isInteger(wordCount) || wordCount < 1)
    throw new Error(`dispatch: word count ${wordCount} is not a positive integer`);
  const t: PatternTable = {
    wordCount,
    match: new Uint32Array(patterns.length * wordCount),
    tested: new Uint32Array(patterns.length * wordCount),
  };
  patterns.forEach((p, i) => {
    if (p.match.length !== wordCount || p.tested.length !== wordCount)
      throw new Error(
        `dispatch: instruction ${i} has ${p.match.length} match and ${p.tested.length} tested words, expected ${wordCount}`,
      );
    for (let w = 0; w < wordCount; w++) {
      // Routing only needs the tested bits; a match bit outside them is the leaf check's business
      // (such an instruction never matches, as in the codec).
      t.match[i * wordCount + w] = p.match[w] & p.tested[w];
      t.tested[i * wordCount + w] = p.tested[w];
    }
  });
  const all = new Int32Array(patterns.length);
  for (let i = 0; i < all.length; i++) all[i] = i;
  return build(t, all, new Array<number>(wordCount).fill(0), DUPLICATION_BUDGET * patterns.length);
}
