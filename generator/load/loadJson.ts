/**
 * JSON inputs (manifests, companion data) parsed with positions, so that syntax errors and schema
 * violations are reported at file:line:col like every other diagnostic.
 */
import type { default as Ajv, ErrorObject, ValidateFunction } from "ajv";
import {
  findNodeAtLocation,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from "jsonc-parser";
import type { Diagnostics } from "../diagnostics";
import type { SourceRef } from "../model/types";
import { lineColumn, lineStarts } from "../recover/positionMap";
import { AJV_OPTIONS, precompiledValidator } from "./precompiledSchemas";

export interface LoadedJson {
  data: unknown;
  locate(path: (string | number)[]): SourceRef;
}

/** Parse JSON text; syntax errors are reported and yield undefined. */
export function parseJsonWithPositions(
  file: string,
  text: string,
  diags: Diagnostics,
): LoadedJson | undefined {
  const starts = lineStarts(text);
  const at = (offset: number): SourceRef => ({ file, ...lineColumn(starts, offset) });
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || !root) {
    for (const e of errors.slice(0, 1)) {
      diags.error("json-syntax", `invalid JSON: ${printParseErrorCode(e.error)}`, at(e.offset));
    }
    if (errors.length === 0) diags.error("json-syntax", "invalid JSON: the file is empty", at(0));
    return undefined;
  }
  return {
    data: JSON.parse(text),
    locate(path) {
      // The deepest node that exists on the path: a missing property is reported at its parent.
      for (let n = path.length; n >= 0; n--) {
        const node: Node | undefined = findNodeAtLocation(root, path.slice(0, n));
        if (node) {
          const target = node.parent?.type === "property" ? node.parent : node;
          return at(target.offset);
        }
      }
      return at(0);
    },
  };
}

let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();
/**
 * The validator of a schema, once per `$id`: compiled ahead of time where `npm ci` did
 * (precompiledSchemas.ts), else compiled here (ajv's compiler is loaded only then).
 */
export function compileSchema(schema: object): ValidateFunction {
  const id = (schema as { $id?: unknown }).$id;
  const known = typeof id === "string" ? validators.get(id) : undefined;
  if (known) return known;
  const validate = precompiledValidator(schema) ?? (ajv ??= newAjv()).compile(schema);
  if (typeof id === "string") validators.set(id, validate);
  return validate;
}

function newAjv(): Ajv {
  const { default: AjvClass } = require("ajv") as typeof import("ajv");
  return new AjvClass({ ...AJV_OPTIONS });
}

/** Validate `json` against `schema`, reporting each violation at the offending value. */
export function checkAgainstSchema(
  json: LoadedJson,
  schema: object,
  what: string,
  diags: Diagnostics,
): boolean {
  const validate = compileSchema(schema);
  if (validate(json.data)) return true;
  // An `if`/`then` failure is also reported as what `then` requires; that error says more.
  for (const e of (validate.errors ?? []).filter((x) => x.keyword !== "if")) {
    const where = pointerToPath(e.instancePath);
    // An unknown property is reported at the property itself, not at its parent object.
    if (e.keyword === "additionalProperties")
      where.push((e.params as { additionalProperty: string }).additionalProperty);
    diags.error("schema", `${what}: ${describeAjvError(e)}`, json.locate(where));
  }
  return false;
}

export function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

export function describeAjvError(e: ErrorObject): string {
  const where = e.instancePath === "" ? "the top level" : `'${e.instancePath}'`;
  switch (e.keyword) {
    case "additionalProperties":
      return `unknown property '${(e.params as { additionalProperty: string }).additionalProperty}' at ${where}`;
    case "required":
      return `missing property '${(e.params as { missingProperty: string }).missingProperty}' at ${where}`;
    case "enum":
      return `${where} must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
    default:
      return `${where} ${e.message ?? "is invalid"}`;
  }
}
