/**
 * specs/intel-genxml: the build reads the 14 Intel documents into the model's genxml section and
 * writes the headers Mesa's meson builds under out/c/intel-genxml/; each one expected/genxml holds
 * is byte for byte the generator's.
 * @needs-upstream mesa
 */
import { existsSync, readFileSync } from "fs";
import * as path from "path";
import type { GenxmlIntelDocument, IsaModel } from "../../generator/model/types";
import { EXPECTED_GENXML, type ExpectedOutput } from "../helpers/genxmlIntel";
import { TEST_OUT } from "../helpers/testOutput";

const HEADERS = path.join(TEST_OUT, "c", "intel-genxml");
const manifest = JSON.parse(
  readFileSync(path.join(__dirname, "..", "..", "specs", "intel-genxml", "manifest.json"), "utf8"),
) as { genxmlIntelHeaders: { pack: { path: string }[]; bits: { path: string }[] } };

test("the model holds every document as written, each element located", () => {
  const model = JSON.parse(
    readFileSync(path.join(TEST_OUT, "json", "intel-genxml.json"), "utf8"),
  ) as IsaModel;
  const docs = model.genxml!.filter((d): d is GenxmlIntelDocument => d.dialect === "intel");
  expect(docs.map((d) => path.posix.basename(d.file))).toEqual([
    "gen4.xml",
    "gen45.xml",
    "gen5.xml",
    "gen6.xml",
    "gen7.xml",
    "gen75.xml",
    "gen8.xml",
    "gen9.xml",
    "gen11.xml",
    "gen12.xml",
    "gen125.xml",
    "gen20.xml",
    "gen125_rt.xml",
    "gen20_rt.xml",
  ]);
  const gen12 = docs.find((d) => d.file === "mesa:src/intel/genxml/gen12.xml")!;
  expect(gen12).toMatchObject({ dialect: "intel", platform: "TGL", gen: "12" });
  expect(gen12.imports.map((i) => i.name)).toEqual(["gen11.xml"]);
  const item = gen12.items.find((i) => i.name === "3DSTATE_CONSTANT_ALL_DATA")!;
  expect(item.source).toEqual({ file: "mesa:src/intel/genxml/gen12.xml", line: 11, column: 3 });
});

test("out/c/intel-genxml has every header the manifest lists", () => {
  for (const o of [...manifest.genxmlIntelHeaders.pack, ...manifest.genxmlIntelHeaders.bits])
    expect(existsSync(path.join(HEADERS, o.path))).toBe(true);
});

describe("each built header that expected/genxml holds is the generator's", () => {
  const outputs = (
    JSON.parse(readFileSync(path.join(EXPECTED_GENXML, "outputs.json"), "utf8")) as ExpectedOutput[]
  )
    // meson's modes: the gentest header is the decoder test's, not the build's
    .filter((o) => o.name.startsWith("intel/") && !o.name.includes("gentest"));
  test.each(outputs.map((o) => o.name))("%s", (name) => {
    expect(readFileSync(path.join(HEADERS, path.basename(name)), "utf8")).toBe(
      readFileSync(path.join(EXPECTED_GENXML, name), "utf8"),
    );
  });
});
