/**
 * The `lookup` command: a drop-in for envytools' `lookup`. `lookup [-f FILE] [-a VARIANT]
 * [-d DOMAIN] [-c] [-v VARSET VARIANT]... ADDRESS [VALUE]` reads the database (default `root.xml`,
 * through `RNN_PATH`; with `RNN_PATH` unset, as given or else in the envytools tree's `rnndb/`, as
 * envytools' own lookup goes to the rnndb it was built with: the tree `--upstream envytools=DIR`,
 * `$ISAFORGE_UPSTREAM` or `../shared/corpora/envytools` names), decodes ADDRESS in DOMAIN (default `NV_MMIO`) to its register and, given a
 * VALUE, the value to its fields, as rnndec does (generator/runtime/rnndec.ts), in rnndec's colours
 * unless `-c`. ADDRESS and VALUE are hexadecimal; `-a` takes a `chipset` variant by name or by
 * number (`50` is `NV50`). Variants count in the order given: the first for a varset wins, as in
 * rnndec. stdout is envytools' to the byte; on stderr rnndec's messages keep their text, but
 * `I don't know which VARSET variant to use!` comes once per varset, and each variant message is
 * followed by a line saying which option chooses a variant and which variants there are.
 */
import { EXIT_INPUT_ERRORS, EXIT_OK, EXIT_USAGE, type Log } from "./build";
import { Diagnostics, formatDiagnostic } from "./diagnostics";
import * as path from "path";
import { findDatabaseFile, readDatabaseFile, rnnPathDirs } from "./headergen";
import { howToSetRoot, upstreamRoots, UpstreamUsageError } from "./load/upstreamRoots";
import type { RegisterDatabase } from "./model/types";
import { ANSI_COLORS, lookupLine, NO_COLORS, type DecContext } from "./runtime/rnndec";
import { unchosenVarsetHint, unknownVariantHint, unknownVarsetHint } from "./lookupHints";

export interface LookupArgs {
  file: string;
  domain: string;
  /**
   * `-v VARSET VARIANT` and `-a VARIANT` (`chipset`, by name or number: marked
   * `chipset-or-number`), in the order given.
   */
  varsets: [string, string, "chipset-or-number"?][];
  colors: boolean;
  address: string;
  value?: string;
  /** `--upstream NAME=DIR` pairs (isaforge's own option, not lookup's). */
  upstream: string[];
}

export const LOOKUP_USAGE =
  "usage: lookup [-f FILE] [-a VARIANT] [-d DOMAIN] [-c] [-v VARSET VARIANT]... ADDRESS [VALUE]";

/** getopt("f:a:d:cv:") as lookup parses its arguments, options and operands in any order. */
export function parseLookupArgs(argv: string[]): LookupArgs | string {
  const args: LookupArgs = {
    file: "root.xml",
    domain: "NV_MMIO",
    varsets: [],
    colors: true,
    address: "",
    upstream: [],
  };
  const operands: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith("-") || a === "-") {
      operands.push(a);
      continue;
    }
    if (a === "--upstream" || a.startsWith("--upstream=")) {
      if (a === "--upstream" && i + 1 >= argv.length) return "option '--upstream' needs NAME=DIR";
      args.upstream.push(a === "--upstream" ? argv[++i] : a.slice("--upstream=".length));
      continue;
    }
    // A cluster of flags: `-c`, `-cf FILE`, `-fFILE`.
    for (let j = 1; j < a.length; j++) {
      const flag = a[j];
      if (flag === "c") {
        args.colors = false;
        continue;
      }
      if (!"fadv".includes(flag)) return `unknown option '-${flag}'`;
      let optarg = a.slice(j + 1);
      if (optarg === "") {
        if (i + 1 >= argv.length) return `option '-${flag}' needs an argument`;
        optarg = argv[++i];
      }
      if (flag === "f") args.file = optarg;
      else if (flag === "a") args.varsets.push(["chipset", optarg, "chipset-or-number"]);
      else if (flag === "d") args.domain = optarg;
      else {
        // -v VARSET VARIANT: the variant is the next argument.
        if (i + 1 >= argv.length) return "option '-v' needs a varset and a variant";
        args.varsets.push([optarg, argv[++i]]);
      }
      break;
    }
  }
  if (operands.length < 1 || operands.length > 2) return LOOKUP_USAGE;
  args.address = operands[0];
  args.value = operands[1];
  return args;
}

/** C's `strtoull(text, 0, 16)`: the longest hexadecimal prefix, 0 when there is none. */
export function parseHex(text: string): bigint {
  const m = /^\s*([+-]?)(?:0[xX](?=[0-9a-fA-F]))?([0-9a-fA-F]*)/.exec(text)!;
  if (m[2] === "") return 0n;
  const v = BigInt(`0x${m[2]}`);
  const max = (1n << 64n) - 1n;
  const clamped = v > max ? max : v;
  return m[1] === "-" ? -clamped & max : clamped;
}

/**
 * `-a`'s chipset: a variant name (`NV50`, `G80`), else a chipset number in hex, `NV` before it or
 * not (`50`, `nv50`, `a0`): the variant whose value it is (rnndec_varaddvalue; nouveau names G80
 * the chipset 0x50), or the one named `NV` and its two or more hex digits (`4` is `NV04`).
 */
export function chipsetVariant(db: RegisterDatabase, text: string): string | LookupError {
  const en = db.enums.find((e) => e.name === "chipset");
  if (!en)
    return { error: "Enum chipset doesn't exist in database!", hint: unknownVarsetHint(db, true) };
  const named = (name: string) =>
    en.values.find((x) => x.name.toLowerCase() === name.toLowerCase());
  const byName = named(text);
  if (byName) return byName.name;
  const digits = /^(?:nv)?([0-9a-f]+)$/i.exec(text)?.[1];
  if (digits !== undefined) {
    const n = BigInt(`0x${digits}`);
    const byValue = en.values.find((x) => x.value !== undefined && BigInt(x.value) === n);
    if (byValue) return byValue.name;
    const nv = `NV${n.toString(16).toUpperCase().padStart(2, "0")}`;
    const byNumber = named(nv);
    if (byNumber) return byNumber.name;
    return unknownVariant(db, nv, "chipset");
  }
  return unknownVariant(db, text, "chipset");
}

/** A complaint of rnndec's as envytools prints it, and isaforge's hint for the line after it. */
export interface LookupError {
  error: string;
  hint?: string;
}

function unknownVariant(db: RegisterDatabase, variant: string, varset: string): LookupError {
  return {
    error: `Variant ${variant} doesn't exist in enum ${varset}!`,
    hint: unknownVariantHint(db, varset),
  };
}

/** rnndec_varadd: the variant of `varset` named `variant` (case-insensitively), or its complaint. */
function variantOf(db: RegisterDatabase, varset: string, variant: string): string | LookupError {
  const en = db.enums.find((e) => e.name === varset);
  if (!en)
    return {
      error: `Enum ${varset} doesn't exist in database!`,
      hint: unknownVarsetHint(db, false),
    };
  const v = en.values.find((x) => x.name.toLowerCase() === variant.toLowerCase());
  if (!v) return unknownVariant(db, variant, varset);
  return v.name;
}

export function lookup(argv: string[], log: Log): number {
  const args = parseLookupArgs(argv);
  if (typeof args === "string") {
    log.err(`isaforge: error[usage]: ${args}`);
    return EXIT_USAGE;
  }
  let dirs: { find: string[]; imports: string[] };
  try {
    dirs = lookupPath(args.upstream);
  } catch (e) {
    if (!(e instanceof UpstreamUsageError)) throw e;
    log.err(`isaforge: error[usage]: ${e.message}`);
    return EXIT_USAGE;
  }
  const file = findDatabaseFile(args.file, dirs.find);
  if (!file) {
    log.err(`${args.file}: couldn't find database file. Please set the env var RNN_PATH.`);
    if (process.env.RNN_PATH === undefined && dirs.find.length === 0)
      log.err(
        `(with RNN_PATH unset, isaforge looks in the envytools tree's rnndb/: ${howToSetRoot("envytools")})`,
      );
    return EXIT_INPUT_ERRORS;
  }
  const diags = new Diagnostics();
  // Only what rnn rejects stops lookup (the analyzer's warnings are not printed).
  const db = readDatabaseFile(file, diags, dirs.imports, false);
  const errors = diags.sorted().filter((d) => d.severity === "error");
  for (const d of errors) log.err(formatDiagnostic(d));
  if (!db || errors.length > 0) return EXIT_INPUT_ERRORS;

  // envytools prints the message for every element it scans (136 times for one A6XX register).
  const told = new Set<string>();
  const line = lookupIn(db, args, (message, varset) => {
    if (told.has(varset)) return;
    told.add(varset);
    log.err(message);
    log.err(unchosenVarsetHint(db, varset));
  });
  if (typeof line !== "string") {
    log.err(line.error);
    if (line.hint) log.err(line.hint);
    return EXIT_INPUT_ERRORS;
  }
  log.out(line);
  return EXIT_OK;
}

/**
 * Where lookup looks for its database (`find`) and for the files it imports (`imports`):
 * `RNN_PATH`'s directories for both when it is set (even empty). With it unset, FILE as given or
 * else in the envytools tree's `rnndb/` (envytools' lookup then reads the rnndb it was built with),
 * the tree found as every command finds it (`--upstream`, `$ISAFORGE_UPSTREAM`,
 * `../shared/corpora/envytools`; none without such a tree), and its imports beside it as before
 * (`imports` empty: FILE's own folder, so `-f` of another database still reads its own imports).
 */
export function lookupPath(
  upstream: string[] = [],
  rnnPath: string | undefined = process.env.RNN_PATH,
): { find: string[]; imports: string[] } {
  if (rnnPath !== undefined) {
    const dirs = rnnPathDirs(rnnPath);
    return { find: dirs, imports: dirs };
  }
  const root = upstreamRoots(upstream).get("envytools");
  return { find: root ? [path.join(root.dir, "rnndb")] : [], imports: [] };
}

/**
 * The line lookup prints for `args` in a database already read, or its complaint (a variant or
 * domain that does not exist); `warn` hears rnndec's own ("I don't know which … variant") each
 * time rnndec prints it.
 */
export function lookupIn(
  db: RegisterDatabase,
  args: LookupArgs,
  warn?: DecContext["warn"],
): string | LookupError {
  const chosen = new Map<string, string>();
  for (const [varset, variant, kind] of args.varsets) {
    const v = kind ? chipsetVariant(db, variant) : variantOf(db, varset, variant);
    if (typeof v !== "string") return v;
    // rnndec takes the first variant added for a varset.
    if (!chosen.has(varset)) chosen.set(varset, v);
  }
  const domain = db.domains.find((d) => d.name === args.domain);
  if (!domain) return { error: `Not a domain: ${args.domain}` };
  const ctx: DecContext = { db, chosen, colors: args.colors ? ANSI_COLORS : NO_COLORS, warn };
  const value = args.value === undefined ? undefined : parseHex(args.value);
  return lookupLine(ctx, domain, parseHex(args.address), value);
}
