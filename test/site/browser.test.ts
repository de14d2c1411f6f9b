/**
 * The built site (out/site) in a real browser: Chromium (the system's, or the one @sparticuz/chromium
 * ships on the npm registry) driven by playwright-core, pages opened from file:// as a user would. Search for a Valhall instruction, follow the result, and see
 * the instruction's bit-layout table on screen. Chromium missing is a failure, never a skip: the
 * site's search exists only in the browser. Rebuild out/ first (npx tsx generator/cli.ts build).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from "fs";
import * as path from "path";
import { pathToFileURL } from "url";
import type { Browser, Page } from "playwright-core";
import { newGithubSlugger } from "../../generator/emit/site/githubSlugger";
import { chooseChromium, launchChromium, openRecordingErrors } from "../helpers/browser";
import { TEST_OUT } from "../helpers/testOutput";
import { builtSpecs } from "../helpers/builtSpecs";

const ROOT = path.join(__dirname, "..", "..");
const SITE = path.join(TEST_OUT, "site");
const SCREENSHOT = path.join(ROOT, "test-output", "site-search.png");
const VIEWPORT = { width: 1280, height: 900 };
/**
 * A Valhall instruction the search must find (the test checks the model has it). Its encoding is its
 * own, so its section draws the bit layout; instructions that share a format (FADD.f32, …) have
 * theirs drawn once in the manual's "Encoding formats" chapter.
 */
const INSTRUCTION = "BARRIER";

jest.setTimeout(120_000);

/**
 * The page's globals, typed with the little of the DOM these checks use: the tests compile without
 * the DOM library. Functions passed to `evaluate` are serialized and run in the page, so they
 * reach `document` as `(globalThis as unknown as InPage).document` and call no test helpers.
 */
interface PageElement {
  tagName: string;
  id: string;
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
}
interface InPage {
  document: {
    activeElement: PageElement | null;
    elementFromPoint(x: number, y: number): PageElement | null;
    querySelectorAll(selector: string): Iterable<PageElement>;
  };
}

const pageUrl = (file: string) => pathToFileURL(path.join(SITE, file)).href;

let browser: Browser | undefined;

beforeAll(async () => {
  if (!existsSync(path.join(SITE, "index.html")))
    throw new Error(
      `${SITE}/index.html is missing: build the site first (npx tsx generator/cli.ts build)`,
    );
  const choice = await chooseChromium();
  // CI runs this file once more with every system Chromium hidden and asks for the bundled one.
  const expected = process.env.ISAFORGE_EXPECT_BROWSER;
  if (expected && choice.kind !== expected)
    throw new Error(
      `expected the ${expected} Chromium, got the ${choice.kind} one at ${choice.executablePath}`,
    );
  browser = await launchChromium(choice);
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh page that records script errors, which every test expects to stay empty. */
async function openPage(file: string): Promise<{ page: Page; errors: string[] }> {
  if (!browser) throw new Error("the browser did not start (see the beforeAll failure)");
  return openRecordingErrors(browser, pageUrl(file), VIEWPORT);
}

test(`the Valhall model has ${INSTRUCTION}, the instruction this test searches for`, () => {
  const model = JSON.parse(readFileSync(path.join(TEST_OUT, "json", "valhall.json"), "utf8")) as {
    instructions: { name: string }[];
  };
  expect(model.instructions.map((i) => i.name)).toContain(INSTRUCTION);
});

test(`search from the index page for ${INSTRUCTION}, click the result, see its bit layout`, async () => {
  const { page, errors } = await openPage("index.html");
  await page.getByLabel("Search instructions").pressSequentially(INSTRUCTION);

  const results = page.locator("#site-search-results a");
  await results.first().waitFor({ state: "visible" });
  const shown = await results.evaluateAll((links) =>
    links.map((a) => ({
      name: a.querySelector(".site-search-name")?.textContent ?? "",
      href: a.getAttribute("href") ?? "",
    })),
  );
  // Exact name matches (in any case) rank first, one per ISA that has the instruction (etnaviv.xml
  // has a `barrier` too); each result links to the instruction's own page of its ISA.
  const exact = shown.filter((r) => r.name.toLowerCase() === INSTRUCTION.toLowerCase());
  expect(shown.slice(0, exact.length)).toEqual(exact);
  const valhall = exact.findIndex((r) => /^valhall\/[^/#]+\.html$/.test(r.href));
  expect(valhall).toBeGreaterThanOrEqual(0);
  const result = results.nth(valhall);
  expect(await result.textContent()).toContain("Valhall");

  await Promise.all([page.waitForURL(/\/valhall\/[^/#]+\.html$/), result.click()]);
  expect(await page.locator("#site-search-panel").isHidden()).toBe(true);

  // The page is named by the GitHub anchor of the instruction's heading (the slug of its text),
  // which is its title.
  const name = path.basename(new URL(page.url()).pathname, ".html");
  const heading = page.locator(`[id="${name}"]`);
  const tag = await heading.evaluate((el) => el.tagName);
  expect(tag).toBe("H1");
  const headingText = (await heading.textContent()) ?? "";
  expect(headingText).toContain(INSTRUCTION);
  expect(name).toBe(newGithubSlugger().slug(headingText));

  // Its bit-layout table: the first table after the heading, still within the instruction's section
  // (no heading of the same or a higher level in between), with bit numbers heading its columns.
  const table = heading.locator("xpath=following::table[1]");
  const sectionEnds = await heading.evaluate((h) => {
    const level = Number(h.tagName.slice(1));
    const inOrder = Array.from(
      (globalThis as unknown as InPage).document.querySelectorAll(
        "main h1, main h2, main h3, main h4, main h5, main h6, main table",
      ),
    );
    for (const el of inOrder.slice(inOrder.indexOf(h) + 1)) {
      if (el.tagName === "TABLE") return false;
      if (Number(el.tagName.slice(1)) <= level) return true;
    }
    return true;
  });
  expect(sectionEnds).toBe(false);
  // A bit layout: its columns are bits or bit ranges (`31:30`), MSB to LSB, covering whole 32-bit
  // words without gaps.
  const columns = (await table.locator("thead th").allTextContents()).map((t) => {
    const m = /^\s*(\d+)(?::(\d+))?\s*$/.exec(t);
    if (!m) throw new Error(`bit-layout column '${t}' is not a bit or bit range`);
    return { high: Number(m[1]), low: Number(m[2] ?? m[1]) };
  });
  expect(columns[0].high % 32).toBe(31);
  expect(columns[columns.length - 1].low % 32).toBe(0);
  columns.forEach((c, i) => {
    expect(c.high).toBeGreaterThanOrEqual(c.low);
    if (i > 0) expect(c.high).toBe(columns[i - 1].low - 1);
  });

  // Visible on screen: inside the viewport, below the sticky header, and not covered by anything.
  expect(await table.isVisible()).toBe(true);
  const box = await table.boundingBox();
  const header = await page.locator(".site-header").boundingBox();
  if (!box || !header) throw new Error("the table or the header has no layout box");
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y + Math.min(box.height, 40)).toBeLessThanOrEqual(VIEWPORT.height);
  const onTop = await page.evaluate(
    ([x, y]) =>
      (globalThis as unknown as InPage).document.elementFromPoint(x, y)?.closest("table") !== null,
    [box.x + 10, box.y + 10],
  );
  expect(onTop).toBe(true);

  mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
  await page.screenshot({ path: SCREENSHOT });
  expect(errors).toEqual([]);
  await page.close();
});

test("the search is keyboard-driven: / focuses it, arrows move through results, Enter opens one", async () => {
  const { page, errors } = await openPage("valhall.html");
  await page.keyboard.press("/");
  expect(
    await page.evaluate(() => (globalThis as unknown as InPage).document.activeElement?.id),
  ).toBe("site-search-input");
  await page.keyboard.type("fadd");
  const links = page.locator("#site-search-results a");
  await links.first().waitFor({ state: "visible" });
  expect(await links.count()).toBeGreaterThanOrEqual(2);

  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const second = await links.nth(1).getAttribute("href");
  expect(
    await page.evaluate(() =>
      (globalThis as unknown as InPage).document.activeElement?.getAttribute("href"),
    ),
  ).toBe(second);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  expect(
    await page.evaluate(() => (globalThis as unknown as InPage).document.activeElement?.id),
  ).toBe("site-search-input");

  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.href.endsWith(`/${second}`));
  expect(errors).toEqual([]);
  await page.close();
});

test("results rank name matches before summary-only matches, case-insensitively", async () => {
  const { page, errors } = await openPage("index.html");
  await page.getByLabel("Search instructions").fill("ADD");
  const links = page.locator("#site-search-results a");
  await links.first().waitFor({ state: "visible" });
  const results = await links.evaluateAll((as) =>
    as.map((a) => ({
      name: a.querySelector(".site-search-name")?.textContent ?? "",
      text: a.textContent ?? "",
    })),
  );
  const byName = results.map((r) => r.name.toLowerCase().includes("add"));
  expect(byName[0]).toBe(true);
  // Once a result matches only by its summary, no name match follows.
  const firstSummaryOnly = byName.indexOf(false);
  if (firstSummaryOnly >= 0) expect(byName.slice(firstSummaryOnly)).not.toContain(true);
  for (const r of results) expect(r.text.toLowerCase()).toContain("add");
  expect(errors).toEqual([]);
  await page.close();
});

test("every front page, and a section page, loads without script errors and draws its math as MathML", async () => {
  // The front pages of the ISAs this run's upstream trees build.
  const pages = [
    "index.html",
    ...builtSpecs(["bifrost", "etnaviv", "ir3", "r500", "valhall"]).map((id) => `${id}.html`),
  ];
  // Valhall's math is in its sections: the first of its pages that has a formula.
  const withMath = readdirSync(path.join(SITE, "valhall"))
    .sort()
    .find((f) => readFileSync(path.join(SITE, "valhall", f), "utf8").includes("<math"));
  expect(withMath).toBeDefined();
  for (const file of [...pages, `valhall/${withMath}`]) {
    const { page, errors } = await openPage(file);
    expect(await page.locator("main h1").count()).toBe(1);
    expect(errors).toEqual([]);
    if (file.startsWith("valhall/")) {
      const math = page.locator("main math").first();
      const box = await math.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(0);
      expect(box?.height ?? 0).toBeGreaterThan(0);
    }
    await page.close();
  }
});
