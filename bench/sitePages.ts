/**
 * What the pages of out/site weigh and how soon Chromium shows them from `file://`: the site's
 * size and page count, then HTML bytes, the time to first contentful paint and to the load event,
 * the median of `--rounds` fresh tabs (default 3), of the pages named, or else of the front pages
 * and the largest page. Uses the Chromium the browser tests use (test/helpers/browser.ts).
 *
 *   npx tsx bench/sitePages.ts [--rounds N] [--site DIR] [PAGE.html …]
 */
import { readdirSync, statSync, type Dirent } from "fs";
import * as path from "path";
import { chooseChromium, launchChromium } from "../test/helpers/browser";

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const site = path.resolve(option("--site", path.join(__dirname, "..", "out", "site")));
  const rounds = Number(option("--rounds", "3"));
  const named = process.argv
    .slice(2)
    .filter((a, i, all) => a.endsWith(".html") && !["--site", "--rounds"].includes(all[i - 1]));
  const all: { page: string; bytes: number }[] = [];
  let siteBytes = 0;
  const walk = (dir: string) =>
    readdirSync(dir, { withFileTypes: true }).forEach((f: Dirent) => {
      const file = path.join(dir, f.name);
      if (f.isDirectory()) return walk(file);
      const bytes = statSync(file).size;
      siteBytes += bytes;
      if (f.name.endsWith(".html")) all.push({ page: path.relative(site, file), bytes });
    });
  walk(site);
  const largest = all.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  console.log(
    `site: ${siteBytes.toLocaleString("en-US")} bytes, ${all.length.toLocaleString("en-US")} pages; largest page ${largest.page} (${largest.bytes.toLocaleString("en-US")} bytes of HTML)\n`,
  );
  const fronts = all.filter((p) => !p.page.includes(path.sep)).map((p) => p.page);
  const pages = named.length > 0 ? named : [...fronts.sort(), largest.page];
  const browser = await launchChromium(await chooseChromium());
  try {
    console.log("| page | HTML bytes | first contentful paint (ms) | load (ms) |");
    console.log("| --- | ---: | ---: | ---: |");
    for (const page of pages) {
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
      const bytes = statSync(path.join(site, page)).size.toLocaleString("en-US");
      console.log(`| \`${page}\` | ${bytes} | ${Math.round(median(paint))} | ${median(load)} |`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
