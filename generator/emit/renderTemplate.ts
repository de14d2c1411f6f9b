/**
 * Every artifact is text rendered from a Handlebars template in `templates/`; emitters only prepare
 * the data. Templates are compiled once (ahead of time where `prepare` did it: see
 * precompiledTemplates.ts), in strict mode so a missing value is an error, not "".
 * Every template file is also a partial, named by its path without `.hbs`
 * (`{{> ts/codec/runtime.ts}}`), so templates compose without code.
 */
import { readFileSync } from "fs";
import * as path from "path";
// The runtime only: the compiler (half of Handlebars' load time) is loaded when a template has no
// precompiled code.
import Handlebars from "handlebars/runtime";
import { util } from "prettier";
import { packagePath } from "../paths";
import { flattenText } from "./flattenText";
import { compileTemplate, precompiledTemplate, templateFiles } from "./precompiledTemplates";

const hb = Handlebars.create();
/** Each template by file (`docs/manual.md.hbs`), compiled on first use. */
const compiled = new Map<string, HandlebarsTemplateDelegate>();
let sources: Map<string, string> | undefined;

/** The template of `file`: its precompiled code if that was compiled from this very source. */
function template(file: string): HandlebarsTemplateDelegate {
  let t = compiled.get(file);
  if (t) return t;
  const source = templateSources().get(file);
  if (source === undefined) throw new Error(`no template templates/${file}`);
  t = hb.template(precompiledTemplate(file, source) ?? compileTemplate(file, source));
  compiled.set(file, t);
  return t;
}

function templateSources(): Map<string, string> {
  if (sources) return sources;
  const dir = packagePath("templates");
  sources = new Map(templateFiles(dir).map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));
  for (const file of sources.keys()) {
    // Each partial is compiled when first called, with the options of its own file.
    const name = file.replace(/\.hbs$/, "");
    hb.registerPartial(name, ((context: unknown, options?: Handlebars.RuntimeOptions) =>
      template(file)(context, options)) as Handlebars.Template);
  }
  registerHelpers(hb);
  return sources;
}

/** The helpers every template may use, on Handlebars instance `hb`. */
export function registerHelpers(hb: typeof Handlebars): void {
  // `{{jsonLiteral x}}`: a value as a JSON literal, for tables embedded in generated code.
  hb.registerHelper("jsonLiteral", (value: unknown) => new hb.SafeString(JSON.stringify(value)));
  hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  // `{{#ifFits}}one line{{else}}broken{{/ifFits}}`: the first form where each of its lines fits
  // prettier's 100 columns, else the second, as prettier chooses (for templates that write code in
  // prettier's style).
  hb.registerHelper("ifFits", function (this: unknown, options: Handlebars.HelperOptions) {
    const text = options.fn(this);
    return text.split("\n").every((line) => util.getStringWidth(line) <= 100)
      ? text
      : options.inverse(this);
  });
  // Handlebars' own `{{#each}}`, each item's text flattened (flattenText.ts). 20,000 synthetic
  // instructions took 660,000–680,000 page faults and 13.2–14.3 s of user time with it, against
  // 760,000–775,000 and 15.4–16.6 s without (3 alternating runs); the shipped specs' scavenges took
  // 266 ms against 315 ms.
  const each = hb.helpers.each as Handlebars.HelperDelegate;
  hb.registerHelper(
    "each",
    function (this: unknown, context: unknown, options: Handlebars.HelperOptions) {
      const fn = options.fn;
      const flat = (item: unknown, o?: Handlebars.RuntimeOptions) => flattenText(fn(item, o));
      return each.call(this, context, { ...options, fn: flat });
    },
  );
}

export function renderTemplate(name: string, context: object): string {
  templateSources();
  return template(name)(context);
}
