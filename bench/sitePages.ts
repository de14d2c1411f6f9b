/**
 * What the pages of out/site weigh and how soon Chromium shows them from `file://`: the site's
 * size and page count, then HTML bytes, the time to first contentful paint and to the load event,
 * the median of `--rounds` fresh tabs (default 3), of the pages named, or else of the front pages
 * and the largest page. Uses the Chromium the browser tests use (test/helpers/browser.ts).
 * `--json` prints one line, `SiteBench` (what `npm run bench` reports).
 *
 *   npx tsx bench/sitePages.ts [--json] [--rounds N] [--site DIR] [PAGE.html …]
 */
import { readdirSync, statSync, type Dirent } from "fs";
import * as path from "path";
import type { Browser } from "playwright-core";
import { chooseChromium, launchChromium } from "../test/helpers/browser";

export interface SiteBench {
  /** Every file of the site (pages, scripts, style sheet). */
  bytes: number;
  pages: number;
  /** The page with the most HTML, its bytes and its first contentful paint (median). */
  largest: string;
  largestBytes: number;
  largestFirstPaintMs: number;
}

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The site's pages with their bytes, and the bytes of all its files. */
function siteFiles(site: string): { pages: { page: string; bytes: number }[]; bytes: number } {
  const pages: { page: string; bytes: number }[] = [];
  let bytes = 0;
  const walk = (dir: string) =>
    readdirSync(dir, { withFileTypes: true }).forEach((f: Dirent) => {
      const file = path.join(dir, f.name);
      if (f.isDirectory()) return walk(file);
      const size = statSync(file).size;
      bytes += size;
      if (f.name.endsWith(".html")) pages.push({ page: path.relative(site, file), bytes: size });
    });
  walk(site);
  return { pages, bytes };
}

/** First contentful paint and load of `page`, the median of `rounds` fresh tabs, in ms. */
async function timePage(browser: Browser, site: string, page: string, rounds: number) {
  const paint: number[] = [];
  const load: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const tab = await browser.newPage();
    const t0 = Date.now();
    await tab.goto(`file://${path.join(site, page)}`, { waitUntil: "load", timeout: 300_000 });
    load.push(Date.now() - t0);
    paint.push(
      await tab.evaluate(
        () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
      ),
    );
    await tab.close();
  }
  return { paint: Math.round(median(paint)), load: median(load) };
}

async function main(): Promise<void> {
  const site = path.resolve(option("--site", path.join(__dirname, "..", "out", "site")));
  const rounds = Number(option("--rounds", "3"));
  const json = process.argv.includes("--json");
  const named = process.argv
    .slice(2)
    .filter((a, i, all) => a.endsWith(".html") && !["--site", "--rounds"].includes(all[i - 1]));
  const files = siteFiles(site);
  const largest = files.pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const browser = await launchChromium(await chooseChromium());
  try {
    if (json) {
      const { paint } = await timePage(browser, site, largest.page, rounds);
      const result: SiteBench = {
        bytes: files.bytes,
        pages: files.pages.length,
        largest: largest.page,
        largestBytes: largest.bytes,
        largestFirstPaintMs: paint,
      };
      console.log(JSON.stringify(result));
      return;
    }
    const n = (v: number) => v.toLocaleString("en-US");
    console.log(
      `site: ${n(files.bytes)} bytes, ${n(files.pages.length)} pages; largest page ${largest.page} (${n(largest.bytes)} bytes of HTML)\n`,
    );
    const fronts = files.pages.filter((p) => !p.page.includes(path.sep)).map((p) => p.page);
    const pages = named.length > 0 ? named : [...fronts.sort(), largest.page];
    console.log("| page | HTML bytes | first contentful paint (ms) | load (ms) |");
    console.log("| --- | ---: | ---: | ---: |");
    for (const page of pages) {
      const { paint, load } = await timePage(browser, site, page, rounds);
      console.log(
        `| \`${page}\` | ${n(statSync(path.join(site, page)).size)} | ${paint} | ${load} |`,
      );
    }
  } finally {
    await browser.close();
  }
}

if (require.main === module)
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
