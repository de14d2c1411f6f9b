/**
 * OutputWriter: files handed over in batches become the output, swapped in whole when the build
 * finishes; a build that fails (abandon) or a write that fails leaves the previous output as it
 * was and no staging directory behind; with keepOthers the files not regenerated stay; a file
 * whose bytes did not change is the previous output's, hard-linked.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { OutputWriter } from "../../generator/emit/outputWriter";
import { fileTree as tree } from "../helpers/cliFromSource";

jest.setTimeout(60_000);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "isaforge-writer-"));
  mkdirSync(path.join(dir, "out", "old"), { recursive: true });
  writeFileSync(path.join(dir, "out", "old", "kept.txt"), "previous\n");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const out = () => path.join(dir, "out");
const leftovers = () => readdirSync(dir).filter((n) => n !== "out");

test("batches become the output, swapped in at finish", async () => {
  const writer = OutputWriter.start(out(), false);
  writer.add([{ path: "a/one.txt", content: "1\n" }]);
  writer.add([]);
  writer.add([
    { path: "a/two.txt", content: "2\n" },
    { path: "b/three.txt", content: "3 → ×\n" },
  ]);
  // Nothing replaces the output before finish.
  expect(tree(out())).toEqual({ "old/kept.txt": "previous\n" });
  await writer.finish();
  expect(tree(out())).toEqual({ "a/one.txt": "1\n", "a/two.txt": "2\n", "b/three.txt": "3 → ×\n" });
  expect(leftovers()).toEqual([]);
});

test("with keepOthers, files not regenerated stay", async () => {
  const writer = OutputWriter.start(out(), true);
  writer.add([{ path: "new.txt", content: "new\n" }]);
  await writer.finish();
  expect(tree(out())).toEqual({ "new.txt": "new\n", "old/kept.txt": "previous\n" });
});

test("abandoned (the build failed): the previous output as it was, no staging left", async () => {
  const writer = OutputWriter.start(out(), false);
  writer.add([{ path: "a/one.txt", content: "1\n" }]);
  await writer.abandon();
  expect(tree(out())).toEqual({ "old/kept.txt": "previous\n" });
  expect(leftovers()).toEqual([]);
});

test("a write that fails fails finish with the file system's error; the output stays as it was", async () => {
  const writer = OutputWriter.start(out(), false);
  // `a` is a file, so `a/b.txt` cannot be written.
  writer.add([{ path: "a", content: "a file\n" }]);
  writer.add([{ path: "a/b.txt", content: "under a file\n" }]);
  writer.add([{ path: "c.txt", content: "after the error\n" }]);
  await expect(writer.finish()).rejects.toThrow(
    /^EEXIST: file already exists, mkdir '.*\.isaforge-tmp-[0-9]+\/a'$/,
  );
  expect(tree(out())).toEqual({ "old/kept.txt": "previous\n" });
  expect(leftovers()).toEqual([]);
});

test("a file as it was is the previous output's, linked; changed and new files are written", async () => {
  const inode = (p: string) => statSync(path.join(out(), p)).ino;
  const first = OutputWriter.start(out(), false);
  first.add([
    { path: "same.txt", content: "same → ×\n" },
    { path: "changed.txt", content: "before\n" },
  ]);
  await first.finish();
  const before = { same: inode("same.txt"), changed: inode("changed.txt") };
  const second = OutputWriter.start(out(), false);
  second.add([
    { path: "same.txt", content: "same → ×\n" },
    // Same size in bytes, other bytes: compared byte for byte, not by size.
    { path: "changed.txt", content: "after!\n" },
    { path: "new.txt", content: "new\n" },
  ]);
  await second.finish();
  expect(tree(out())).toEqual({
    "changed.txt": "after!\n",
    "new.txt": "new\n",
    "same.txt": "same → ×\n",
  });
  expect(inode("same.txt")).toBe(before.same);
  expect(inode("changed.txt")).not.toBe(before.changed);
  expect(leftovers()).toEqual([]);
});
