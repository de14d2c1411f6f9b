/**
 * The site's scripts as the emitter inlines them (generator/emit/site/siteScript.ts): each module of
 * generator/runtime/site/ compiled to one classic script that runs the module's `start`, checked in
 * a VM context with a `window` (and for the decoder a `document`) of its own.
 */
import * as vm from "vm";
import { siteScript, type SiteScriptName } from "../../generator/emit/site/siteScript";

const NAMES: SiteScriptName[] = ["decoder", "registers", "search"];

test.each(NAMES)("%s.js is a classic script: a header, then one strict IIFE", (name) => {
  const js = siteScript(name);
  // vm.Script compiles a classic script: import or export would be a syntax error.
  expect(() => new vm.Script(js)).not.toThrow();
  expect(js.split("\n").slice(0, 4)).toEqual([
    `// The site's ${name}.js: generator/runtime/site/${name}.ts, compiled by isaforge's build.`,
    "// Edit that module, not this file.",
    '"use strict";',
    "(() => {",
  ]);
  expect(js.trimEnd().endsWith("start();\n})();")).toBe(true);
});

test("search.js expands the page's index into window.isaforgeSearch", () => {
  const window: Record<string, unknown> = {
    isaforgeSearchIndex: {
      specs: [["ir3", "Adreno ir3", "ir3.html"]],
      instructions: [
        [0, "nop", 0, "No operation", "nop"],
        [0, "mov.f32f32", "mov", "Move", "mov"],
      ],
      registers: [],
      fields: [],
      enums: [],
      values: [],
    },
  };
  vm.runInNewContext(siteScript("search"), { window });
  const search = window.isaforgeSearch as {
    entries: { name: string }[];
    search(text: string): { name: string; href: string }[];
  };
  expect(search.entries.map((e) => e.name)).toEqual(["nop", "mov.f32f32"]);
  expect(search.search("MOV").map((e) => [e.name, e.href])).toEqual([
    ["mov.f32f32", "ir3/mov.html"],
  ]);
});

test("registers.js offers window.isaforgeRegisterPanel without a page", () => {
  const window: Record<string, unknown> = {};
  vm.runInNewContext(siteScript("registers"), { window, URLSearchParams });
  const panel = window.isaforgeRegisterPanel as {
    parseHex(text: string): unknown;
    parseState(hash: string): unknown;
  };
  expect(panel.parseHex("0x8400")).toEqual({ value: 0x8400n });
  expect(panel.parseState("#lookup=A6XX:8400")).toEqual({
    domain: "A6XX",
    address: "8400",
    value: "",
    variant: "",
  });
});

test("decoder.js looks for its panel and, on a page without one, does nothing", () => {
  const asked: string[] = [];
  const document = {
    getElementById: (id: string) => {
      asked.push(id);
      return null;
    },
  };
  vm.runInNewContext(siteScript("decoder"), { window: {}, document });
  expect(asked).toEqual(["decoder-panel"]);
});
