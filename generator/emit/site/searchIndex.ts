/**
 * The client-side search index: every documented instruction, and for register databases every
 * register, register field, enum and enum value, each linking to its section of the spec's page.
 * Embedded as a script (`search-index.js`) because browsers refuse to fetch JSON from `file://`
 * pages. Compact: one array (a tuple) per entry, with the spec as an index into `specs`, a field as
 * an index into `registers` and a value as one into `enums`; an anchor that is the name in lower
 * case is written `0`. generator/runtime/site/search.ts expands it (`expandIndex`).
 */
import { util } from "prettier";
import { stringLiteral } from "../jsLiterals";
import type { ManualInstruction } from "../manual/manualView";
import type { RegisterSearch } from "./registerView";

export interface SpecSearch {
  /** Spec id, also the page name (`valhall` → `valhall.html`). */
  isa: string;
  /** Spec title shown beside each result. */
  isaTitle: string;
  /** The page the spec's manual became. */
  page: string;
  instructions: ManualInstruction[];
  registers: RegisterSearch | null;
}

/** Kept for the site's callers: a spec with instructions only. */
export type IsaInstructions = Omit<SpecSearch, "registers"> & { registers?: RegisterSearch | null };

type Tuple = (string | number)[];

const WIDTH = 100;

export interface SearchIndex {
  /** `[id, title, page]`. */
  specs: [string, string, string][];
  /**
   * `[spec, name, mnemonic (0: the name), summary, where, unit?]`; `where` is the page within the
   * spec's directory (`mov` for `ir3/mov.html`), then `#anchor` when the entry is not the page's own
   * heading (`""` is the spec's front page).
   */
  instructions: Tuple[];
  /**
   * `[spec, domain, name, where (0: the name in lower case), summary?]`, or `[spec, domain, run]`
   * for consecutive registers of one domain whose `where` is 0 and that have no summary: their
   * names separated by spaces, each after the first as `N~REST` (the first N characters of the
   * name before it, then REST) where that is shorter.
   */
  registers: Tuple[];
  /**
   * `[register, "F1 F2 …"]` (field names without spaces), `[register, "F 1|F 2…", "|"]` (names
   * with spaces), or `[register, field name, 0]`: listed as `REGISTER.FIELD`, linking to the
   * register.
   */
  fields: Tuple[];
  /** `[spec, name, where (0: the name in lower case)]`. */
  enums: Tuple[];
  /** `[enum, "V1 V2 …"]`, `[enum, "V 1|V 2…", "|"]` or `[enum, value name, 0]`, linking to the enum. */
  values: Tuple[];
}

const anchorOrZero = (name: string, anchor: string) => (anchor === name.toLowerCase() ? 0 : anchor);

/** Entries in spec order, then in manual order, so the index (and the file) is deterministic. */
export function searchIndex(specs: IsaInstructions[]): SearchIndex {
  const index: SearchIndex = {
    specs: [],
    instructions: [],
    registers: [],
    fields: [],
    enums: [],
    values: [],
  };
  // Registers are numbered across runs, as the expanded index lists them (fields name them so).
  let registerCount = 0;
  specs.forEach((spec, s) => {
    index.specs.push([spec.isa, spec.isaTitle, spec.page]);
    for (const ins of spec.instructions) {
      if (!ins.anchor)
        throw new Error(`search index: instruction '${ins.name}' of ${spec.isa} has no anchor`);
      index.instructions.push([
        s,
        ins.name,
        ins.mnemonic === ins.name ? 0 : ins.mnemonic,
        ins.summary,
        ins.anchor,
        ...(ins.unit !== undefined ? [ins.unit] : []),
      ]);
    }
    const db = spec.registers;
    if (!db) return;
    // The run the last register went into, and that register's name.
    let run: Tuple | null = null;
    let previous = "";
    db.registers.forEach((r) => {
      const at = registerCount;
      registerCount++;
      const where = anchorOrZero(r.name, r.anchor);
      if (where !== 0 || r.summary || /[ ~]/.test(r.name) || r.name === "") {
        index.registers.push([s, r.domain, r.name, where, ...(r.summary ? [r.summary] : [])]);
        run = null;
      } else if (run && run[1] === r.domain) {
        run[2] += ` ${frontCoded(previous, r.name)}`;
      } else {
        run = [s, r.domain, r.name];
        index.registers.push(run);
      }
      previous = r.name;
      pushNames(index.fields, at, r.fields);
    });
    for (const e of db.enums) {
      const at = index.enums.push([s, e.name, anchorOrZero(e.name, e.anchor)]) - 1;
      pushNames(index.values, at, e.values);
    }
  });
  return index;
}

/** `name` after `previous` in a run: `N~REST` where sharing N characters makes it shorter. */
function frontCoded(previous: string, name: string): string {
  let n = 0;
  while (n < previous.length && n < name.length && previous[n] === name[n]) n++;
  const coded = `${n}~${name.slice(n)}`;
  return coded.length < name.length ? coded : name;
}

/** What joins the names with spaces of one register or enum in their tuple (no name has it). */
const SPACED = "|";

/**
 * Names of one register or enum: one tuple of those without spaces, one of those with spaces
 * (joined by `|`: Intel genxml's 7,000 field names are mostly words), one each for the others.
 */
function pushNames(tuples: Tuple[], owner: number, names: string[]): void {
  const plain = names.filter((n) => n !== "" && !n.includes(" "));
  if (plain.length > 0) tuples.push([owner, plain.join(" ")]);
  const spaced = names.filter((n) => n.includes(" ") && !n.includes(SPACED));
  if (spaced.length > 0) tuples.push([owner, spaced.join(SPACED), SPACED]);
  for (const n of names)
    if (n === "" || (n.includes(" ") && n.includes(SPACED))) tuples.push([owner, n, 0]);
}

/**
 * The lines of `head = { key: [tuple, …], … };` as prettier prints them (printWidth 100): an array
 * of several tuples always breaks, one tuple a line where it fits, else one element a line.
 */
export function searchIndexLines(head: string, index: SearchIndex): string[] {
  const fits = (line: string) => util.getStringWidth(line) <= WIDTH;
  const literal = (x: string | number) => (typeof x === "number" ? String(x) : stringLiteral(x));
  const inline = (t: Tuple) => `[${t.map(literal).join(", ")}]`;
  const lines = [`${head} = {`];
  for (const [key, tuples] of Object.entries(index) as [string, Tuple[]][]) {
    if (tuples.length === 0) {
      lines.push(`  ${key}: [],`);
      continue;
    }
    if (tuples.length === 1) {
      const line = `  ${key}: [${inline(tuples[0])}],`;
      if (fits(line)) {
        lines.push(line);
        continue;
      }
    }
    lines.push(`  ${key}: [`);
    for (const t of tuples) {
      const line = `    ${inline(t)},`;
      if (fits(line)) lines.push(line);
      else lines.push("    [", ...t.map((x) => `      ${literal(x)},`), "    ],");
    }
    lines.push("  ],");
  }
  lines.push("};");
  return lines;
}
