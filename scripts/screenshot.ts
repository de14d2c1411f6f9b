/**
 * The README's picture of the decoder panel, docs/images/decoder-panel.png: ir3's front page of a
 * built site as it opens (its manual's example decoded), cropped from the panel's heading to the
 * legend under the bit boxes, in the Chromium the browser tests drive (test/helpers/browser.ts).
 *
 *   npx tsx generator/cli.ts build          # writes out/, the site in out/site
 *   npx tsx scripts/screenshot.ts [SITE] [PNG]
 *
 * SITE defaults to out/site, PNG to docs/images/decoder-panel.png. The same site and Chromium give
 * the same image; another machine's fonts may move a pixel, so the image is not compared byte for
 * byte, only remade.
 */
import { existsSync, mkdirSync, statSync } from "fs";
import * as path from "path";
import { pathToFileURL } from "url";
import { chooseChromium, launchChromium } from "../test/helpers/browser";

const ROOT = path.join(__dirname, "..");
/** Wide enough for the panel's 32 bit columns with their names, narrow enough to stay small. */
const VIEWPORT = { width: 1180, height: 1400 };
const PAGE = "ir3.html";

export async function screenshotDecoderPanel(site: string, png: string): Promise<number> {
  if (!existsSync(path.join(site, PAGE)))
    throw new Error(
      `${site}/${PAGE} is missing: build the site first (npx tsx generator/cli.ts build)`,
    );
  const browser = await launchChromium(await chooseChromium());
  try {
    const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    await page.goto(pathToFileURL(path.join(site, PAGE)).href);
    // The panel draws its example's boxes once its scripts have run.
    await page.locator("#decode-layout .decoder-box").first().waitFor();
    const top = await page.locator("#decoder-panel").boundingBox();
    const bottom = await page.locator("#decoder-panel .decoder-legend").boundingBox();
    if (!top || !bottom) throw new Error("the decoder panel has no layout box");
    mkdirSync(path.dirname(png), { recursive: true });
    await page.screenshot({
      path: png,
      fullPage: true,
      clip: {
        x: Math.floor(top.x),
        y: Math.floor(top.y),
        width: Math.ceil(top.width),
        height: Math.ceil(bottom.y + bottom.height - top.y + 12),
      },
    });
  } finally {
    await browser.close();
  }
  return statSync(png).size;
}

if (require.main === module) {
  const [
    site = path.join(ROOT, "out", "site"),
    png = path.join(ROOT, "docs", "images", "decoder-panel.png"),
  ] = process.argv.slice(2);
  screenshotDecoderPanel(path.resolve(site), path.resolve(png)).then(
    (bytes) => console.log(`${path.relative(process.cwd(), png)}: ${bytes} bytes`),
    (e: Error) => {
      console.error(e.message);
      process.exit(1);
    },
  );
}
