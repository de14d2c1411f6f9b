/**
 * JavaScript literals as prettier prints them (printWidth 100), so that a template can write data
 * in its final form and the build need not run prettier over megabytes of it. The judge test runs
 * prettier over the results.
 */
import { util } from "prettier";

const WIDTH = 100;

/**
 * A string literal: double quotes unless the text holds more double than single quotes (prettier's
 * preferred quote), JSON's escapes otherwise.
 */
export function stringLiteral(text: string): string {
  const json = JSON.stringify(text);
  const doubles = text.split('"').length - 1;
  const singles = text.split("'").length - 1;
  if (doubles <= singles) return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/**
 * A long text as string literals of at most `width` columns each (every literal as `stringLiteral`
 * writes it), for `[…].join("")`: generated files keep short lines however large their data.
 */
export function stringPieces(text: string, width: number): string[] {
  const pieces: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + width - 2);
    let literal = stringLiteral(text.slice(at, end));
    // Escapes make a literal longer than its text: give back what overflows, and never split a
    // surrogate pair.
    while (util.getStringWidth(literal) > width && end - at > 1) {
      end = Math.max(at + 1, end - Math.max(1, util.getStringWidth(literal) - width));
      if (end > at + 1 && /[\ud800-\udbff]/.test(text[end - 1])) end--;
      literal = stringLiteral(text.slice(at, end));
    }
    if (end < text.length && end > at + 1 && /[\ud800-\udbff]/.test(text[end - 1])) {
      end--;
      literal = stringLiteral(text.slice(at, end));
    }
    pieces.push(literal);
    at = end;
  }
  return pieces;
}

/**
 * The lines of `[…].join("")` over `text`'s pieces, as prettier prints that expression starting at
 * column `indent.length` (the first line is `[`, without the indent).
 */
export function joinedStringLines(text: string, indent: string): string {
  const inner = indent + "  ";
  const pieces = stringPieces(text, WIDTH - inner.length - 1);
  return `[\n${pieces.map((p) => `${inner}${p},`).join("\n")}\n${indent}].join("")`;
}

/** An ES5 IdentifierName (letters of any script), the keys prettier writes bare. */
const IDENTIFIER_NAME =
  /^[\p{Lu}\p{Ll}\p{Lt}\p{Lm}\p{Lo}\p{Nl}$_][\p{Lu}\p{Ll}\p{Lt}\p{Lm}\p{Lo}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$_\u200c\u200d]*$/u;

/**
 * A property key as prettier prints it (quoteProps "as-needed"): bare where it is an identifier,
 * quoted otherwise (numbers too: prettier never unquotes them in TypeScript).
 */
export function keyLiteral(key: string): string {
  return IDENTIFIER_NAME.test(key) ? key : stringLiteral(key);
}

/**
 * The lines of `head = [ … ];` for an array of flat objects with string values: each object on one
 * line where that fits, else one property a line (broken after the colon where even that is too
 * long); a single object that fits stays on the head's line.
 */
export function objectArrayLines(head: string, objects: Record<string, string>[]): string[] {
  const fits = (line: string) => util.getStringWidth(line) <= WIDTH;
  const props = (o: Record<string, string>) =>
    Object.entries(o).map(([k, v]) => `${keyLiteral(k)}: ${stringLiteral(v)}`);
  // A property too long for its line breaks after the colon.
  const propLines = (o: Record<string, string>) =>
    Object.entries(o).flatMap(([k, v]) => {
      const line = `    ${keyLiteral(k)}: ${stringLiteral(v)},`;
      return fits(line) ? [line] : [`    ${keyLiteral(k)}:`, `      ${stringLiteral(v)},`];
    });
  const inline = (o: Record<string, string>) =>
    Object.keys(o).length === 0 ? "{}" : `{ ${props(o).join(", ")} }`;
  if (objects.length === 0) return [`${head} = [];`];
  // An array of several objects that have more than one property always breaks (prettier's rule).
  const alwaysBreaks = objects.length > 1 && objects.every((o) => Object.keys(o).length > 1);
  if (!alwaysBreaks) {
    const line = `${head} = [${objects.map(inline).join(", ")}];`;
    if (fits(line)) return [line];
  }
  const lines = [`${head} = [`];
  for (const o of objects) {
    const line = `  ${inline(o)},`;
    if (fits(line)) lines.push(line);
    else lines.push("  {", ...propLines(o), "  },");
  }
  lines.push("];");
  return lines;
}

/**
 * A call statement at `indent` spaces as prettier prints one whose arguments are simple: on one
 * line where it fits, else one argument a line.
 */
export function callLines(indent: number, callee: string, args: string[], end = ";"): string[] {
  const pad = " ".repeat(indent);
  const one = `${pad}${callee}(${args.join(", ")})${end}`;
  if (util.getStringWidth(one) <= WIDTH) return [one];
  return [`${pad}${callee}(`, ...args.map((a) => `${pad}  ${a},`), `${pad})${end}`];
}
