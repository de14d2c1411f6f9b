/**
 * @needs-upstream mesa
 * `isaforge panfrost-pack` against Mesa's gen_pack.py: every Panfrost header in
 * expected/genxml/outputs.json, byte for byte, made with the arguments it was made with; and the
 * headers compile as C99 and C++17 (the test writes the helpers they include).
 */
import { createHash } from "crypto";
import { readFileSync } from "fs";
import * as path from "path";
import { runCli } from "../../generator/cli";
import { panfrostPackHeader } from "../../generator/emit/genxmlPanfrost/packHeader";
import { compile, tempDir } from "../c/cc";
import { upstreamPath } from "../helpers/upstreamTrees";
import { writePanfrostHelpers } from "./cHelpers";
import { EXPECTED_GENXML, PANFROST_DOCUMENTS, panfrostOutputs, readPanfrostFile } from "./corpus";

const outputs = panfrostOutputs();

describe("panfrost-pack = gen_pack.py", () => {
  test("outputs.json lists the five shown headers", () => {
    expect(outputs.map((o) => o.name)).toEqual([
      "panfrost/common_pack.h",
      "panfrost/v4_pack.h",
      "panfrost/v6_pack.h",
      "panfrost/v7_pack.h",
      "panfrost/v10_pack.h",
    ]);
  });

  test.each(outputs.map((o) => [o.name, o] as const))("%s, byte for byte", async (_, o) => {
    // gen_pack.py takes the document and nothing else; run the CLI the same way.
    expect(o.arguments).toHaveLength(1);
    const out: string[] = [];
    const err: string[] = [];
    const status = await runCli(["panfrost-pack", upstreamPath("mesa", o.arguments[0])], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    expect({ status, err }).toEqual({ status: 0, err: [] });
    const text = out.join("\n") + "\n";
    const expected = readFileSync(path.join(EXPECTED_GENXML, o.name), "utf8");
    expect(text.length).toBe(o.bytes);
    expect(createHash("sha256").update(text).digest("hex")).toBe(o.sha256);
    expect(text === expected).toBe(true);
  });
});

describe("the headers compile", () => {
  const t = tempDir();
  afterAll(() => t.cleanup());
  test.each(PANFROST_DOCUMENTS)("%s_pack.h as C99 and C++17", (name) => {
    const { doc } = readPanfrostFile(upstreamPath("mesa", `src/panfrost/lib/genxml/${name}.xml`));
    writePanfrostHelpers(t.dir);
    t.write(`${name}_pack.h`, panfrostPackHeader(doc!));
    const source = t.write(
      `${name}.c`,
      `#include "${name}_pack.h"\nint main(void) { return 0; }\n`,
    );
    // As Mesa compiles them: -Wall, not -Wextra (the prologue compares int with unsigned, a
    // struct without fields leaves its functions' parameters unused) nor -pedantic (0b literals).
    const strict = ["-Wall", "-Werror", "-Wno-unused-function", `-I${t.dir}`];
    compile(["gcc", "-std=c99", ...strict], source);
    compile(["g++", "-std=c++17", "-x", "c++", ...strict], source);
  });
});
