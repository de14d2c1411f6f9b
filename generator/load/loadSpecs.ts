/**
 * Finds the ISAs in a specs directory, checks their manifests, and recovers every document and
 * companion they name. Nothing here knows a document format beyond "XML or not".
 */
import { createHash } from "crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "fs";
import * as path from "path";
import type { Diagnostics } from "../diagnostics";
import type { AcceptedWarning } from "../analyze/acceptedWarnings";
import type { DocumentFormat, DocumentInfo, IsaInfo, SourceRef } from "../model/types";
import { wordCountOf } from "../model/bits";
import { packagePath } from "../paths";
import type { LoadedCompanion, LoadedDocument } from "../readers/readerTypes";
import { recoverDocument } from "../recover/recoverDocument";
import { checkAgainstSchema, parseJsonWithPositions } from "./loadJson";
import {
  describeRoot,
  howToSetRoot,
  isDirectory,
  parseUpstreamRef,
  upstreamRoots,
  type UpstreamRoots,
} from "./upstreamRoots";

/** Formats whose documents are XML (recovery re-escapes them). */
const XML_FORMATS = new Set<DocumentFormat>([
  "rules-ng",
  "rules-ng-database",
  "genxml-intel",
  "isaspec",
  "valhall-xml",
  "bifrost-xml",
  "genxml-panfrost",
]);

/** Documents above this size are refused before reading: no ISA description is this large. */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/** A document of the spec (`path`) or of an upstream tree (`upstream`, `TREE:PATH`). */
interface ManifestDocument {
  path?: string;
  format: DocumentFormat;
  upstream?: string;
  origin?: string;
  scrapedFrom?: string;
  mtime?: string;
  /** Built without when its tree is absent (see manifest.schema.json). */
  optional?: boolean;
}

interface ManifestCompanion {
  path: string;
  kind: string;
  describes: string;
}

export interface Manifest {
  id: string;
  title: string;
  vendor: string;
  instructionWidth: number;
  wordSize: number;
  byteOrder: "little" | "big";
  units?: { name: string; width: number }[];
  assemblySyntax?: IsaInfo["assemblySyntax"];
  registerHeaders?: IsaInfo["registerHeaders"];
  genxmlIntelHeaders?: IsaInfo["genxmlIntelHeaders"];
  acceptedWarnings?: { code: string; where: string; why: string }[];
  documents: ManifestDocument[];
  companions: ManifestCompanion[];
}

/** One ISA's inputs, loaded and recovered. */
export interface LoadedSpec {
  isa: IsaInfo;
  /** Documents and isaspec companions, in manifest order (companions first). */
  documents: LoadedDocument[];
  companions: LoadedCompanion[];
  /** Kinds of companions that failed to load (their errors are reported). */
  failedCompanions: string[];
  documentInfo: DocumentInfo[];
  /** The manifest's accepted warnings, `where` as diagnostics name files, each at its entry. */
  acceptedWarnings: AcceptedWarning[];
}

function loadSchema(name: string): object {
  return JSON.parse(readFileSync(packagePath("generator", "model", name), "utf8")) as object;
}

/** The ISA folders of a specs directory, sorted by name so that input order never matters. */
export function listSpecIds(specsDir: string, diags: Diagnostics): string[] {
  if (!existsSync(specsDir)) {
    diags.error("missing-specs", `specs directory '${specsDir}' does not exist`);
    return [];
  }
  if (!statSync(specsDir).isDirectory()) {
    diags.error("missing-specs", `specs directory '${specsDir}' is a file, not a directory`);
    return [];
  }
  return readdirSync(specsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort();
}

/**
 * Load one ISA folder. Returns undefined when its manifest is unusable (errors reported), or when
 * it names an upstream tree that is not on this machine (a `skipped-spec` note says which, and how
 * to set it).
 */
export function loadSpec(
  specsDir: string,
  id: string,
  diags: Diagnostics,
  roots: UpstreamRoots = upstreamRoots(),
): LoadedSpec | undefined {
  const display = (...parts: string[]) =>
    path.posix.join(path.basename(path.resolve(specsDir)), id, ...parts);
  const manifestPath = path.join(specsDir, id, "manifest.json");
  const manifestName = display("manifest.json");
  if (!existsSync(manifestPath)) {
    diags.error("missing-manifest", `ISA folder '${display()}' has no manifest.json`);
    return undefined;
  }
  const json = parseJsonWithPositions(manifestName, readFileSync(manifestPath, "utf8"), diags);
  if (!json || !checkAgainstSchema(json, loadSchema("manifest.schema.json"), "manifest", diags))
    return undefined;
  const manifest = json.data as Manifest;
  if (manifest.id !== id) {
    diags.error(
      "manifest-id",
      `manifest id '${manifest.id}' does not match its folder '${id}'`,
      json.locate(["id"]),
    );
    return undefined;
  }
  const located = locateDocuments(manifest, json.locate, specsDir, id, display, roots, diags);
  if (!located) return undefined;
  // gen_header's outputs name documents of the spec as the database does (relative to its
  // folder); the build dumps each from its database.
  const names = located.map((d) => d.name);
  manifest.registerHeaders?.outputs?.forEach((o, i) => {
    if (!names.some((n) => n === o.document || n.endsWith(`/${o.document}`)))
      diags.error(
        "unknown-document",
        `registerHeaders output '${o.path}' names '${o.document}', which is not a document of the manifest`,
        json.locate(["registerHeaders", "outputs", i, "document"]),
      );
  });
  const isa: IsaInfo = {
    id,
    title: manifest.title,
    vendor: manifest.vendor,
    instructionWidth: manifest.instructionWidth,
    wordSize: manifest.wordSize,
    byteOrder: manifest.byteOrder,
    wordCount: wordCountOf(manifest.instructionWidth),
    ...(manifest.units ? { units: manifest.units } : {}),
    ...(manifest.assemblySyntax ? { assemblySyntax: manifest.assemblySyntax } : {}),
    ...(manifest.registerHeaders ? { registerHeaders: manifest.registerHeaders } : {}),
    ...(manifest.genxmlIntelHeaders ? { genxmlIntelHeaders: manifest.genxmlIntelHeaders } : {}),
    source: json.locate([]),
  };

  const documents: LoadedDocument[] = [];
  const companions: LoadedCompanion[] = [];
  const failedCompanions: string[] = [];
  const documentInfo: DocumentInfo[] = [];
  const readInput = (
    rel: string,
    where: (string | number)[],
    abs = path.join(specsDir, id, rel),
    missing = `manifest names '${rel}', which does not exist`,
  ): Buffer | undefined => {
    if (!existsSync(abs) || !statSync(abs).isFile()) {
      diags.error("missing-file", missing, json.locate(where));
      return undefined;
    }
    const size = statSync(abs).size;
    if (size > MAX_DOCUMENT_BYTES) {
      diags.error(
        "document-too-large",
        `'${rel}' is ${size} bytes; documents over ${MAX_DOCUMENT_BYTES} bytes are refused`,
        json.locate(where),
      );
      return undefined;
    }
    return readFileSync(abs);
  };
  const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

  manifest.companions.forEach((c, i) => {
    const bytes = readInput(c.path, ["companions", i, "path"]);
    if (!bytes) return;
    if (c.kind === "isaspec") {
      const recovered = recoverDocument(display(c.path), bytes, { xml: true }, diags);
      if (!recovered) return;
      documents.push({
        path: display(c.path),
        absolutePath: path.resolve(specsDir, id, c.path),
        format: "isaspec",
        role: "companion",
        recovered,
      });
      documentInfo.push(
        info(
          display(c.path),
          "isaspec",
          "companion",
          sha256(bytes),
          recovered.actions,
          recovered.lineCount,
        ),
      );
      return;
    }
    const loaded = parseJsonWithPositions(display(c.path), bytes.toString("utf8"), diags);
    const schemaFile = packagePath("generator", "model", "companions", `${c.kind}.schema.json`);
    const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as object;
    if (!loaded || !checkAgainstSchema(loaded, schema, c.kind, diags)) {
      failedCompanions.push(c.kind);
      return;
    }
    companions.push({
      path: display(c.path),
      kind: c.kind,
      data: loaded.data,
      locate: loaded.locate,
    });
    documentInfo.push(
      info(
        display(c.path),
        "companion-json",
        "companion",
        sha256(bytes),
        [],
        bytes.toString("utf8").split("\n").length,
      ),
    );
  });

  located.forEach((d, i) => {
    const bytes = readInput(
      d.name,
      ["documents", i, d.entry.path ? "path" : "upstream"],
      d.file,
      d.missing,
    );
    if (!bytes) return;
    const recovered = recoverDocument(
      d.display,
      bytes,
      { xml: XML_FORMATS.has(d.entry.format) },
      diags,
    );
    if (!recovered) return;
    // An upstream document's path says where it is from; a seed's origin says where it was found.
    const provenance = d.entry.origin;
    const role = d.entry.upstream ? "upstream" : "seed";
    documents.push({
      path: d.display,
      absolutePath: path.resolve(d.file),
      format: d.entry.format,
      role,
      upstream: provenance,
      ...(d.entry.mtime !== undefined ? { mtime: d.entry.mtime } : {}),
      recovered,
    });
    documentInfo.push({
      ...info(
        d.display,
        d.entry.format,
        role,
        sha256(bytes),
        recovered.actions,
        recovered.lineCount,
      ),
      ...(provenance ? { upstream: provenance } : {}),
    });
  });
  // `where` names a document as the manifest does: its `path`, or its `upstream` TREE:PATH.
  const displayOf = new Map(located.map((d) => [d.name, d.display]));
  const acceptedWarnings = (manifest.acceptedWarnings ?? []).map((a, i): AcceptedWarning => ({
    ...a,
    file: displayOf.get(a.where.replace(/:\d+$/, "")) ?? display(a.where.replace(/:\d+$/, "")),
    line: /:(\d+)$/.test(a.where) ? Number(/:(\d+)$/.exec(a.where)![1]) : undefined,
    at: json.locate(["acceptedWarnings", i]),
  }));
  return { isa, documents, companions, failedCompanions, documentInfo, acceptedWarnings };
}

/** A manifest document and where it is: in the spec's folder or under its upstream tree. */
interface LocatedDocument {
  entry: ManifestDocument;
  /** How the manifest names it (`path`, or `upstream`). */
  name: string;
  /** How diagnostics and the model name it: `specs/<id>/<path>`, or `TREE:PATH`. */
  display: string;
  file: string;
  /** What to say when the file is not there. */
  missing: string;
}

/**
 * Where each document of the manifest is. Undefined when a document names no file (an error), or
 * when an upstream tree it needs is not on this machine (a note: the spec is skipped).
 */
function locateDocuments(
  manifest: Manifest,
  locate: (where: (string | number)[]) => SourceRef,
  specsDir: string,
  id: string,
  display: (...parts: string[]) => string,
  roots: UpstreamRoots,
  diags: Diagnostics,
): LocatedDocument[] | undefined {
  const located: LocatedDocument[] = [];
  const absentTrees = new Map<string, (string | number)[]>();
  let ok = true;
  manifest.documents.forEach((entry, i) => {
    if ((entry.path === undefined) === (entry.upstream === undefined)) {
      diags.error(
        "manifest-document",
        "a document has either 'path' (a file of the spec) or 'upstream' (TREE:PATH of a document in an upstream tree), not both or neither",
        locate(["documents", i]),
      );
      ok = false;
      return;
    }
    if (entry.path !== undefined) {
      located.push({
        entry,
        name: entry.path,
        display: display(entry.path),
        file: path.join(specsDir, id, entry.path),
        missing: `manifest names '${entry.path}', which does not exist`,
      });
      return;
    }
    const ref = parseUpstreamRef(entry.upstream!);
    if (!ref) {
      diags.error(
        "manifest-document",
        `'${entry.upstream}' is not TREE:PATH with PATH relative to the tree (e.g. mesa:src/freedreno/isa/ir3.xml)`,
        locate(["documents", i, "upstream"]),
      );
      ok = false;
      return;
    }
    const root = roots.get(ref.tree);
    if (!root && entry.optional) {
      diags.note(
        "partial-spec",
        `${id} is built without ${entry.upstream}: the upstream tree '${ref.tree}' is not on this machine; to build it whole, give ${howToSetRoot(ref.tree)}`,
        locate(["documents", i, "upstream"]),
      );
      return;
    }
    if (!root) {
      if (!absentTrees.has(ref.tree)) absentTrees.set(ref.tree, ["documents", i, "upstream"]);
      return;
    }
    if (!isDirectory(root.dir)) {
      diags.error(
        "upstream-root",
        `upstream tree ${describeRoot(root)} is not a directory; set it with ${howToSetRoot(ref.tree)}`,
        locate(["documents", i, "upstream"]),
      );
      ok = false;
      return;
    }
    located.push({
      entry,
      name: entry.upstream!,
      display: entry.upstream!,
      file: path.join(root.dir, ...ref.path.split("/")),
      missing: `'${ref.path}' is not in upstream tree ${describeRoot(root)}; point ${howToSetRoot(ref.tree)} at a checkout that has it`,
    });
  });
  for (const [tree, where] of absentTrees)
    diags.note(
      "skipped-spec",
      `${id} is not built: its documents are in the upstream tree '${tree}', which is not on this machine; to build it, give ${howToSetRoot(tree)}`,
      locate(where),
    );
  return ok && absentTrees.size === 0 ? located : undefined;
}

function info(
  p: string,
  format: DocumentFormat,
  role: DocumentInfo["role"],
  sha256: string,
  recovery: string[],
  recoveredLines: number,
): DocumentInfo {
  return { path: p, format, role, sha256, recovery, recoveredLines };
}
