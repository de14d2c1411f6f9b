/**
 * Validates a model against the JSON Schema (ajv, strict mode) before anything is emitted. A
 * violation is a bug in a reader, but it is still reported at the source of the offending element.
 */
import { readFileSync } from "fs";
import type { Diagnostics } from "../diagnostics";
import { compileSchema, describeAjvError, pointerToPath } from "../load/loadJson";
import { packagePath } from "../paths";
import type { IsaModel, SourceRef } from "./types";

let schema: object | undefined;

export function modelSchema(): object {
  schema ??= JSON.parse(
    readFileSync(packagePath("generator", "model", "isa-model.schema.json"), "utf8"),
  ) as object;
  return schema;
}

/** The source of the innermost element on a JSON path that has one. */
function nearestSource(model: IsaModel, path: (string | number)[]): SourceRef | undefined {
  let node: unknown = model;
  let found: SourceRef | undefined = model.isa?.source;
  for (const key of path) {
    if (node === null || typeof node !== "object") break;
    node = (node as Record<string | number, unknown>)[key];
    const src = (node as { source?: SourceRef } | undefined)?.source;
    if (src && typeof src === "object" && typeof src.file === "string") found = src;
  }
  return found;
}

export function validateModel(model: IsaModel, diags: Diagnostics): boolean {
  const validate = compileSchema(modelSchema());
  if (validate(model as unknown)) return true;
  for (const e of validate.errors ?? []) {
    diags.error(
      "model-schema",
      `the ${(model as IsaModel).isa?.id ?? "?"} model violates the schema: ${describeAjvError(e)}`,
      nearestSource(model, pointerToPath(e.instancePath)),
    );
  }
  return false;
}
