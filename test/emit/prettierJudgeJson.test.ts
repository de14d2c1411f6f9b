/**
 * prettier leaves every JSON file of the test build unchanged: `stableJson` writes prettier's JSON
 * style itself, so the build need not spend its time running prettier over megabytes of models.
 */
import { listFiles } from "../../generator/emit/writeOutput";
import { judgeWithPrettier } from "../helpers/prettierJudge";
import { TEST_OUT } from "../helpers/testOutput";

const json = listFiles(TEST_OUT).filter((p) => p.endsWith(".json"));

// 78 MB of JSON took 40 s of CPU in one process on a quiet machine: half an hour allows for a
// machine many times slower.
let verdicts: Record<string, string | null> = {};
beforeAll(async () => {
  verdicts = await judgeWithPrettier(TEST_OUT, json);
}, 1_800_000);

test("the test build has JSON files: every ISA's model and the schema", () => {
  expect(json).toEqual(expect.arrayContaining(["json/isa-model.schema.json", "json/r500.json"]));
});

test.each(json)("prettier leaves out/%s unchanged", (file) => {
  expect({ file, verdict: verdicts[file] }).toEqual({ file, verdict: null });
});
