/**
 * The helpers every template may use (generator/emit/renderTemplate.ts `registerHelpers`):
 * `{{#each}}` renders exactly as Handlebars' own (it only flattens each item's text), and
 * `jsonLiteral`, `eq` and `ifFits` do what the templates rely on.
 */
import Handlebars from "handlebars";
import { compileOptions } from "../../generator/emit/precompiledTemplates";
import { registerHelpers } from "../../generator/emit/renderTemplate";

const ours = Handlebars.create();
registerHelpers(ours);
const theirs = Handlebars.create();

/** `source` rendered with `context` by both instances, as templates/ compile (strict). */
function both(source: string, context: object, file = "t.md.hbs"): [string, string] {
  return [
    ours.compile(source, compileOptions(file))(context),
    theirs.compile(source, { ...compileOptions(file), knownHelpers: {}, knownHelpersOnly: false })(
      context,
    ),
  ];
}

test("{{#each}} renders as Handlebars' own: arrays, objects, iterables, data, block parameters, else", () => {
  const cases: [string, object][] = [
    [
      "{{#each xs}}[{{@index}}{{#if @first}}F{{/if}}{{#if @last}}L{{/if}}:{{this}}]{{/each}}",
      { xs: ["a", "b", "c"] },
    ],
    ["{{#each o}}{{@key}}={{this}};{{/each}}", { o: { one: 1, two: "2 → ×" } }],
    [
      "{{#each m}}{{this.[0]}}:{{this.[1]}},{{/each}}",
      {
        m: new Map([
          ["k", "v"],
          ["l", "w"],
        ]),
      },
    ],
    [
      "{{#each xs as |x i|}}{{i}}{{x.n}}{{#each x.ys}}<{{../n}}{{this}}>{{/each}}{{/each}}",
      {
        xs: [
          { n: "p", ys: [1, 2] },
          { n: "q", ys: [] },
        ],
      },
    ],
    ["{{#each xs}}{{this}}{{else}}none{{/each}}", { xs: [] }],
    ["{{#each xs}}{{#each this}}{{this}}{{/each}}|{{/each}}", { xs: [["a", "b"], ["c"]] }],
  ];
  for (const [source, context] of cases) {
    const [a, b] = both(source, context);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThan(0);
  }
  expect(both("{{#each xs}}{{@index}}{{/each}}", { xs: ["a", "b", "c"] })[0]).toBe("012");
  // Strict, as before: a value an item lacks is an error naming it.
  expect(() => both("{{#each xs}}{{name}}{{/each}}", { xs: [{}] })).toThrow(/"name" not defined/);
});

test("jsonLiteral, eq and ifFits", () => {
  const render = (source: string, context: object) =>
    ours.compile(source, compileOptions("t.ts.hbs"))(context);
  expect(render("{{jsonLiteral v}}", { v: { a: [1, "x<y"] } })).toBe('{"a":[1,"x<y"]}');
  expect(render("{{#if (eq a b)}}same{{else}}other{{/if}}", { a: 1, b: 1 })).toBe("same");
  expect(render("{{#if (eq a b)}}same{{else}}other{{/if}}", { a: 1, b: "1" })).toBe("other");
  const fits = "{{#ifFits}}{{line}}{{else}}broken{{/ifFits}}";
  expect(render(fits, { line: "x".repeat(100) })).toBe("x".repeat(100));
  expect(render(fits, { line: "x".repeat(101) })).toBe("broken");
});
