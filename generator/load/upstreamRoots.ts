/**
 * Where upstream trees are on this machine. A manifest names an upstream document by tree and path
 * (`mesa:src/freedreno/isa/ir3.xml`); the user says where each tree is checked out, by option
 * (`--upstream mesa=DIR`), by environment (`ISAFORGE_UPSTREAM=mesa=DIR:envytools=DIR`), or by
 * keeping it beside this checkout as `../shared/corpora/NAME` (the development and CI layout).
 */
import { existsSync, readdirSync, statSync } from "fs";
import * as path from "path";
import { PACKAGE_ROOT } from "../paths";

/** How a root was chosen: it is named in messages, so that the user knows what to change. */
export type RootSource = "option" | "environment" | "default";

export interface UpstreamRoot {
  name: string;
  dir: string;
  source: RootSource;
}

/** The upstream trees a command may read, by name. */
export interface UpstreamRoots {
  /** The root of tree `name`, or undefined when none is set and none is beside the checkout. */
  get(name: string): UpstreamRoot | undefined;
  /** Every root set, or found beside the checkout, sorted by name. */
  list(): UpstreamRoot[];
}

export const UPSTREAM_ENV = "ISAFORGE_UPSTREAM";

/**
 * Where a tree is looked for when neither the option nor the environment names it: the corpora
 * folder beside the checkout, or `$ISAFORGE_CORPORA` (a test points it elsewhere to be a fresh clone).
 */
export function defaultRootDir(name: string): string {
  return path.join(corporaDir(), name);
}

function corporaDir(): string {
  return process.env.ISAFORGE_CORPORA ?? path.join(PACKAGE_ROOT, "..", "shared", "corpora");
}

/** A manifest's `upstream` reference, `TREE:PATH`. */
export interface UpstreamRef {
  tree: string;
  /** Relative to the tree's root, with `/` separators. */
  path: string;
}

const REF = /^([A-Za-z0-9_.-]+):([^:]+)$/;
const NAME = /^[A-Za-z0-9_.-]+$/;

export function parseUpstreamRef(ref: string): UpstreamRef | undefined {
  const m = REF.exec(ref);
  if (!m || m[2].startsWith("/") || m[2].split("/").includes("..")) return undefined;
  return { tree: m[1], path: m[2] };
}

/**
 * `NAME=DIR` pairs, from repeated `--upstream` options or the environment's `:`-separated list.
 * Throws a usage error naming the bad pair.
 */
export function parseRootPairs(pairs: string[], where: string): Map<string, string> {
  const roots = new Map<string, string>();
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq);
    const dir = pair.slice(eq + 1);
    if (eq <= 0 || !NAME.test(name) || dir === "")
      throw new UpstreamUsageError(`${where} takes NAME=DIR (e.g. mesa=~/src/mesa), not '${pair}'`);
    roots.set(name, expandHome(dir));
  }
  return roots;
}

export class UpstreamUsageError extends Error {}

function expandHome(dir: string): string {
  const home = process.env.HOME;
  return home && (dir === "~" || dir.startsWith("~/")) ? path.join(home, dir.slice(1)) : dir;
}

/**
 * The roots for a command: `--upstream` pairs first, then `$ISAFORGE_UPSTREAM`, then
 * `../shared/corpora/NAME` beside the checkout when it exists.
 */
export function upstreamRoots(
  options: string[] = [],
  env: string | undefined = process.env[UPSTREAM_ENV],
): UpstreamRoots {
  const chosen = new Map<string, UpstreamRoot>();
  const envPairs = env ? env.split(":").filter((p) => p !== "") : [];
  for (const [name, dir] of parseRootPairs(envPairs, UPSTREAM_ENV))
    chosen.set(name, { name, dir: path.resolve(dir), source: "environment" });
  for (const [name, dir] of parseRootPairs(options, "--upstream"))
    chosen.set(name, { name, dir: path.resolve(dir), source: "option" });
  const defaults = new Map<string, UpstreamRoot | undefined>();
  const get = (name: string): UpstreamRoot | undefined => {
    const set = chosen.get(name);
    if (set) return set;
    if (!defaults.has(name)) {
      const dir = defaultRootDir(name);
      defaults.set(name, isDirectory(dir) ? { name, dir, source: "default" } : undefined);
    }
    return defaults.get(name);
  };
  return {
    get,
    list: () =>
      [...new Set([...chosen.keys(), ...treesBesideCheckout()])]
        .sort()
        .map(get)
        .filter((r): r is UpstreamRoot => r !== undefined),
  };
}

/** The trees in the corpora folder beside the checkout (the default roots), by name. */
function treesBesideCheckout(): string[] {
  const corpora = corporaDir();
  return isDirectory(corpora)
    ? readdirSync(corpora, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
}

export function isDirectory(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}

/** How the user sets tree `name`'s root: the words every message about a missing tree ends with. */
export function howToSetRoot(name: string): string {
  return `--upstream ${name}=DIR or ${UPSTREAM_ENV}=${name}=DIR`;
}

/** What a message says of where a root came from. */
export function describeRoot(root: UpstreamRoot): string {
  const from =
    root.source === "option"
      ? "--upstream"
      : root.source === "environment"
        ? `$${UPSTREAM_ENV}`
        : "the default beside the checkout";
  return `'${root.dir}' (${root.name}, from ${from})`;
}
