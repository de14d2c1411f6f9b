/**
 * writeOutputAtomically: the output becomes exactly the files given; a file whose content did not
 * change is the previous output's file, hard-linked (same inode), not written again; a changed or
 * new file is written; a file no longer generated is gone; with `keepOthers` the others stay.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "fs";
import { tmpdir } from "os";
import * as path from "path";
import { listFiles, writeOutputAtomically } from "../../generator/emit/writeOutput";

let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), "isaforge-write-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const out = () => path.join(dir, "out");
const inode = (p: string) => statSync(path.join(out(), p)).ino;
const read = (p: string) => readFileSync(path.join(out(), p), "utf8");

test("unchanged files are linked, changed and new ones written, stale ones removed", () => {
  writeOutputAtomically(
    out(),
    [
      { path: "a/same.txt", content: "same\n" },
      { path: "a/changed.txt", content: "before\n" },
      { path: "b/resized.txt", content: "short\n" },
      { path: "gone.txt", content: "gone\n" },
    ],
    false,
  );
  const before = { same: inode("a/same.txt"), changed: inode("a/changed.txt") };
  writeOutputAtomically(
    out(),
    [
      { path: "a/same.txt", content: "same\n" },
      // Same size, other bytes: the content is compared, not only the size.
      { path: "a/changed.txt", content: "after!\n" },
      { path: "b/resized.txt", content: "a longer text\n" },
      { path: "new.txt", content: "new\n" },
    ],
    false,
  );
  expect(listFiles(out())).toEqual(["a/changed.txt", "a/same.txt", "b/resized.txt", "new.txt"]);
  expect(inode("a/same.txt")).toBe(before.same);
  expect(statSync(path.join(out(), "a/same.txt")).nlink).toBe(1); // the previous output is gone
  expect(inode("a/changed.txt")).not.toBe(before.changed);
  expect(read("a/changed.txt")).toBe("after!\n");
  expect(read("b/resized.txt")).toBe("a longer text\n");
  expect(read("new.txt")).toBe("new\n");
  expect(listFiles(dir)).toEqual(listFiles(out()).map((p) => `out/${p}`)); // no staging left
});

test("with keepOthers, files not regenerated stay and regenerated ones are replaced", () => {
  writeOutputAtomically(
    out(),
    [
      { path: "x.txt", content: "x\n" },
      { path: "y.txt", content: "y\n" },
    ],
    false,
  );
  writeOutputAtomically(out(), [{ path: "y.txt", content: "y2\n" }], true);
  expect(listFiles(out())).toEqual(["x.txt", "y.txt"]);
  expect([read("x.txt"), read("y.txt")]).toEqual(["x\n", "y2\n"]);
});
