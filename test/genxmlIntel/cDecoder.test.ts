/**
 * The generated C decoders (out/c/intel-genxml/genN_decode.c, as the test build writes them) print
 * every shown decode vector of their document as Mesa's intel_print_group printed it, compiled by
 * gcc with -Wall -Werror against a harness written here. Three documents, for time (each compile
 * takes seconds): gen7 (the mbo quirk), gen9 (ISL surface format names) and gen20 (an enum bound to
 * an older document's definition); the TS decoder, the same walk, is checked on all twelve.
 * @needs-upstream mesa
 */
import { execFileSync } from "child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { EXPECTED_GENXML } from "../helpers/genxmlIntel";
import { TEST_OUT } from "../helpers/testOutput";

jest.setTimeout(300_000);

const HARNESS = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
int gxi_print(FILE *out, const char *kind, const char *name, const uint32_t *dw, uint32_t count,
              const char *(*surface_format)(uint32_t));
static char *names[4096];
static const char *surface_format(uint32_t v) { return v < 4096 ? names[v] : NULL; }
/* argv[1]: value<TAB>name lines; stdin: KIND<TAB>NAME<TAB>SAMPLE<TAB>hex dwords lines. */
int main(int argc, char **argv) {
   static char line[1 << 20];
   static uint32_t dw[1 << 16];
   FILE *formats = argc > 1 ? fopen(argv[1], "r") : NULL;
   while (formats && fgets(line, sizeof line, formats)) {
      char *tab = strchr(line, '\\t');
      unsigned v = (unsigned)atoi(line);
      if (!tab || v >= 4096) continue;
      tab[strcspn(tab, "\\n")] = 0;
      names[v] = malloc(strlen(tab));
      strcpy(names[v], tab + 1);
   }
   while (fgets(line, sizeof line, stdin)) {
      line[strcspn(line, "\\n")] = 0;
      char *kind = strtok(line, "\\t"), *name = strtok(NULL, "\\t"), *sample = strtok(NULL, "\\t");
      char *hex = strtok(NULL, "\\t");
      uint32_t n = 0;
      for (char *p = hex ? strtok(hex, " ") : NULL; p; p = strtok(NULL, " "))
         dw[n++] = (uint32_t)strtoul(p, NULL, 16);
      printf("##### %s\\t%s\\t%s\\n", kind, name, sample);
      if (gxi_print(stdout, kind, name, dw, n, surface_format)) printf("unknown item\\n");
   }
   return 0;
}
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "isaforge-genxml-c-"));
  writeFileSync(path.join(dir, "harness.c"), HARNESS);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.each(["gen7", "gen9", "gen20"])(
  "%s_decode.c prints every shown case as Mesa does",
  (gen) => {
    const exe = path.join(dir, gen);
    execFileSync(
      "gcc",
      [
        "-std=c99",
        "-O0",
        "-Wall",
        "-Werror",
        "-o",
        exe,
        path.join(TEST_OUT, "c", "intel-genxml", `${gen}_decode.c`),
        path.join(dir, "harness.c"),
      ],
      { stdio: "pipe" },
    );
    const vectors = path.join(EXPECTED_GENXML, "vectors", "intel");
    const out = execFileSync(exe, [path.join(EXPECTED_GENXML, "data", "isl_formats.tsv")], {
      input: readFileSync(path.join(vectors, `${gen}.jobs`)),
      maxBuffer: 64 * 1024 * 1024,
    }).toString("utf8");
    const cases = (text: string) => text.split(/^(?=##### )/m);
    const expected = cases(readFileSync(path.join(vectors, `${gen}.expected`), "utf8"));
    const got = cases(out);
    expect(got.length).toBe(expected.length);
    expect(got.filter((c, i) => c !== expected[i]).map((c) => c.split("\n")[0])).toEqual([]);
  },
);
