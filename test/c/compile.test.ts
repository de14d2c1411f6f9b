/**
 * Every generated header (out/c/<id>.h) is self-contained and compiles as strict C99 and C++17
 * with every warning an error — one compiler run per header per language — and names its sources.
 */
import { readFileSync } from "fs";
import * as path from "path";
import type { IsaModel } from "../../generator/model/types";
import { C99, compile, CXX17, HEADERS, ISAS, ROOT, tempDir } from "./cc";
import { describeEachSpec } from "../helpers/builtSpecs";
import { TEST_OUT } from "../helpers/testOutput";

const header = (id: string) => readFileSync(path.join(HEADERS, `${id}.h`), "utf8");
const model = (id: string) =>
  JSON.parse(readFileSync(path.join(TEST_OUT, "json", `${id}.json`), "utf8")) as IsaModel;

describeEachSpec(
  ISAS,
  (id) => `out/c/${id}.h`,
  (id) => {
    const text = header(id);

    it('includes only <stdint.h> and <assert.h>, has an include guard and extern "C"', () => {
      expect(text.match(/^#include .*$/gm)).toEqual(["#include <stdint.h>", "#include <assert.h>"]);
      const guard = `ISAFORGE_${id.toUpperCase()}_H`;
      expect(text).toMatch(new RegExp(`^#ifndef ${guard}\\n#define ${guard}\\n`, "m"));
      expect(text.trimEnd().endsWith(`#endif /* ${guard} */`)).toBe(true);
      expect(text).toContain('#ifdef __cplusplus\nextern "C" {\n#endif');
      // No GNU spellings: statement expressions, typeof, attributes, binary literals.
      expect(text).not.toMatch(/\(\{|__typeof__|\btypeof\b|__attribute__|\b0b[01]/);
    });

    it("names every source document of the model in its banner", () => {
      const banner = text.slice(0, text.indexOf("*/"));
      expect(banner).toContain("Do not edit");
      for (const d of model(id).documents)
        expect(banner).toContain(`${d.path}${d.upstream ? ` (${d.upstream})` : ""}`);
    });

    it("compiles with gcc -std=c99 -pedantic and g++ -std=c++17, all warnings as errors", () => {
      const tmp = tempDir();
      try {
        // Included twice: the guard must make the second inclusion empty.
        const source = `#include "${path.join(HEADERS, `${id}.h`)}"\n#include "${path.join(HEADERS, `${id}.h`)}"\n`;
        compile(C99, tmp.write("h.c", source));
        compile(CXX17, tmp.write("h.cpp", source));
      } finally {
        tmp.cleanup();
      }
    });
  },
);
