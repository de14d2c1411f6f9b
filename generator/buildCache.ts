/**
 * The build cache: a rebuild whose inputs did not change reuses the previous result instead of
 * reading, analyzing and rendering everything again.
 *
 * The key hashes everything that can change the output: every file under the specs directory (path
 * and bytes, and the directory's name, which diagnostics and models print), the upstream documents the
 * manifests name (the folder of each, under the root the build reads), the generator's own code
 * and templates as installed, the package version and the installed versions of its dependencies
 * (prettier formats the output), the Node version, and the build options. An entry holds what the
 * build printed, its exit status, and every generated file with its SHA-256.
 *
 * Entries live outside the output directory (`node_modules/.cache/isaforge/` of the nearest
 * directory with a `node_modules`, or `$ISAFORGE_CACHE_DIR`), so the output is byte-identical with or
 * without the cache. Anything unreadable, truncated or corrupt is a miss, never an error; a cache that
 * cannot be written is no cache.
 */
import { createHash, type Hash } from "crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "fs";
import * as path from "path";
import type { OutputFile } from "./emit/outputFile";
import { listFiles } from "./emit/writeOutput";
import { parseUpstreamRef, upstreamRoots, type UpstreamRoots } from "./load/upstreamRoots";
import { packagePath } from "./paths";

/** Bumped whenever the entry layout or the meaning of the key changes. */
const FORMAT = "isaforge-build-cache 2";
/** Entries kept; the least recently used beyond this are removed. */
const MAX_ENTRIES = 6;
const ENTRY_NAME = /^[0-9a-f]{64}$/;
const STAGING_NAME = /^[0-9a-f]{64}\.tmp-(\d+)$/;

/** What a build computes from its inputs — everything except writing or comparing the output. */
export interface BuildResult {
  status: number;
  /** Lines printed on standard error (diagnostics, usage errors), in order, every warning listed. */
  messages: string[];
  /** The same without `--verbose`: warnings summarised by code (absent: as `messages`). */
  summary?: string[];
  /** The generated files; absent when the build stopped with an error. */
  files?: OutputFile[];
  /** ISAs whose artifacts were generated, for the summary line. */
  ids?: string[];
  /** Only some ISAs were generated (`--only`): other files of the output are kept. */
  partial?: boolean;
}

interface FileMeta {
  path: string;
  size: number;
  sha256: string;
}

/** A result read back from the cache: file hashes at once, contents only when needed. */
export interface CachedResult extends Omit<BuildResult, "files"> {
  files?: FileMeta[];
  /** The files' contents, checked against their hashes; undefined if the entry is damaged. */
  readFiles(): OutputFile[] | undefined;
}

export interface CacheOptions {
  specs: string;
  out: string;
  only?: string[];
  /** `--upstream NAME=DIR` pairs. */
  upstream?: string[];
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** The cache directory to use, or undefined when there is none. */
export function cacheRoot(): string | undefined {
  if (process.env.ISAFORGE_CACHE_DIR) return path.resolve(process.env.ISAFORGE_CACHE_DIR);
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules")))
      return path.join(dir, "node_modules", ".cache", "isaforge");
    if (path.dirname(dir) === dir) return undefined;
  }
}

const inside = (dir: string, parent: string) => {
  const rel = path.relative(parent, dir);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
};

/** Feed every file under `dir` (sorted relative path, size, bytes) whose name passes `keep`. */
function hashTree(hash: Hash, label: string, dir: string, keep: (name: string) => boolean): void {
  hash.update(`tree ${label}\0`);
  if (!existsSync(dir)) {
    hash.update("missing\0");
    return;
  }
  for (const rel of listFiles(dir)) {
    if (!keep(rel)) continue;
    const bytes = readFileSync(path.join(dir, rel));
    hash.update(`${rel}\0${bytes.length}\0`).update(bytes);
  }
}

/** Installed version of each runtime dependency, found the way the generator's imports find it. */
function dependencyVersions(dependencies: Record<string, string>): string {
  return Object.keys(dependencies)
    .sort()
    .map((dep) => {
      for (const dir of require.resolve.paths(dep) ?? []) {
        const manifest = path.join(dir, dep, "package.json");
        if (existsSync(manifest))
          return `${dep}@${(JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version}`;
      }
      return `${dep}@missing`;
    })
    .join(",");
}

/** Where the installation's own inputs are: its code, templates and package.json. */
export interface InstallationFiles {
  /** Directories of generator code; their .ts, .js and .json files count. */
  code: string[];
  templates: string;
  packageJson: string;
}

/**
 * The running code (generator/ from source, dist/generator/ when compiled) and the package's
 * generator/ (its JSON schemas when running compiled), the templates, and package.json.
 */
export function installationFiles(): InstallationFiles {
  const running = path.resolve(__dirname);
  const pkgGenerator = path.resolve(packagePath("generator"));
  return {
    code: pkgGenerator === running ? [running] : [running, pkgGenerator],
    templates: packagePath("templates"),
    packageJson: packagePath("package.json"),
  };
}

/** The key of a build: a hash of everything its output depends on. */
export function buildKey(options: CacheOptions, installation = installationFiles()): string {
  const hash = createHash("sha256").update(`${FORMAT}\0node ${process.version}\0`);
  const pkg = JSON.parse(readFileSync(installation.packageJson, "utf8")) as {
    version: string;
    dependencies?: Record<string, string>;
  };
  hash.update(`isaforge ${pkg.version}\0${dependencyVersions(pkg.dependencies ?? {})}\0`);
  // .c, .h: the C runtime (runtime/c); .css: the site's stylesheet (runtime/site)
  const code = (name: string) => /\.(ts|js|json|c|h|css)$/.test(name);
  installation.code.forEach((dir, i) => hashTree(hash, `code ${i}`, dir, code));
  hashTree(hash, "templates", installation.templates, () => true);
  const specs = path.resolve(options.specs);
  hash.update(`specs ${path.basename(specs)}\0${options.specs}\0`);
  hashTree(hash, "specs", specs, () => true);
  hashUpstream(hash, specs, upstreamRoots(options.upstream));
  hash.update(`only ${JSON.stringify(options.only ?? null)}\0`);
  return hash.digest("hex");
}

/**
 * The upstream documents the manifests name, and what they may import: the whole folder of each
 * (an isaspec or rules-ng document imports its neighbours), under the root the build would use.
 */
function hashUpstream(hash: Hash, specs: string, roots: UpstreamRoots): void {
  const folders = new Set<string>();
  for (const id of existsSync(specs) ? readdirSync(specs).sort() : []) {
    const manifest = path.join(specs, id, "manifest.json");
    let documents: unknown;
    try {
      documents = (JSON.parse(readFileSync(manifest, "utf8")) as { documents?: unknown }).documents;
    } catch {
      continue; // no manifest, or one the build reports: its bytes are in the specs tree
    }
    for (const d of Array.isArray(documents) ? documents : []) {
      const ref =
        typeof d?.upstream === "string" && !("path" in d)
          ? parseUpstreamRef(d.upstream)
          : undefined;
      if (!ref) continue;
      const root = roots.get(ref.tree);
      folders.add(root ? path.join(root.dir, path.posix.dirname(ref.path)) : `absent ${ref.tree}`);
    }
  }
  for (const folder of [...folders].sort())
    hashTree(hash, `upstream ${folder}`, folder, () => true);
}

function isStringArray(x: unknown): x is string[] {
  return Array.isArray(x) && x.every((s) => typeof s === "string");
}

function isFileMeta(x: unknown): x is FileMeta {
  const f = x as FileMeta;
  return (
    typeof f === "object" &&
    f !== null &&
    typeof f.path === "string" &&
    Number.isInteger(f.size) &&
    f.size >= 0 &&
    typeof f.sha256 === "string"
  );
}

interface Meta {
  format: string;
  key: string;
  status: number;
  messages: string[];
  summary?: string[];
  files?: FileMeta[];
  ids?: string[];
  partial?: boolean;
}

function parseMeta(text: string, key: string): Meta | undefined {
  // The first line is the SHA-256 of the rest: a damaged or truncated file is a miss.
  const nl = text.indexOf("\n");
  if (nl < 0 || sha256(text.slice(nl + 1)) !== text.slice(0, nl)) return undefined;
  const m = JSON.parse(text.slice(nl + 1)) as Meta;
  const ok =
    m.format === FORMAT &&
    m.key === key &&
    Number.isInteger(m.status) &&
    isStringArray(m.messages) &&
    (m.summary === undefined || isStringArray(m.summary)) &&
    (m.files === undefined || (Array.isArray(m.files) && m.files.every(isFileMeta))) &&
    (m.ids === undefined || isStringArray(m.ids)) &&
    (m.partial === undefined || typeof m.partial === "boolean");
  return ok ? m : undefined;
}

export class BuildCache {
  private constructor(
    private readonly root: string,
    readonly key: string,
  ) {}

  /** The cache for a build, or undefined when there is no usable cache directory. */
  static open(options: CacheOptions): BuildCache | undefined {
    const root = cacheRoot();
    if (!root) return undefined;
    const out = path.resolve(options.out);
    // Entries inside the output would end up in it; an output inside the cache could be pruned.
    if (inside(root, out) || inside(out, root)) return undefined;
    try {
      return new BuildCache(root, buildKey(options));
    } catch {
      return undefined;
    }
  }

  private get entry(): string {
    return path.join(this.root, this.key);
  }

  load(): CachedResult | undefined {
    const dir = this.entry;
    let meta: Meta | undefined;
    try {
      meta = parseMeta(readFileSync(path.join(dir, "meta.json"), "utf8"), this.key);
    } catch {
      meta = undefined;
    }
    if (!meta) return undefined;
    try {
      const now = new Date();
      utimesSync(dir, now, now); // recently used: pruned last
    } catch {
      // A read-only cache still serves hits.
    }
    const files = meta.files;
    return {
      status: meta.status,
      messages: meta.messages,
      summary: meta.summary,
      files,
      ids: meta.ids,
      partial: meta.partial,
      readFiles: () => {
        if (!files) return [];
        try {
          const body = readFileSync(path.join(dir, "content.bin"));
          const out: OutputFile[] = [];
          let at = 0;
          for (const f of files) {
            const bytes = body.subarray(at, at + f.size);
            at += f.size;
            if (bytes.length !== f.size || sha256(bytes) !== f.sha256) return undefined;
            out.push({ path: f.path, content: bytes.toString("utf8") });
          }
          return at === body.length ? out : undefined;
        } catch {
          return undefined;
        }
      },
    };
  }

  /** Record a result. Failing to write is not an error: the next build is simply a miss. */
  store(result: BuildResult): void {
    const staging = `${this.entry}.tmp-${process.pid}`;
    try {
      mkdirSync(staging, { recursive: true });
      const contents = (result.files ?? []).map((f) => Buffer.from(f.content, "utf8"));
      const meta: Meta = {
        format: FORMAT,
        key: this.key,
        status: result.status,
        messages: result.messages,
        ...(result.summary ? { summary: result.summary } : {}),
        ...(result.files
          ? {
              files: result.files.map((f, i) => ({
                path: f.path,
                size: contents[i].length,
                sha256: sha256(contents[i]),
              })),
            }
          : {}),
        ...(result.ids ? { ids: result.ids } : {}),
        ...(result.partial !== undefined ? { partial: result.partial } : {}),
      };
      writeFileSync(path.join(staging, "content.bin"), Buffer.concat(contents));
      const json = JSON.stringify(meta);
      writeFileSync(path.join(staging, "meta.json"), `${sha256(json)}\n${json}`);
      rmSync(this.entry, { recursive: true, force: true });
      renameSync(staging, this.entry);
      this.prune();
    } catch {
      try {
        rmSync(staging, { recursive: true, force: true });
      } catch {
        // Nothing was created.
      }
    }
  }

  /** Keep the most recently used entries; remove the rest and staging left by killed builds. */
  private prune(): void {
    const names = readdirSync(this.root);
    for (const n of names) {
      const staging = STAGING_NAME.exec(n);
      if (staging && !processAlive(Number(staging[1])))
        rmSync(path.join(this.root, n), { recursive: true, force: true });
    }
    const entries = names
      .filter((n) => ENTRY_NAME.test(n))
      .map((n) => ({ n, t: statSync(path.join(this.root, n)).mtimeMs }))
      .sort((a, b) => b.t - a.t || (a.n < b.n ? -1 : 1));
    for (const e of entries.slice(MAX_ENTRIES))
      rmSync(path.join(this.root, e.n), { recursive: true, force: true });
  }
}

/**
 * Paths of `outDir` that differ from the cached files (changed, missing, or — unless `onlyThese` —
 * not generated), compared by hash; the same answer `diffOutput` gives for the files themselves.
 */
export function diffOutputHashes(outDir: string, files: FileMeta[], onlyThese: boolean): string[] {
  const wanted = new Map(files.map((f) => [f.path, f]));
  const differ: string[] = [];
  for (const f of files) {
    const target = path.join(outDir, f.path);
    let same = false;
    try {
      const bytes = readFileSync(target);
      same = bytes.length === f.size && sha256(bytes) === f.sha256;
    } catch {
      same = false;
    }
    if (!same) differ.push(f.path);
  }
  if (!onlyThese) for (const p of listFiles(outDir)) if (!wanted.has(p)) differ.push(p);
  return differ.sort();
}
