/**
 * The validators compiled ahead of time (generator/load/precompiledSchemas.ts) judge every input
 * exactly as ajv's run-time compilation of the same schema does — the same verdict and the same
 * errors, on the shipped documents and models and on the negative fixtures' broken manifests and
 * companions — and are used only for the very schema they were compiled from.
 */
import Ajv, { type ValidateFunction } from "ajv";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "fs";
import * as path from "path";
import { TEST_OUT } from "../helpers/testOutput";
import {
  AJV_OPTIONS,
  PRECOMPILED_FILE,
  precompiledSource,
  precompiledValidator,
  schemaFiles,
} from "../../generator/load/precompiledSchemas";

const ROOT = path.join(__dirname, "..", "..");
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));

const schemas = schemaFiles().map((f) => readJson(f) as { $id: string });
const idOf = (file: string) => (readJson(file) as { $id: string }).$id;
const MODEL_ID = idOf(path.join(ROOT, "generator/model/isa-model.schema.json"));
const MANIFEST_ID = idOf(path.join(ROOT, "generator/model/manifest.schema.json"));
const companionId = (kind: string) =>
  idOf(path.join(ROOT, "generator/model/companions", `${kind}.schema.json`));

let dir: string;
let compiled: Parameters<typeof precompiledValidator>[1];
beforeAll(() => {
  // Inside the package, so that the module finds ajv's run-time helpers as installed code does.
  mkdirSync(path.join(ROOT, "node_modules", ".cache"), { recursive: true });
  dir = mkdtempSync(path.join(ROOT, "node_modules", ".cache", "isaforge-schemas-"));
  const file = path.join(dir, PRECOMPILED_FILE);
  writeFileSync(file, precompiledSource(schemas));
  compiled = require(file) as typeof compiled;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every JSON input of the shipped specs and of the negative fixtures, with its schema's $id. */
function inputs(): [string, string, unknown][] {
  const found: [string, string, unknown][] = [];
  const specDirs = [
    ...readdirSync(path.join(ROOT, "specs")).map((id) => path.join(ROOT, "specs", id)),
    ...readdirSync(path.join(ROOT, "test/fixtures/negative")).flatMap((fixture) => {
      const d = path.join(ROOT, "test/fixtures/negative", fixture);
      return readdirSync(d, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => path.join(d, e.name));
    }),
  ];
  for (const specDir of specDirs) {
    let manifest: { companions?: { path: string; kind: string }[] };
    try {
      manifest = readJson(path.join(specDir, "manifest.json")) as typeof manifest;
    } catch {
      continue; // a fixture whose manifest is not JSON at all
    }
    const where = path.relative(ROOT, specDir);
    found.push([`${where}/manifest.json`, MANIFEST_ID, manifest]);
    for (const c of Array.isArray(manifest.companions) ? manifest.companions : []) {
      if (typeof c?.path !== "string" || !c.path.endsWith(".json")) continue;
      try {
        found.push([`${where}/${c.path}`, companionId(c.kind), readJson(path.join(specDir, c.path))]);
      } catch {
        // missing companion, unknown kind or not JSON: other diagnostics than the schema's
      }
    }
  }
  for (const f of readdirSync(path.join(TEST_OUT, "json")).filter((f) => !f.includes("schema")))
    found.push([`out/json/${f}`, MODEL_ID, readJson(path.join(TEST_OUT, "json", f))]);
  return found;
}

test("each precompiled validator gives ajv's verdict and errors on every input", () => {
  const ajv = new Ajv({ ...AJV_OPTIONS });
  const runtime = new Map<string, ValidateFunction>(schemas.map((s) => [s.$id, ajv.compile(s)]));
  const all = inputs();
  let invalid = 0;
  for (const [name, id, data] of all) {
    const schema = schemas.find((s) => s.$id === id)!;
    const precompiled = precompiledValidator(schema, compiled)!;
    expect(precompiled).toBeDefined();
    const expected = runtime.get(id)!;
    const verdict = expected(data);
    if (!verdict) invalid++;
    expect([name, precompiled(data)]).toEqual([name, verdict]);
    expect([name, precompiled.errors ?? null]).toEqual([name, expected.errors ?? null]);
  }
  // The shipped specs and models, and the fixtures whose manifest or companion breaks its schema.
  expect(all.length).toBeGreaterThan(100);
  expect(invalid).toBeGreaterThanOrEqual(5);
});

test("a schema that differs from the one compiled, or has no $id, is not served", () => {
  const manifest = schemas.find((s) => s.$id === MANIFEST_ID)!;
  expect(precompiledValidator(manifest, compiled)).toBeInstanceOf(Function);
  const changed = { ...manifest, title: `${String((manifest as { title?: string }).title)}!` };
  expect(precompiledValidator(changed, compiled)).toBeUndefined();
  const { $id: _, ...anonymous } = manifest;
  expect(precompiledValidator(anonymous, compiled)).toBeUndefined();
  expect(precompiledValidator(manifest, null)).toBeUndefined();
});
