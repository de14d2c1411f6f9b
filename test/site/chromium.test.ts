/**
 * Which Chromium the browser tests drive: a system one where present, else the npm-shipped one.
 * Fake executables on a temporary PATH stand in for system installs.
 */
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { chooseChromium, findSystemChromium } from "../helpers/browser";

function fakeChromiumDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "isaforge-chromium-"));
  const file = path.join(dir, name);
  writeFileSync(file, "#!/bin/sh\nexit 0\n");
  chmodSync(file, 0o755);
  return dir;
}

jest.setTimeout(60_000);

test("a chromium or chromium-browser on PATH is the system Chromium", () => {
  for (const name of ["chromium", "chromium-browser"]) {
    const dir = fakeChromiumDir(name);
    expect(
      findSystemChromium({
        PATH: `/nonexistent${path.delimiter}${dir}`,
        ISAFORGE_CHROMIUM_PATHS: "",
      }),
    ).toBe(path.join(dir, name));
  }
});

test("ISAFORGE_CHROMIUM_PATHS lists the default paths, checked before PATH", () => {
  const listed = fakeChromiumDir("chromium");
  const onPath = fakeChromiumDir("chromium");
  const env = { PATH: onPath, ISAFORGE_CHROMIUM_PATHS: `/nonexistent/chromium:${listed}/chromium` };
  expect(findSystemChromium(env)).toBe(path.join(listed, "chromium"));
});

test("with every system Chromium hidden, the npm-shipped Chromium is chosen and unpacked", async () => {
  const env = { PATH: "/nonexistent", ISAFORGE_CHROMIUM_PATHS: "" };
  expect(findSystemChromium(env)).toBeUndefined();
  const choice = await chooseChromium(env);
  expect(choice.kind).toBe("bundled");
  expect(existsSync(choice.executablePath)).toBe(true);
});
