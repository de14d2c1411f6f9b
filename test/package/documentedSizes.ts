/**
 * docs/package-sizes.md, which `npm run sizes` writes at release: a packed size there that is far
 * from the tarball's means the page is stale (run `npm run sizes`).
 */
import { readFileSync } from "fs";
import * as path from "path";

const PAGE = path.join(__dirname, "..", "..", "docs", "package-sizes.md");

/** The packed size the page gives `name`, in MB. */
export function documentedPackedMB(name: string): number | undefined {
  const row = readFileSync(PAGE, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`| \`${name}\` |`));
  const packed = row?.split("|")[2].trim();
  return packed === undefined ? undefined : Number(/^([\d.]+) MB$/.exec(packed)?.[1]);
}

/** Whether `documented` MB still describes a tarball of `bytes`: within 10%, or 0.1 MB. */
export function stillTrue(documented: number | undefined, bytes: number): boolean {
  const actual = bytes / 1e6;
  return documented !== undefined && Math.abs(documented - actual) <= Math.max(0.1, actual * 0.1);
}
