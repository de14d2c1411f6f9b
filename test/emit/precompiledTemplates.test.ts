/**
 * The templates compiled ahead of time (generator/emit/precompiledTemplates.ts): one entry per
 * template file, rendering as the run-time compilation of the same source does, and used only
 * for the very source it was compiled from. (The installed CLI building out/ byte for byte with
 * them is checked by test/package/pack.test.ts.)
 */
import { readFileSync } from "fs";
import * as path from "path";
import Handlebars from "handlebars";
import {
  compileOptions,
  compileTemplate,
  hoistLocations,
  type PrecompiledTemplates,
  precompiledTemplate,
  precompiledTemplatesSource,
  templateFiles,
} from "../../generator/emit/precompiledTemplates";

const TEMPLATES = path.join(__dirname, "..", "..", "templates");

/** Evaluate the module text as `require` would. */
function load(source: string): PrecompiledTemplates {
  const module = { exports: {} as { templates: PrecompiledTemplates } };
  new Function("exports", "module", source)(module.exports, module);
  return module.exports.templates;
}

test("every template of templates/ has an entry, compiled from its current source", () => {
  const files = templateFiles(TEMPLATES);
  expect(files).toContain("docs/manual.md.hbs");
  const sources = files.map((f): [string, string] => [
    f,
    readFileSync(path.join(TEMPLATES, f), "utf8"),
  ]);
  const module = load(precompiledTemplatesSource(sources));
  expect(Object.keys(module)).toEqual(files);
  for (const [file, source] of sources)
    expect(precompiledTemplate(file, source, module)).toBeDefined();
});

test("an edited template is not rendered through its stale precompiled code", () => {
  const module = load(precompiledTemplatesSource([["x.md.hbs", "old {{a}}"]]));
  expect(precompiledTemplate("x.md.hbs", "old {{a}}", module)).toBeDefined();
  expect(precompiledTemplate("x.md.hbs", "new {{a}}", module)).toBeUndefined();
  expect(precompiledTemplate("y.md.hbs", "old {{a}}", module)).toBeUndefined();
  expect(precompiledTemplate("x.md.hbs", "old {{a}}", null)).toBeUndefined();
});

test("precompiled, compiled now and Handlebars-compiled templates render alike: strict, escaping only markup", () => {
  const sources: [string, string][] = [
    ["t.md.hbs", "{{#each rows}}|{{name}}|{{/each}} {{note}}"],
    ["t.html.hbs", "<p>{{note}}</p>{{#if flag}}yes{{else}}no{{/if}}"],
  ];
  const module = load(precompiledTemplatesSource(sources));
  const context = { rows: [{ name: "a<b" }, { name: "c&d" }], note: "x < y", flag: false };
  for (const [file, source] of sources) {
    const ahead = Handlebars.template(precompiledTemplate(file, source, module)!);
    const runtime = Handlebars.compile(source, compileOptions(file));
    const now = Handlebars.template(compileTemplate(file, source));
    expect(ahead(context)).toBe(runtime(context));
    expect(now(context)).toBe(runtime(context));
    expect(() => now({})).toThrow(/not defined/);
    // strict: a missing value is an error either way.
    expect(() => ahead({})).toThrow(/not defined/);
    expect(() => runtime({})).toThrow(/not defined/);
  }
  expect(
    Handlebars.template(precompiledTemplate("t.html.hbs", sources[1][1], module)!)(context),
  ).toBe("<p>x &lt; y</p>no");
  expect(
    Handlebars.template(precompiledTemplate("t.md.hbs", sources[0][1], module)!)(context),
  ).toBe("|a<b||c&d| x < y");
});

test("source locations are constants built once, and errors still name them", () => {
  const source = "{{#each rows}}{{name}} {{name}}{{/each}}\n{{missing}}";
  const spec = Handlebars.precompile(source, compileOptions("t.md.hbs")) as string;
  const literal = /\{"start":\{"line":\d+,"column":\d+\},"end":\{"line":\d+,"column":\d+\}\}/g;
  const locations = spec.match(literal) ?? [];
  expect(locations.length).toBeGreaterThanOrEqual(3);
  const hoisted = hoistLocations(spec);
  // Each distinct location once, in the table the spec's code reads.
  expect(hoisted.match(literal)).toEqual([...new Set(locations)]);
  expect(hoisted).toContain("hbsLocations[0]");
  const ahead = Handlebars.template(new Function(`return ${hoisted};`)());
  const runtime = Handlebars.compile(source, compileOptions("t.md.hbs"));
  const context = { rows: [{ name: "a" }, { name: "b" }], missing: "m" };
  expect(ahead(context)).toBe("a ab b\nm");
  expect(ahead(context)).toBe(runtime(context));
  // A missing value: the same error, at the same line and column.
  const message = (render: (c: object) => string, c: object) => {
    try {
      render(c);
    } catch (e) {
      return (e as Error).message;
    }
    return "no error";
  };
  for (const c of [{ rows: [{}], missing: "m" }, { rows: [] }]) {
    expect(message(ahead, c)).toMatch(/not defined in .* - \d+:\d+$/);
    expect(message(ahead, c)).toBe(message(runtime, c));
  }
  expect(hoistLocations("{}")).toBe("{}");
});
