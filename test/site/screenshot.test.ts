/**
 * The README's picture of the decoder panel (docs/images/decoder-panel.png) is made by
 * scripts/screenshot.ts: the script still makes it from the built site, a cropped PNG of the panel
 * under 150 kB, and the committed picture is such a PNG. Fonts differ between machines, so the
 * two are compared by kind and size, not byte for byte.
 */
import { mkdtempSync, readFileSync, rmSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { screenshotDecoderPanel } from "../../scripts/screenshot";
import { TEST_OUT } from "../helpers/testOutput";
import { needing } from "../helpers/builtSpecs";

const ROOT = path.join(__dirname, "..", "..");
const COMMITTED = path.join(ROOT, "docs", "images", "decoder-panel.png");
const MAX_BYTES = 150_000;

jest.setTimeout(120_000);

/** A PNG's width and height, from its IHDR chunk; throws on anything but a PNG. */
function pngSize(file: string): { width: number; height: number; bytes: number } {
  const data = readFileSync(file);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!data.subarray(0, 8).equals(signature) || data.toString("ascii", 12, 16) !== "IHDR")
    throw new Error(`${file} is not a PNG`);
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20), bytes: data.length };
}

needing({ trees: ["mesa"] }).test(
  "scripts/screenshot.ts makes a cropped PNG of the decoder panel under 150 kB; the committed one is such a PNG",
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "isaforge-screenshot-"));
    try {
      const png = path.join(dir, "decoder-panel.png");
      const bytes = await screenshotDecoderPanel(path.join(TEST_OUT, "site"), png);
      const made = pngSize(png);
      expect(made.bytes).toBe(bytes);
      // The panel's column, not the page: narrower than the 1180 px window, from its heading to the
      // legend under its bit boxes (a few hundred pixels), not the whole page.
      for (const image of [made, pngSize(COMMITTED)]) {
        expect(image.bytes).toBeLessThan(MAX_BYTES);
        expect(image.width).toBeGreaterThan(600);
        expect(image.width).toBeLessThan(1180);
        expect(image.height).toBeGreaterThan(400);
        expect(image.height).toBeLessThan(1000);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
