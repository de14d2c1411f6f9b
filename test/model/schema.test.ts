import { readFileSync } from "fs";
import * as path from "path";
import Ajv from "ajv";
import { generateModelSchema } from "../../scripts/generateSchema";

const SCHEMA = path.join(__dirname, "..", "..", "generator", "model", "isa-model.schema.json");

describe("the model's JSON Schema", () => {
  test("is exactly what generator/model/types.ts generates (types and schema agree)", () => {
    expect(readFileSync(SCHEMA, "utf8")).toBe(generateModelSchema());
  });

  test("compiles under ajv strict mode", () => {
    const ajv = new Ajv({ strict: true, allowUnionTypes: true });
    expect(() => ajv.compile(JSON.parse(readFileSync(SCHEMA, "utf8")))).not.toThrow();
  });
});
