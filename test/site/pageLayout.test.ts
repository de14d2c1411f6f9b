/**
 * The built site's pages (out/site) as a reader sees them in Chromium from file://: at 1280 px
 * nothing in the main column scrolls sideways, at 390 px (a phone) the title is on the first
 * screen, an anchor of the pages from before the manuals had a page per section still arrives at
 * its section, and the register manual introduces registers. Every kind of page is checked on a
 * sample (each ISA's front page, every chapter page, the first and last section page of each
 * chapter, the heaviest page): all 6,000 would take minutes. Rebuild out/ first.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "fs";
import * as path from "path";
import * as vm from "vm";
import type { Page } from "playwright-core";
import { siteBrowser } from "../helpers/browser";
import { TEST_OUT } from "../helpers/testOutput";
import { needing } from "../helpers/builtSpecs";

const SITE = path.join(TEST_OUT, "site");
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

// The first 1280 px check loads the whole sample for all three (37 s on a quiet machine, 82 s for
// the file in CI beside two busy loops): ten minutes allows for a slower machine.
jest.setTimeout(600_000);

/** The page's globals these checks use (the tests compile without the DOM library). */
interface InPage {
  document: {
    querySelector(s: string): {
      scrollWidth: number;
      clientWidth: number;
      getBoundingClientRect(): { top: number };
    } | null;
    documentElement: { scrollWidth: number; clientWidth: number };
  };
  innerHeight: number;
}

const fronts = () =>
  readdirSync(SITE)
    .filter((f) => f.endsWith(".html") && f !== "index.html")
    .map((f) => f.slice(0, -".html".length));

/** Links of a page's list of subsection pages, or of its chapter navigation. */
function hrefs(html: string, start: string): string[] {
  const from = html.indexOf(start);
  if (from < 0) return [];
  const block = html.slice(from, html.indexOf("</ul>", from));
  return [...block.matchAll(/href="([^"#]+)"/g)].map((m) => m[1]);
}

/** Each kind of page: front pages, chapters, their first and last sections, and the heaviest. */
function samplePages(): string[] {
  const pages = new Set<string>(["index.html"]);
  let heaviest = ["", 0] as [string, number];
  for (const isa of fronts()) {
    pages.add(`${isa}.html`);
    const dir = path.join(SITE, isa);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) {
      const size = statSync(path.join(dir, f)).size;
      if (size > heaviest[1]) heaviest = [`${isa}/${f}`, size];
    }
    const front = readFileSync(path.join(SITE, `${isa}.html`), "utf8");
    for (const chapter of hrefs(front, 'aria-labelledby="site-nav-chapters"')) {
      if (!chapter.startsWith(`${isa}/`)) continue;
      pages.add(chapter);
      const html = readFileSync(path.join(SITE, chapter), "utf8");
      const sections = [...html.matchAll(/<a href="([^"#/]+\.html)"/g)]
        .map((m) => `${isa}/${m[1]}`)
        .filter((p) => p !== chapter && existsSync(path.join(SITE, p)));
      if (sections.length > 0) {
        pages.add(sections[0]);
        pages.add(sections[sections.length - 1]);
      }
    }
  }
  pages.add(heaviest[0]);
  return [...pages];
}

const site = siteBrowser(SITE);
const open = (file: string, viewport = DESKTOP) => site.open(file, viewport);

needing({ trees: ["mesa", "etna_viv"] }).test(
  "the sample has every kind of page: front pages, chapters, instructions, registers, enums",
  () => {
    const sample = samplePages();
    for (const page of [
      "ir3.html",
      "ir3/instructions.html",
      "etnaviv-hw/register-domains.html",
      "adreno-hw.html",
    ])
      expect(sample).toContain(page);
    expect(sample.filter((p) => p.startsWith("adreno-hw/")).length).toBeGreaterThanOrEqual(6);
    expect(sample.length).toBeGreaterThan(40);
  },
);

needing({ trees: ["mesa", "etna_viv"] }).test(
  "every page of the site is under 500 kB of HTML",
  () => {
    const heavy: string[] = [];
    let pages = 0;
    const walk = (dir: string) => {
      for (const f of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, f.name);
        if (f.isDirectory()) walk(file);
        else if (f.name.endsWith(".html")) {
          pages++;
          if (statSync(file).size > 500_000)
            heavy.push(`${path.relative(SITE, file)}: ${statSync(file).size}`);
        }
      }
    };
    walk(SITE);
    expect(heavy).toEqual([]);
    expect(pages).toBeGreaterThan(5000);
  },
);

/** The main column's and the page's scroll and client widths, `file: …` where either scrolls. */
async function sidewaysOn(file: string, page: Page): Promise<string[]> {
  const widths = await page.evaluate(() => {
    const { document } = globalThis as unknown as InPage;
    const main = document.querySelector("main")!;
    const root = document.documentElement;
    return [main.scrollWidth, main.clientWidth, root.scrollWidth, root.clientWidth];
  });
  return widths[0] > widths[1] || widths[2] > widths[3] ? [`${file}: ${widths.join(" ")}`] : [];
}

/**
 * Tables on the page at 1280 px wider than the column holding them, or scrolling within themselves
 * (a bit layout's block): `file: table i of n, its width and scroll width, the column's width`.
 */
async function wideTablesOn(file: string, page: Page): Promise<string[]> {
  const wide = await page.evaluate(() => {
    interface Box {
      scrollWidth: number;
      clientWidth: number;
      parentElement: Box;
      getBoundingClientRect(): { width: number };
    }
    const { document, getComputedStyle } = globalThis as unknown as {
      document: { querySelectorAll(s: string): ArrayLike<Box> };
      getComputedStyle(e: Box): { paddingLeft: string; paddingRight: string };
    };
    const tables = Array.from(document.querySelectorAll("table"));
    return tables.flatMap((t, i) => {
      const holder = t.parentElement;
      const style = getComputedStyle(holder);
      const column =
        holder.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = t.getBoundingClientRect().width;
      return width > column + 0.5 || t.scrollWidth > t.clientWidth
        ? [`table ${i + 1} of ${tables.length}: ${width} (scroll ${t.scrollWidth}) in ${column}`]
        : [];
    });
  });
  return wide.map((w) => `${file}: ${w}`);
}

/** What `check` finds on `file`, opened alone at 1280 px (which must load without errors). */
async function onDesktop(file: string, check: (file: string, page: Page) => Promise<string[]>) {
  const { page, errors } = await open(file);
  const found = await check(file, page);
  expect({ file, errors }).toEqual({ file, errors: [] });
  await page.close();
  return found;
}

/**
 * The sample at 1280 px, each page loaded once for the three checks below: its load errors, and
 * what scrolls sideways, which tables are too wide and which words break.
 */
let desktopSample:
  | Promise<{ errors: unknown[]; sideways: string[]; wide: string[]; broken: string[] }[]>
  | undefined;
function measureDesktopSample() {
  desktopSample ??= (async () => {
    const measured = [];
    for (const file of samplePages()) {
      const { page, errors } = await open(file);
      const sideways = await sidewaysOn(file, page);
      const wide = await wideTablesOn(file, page);
      const broken = await brokenWordsOn(file, page);
      // The errors once the checks have run, as each check took them before.
      measured.push({
        errors: errors.length > 0 ? [{ file, errors }] : [],
        sideways,
        wide,
        broken,
      });
      await page.close();
    }
    return measured;
  })();
  return desktopSample;
}

test("at 1280 px nothing scrolls sideways: not the main column, not the page", async () => {
  const sample = await measureDesktopSample();
  expect(sample.flatMap((p) => p.errors)).toEqual([]);
  expect(sample.flatMap((p) => p.sideways)).toEqual([]);
});

test("at 1280 px no table is wider than its column: R500's US_FC_INST bit layout fits", async () => {
  // Twelve columns of names (IGNORE_UNCOVERED, B_POP_CNT, JUMP_FUNC …): 1,010 px of cells in a
  // 928 px column when it scrolled sideways.
  const file = "r500/us_fc_inst.html";
  expect(readFileSync(path.join(SITE, file), "utf8")).toContain(
    '<table class="md-table bit-layout">',
  );
  expect(await onDesktop(file, wideTablesOn)).toEqual([]);
});

test("at 1280 px no table of the sample pages is wider than its column", async () => {
  expect((await measureDesktopSample()).flatMap((p) => p.wide)).toEqual([]);
});

/**
 * Words of table cells broken across lines at 1280 px: `file: "text around the break"`. A line may
 * end after a space or a dash, or between two text nodes (a name's <wbr>), never between two
 * letters of a word ("Qualcom|m", "compa|nion"). Each character's box says which line it is on.
 */
async function brokenWordsOn(file: string, page: Page): Promise<string[]> {
  const broken = await page.evaluate(() => {
    interface Text {
      data: string;
      parentElement: { closest(s: string): unknown } | null;
    }
    interface Range {
      selectNodeContents(n: Text): void;
      setStart(n: Text, i: number): void;
      setEnd(n: Text, i: number): void;
      getClientRects(): ArrayLike<{ top: number; height: number }>;
    }
    const { document } = globalThis as unknown as {
      document: {
        querySelector(s: string): unknown;
        createRange(): Range;
        createTreeWalker(root: unknown, show: number): { nextNode(): Text | null };
      };
    };
    const SHOW_TEXT = 4;
    const out: string[] = [];
    const walker = document.createTreeWalker(document.querySelector("main"), SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest("td, th") || !/\S/.test(node.data)) continue;
      range.selectNodeContents(node);
      if (range.getClientRects().length <= 1) continue;
      let top: number | null = null;
      let before = " ";
      for (let i = 0; i < node.data.length; i++) {
        const c = node.data[i];
        if (/\s/.test(c)) {
          before = c;
          continue;
        }
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box) continue;
        if (top !== null && box.top > top + box.height / 2 && !/[\s\-\u2013\u2014]/.test(before))
          out.push(`${node.data.slice(Math.max(0, i - 12), i)}|${node.data.slice(i, i + 12)}`);
        top = box.top;
        before = c;
      }
    }
    return out;
  });
  return broken.map((b) => `${file}: "${b}"`);
}

needing({ trees: ["mesa"] }).test(
  "at 1280 px no word breaks inside a table cell: the index's vendors, ir3's sources and digests",
  async () => {
    // Where words broke before: "Qualcom|m" on the index, "compa|nion (writte|n for isaforg|e)" and
    // each SHA-256 over six lines in a manual's table of sources.
    expect(await onDesktop("index.html", brokenWordsOn)).toEqual([]);
    expect(await onDesktop("ir3.html", brokenWordsOn)).toEqual([]);
    const { page } = await open("ir3.html");
    const digests = await page.locator("main code.digest").evaluateAll((codes) =>
      codes.map((c) => {
        const box = c.getBoundingClientRect();
        return {
          text: c.textContent,
          title: c.getAttribute("title"),
          width: box.width,
          height: box.height,
        };
      }),
    );
    await page.close();
    // Each digest whole in the page (so copying takes it whole) and in its title, shown on one line
    // about 14 monospace digits wide (0.875 of 16 px, 0.6 em a digit), its first twelve and "…".
    expect(digests.length).toBeGreaterThan(5);
    for (const d of digests) {
      expect(d.text).toMatch(/^[0-9a-f]{64}$/);
      expect(d.title).toBe(d.text);
      expect(d.width).toBeGreaterThan(12 * 0.6 * 14);
      expect(d.width).toBeLessThan(20 * 0.6 * 14);
      expect(d.height).toBeLessThan(30);
    }
  },
);

test("at 1280 px no word breaks inside a table cell of the sample pages", async () => {
  expect((await measureDesktopSample()).flatMap((p) => p.broken)).toEqual([]);
});

test("at 1280 px the search box shows its whole placeholder", async () => {
  const { page } = await open("index.html");
  const [text, room] = await page.locator("#site-search-input").evaluate((input) => {
    interface Style {
      font: string;
      paddingLeft: string;
      paddingRight: string;
    }
    const { document, getComputedStyle } = globalThis as unknown as {
      getComputedStyle(e: unknown): Style;
      document: {
        createElement(t: "canvas"): {
          getContext(k: "2d"): { font: string; measureText(t: string): { width: number } };
        };
      };
    };
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d");
    context.font = style.font;
    const placeholder = input.getAttribute("placeholder") ?? "";
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    return [context.measureText(placeholder).width, input.clientWidth - padding];
  });
  expect(text).toBeGreaterThan(100);
  expect(text).toBeLessThanOrEqual(room);
  await page.close();
});

test("at 390 px the title comes first (the h1 is on the first screen) and the header fits", async () => {
  const low: string[] = [];
  for (const file of samplePages()) {
    const { page } = await open(file, PHONE);
    const [top, header, headerWidth] = await page.evaluate(() => {
      const g = globalThis as unknown as InPage;
      const header = g.document.querySelector("header")!;
      return [
        g.document.querySelector("main h1")!.getBoundingClientRect().top,
        header.scrollWidth,
        header.clientWidth,
      ];
    });
    if (!(top >= 0 && top < PHONE.height / 2)) low.push(`${file}: h1 at ${top}px`);
    if (header > headerWidth) low.push(`${file}: header ${header}px wide in ${headerWidth}px`);
    await page.close();
  }
  expect(low).toEqual([]);
});

needing({ trees: ["mesa"] }).test(
  "an anchor of a manual's old single page arrives at the page holding it",
  async () => {
    // A heading within a page (not a page's own): from the first manual that has one.
    const inner = fronts().flatMap((isa) => {
      const sandbox = { window: {} as { isaforgeAnchors?: string } };
      const file = path.join(SITE, `${isa}-anchors.js`);
      if (!existsSync(file)) return [];
      vm.runInNewContext(readFileSync(file, "utf8"), sandbox);
      const pages = JSON.parse(sandbox.window.isaforgeAnchors!) as Record<string, string[]>;
      return Object.entries(pages)
        .filter(([id, anchors]) => id !== "" && anchors.length > 0)
        .map(([id, anchors]) => [isa, id, anchors[0]]);
    })[0];
    expect(inner).toBeDefined();
    const cases = [
      ["ir3.html#movmsk", /\/ir3\/movmsk\.html$/],
      ["etnaviv-hw.html#register-bitsets", /\/etnaviv-hw\/register-bitsets\.html$/],
      [`${inner[0]}.html#${inner[2]}`, new RegExp(`/${inner[0]}/${inner[1]}\\.html#${inner[2]}$`)],
    ] as const;
    for (const [from, to] of cases) {
      const { page, errors } = await open(from);
      await page.waitForURL(to);
      expect(
        await page
          .locator(
            `[id="${decodeURIComponent(new URL(page.url()).hash.slice(1)) || path.basename(page.url(), ".html")}"]`,
          )
          .count(),
      ).toBe(1);
      expect(errors).toEqual([]);
      await page.close();
    }
    // An anchor the front page still holds, and the decoder's state, stay where they are.
    const { page } = await open("ir3.html#overview");
    expect(new URL(page.url()).pathname.endsWith("/ir3.html")).toBe(true);
    await page.close();
  },
);

needing({ trees: ["mesa"] }).test(
  "an instruction's page opens the decoder with its example words filled in",
  async () => {
    const { page, errors } = await open("ir3/movmsk.html");
    await Promise.all([
      page.waitForURL(/\/ir3\.html#decode=/),
      page.getByText("Open its example in the decoder").click(),
    ]);
    const words = await page.locator("#decode-words").inputValue();
    expect(words).toMatch(/^0x[0-9a-f]{8} 0x[0-9a-f]{8}$/);
    expect(await page.locator("#decode-text").textContent()).toContain("movmsk");
    expect(errors).toEqual([]);
    await page.close();
  },
);

needing({ trees: ["etna_viv"] }).test(
  "the register manual's introduction speaks of registers, not instructions",
  async () => {
    for (const file of ["etnaviv-hw.html", "adreno-hw.html"]) {
      const { page } = await open(file);
      const intro = (await page.locator("main h1 ~ p").first().textContent()) ?? "";
      expect(intro).toMatch(/register/);
      expect(intro).not.toMatch(/instruction/i);
      const overview = (await page.locator("#overview ~ table").first().textContent()) ?? "";
      expect(overview).toContain("Registers");
      expect(overview).not.toContain("Instruction width");
      await page.close();
    }
  },
);
