/**
 * @needs-upstream mesa
 * The C decoder: the unpack + print functions of the header panfrost-pack writes, compiled and run
 * on every shown decode vector, print what Mesa's did (warnings first: the test sends stderr to
 * stdout, as the vectors merge the two streams).
 */
import { readFileSync } from "fs";
import * as path from "path";
import { panfrostPackHeader } from "../../generator/emit/genxmlPanfrost/packHeader";
import { compile, sh, tempDir } from "../c/cc";
import { writePanfrostHelpers } from "./cHelpers";
import {
  PANFROST_DOCUMENTS,
  PANFROST_VECTORS as VECTORS,
  panfrostDocumentPath,
  readPanfrostFile,
} from "./corpus";

describe("the generated C unpack + print functions", () => {
  const t = tempDir();
  afterAll(() => t.cleanup());
  beforeAll(() => writePanfrostHelpers(t.dir, "#undef stderr\n#define stderr stdout\n"));

  test.each(PANFROST_DOCUMENTS)("%s: every decode vector", (name) => {
    const { doc } = readPanfrostFile(panfrostDocumentPath(name));
    t.write(`${name}_pack.h`, panfrostPackHeader(doc!));
    const jobs = readFileSync(path.join(VECTORS, `${name}.jobs`), "utf8")
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => l.split("\t"));
    const calls = jobs.map(([struct, sample, hex], i) => {
      const bytes = Buffer.from(hex, "hex");
      return `  {
    static const uint8_t b${i}[] = { ${[...bytes].join(", ")} };
    struct ${struct} v;
    printf("##### ${struct}\\t${sample}\\n");
    ${struct}_unpack(b${i}, &v);
    ${struct}_print(stdout, &v, 0);
  }`;
    });
    const source = t.write(
      `${name}_decode.c`,
      `#include "${name}_pack.h"\nint main(void) {\n${calls.join("\n")}\n  return 0;\n}\n`,
    );
    const exe = path.join(t.dir, `${name}_decode`);
    // NDEBUG: the align() fields' asserts are off, as in the build that printed the vectors.
    compile(["gcc", "-std=c99", "-O0", "-DNDEBUG", "-w", `-I${t.dir}`], source, exe);
    const run = sh([exe]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(readFileSync(path.join(VECTORS, `${name}.expected`), "utf8"));
  });
});
