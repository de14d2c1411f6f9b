/**
 * The Chromium the browser tests drive through playwright-core. A system Chromium is used where the
 * machine has one; otherwise the Chromium that the npm registry ships in @sparticuz/chromium (a
 * devDependency, unpacked to the temp dir on first use), so `npm test` needs no system package.
 */
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { pathToFileURL } from "url";
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process with this id is running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Run `work` holding a lock file: jest runs test files in parallel, and two processes unpacking
 * the bundled Chromium into the same temp directory at once would each see a half-written binary.
 * A lock left by a process that died is taken over.
 */
async function withLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      let holder: number;
      try {
        holder = Number(readFileSync(file, "utf8"));
      } catch {
        continue; // released between our attempt and the read
      }
      if (Number.isInteger(holder) && holder > 0 && !alive(holder)) rmSync(file, { force: true });
      else if (Date.now() > deadline) throw new Error(`${file} is still held by process ${holder}`);
      else await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(file, { force: true });
  }
}

export async function chooseChromium(env: NodeJS.ProcessEnv = process.env): Promise<BrowserChoice> {
  const system = findSystemChromium(env);
  if (system) return { kind: "system", executablePath: system };
  // The package is an ES module with a CommonJS build; its default export is the class.
  const bundled = (await import("@sparticuz/chromium")).default;
  const executablePath = await withLock(path.join(tmpdir(), "isaforge-chromium.lock"), () =>
    bundled.executablePath(),
  );
  return { kind: "bundled", executablePath };
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

/**
 * One Chromium over a built site for a test file, launched before its tests and closed after:
 * `open("ir3.html#decode=…", viewport)` opens a page of it from file:// (see openRecordingErrors).
 * A site not built is a failure that says how to build it.
 */
export function siteBrowser(site: string): {
  open(
    file: string,
    viewport?: { width: number; height: number },
  ): ReturnType<typeof openRecordingErrors>;
} {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!existsSync(path.join(site, "index.html")))
      throw new Error(
        `${site}/index.html is missing: build the site first (npx tsx generator/cli.ts build)`,
      );
    browser = await launchChromium(await chooseChromium());
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    open(file, viewport) {
      if (!browser) throw new Error("the browser did not start (see the beforeAll failure)");
      const [name, hash] = file.split("#");
      const url =
        pathToFileURL(path.join(site, name)).href + (hash === undefined ? "" : `#${hash}`);
      return openRecordingErrors(browser, url, viewport);
    },
  };
}
