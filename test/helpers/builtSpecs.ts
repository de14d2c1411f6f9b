/**
 * Which shipped specs this run built: a spec whose documents are in an upstream tree that is absent
 * (a fresh clone with no corpora) is not built. A test over several ISAs runs for the built ones and,
 * for each of the others, registers one skipped test whose name says which tree it needs, so that
 * nothing is skipped silently. Codecs are loaded from the test build by id, not imported, so that
 * the file compiles where some are missing.
 */
import { existsSync, readFileSync } from "fs";
import * as path from "path";
import { upstreamRoots } from "../../generator/load/upstreamRoots";
import { SPECS_DIR } from "./shippedModels";
import { TEST_OUT } from "./testOutput";

/**
 * The upstream trees spec `id` needs to be built, sorted: those its manifest reads documents from,
 * except for optional documents (bifrost's ISA.xml: the spec builds without them).
 */
export function treesOfSpec(id: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(SPECS_DIR, id, "manifest.json"), "utf8")) as {
    documents: { upstream?: string; optional?: boolean }[];
  };
  const trees = manifest.documents.flatMap((d) =>
    d.upstream && !d.optional ? [d.upstream.split(":")[0]] : [],
  );
  return [...new Set(trees)].sort();
}

/** The trees of `trees` that this run lacks. */
const absentTrees = (trees: readonly string[]) => {
  const roots = upstreamRoots();
  return trees.filter((t) => roots.get(t) === undefined);
};

/** The trees spec `id` needs that this run lacks: none when the spec is built. */
export const missingTrees = (id: string): string[] => absentTrees(treesOfSpec(id));

/** What a skipped test's name says: the trees missing for it. */
const needsText = (missing: readonly string[]) =>
  `needs the upstream tree${missing.length > 1 ? "s" : ""} ${missing.join(", ")}, absent here`;

/** What a skipped test's name says of spec `id`. */
export const needsTreesText = (id: string) => `${id} ${needsText(missingTrees(id))}`;

type TestFn = (name: string, fn?: jest.ProvidesCallback, timeout?: number) => void;
type DescribeFn = (name: string, body: () => void) => void;

/**
 * `test` and `describe` for tests that need specs `specs` built and trees `trees` present: as they
 * are where so, else one skipped test named `NAME (needs the upstream tree mesa, absent here)`.
 */
export function needing({ specs = [], trees = [] }: { specs?: string[]; trees?: string[] }): {
  test: TestFn;
  describe: DescribeFn;
} {
  const missing = [...new Set([...specs.flatMap(missingTrees), ...absentTrees(trees)])].sort();
  if (missing.length === 0) return { test, describe };
  const skipped = (name: string) => test.skip(`${name} (${needsText(missing)})`, () => undefined);
  return { test: skipped, describe: skipped };
}

/**
 * `describe(title(id), () => body(id))` for each spec of `ids` that is built; for one that is not,
 * a skipped test named after the trees it needs.
 */
export function describeEachSpec(
  ids: readonly string[],
  title: (id: string) => string,
  body: (id: string) => void,
): void {
  for (const id of ids) needing({ specs: [id] }).describe(title(id), () => body(id));
}

/**
 * The shipped ISAs with a word codec (out/ts/<id>.ts; Bifrost's clause codec aside), whether or not
 * this run's trees build them. Their folders are also what a build of them needs: etnaviv-isa
 * reads etnaviv's seed page.
 */
export const CODEC_SPECS = ["etnaviv", "etnaviv-isa", "ir3", "ir3-cat0", "r500", "valhall"];

/** The ids of `ids` whose specs are built here. */
export const builtSpecs = (ids: readonly string[]) =>
  ids.filter((id) => missingTrees(id).length === 0);

/** What the tests use of a generated TS codec (out/ts/<id>.ts), whatever its ISA. */
export interface GeneratedCodec {
  ISA: { id: string; wordCount: number; defaultGpu: number | null };
  INSTRUCTION_NAMES: readonly string[];
  decode(
    words: ArrayLike<number>,
    options?: { gpu?: number },
  ): { name: string; fields: Record<string, unknown> } | undefined;
  encode(instruction: { name: string; fields: Record<string, unknown> }): Uint32Array;
  disassemble(words: ArrayLike<number>, options?: { gpu?: number; showErrors?: boolean }): string;
  disassembleProgram(
    words: ArrayLike<number>,
    options?: { gpu?: number; showErrors?: boolean },
  ): string[];
  assemble(text: string, options?: { gpu?: number }): Uint32Array;
  parseWords(line: string, bytes?: boolean): { words?: number[]; error?: string; column?: number };
}

/** The test build's codec of spec `id` (it must be built: see `describeEachSpec`). */
export function generatedCodec(id: string): GeneratedCodec {
  const file = path.join(TEST_OUT, "ts", `${id}.ts`);
  if (!existsSync(file)) throw new Error(`${file} is not built: ${needsTreesText(id)}`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file) as GeneratedCodec;
}
