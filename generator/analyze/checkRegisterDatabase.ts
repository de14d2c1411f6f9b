/**
 * Checks of rules-ng register databases: types that name nothing (`unknown-type`), fields past
 * the width of their register (`bit-range`), and registers of a domain whose addresses overlap on
 * a variant they both exist on (`register-overlap`; variants exist precisely to give different
 * chips different registers at one address). Dead elements exist nowhere and are not checked.
 * A file shared by several databases is checked in each; each problem is reported once.
 */
import type { Diagnostic, Diagnostics } from "../diagnostics";
import { formatDiagnostic } from "../diagnostics";
import type {
  IsaModel,
  RnnVariantSet,
  RegisterDatabase,
  RnnBitfield,
  RnnDomain,
  RnnElement,
  RnnTypeInfo,
  SourceRef,
} from "../model/types";

export function checkRegisterDatabases(model: IsaModel, diags: Diagnostics): void {
  const seen = new Set<string>();
  for (const db of model.registerDatabases ?? []) analyzeRegisterDatabase(db, diags, seen);
}

export function analyzeRegisterDatabase(
  db: RegisterDatabase,
  diags: Diagnostics,
  seen = new Set<string>(),
  /** Also look for overlapping registers (every index of every array: the costly part). */
  overlaps = true,
): void {
  const report = (d: Diagnostic) => {
    const key = formatDiagnostic(d);
    if (!seen.has(key)) diags.report(d);
    seen.add(key);
  };
  const error = (code: string, message: string, at: SourceRef, related?: Diagnostic["related"]) =>
    report({ severity: "error", code, message, at, related });

  const typeInfo = (t: RnnTypeInfo, owner: string, width: number | undefined) => {
    if (t.kind === "unknown" && t.name !== undefined)
      error(
        "unknown-type",
        `${owner}: unknown type '${t.name}' (not a builtin type, enum, bitset, spectype or domain); treated as hex`,
        t.typeSource ?? db.files[0].source,
      );
    for (const f of t.fields) field(f, width);
  };
  const field = (f: RnnBitfield, width: number | undefined) => {
    if (f.dead) return;
    const what = `bitfield '${f.fullName}'`;
    // rnn rejects only high below low (the reader reports it); bits past the register or the
    // enclosing field are printed as given, so they are a warning.
    if (width !== undefined && f.high >= width)
      report({
        severity: "warning",
        code: "bit-range",
        message: `${what}: bits ${f.high}:${f.low} lie outside the ${width} bits that hold it`,
        at: f.source,
      });
    // Nested fields are relative to their field.
    typeInfo(f.type, what, f.high - f.low + 1);
  };

  for (const b of db.bitsets) for (const f of b.fields) field(f, undefined);
  for (const d of db.domains) {
    const instances: Instance[] = [];
    // `lengths`: of the arrays enclosing `e` and its own, matching `e.strides`; `sets`: the
    // variants it exists on (each element with `variants` holds every set narrowed so far).
    const walk = (e: RnnElement, outer: number[], inherited: RnnVariantSet[]) => {
      if (e.dead) return;
      const sets = e.variantSets ?? inherited;
      const lengths = e.length !== 1 ? [...outer, e.length] : outer;
      if (e.kind === "reg") {
        typeInfo(e.type, `register '${e.fullName}'`, e.width);
        // A register narrower than the address unit still takes one unit.
        const size = Math.max(1, Math.ceil(e.width! / d.width));
        if (overlaps)
          for (const at of offsetsOf(e, lengths))
            instances.push({ at, end: at + size, reg: e, sets });
      }
      for (const c of e.elements) walk(c, lengths, sets);
    };
    for (const e of d.elements) walk(e, [], d.variantSets ?? []);
    checkOverlaps(d, instances, report);
  }
}

interface Instance {
  at: number;
  end: number;
  reg: RnnElement;
  sets: RnnVariantSet[];
}

/** Two registers exist together on some variant: their variants meet in every varset both narrow. */
function coexist(a: RnnVariantSet[], b: RnnVariantSet[]): boolean {
  return a.every((x) => {
    const y = b.find((s) => s.varset === x.varset);
    return !y || x.variants.some((v) => y.variants.includes(v));
  });
}

/**
 * How many instances of one register are checked: nested arrays multiply (256 × 256 × 40 is
 * 2.6 million), and overlaps show in the first indexes as much as in the last.
 */
const MAX_INSTANCES = 4096;

/**
 * The addresses the instances of a register start at (the indexes of its arrays, innermost
 * fastest; at most MAX_INSTANCES, the first ones); a length 0 (unknown) counts as 1.
 */
function offsetsOf(e: RnnElement, lengths: number[]): number[] {
  let offsets = [e.absoluteOffset];
  e.strides.forEach((stride, i) => {
    const n = Math.max(1, Math.min(lengths[i], Math.floor(MAX_INSTANCES / offsets.length)));
    offsets = offsets.flatMap((o) => Array.from({ length: n }, (_, k) => o + k * stride));
  });
  return offsets;
}

/**
 * Registers whose addresses overlap on some variant. Real databases have them (etna_viv's 2D and
 * VG blocks share addresses on different chips, which only comments say), so they are warnings: one
 * per pair of registers of one document, one per pair of documents otherwise. Registers that
 * exist on different variants (freedreno's A6XX and A7XX registers at one offset) do not overlap.
 */
function checkOverlaps(d: RnnDomain, instances: Instance[], report: (d: Diagnostic) => void): void {
  const sorted = instances.sort((a, b) => a.at - b.at || a.end - b.end);
  const hex = (n: number) => `0x${n.toString(16)}`;
  const groups = new Map<string, { later: Instance; earlier: Instance }[]>();
  const reported = new Set<RnnElement>();
  // Instances that may still overlap the next ones (sorted by start, so: those ending after it).
  let open: Instance[] = [];
  for (const i of sorted) {
    open = open.filter((o) => o.end > i.at);
    const earlier = reported.has(i.reg)
      ? undefined
      : open.find((o) => o.reg !== i.reg && coexist(o.sets, i.sets));
    if (earlier) {
      reported.add(i.reg);
      const key =
        i.reg.file === earlier.reg.file ? `${i.reg.fullName}` : `${i.reg.file}|${earlier.reg.file}`;
      groups.set(key, [...(groups.get(key) ?? []), { later: i, earlier }]);
    }
    open.push(i);
  }
  for (const pairs of groups.values()) {
    const { later, earlier } = pairs[0];
    const what = `register '${later.reg.fullName}' at ${hex(later.at)} overlaps '${earlier.reg.fullName}' at ${hex(earlier.at)}..${hex(earlier.end - 1)}`;
    report({
      severity: "warning",
      code: "register-overlap",
      message:
        pairs.length === 1
          ? `domain '${d.name}': ${what}`
          : `domain '${d.name}': ${pairs.length} registers of ${later.reg.file} overlap registers of ${earlier.reg.file} (on variants they share); the first: ${what}`,
      at: later.reg.source,
      related: [{ at: earlier.reg.source, message: `'${earlier.reg.fullName}' declared here` }],
    });
  }
}
