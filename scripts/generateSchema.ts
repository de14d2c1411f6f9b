/**
 * Generates generator/model/isa-model.schema.json from generator/model/types.ts, so the schema and
 * the TypeScript types cannot disagree. `--check` exits 1 if the committed schema is stale.
 */
import { readFileSync, writeFileSync } from "fs";
import * as path from "path";
import { createGenerator } from "ts-json-schema-generator";
import { MODEL_SCHEMA_VERSION } from "../generator/model/types";

const root = path.join(__dirname, "..");
const target = path.join(root, "generator", "model", "isa-model.schema.json");

export function generateModelSchema(): string {
  const schema = createGenerator({
    path: path.join(root, "generator", "model", "types.ts"),
    tsconfig: path.join(root, "tsconfig.json"),
    type: "IsaModel",
    additionalProperties: false,
    sortProps: true,
    topRef: true,
    skipTypeCheck: true,
  }).createSchema("IsaModel");
  const withId = {
    $id: `https://isaforge.dev/schemas/isa-model-${MODEL_SCHEMA_VERSION}.schema.json`,
    title: `isaforge ISA model, format ${MODEL_SCHEMA_VERSION}`,
    ...schema,
  };
  return JSON.stringify(withId, null, 2) + "\n";
}

if (require.main === module) {
  const text = generateModelSchema();
  if (process.argv.includes("--check")) {
    if (readFileSync(target, "utf8") !== text) {
      console.error(`${path.relative(root, target)} is stale: run npm run schema`);
      process.exit(1);
    }
  } else {
    writeFileSync(target, text);
  }
}
