/**
 * `isaforge gen-header` prints what Mesa's gen_header.py prints for every (file, mode) Mesa's
 * meson.build runs it on (src/freedreno/registers/meson.build and adreno/meson.build), over the
 * freedreno register database (../shared/corpora/mesa/src/freedreno/registers): isaforge's output
 * after the banner must equal the fixture, gen_header.py's output kept in test/fixtures/gen-header
 * (its README says how it was made; PYTHONHASHSEED=0: see pySet.ts).
 */
import { existsSync, readFileSync } from "fs";
import * as path from "path";
import { gunzipSync } from "zlib";
import { runCli } from "../../generator/cli";
import { FREEDRENO_REGISTERS } from "../helpers/upstreamTrees";

const CORPUS = FREEDRENO_REGISTERS;
const FIXTURES = path.join(__dirname, "..", "fixtures", "gen-header");

/** What meson runs: c-defines for adreno.xml and each adreno/*.xml, pack structs, py defines. */
export const MESON_CASES: [file: string, mode: string][] = [
  ["adreno.xml", "c-defines"],
  ...[
    "a2xx",
    "a3xx",
    "a4xx",
    "a5xx",
    "a6xx",
    "a6xx_gmu",
    "ocmem",
    "adreno_control_regs",
    "adreno_pipe_regs",
    "adreno_common",
    "adreno_pm4",
  ].map((f): [string, string] => [`adreno/${f}.xml`, "c-defines"]),
  ["adreno/a6xx.xml", "c-pack-structs"],
  ["adreno/adreno_pm4.xml", "c-pack-structs"],
  ...["a2xx", "a3xx", "a4xx", "a5xx", "a6xx"].map((f): [string, string] => [
    `adreno/${f}.xml`,
    "py-defines",
  ]),
];

/** The output after the banner (through the line that closes its comment); py-defines has none. */
export function afterBanner(text: string, mode: string): string {
  if (mode === "py-defines") return text;
  const end = text.indexOf("\n*/\n");
  return end < 0 ? text : text.slice(end + "\n*/\n".length);
}

async function isaforge(argv: string[]): Promise<{ status: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runCli(argv, { out: (l) => out.push(l + "\n"), err: (l) => err.push(l) });
  return { status, out: out.join(""), err: err.join("\n") };
}

const QUIRKS = path.join(FIXTURES, "quirks");

/** isaforge's output after the banner equals the fixture, gen_header's output after the banner. */
async function expectSameOutput(rnn: string, file: string, mode: string): Promise<void> {
  const xml = path.join(rnn, file);
  const mine = await isaforge(["gen-header", "--rnn", rnn, "--xml", xml, mode]);
  expect(mine.err).toBe("");
  expect(mine.status).toBe(0);
  const fixture = gunzipSync(
    readFileSync(path.join(FIXTURES, `${path.basename(file)}.${mode}.gz`)),
  ).toString("utf8");
  expect(afterBanner(mine.out, mode)).toBe(fixture);
}

(existsSync(CORPUS) ? describe : describe.skip)(
  "gen-header reproduces gen_header.py on the freedreno database (needs the mesa tree)",
  () => {
    test.each(MESON_CASES)("%s %s", (file, mode) => expectSameOutput(CORPUS, file, mode), 120_000);
  },
);

describe("gen-header reproduces gen_header.py on a database written for its quirks", () => {
  test.each([
    ["sub/quirks.xml", "c-defines"],
    ["sub/quirks.xml", "py-defines"],
    ["sub/pack.xml", "c-defines"],
    ["sub/pack.xml", "c-pack-structs"],
    ["sub/pack.xml", "py-defines"],
  ])("%s %s", (file, mode) => expectSameOutput(QUIRKS, file, mode), 60_000);

  test("packing a register of an array with listed offsets fails, located, as gen_header does", async () => {
    const r = await isaforge([
      "gen-header",
      "--rnn",
      QUIRKS,
      "--xml",
      path.join(QUIRKS, "sub/quirks.xml"),
      "c-pack-structs",
    ]);
    expect(r.status).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toMatch(/sub\/quirks\.xml:67:3: /);
    expect(r.err.replace(/^.*?: /, "")).toBe(
      "error[gen-header-unsupported]: register FIXED_F is in array FIXED, whose offsets are listed: gen_header has no offset and stride to pack or list it with",
    );
  }, 60_000);
});
