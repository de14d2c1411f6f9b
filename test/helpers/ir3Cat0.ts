/**
 * The cat0 fixture ISA: the small ISA `ir3` was before it read Mesa's documents — the shipped seed
 * page and hand-written root of specs/ir3-cat0/, under the manifest of test/fixtures/ir3-cat0/. Tests
 * that need an ISA of cat0 alone (the reader on the seed, exhaustive dispatch over every tested
 * bit) use it. It is put together in a temporary `specs/ir3/`, so that its diagnostics and
 * sources name `specs/ir3/…` as the shipped ISA's did.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { Diagnostics } from "../../generator/diagnostics";
import { emitDispatch } from "../../generator/emit/emitDispatch";
import { emitTsCodec } from "../../generator/emit/emitTsCodec";
import { compileGeneratedCodec } from "../../generator/emit/manual/loadGeneratedCodec";
import { loadSpec } from "../../generator/load/loadSpecs";
import type { IsaModel } from "../../generator/model/types";
import { buildModels, readSpec } from "../../generator/pipeline";
import { SPECS_DIR } from "./shippedModels";

export const IR3_CAT0_FIXTURE = path.join(__dirname, "..", "fixtures", "ir3-cat0");
export const SEED_PAGE = "ir3-cat0.xml.page.txt";

/** Run `use` on a temporary specs directory holding the fixture as ISA `ir3`, then remove it. */
function withFixtureSpecs<T>(use: (specs: string) => T): T {
  const root = mkdtempSync(path.join(tmpdir(), "isaforge-ir3-cat0-"));
  try {
    const specs = path.join(root, "specs");
    const dir = path.join(specs, "ir3");
    mkdirSync(dir, { recursive: true });
    for (const f of [SEED_PAGE, "ir3-companion.xml"])
      copyFileSync(path.join(SPECS_DIR, "ir3-cat0", f), path.join(dir, f));
    copyFileSync(path.join(IR3_CAT0_FIXTURE, "manifest.json"), path.join(dir, "manifest.json"));
    return use(specs);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The fixture through the reader alone (no linking, validation or analysis). */
export function readIr3Cat0(): { model: IsaModel | undefined; diags: Diagnostics } {
  return withFixtureSpecs((specs) => {
    const diags = new Diagnostics();
    const spec = loadSpec(specs, "ir3", diags);
    return { model: spec ? readSpec(spec, diags) : undefined, diags };
  });
}

// The shipped ir3-cat0 spec is this fixture's ISA under another id: its generated modules' types
// are this codec's and dispatch table's.
export type Ir3Codec = typeof import("../../out/ts/ir3-cat0");
export type Ir3Dispatch = typeof import("../../out/dispatch/ir3-cat0");

/** Evaluate a generated, self-contained TS module (codec or dispatch) from its text. */
function loadModule<T>(source: string, fileName: string): T {
  const module = { exports: {} as Record<string, unknown> };
  new Function("exports", "module", compileGeneratedCodec(source, fileName))(
    module.exports,
    module,
  );
  return module.exports as T;
}

let built:
  { model: IsaModel; diags: Diagnostics; codec: Ir3Codec; dispatch: Ir3Dispatch } | undefined;

/** The fixture through the whole pipeline, with the codec and dispatch generated from it (once per test file). */
export function ir3Cat0(): NonNullable<typeof built> {
  if (built) return built;
  const diags = new Diagnostics();
  const models = withFixtureSpecs((specs) => buildModels(specs, diags));
  const model = models.find((m) => m.isa.id === "ir3");
  if (!model) throw new Error("the ir3 cat0 fixture does not build");
  const codecFile = emitTsCodec([model]).find((f) => f.path === "ts/ir3.ts")!;
  const dispatchFile = emitDispatch([model]).find((f) => f.path === "dispatch/ir3.ts")!;
  built = {
    model,
    diags,
    codec: loadModule<Ir3Codec>(codecFile.content, codecFile.path),
    dispatch: loadModule<Ir3Dispatch>(dispatchFile.content, dispatchFile.path),
  };
  return built;
}
