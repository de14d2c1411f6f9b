/**
 * prettier is the judge of style: it leaves every generated TS, JS, CSS and Markdown file in out/
 * unchanged, whether the build formatted it with prettier or wrote it in prettier's style itself
 * (Markdown: generator/emit/markdownTables.ts). The exceptions are the site's codec and Panfrost
 * genxml module scripts, which are not written but compiled (esbuild's print of the modules judged
 * here as out/ts/<id>.ts and out/ts/genxml/panfrost/<doc>.ts).
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { writeSyntheticSpecs } from "../../bench/syntheticIsaspec";
import { Diagnostics } from "../../generator/diagnostics";
import { prettierFormat, prettierParser } from "../../generator/emit/formatOutput";
import { emitDispatch } from "../../generator/emit/emitDispatch";
import { emitSite } from "../../generator/emit/emitSite";
import { emitTsCodec } from "../../generator/emit/emitTsCodec";
import { codecScriptFile } from "../../generator/emit/site/decoderView";
import { genxmlTableFile } from "../../generator/emit/site/genxmlView";
import { buildModels } from "../../generator/pipeline";
import { at, instruction, model } from "../helpers/modelFactory";
import { judgeWithPrettier } from "../helpers/prettierJudge";
import { TEST_OUT } from "../helpers/testOutput";

// The synthetic ISA's codec and the small models' files are judged here, in jest.
jest.setTimeout(600_000);

const OUT = TEST_OUT;

function generatedFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const rel = prefix + name;
      return statSync(path.join(dir, name)).isDirectory()
        ? generatedFiles(path.join(dir, name), rel + "/")
        : [rel];
    });
}

/**
 * The site's compiled scripts: every ISA's codec (a clause ISA's, Bifrost's, for its clause panel
 * too), and each Panfrost genxml document's decoder module (the genxml panel's).
 */
const modelOf = (id: string) =>
  JSON.parse(readFileSync(path.join(OUT, "json", `${id}.json`), "utf8")) as {
    genxml?: { dialect: string; file: string }[];
  };
const panfrostScripts = (id: string) =>
  (modelOf(id).genxml ?? [])
    .filter((d) => d.dialect === "panfrost")
    .map((d) => `site/${genxmlTableFile(id, path.posix.basename(d.file, ".xml"))}`);
const ids = readdirSync(path.join(OUT, "json"))
  .filter((f) => f.endsWith(".json") && f !== "isa-model.schema.json")
  .map((f) => f.slice(0, -".json".length));
const compiled = new Set([
  ...readdirSync(path.join(OUT, "ts"))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => `site/${codecScriptFile(f.slice(0, -3))}`),
  ...ids.flatMap(panfrostScripts).filter((f) => existsSync(path.join(OUT, f))),
]);
const files = generatedFiles(OUT).filter(
  (f) => prettierParser(f) !== undefined && !compiled.has(f),
);

test("the compiled codec and genxml module scripts are the ones left out", () => {
  expect(compiled.size).toBeGreaterThan(0);
  for (const f of compiled) expect(generatedFiles(OUT)).toContain(f);
});

test("the judge sees Markdown, TS, JS and CSS files", () => {
  const kinds = new Set(files.map((f) => path.extname(f)));
  expect([...kinds].sort()).toEqual([".css", ".js", ".md", ".ts"]);
});

// Judged in one process of its own (test/helpers/prettierJudge.ts), each file's verdict a test:
// every generated file took ~2 minutes of CPU on a quiet machine, so the hook may take half an hour.
let verdicts: Record<string, string | null> = {};
beforeAll(async () => {
  verdicts = await judgeWithPrettier(OUT, files);
}, 1_800_000);

test.each(files)("prettier leaves out/%s unchanged", (file) => {
  // Not the contents: a failure would print megabytes; the first differing line says enough.
  expect({ file, verdict: verdicts[file] }).toEqual({ file, verdict: null });
});

describe("files the build writes in prettier's style, for models unlike the shipped ones", () => {
  // One short and one long instruction name: the handler skeleton has a one-line table for the
  // first model and broken signatures and table for the second; the dispatch tests the second's
  // gen range inline.
  const models = [
    model({ instructions: [instruction("ADD", [0, 1], [0, 0xffffffff], 1)] }),
    model({
      isa: { ...model({}).isa, id: "long" },
      instructions: [
        instruction(
          "A_VERY_LONG_INSTRUCTION_NAME_THAT_NEEDS_ITS_SIGNATURE_BROKEN",
          [0, 1],
          [0, 0xffffffff],
          1,
        ),
        instruction(
          "ANOTHER_VERY_LONG_INSTRUCTION_NAME_FOR_THE_TABLE",
          [0, 2],
          [0, 0xffffffff],
          2,
          {
            gen: { min: 600, max: 699 },
          },
        ),
      ],
    }),
  ];
  // Derived fields of every length the codec's DERIVED table lays out differently: on the key's
  // line (a conditional in parentheses), broken after `=>`, and too long even for that; the
  // instruction name needs quotes, so every key of its object keeps them.
  const derived = (name: string, expr: string) => ({
    name,
    type: "uint" as const,
    expr,
    width: 8,
    source: at(3),
  });
  models.push(
    model({
      isa: { ...model({}).isa, id: "derived" },
      instructions: [
        instruction("ADD.f32", [0, 1], [0, 0xffffffff], 1, {
          derived: [
            derived("SHORT", "{A} < 2"),
            derived(
              "BROKEN_AFTER_THE_ARROW_BECAUSE_ITS_NAME_IS_LONG",
              "({TYPE_BIT2} << 2) | {TYPE_BIT01}",
            ),
            derived(
              "CONDITIONAL_BROKEN_AFTER_THE_ARROW",
              "{SOMETHING_LONG} < {SOMETHING_ELSE_LONG}",
            ),
            derived(
              "TOO_LONG",
              "({TYPE_BIT2} << 2) | {TYPE_BIT01} | ({TYPE_BIT2} << 3) | ({TYPE_BIT2} << 4) | ({TYPE_BIT2} << 5)",
            ),
          ],
        }),
      ],
    }),
  );
  const preformatted = [
    ...emitDispatch(models),
    ...emitSite(models),
    ...emitTsCodec(models),
  ].filter(
    (f) => f.preformatted && prettierParser(f.path) !== undefined && !f.path.endsWith("-codec.js"),
  );

  test("there are such files", () => {
    expect(preformatted.map((f) => f.path).sort()).toEqual(
      expect.arrayContaining([
        "dispatch/long-handlers.ts",
        "dispatch/t-handlers.ts",
        "site/search-index.js",
        "ts/derived.ts",
        "ts/long.ts",
        "ts/t.ts",
      ]),
    );
  });

  test.each(preformatted.map((f) => [f.path, f] as const))(
    "prettier leaves %s unchanged",
    async (_, f) => {
      expect(await prettierFormat(f)).toBe(f.content);
    },
  );
});

test("prettier leaves the synthetic isaspec ISA's codec unchanged (the bench's scale document)", async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), "isaforge-judge-"));
  try {
    const diags = new Diagnostics();
    const models = buildModels(writeSyntheticSpecs(path.join(tmp, "specs"), 40), diags);
    const [codec] = emitTsCodec(models);
    expect(codec.path).toBe("ts/synth.ts");
    expect(codec.preformatted).toBe(true);
    expect(await prettierFormat(codec)).toBe(codec.content);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

test("the judge names the first line prettier changes, in each kind of file", async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), "isaforge-judge-"));
  try {
    const files: Record<string, string> = {
      "a.json": '{\n  "a": [1,2]\n}\n',
      "b.md": "# T\n\n| a | bb |\n|--|--|\n| 1 | 2 |\n",
      "c.ts": "export const x = {a:1};\n",
      "d.ts": "export const x = { a: 1 };\n",
    };
    for (const [f, text] of Object.entries(files)) writeFileSync(path.join(tmp, f), text);
    expect(await judgeWithPrettier(tmp, Object.keys(files))).toEqual({
      "a.json": 'line 2 differs:\n  generated:   "a": [1,2]\n  prettier:    "a": [1, 2]',
      "b.md": "line 3 differs:\n  generated: | a | bb |\n  prettier:  | a   | bb  |",
      "c.ts":
        "line 1 differs:\n  generated: export const x = {a:1};\n  prettier:  export const x = { a: 1 };",
      "d.ts": null,
    });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
