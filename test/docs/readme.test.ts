/**
 * The README stays what a newcomer reads in one sitting (under 200 lines, the quick start's two
 * commands), its links and image resolve, and every example of "Try it" prints what the README
 * shows (run from the sources on the test build; an example whose ISA's tree is absent is skipped
 * by name).
 */
import { existsSync, readdirSync, readFileSync } from "fs";
import * as path from "path";
import { upstreamRoots } from "../../generator/load/upstreamRoots";
import { needing } from "../helpers/builtSpecs";
import { runCliFromSource } from "../helpers/cliFromSource";

const ROOT = path.join(__dirname, "..", "..");
const README = readFileSync(path.join(ROOT, "README.md"), "utf8");

/** The fenced block of `lang` under heading `heading`. */
function block(heading: string, lang: string): string[] {
  const section = README.slice(README.indexOf(`\n## ${heading}\n`));
  const start = section.indexOf("```" + lang + "\n");
  const body = section.slice(start + lang.length + 4);
  return body.slice(0, body.indexOf("```")).trimEnd().split("\n");
}

test("the README is under 200 lines", () => {
  expect(README.split("\n").length).toBeLessThan(200);
});

test("the quick start is two commands: install and regenerate, then npm test", () => {
  expect(block("Quick start", "sh").map((l) => l.replace(/\s+#.*$/, ""))).toEqual([
    "npm ci && npm run generate",
    "npm test",
  ]);
});

test("every relative link and image of the README and docs/ resolves", () => {
  const docs = readdirSync(path.join(ROOT, "docs")).filter((f) => f.endsWith(".md"));
  const broken: string[] = [];
  for (const file of ["README.md", ...docs.map((f) => `docs/${f}`)]) {
    const text = readFileSync(path.join(ROOT, file), "utf8").replace(/```[\s\S]*?```/g, "");
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target) || target.startsWith("#")) continue;
      const file_ = target.split("#")[0];
      if (!existsSync(path.join(ROOT, path.dirname(file), file_)))
        broken.push(`${file}: ${target}`);
    }
  }
  expect(broken).toEqual([]);
});

/** "Try it": each `$ command` with the lines it prints. */
const examples: { command: string; output: string[] }[] = [];
for (const line of block("Try it", "console"))
  if (line.startsWith("$ ")) examples.push({ command: line.slice(2), output: [] });
  else examples[examples.length - 1].output.push(line);

test("Try it has examples of disasm, asm and lookup, with their output", () => {
  const run = examples.filter((e) => e.output.length > 0).map((e) => e.command.split(" ")[0]);
  expect(run.length).toBeGreaterThanOrEqual(5);
});

const MESA = upstreamRoots().get("mesa")?.dir;

for (const { command, output } of examples.filter((e) => e.output.length > 0)) {
  // `echo "TEXT" | npx isaforge ARGS`, `printf 'TEXT' | npx isaforge ARGS`, or `npx isaforge ARGS`.
  const piped = /^(echo "([^"]*)"|printf '([^']*)') \| npx isaforge (.*)$/.exec(command);
  const alone = /^npx isaforge (.*)$/.exec(command);
  const input = piped
    ? piped[2] !== undefined
      ? `${piped[2]}\n`
      : piped[3].replace(/\\n/g, "\n")
    : "";
  const args = (piped ? piped[4] : alone![1]).split(" ");
  const isa = args[args.indexOf("--isa") + 1];
  const needs = args.includes("--isa") ? { specs: [isa] } : { trees: ["mesa"] };
  needing(needs).test(`$ ${command}`, () => {
    const argv = args.map((a) => a.replace(/^~\/src\/mesa/, MESA ?? "~/src/mesa"));
    const r = runCliFromSource(argv, {}, input);
    expect({ stdout: r.stdout, stderr: r.stderr, status: r.status }).toEqual({
      stdout: `${output.join("\n")}\n`,
      stderr: "",
      status: 0,
    });
  });
}
