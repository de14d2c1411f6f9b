/**
 * Writing artifacts without ever leaving a half-written output directory: everything is written into
 * a sibling temporary directory first, then swapped in with two renames. A run interrupted between
 * those renames leaves the previous output under `<out>.isaforge-old`, which the next run restores.
 */
import {
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "fs";
import * as path from "path";
import type { OutputFile } from "./outputFile";

function siblings(outDir: string) {
  const abs = path.resolve(outDir);
  return { abs, staging: `${abs}.isaforge-tmp-${process.pid}`, old: `${abs}.isaforge-old` };
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Put back an output directory that an interrupted swap left aside. */
export function restoreInterruptedSwap(outDir: string): void {
  const { abs, old } = siblings(outDir);
  if (!existsSync(abs) && existsSync(old)) renameSync(old, abs);
  else if (existsSync(old)) rmSync(old, { recursive: true, force: true });
  const parent = path.dirname(abs);
  // No folder there (or a file): no staging of an earlier build either.
  if (!statSync(parent, { throwIfNoEntry: false })?.isDirectory()) return;
  const prefix = `${path.basename(abs)}.isaforge-tmp-`;
  for (const name of readdirSync(parent)) {
    // Staging left by a build that died; a live build's staging is its own business.
    if (name.startsWith(prefix) && !processAlive(Number(name.slice(prefix.length))))
      rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

/**
 * Test hook: `ISAFORGE_KILL_AT=<point>` makes the process kill itself with SIGKILL at that point of
 * the write, so a test can check what an interrupted build leaves behind.
 */
function faultPoint(point: string): void {
  if (process.env.ISAFORGE_KILL_AT === point) process.kill(process.pid, "SIGKILL");
}

/** A file to stage: its text, or that text as UTF-8 bytes. */
export interface StagedFile {
  path: string;
  content: string | Uint8Array;
}

/** Whether `file` exists with exactly `content` (its size is checked before it is read). */
function unchanged(file: string, content: string | Uint8Array): boolean {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat === undefined) return false;
  if (typeof content !== "string")
    return stat.size === content.byteLength && readFileSync(file).equals(content);
  return stat.size === Buffer.byteLength(content) && readFileSync(file, "utf8") === content;
}

/**
 * An unchanged file goes into the staging directory as a hard link to the previous output's: writing
 * it again, and then freeing the previous copy, took most of a rebuild's writing time (25 MB). Where
 * the file system has no hard links, it is written.
 */
function linkOrWrite(previous: string, target: string, content: string | Uint8Array): void {
  try {
    linkSync(previous, target);
  } catch {
    writeFileSync(target, content);
  }
}

/** A staging directory beside the output, being filled, and what it will replace. */
export interface Staging {
  /** The output directory, absolute. */
  abs: string;
  staging: string;
  old: string;
  /** Whether the previous output's unchanged files can be linked (with keepOthers it was copied). */
  linkPrevious: boolean;
  /** Folders made so far: each is made once (a recursive mkdirSync costs far more than the write
   * even when the folder exists; 20,000 diagrams in one folder took seconds). */
  made: Set<string>;
}

/**
 * Start replacing `outDir`: an empty staging directory beside it, or with `keepOthers` (a partial
 * `--only` build) a copy of the previous output, whose files not regenerated are kept.
 */
export function startStaging(outDir: string, keepOthers: boolean): Staging {
  restoreInterruptedSwap(outDir);
  const { abs, staging, old } = siblings(outDir);
  if (keepOthers && existsSync(abs)) cpSync(abs, staging, { recursive: true });
  else mkdirSync(staging, { recursive: true });
  return { abs, staging, old, linkPrevious: !keepOthers && existsSync(abs), made: new Set() };
}

/** Write `files` into the staging directory. */
export function stageFiles(s: Staging, files: StagedFile[]): void {
  files.forEach((f, i) => {
    const target = path.join(s.staging, f.path);
    const folder = path.dirname(target);
    if (!s.made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      s.made.add(folder);
    }
    if (s.linkPrevious && unchanged(path.join(s.abs, f.path), f.content))
      linkOrWrite(path.join(s.abs, f.path), target, f.content);
    else writeFileSync(target, f.content);
    if (i === Math.floor(files.length / 2)) faultPoint("staging-half-written");
  });
}

/** Swap the filled staging directory in for the output, with two renames. */
export function swapInStaging(s: Staging): void {
  faultPoint("staging-written");
  if (existsSync(s.abs)) renameSync(s.abs, s.old);
  faultPoint("between-renames");
  renameSync(s.staging, s.abs);
  faultPoint("swapped");
  rmSync(s.old, { recursive: true, force: true });
}

/** Remove a staging directory that will not be swapped in (the build failed). */
export function discardStaging(outDir: string): void {
  const { staging } = siblings(outDir);
  // Where the output's folder is a file, there was never a staging directory to remove.
  if (statSync(path.dirname(staging), { throwIfNoEntry: false })?.isDirectory())
    rmSync(staging, { recursive: true, force: true });
}

/**
 * Replace `outDir` with `files`. With `keepOthers`, files of the previous output that are not
 * regenerated are kept (a partial `--only` build); otherwise the output is exactly `files`.
 */
export function writeOutputAtomically(
  outDir: string,
  files: OutputFile[],
  keepOthers: boolean,
): void {
  const staging = startStaging(outDir, keepOthers);
  stageFiles(staging, files);
  swapInStaging(staging);
}

/** Files under `dir`, relative, with `/` separators, sorted. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(dir, r)).isDirectory()) walk(r);
      else out.push(r);
    }
  };
  walk("");
  return out;
}

/** Paths whose content on disk differs from `files` (changed, missing, or not generated any more). */
export function diffOutput(outDir: string, files: OutputFile[], onlyThese: boolean): string[] {
  const wanted = new Map(files.map((f) => [f.path, f.content]));
  const differ: string[] = [];
  for (const [p, content] of wanted) {
    const target = path.join(outDir, p);
    if (!existsSync(target) || readFileSync(target, "utf8") !== content) differ.push(p);
  }
  if (!onlyThese) for (const p of listFiles(outDir)) if (!wanted.has(p)) differ.push(p);
  return differ.sort();
}
