/**
 * isaforge's headergen and lookup on 40 random databases in the envytools dialect, against what
 * envytools' headergen and rnndec made of them (test/fixtures/rules-ng/fuzz): every header's body,
 * and the stdout of every lookup, byte for byte.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { gunzipSync } from "zlib";
import { Diagnostics } from "../../generator/diagnostics";
import { registerHeaders } from "../../generator/emit/emitRegisterHeaders";
import { readDatabaseFile } from "../../generator/headergen";
import { lookupIn, parseLookupArgs } from "../../generator/lookup";

const FIXTURE = path.join(__dirname, "..", "fixtures", "rules-ng", "fuzz");

interface FuzzCase {
  files: Record<string, string>;
  headers: Record<string, string>;
  lookups: { args: string[]; stdout: string; status: number }[];
}

const cases = readdirSync(FIXTURE)
  .filter((f) => f.endsWith(".json.gz"))
  .sort()
  .map(
    (f) =>
      [
        f,
        JSON.parse(gunzipSync(readFileSync(path.join(FIXTURE, f))).toString("utf8")) as FuzzCase,
      ] as const,
  );

// Forty databases read twice each: sized for a machine several times slower than a quiet one.
jest.setTimeout(60_000);

const body = (text: string) => text.slice(text.indexOf("\n*/\n"));

test("40 databases, with their headers and 50 lookups each", () => {
  expect(cases).toHaveLength(40);
  expect(cases.every(([, c]) => Object.keys(c.headers).length > 0 && c.lookups.length === 50)).toBe(
    true,
  );
});

describe.each(cases)("%s", (_, c) => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "isaforge-fuzz-"));
    for (const [name, text] of Object.entries(c.files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("headergen writes headergen's headers", () => {
    const diags = new Diagnostics();
    const db = readDatabaseFile(path.join(dir, "root.xml"), diags, [dir]);
    expect(diags.items.filter((d) => d.severity === "error")).toEqual([]);
    const ours = Object.fromEntries(registerHeaders(db!).map((h) => [h.path, body(h.content)]));
    expect(ours).toEqual(
      Object.fromEntries(Object.entries(c.headers).map(([p, t]) => [p, body(t)])),
    );
  });

  test("lookup prints lookup's lines", () => {
    const db = readDatabaseFile(path.join(dir, "root.xml"), new Diagnostics(), [dir], false)!;
    for (const l of c.lookups) {
      const args = parseLookupArgs(l.args);
      if (typeof args === "string") throw new Error(args);
      const line = lookupIn(db, args);
      const ok = typeof line === "string";
      expect({ args: l.args, stdout: ok ? `${line}\n` : "", ok }).toEqual({
        args: l.args,
        stdout: l.stdout,
        ok: l.status === 0,
      });
    }
  });
});
