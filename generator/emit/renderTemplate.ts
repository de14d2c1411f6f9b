/**
 * Every artifact is text rendered from a Handlebars template in `templates/`; emitters only prepare
 * the data. Templates are compiled once, in strict mode so a missing value is an error, not "".
 */
import { readFileSync } from "fs";
import Handlebars from "handlebars";
import { packagePath } from "../paths";

const cache = new Map<string, HandlebarsTemplateDelegate>();

export function renderTemplate(name: string, context: object): string {
  let template = cache.get(name);
  if (!template) {
    const source = readFileSync(packagePath("templates", name), "utf8");
    template = Handlebars.compile(source, { strict: true, noEscape: false });
    cache.set(name, template);
  }
  return template(context);
}
