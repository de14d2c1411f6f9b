/**
 * Every artifact is text rendered from a Handlebars template in `templates/`; emitters only prepare
 * the data. Templates are compiled once, in strict mode so a missing value is an error, not "".
 * Every template file is also a partial, named by its path without `.hbs`
 * (`{{> ts/codec/runtime.ts}}`), so templates compose without code.
 */
import { readdirSync, readFileSync, statSync } from "fs";
import * as path from "path";
import Handlebars from "handlebars";
import { util } from "prettier";
import { packagePath } from "../paths";

const hb = Handlebars.create();
const cache = new Map<string, HandlebarsTemplateDelegate>();
let partialsRegistered = false;

function templateFiles(dir: string, rel = ""): string[] {
  return readdirSync(path.join(dir, rel)).flatMap((name) => {
    const r = rel ? `${rel}/${name}` : name;
    return statSync(path.join(dir, r)).isDirectory() ? templateFiles(dir, r) : r.endsWith(".hbs") ? [r] : [];
  });
}

function registerPartials(): void {
  if (partialsRegistered) return;
  const dir = packagePath("templates");
  for (const rel of templateFiles(dir)) hb.registerPartial(rel.replace(/\.hbs$/, ""), readFileSync(path.join(dir, rel), "utf8"));
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
  partialsRegistered = true;
}

export function renderTemplate(name: string, context: object): string {
  registerPartials();
  let template = cache.get(name);
  if (!template) {
    const source = readFileSync(packagePath("templates", name), "utf8");
    // Only HTML and SVG need escaping; code and Markdown templates emit values as they are.
    const markup = name.endsWith(".html.hbs") || name.endsWith(".svg.hbs");
    template = hb.compile(source, { strict: true, noEscape: !markup });
    cache.set(name, template);
  }
  return template(context);
}
