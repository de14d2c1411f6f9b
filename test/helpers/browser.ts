/**
 * The Chromium the browser tests drive through playwright-core. A system Chromium is used where the
 * machine has one; otherwise the Chromium that the npm registry ships in @sparticuz/chromium (a
 * devDependency, unpacked to the temp dir on first use), so `npm test` needs no system package.
 */
import { existsSync } from "fs";
import * as path from "path";
import { chromium, type Browser, type Page } from "playwright-core";

/** Where a system Chromium is looked for before PATH (Debian's package installs the first). */
const DEFAULT_SYSTEM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
const PATH_NAMES = ["chromium", "chromium-browser"];

export interface BrowserChoice {
  kind: "system" | "bundled";
  executablePath: string;
}

/**
 * The system Chromium, if any: `ISAFORGE_CHROMIUM_PATHS` (colon-separated; empty hides the default
 * paths) or the default paths, then each directory of PATH.
 */
export function findSystemChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const listed = env.ISAFORGE_CHROMIUM_PATHS;
  const defaults = listed === undefined ? DEFAULT_SYSTEM_PATHS : listed.split(":").filter(Boolean);
  const onPath = (env.PATH ?? "")
    .split(path.delimiter)
    .filter(Boolean)
    .flatMap((dir) => PATH_NAMES.map((name) => path.join(dir, name)));
  return [...defaults, ...onPath].find((p) => existsSync(p));
}

export async function chooseChromium(env: NodeJS.ProcessEnv = process.env): Promise<BrowserChoice> {
  const system = findSystemChromium(env);
  if (system) return { kind: "system", executablePath: system };
  // The package is an ES module with a CommonJS build; its default export is the class.
  const bundled = (await import("@sparticuz/chromium")).default;
  return { kind: "bundled", executablePath: await bundled.executablePath() };
}

/** Headless Chromium for tests: no sandbox (CI runs as root), no background network traffic. */
export async function launchChromium(choice: BrowserChoice): Promise<Browser> {
  return chromium.launch({
    executablePath: choice.executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A fresh page at `url` that records script errors and console errors/warnings (tests expect none). */
export async function openRecordingErrors(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning")
      errors.push(`console ${m.type()}: ${m.text()}`);
  });
  await page.goto(url);
  return { page, errors };
}
