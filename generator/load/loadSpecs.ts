/**
 * Finds the ISAs in a specs directory, checks their manifests, and recovers every document and
 * companion they name. Nothing here knows a document format beyond "XML or not".
 */
import { createHash } from "crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "fs";
import * as path from "path";
import type { Diagnostics } from "../diagnostics";
import type { AcceptedWarning } from "../analyze/acceptedWarnings";
import type { DocumentFormat, DocumentInfo, IsaInfo } from "../model/types";
import { wordCountOf } from "../model/bits";
import { packagePath } from "../paths";
import type { LoadedCompanion, LoadedDocument } from "../readers/readerTypes";
import { recoverDocument } from "../recover/recoverDocument";
import { checkAgainstSchema, parseJsonWithPositions } from "./loadJson";

/** Formats whose documents are XML (recovery re-escapes them). */
const XML_FORMATS = new Set<DocumentFormat>([
  "rules-ng",
  "rules-ng-database",
  "isaspec",
  "valhall-xml",
]);

/** Documents above this size are refused before reading: no ISA description is this large. */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

interface ManifestDocument {
  path: string;
  format: DocumentFormat;
  upstream?: string;
  scrapedFrom?: string;
  mtime?: string;
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

/** Load one ISA folder. Returns undefined when its manifest is unusable (errors reported). */
export function loadSpec(specsDir: string, id: string, diags: Diagnostics): LoadedSpec | undefined {
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
  // gen_header's outputs name documents of the spec (the build dumps each from its database).
  const documentPaths = new Set(manifest.documents.map((d) => d.path));
  manifest.registerHeaders?.outputs?.forEach((o, i) => {
    if (!documentPaths.has(o.document))
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
    source: json.locate([]),
  };

  const documents: LoadedDocument[] = [];
  const companions: LoadedCompanion[] = [];
  const failedCompanions: string[] = [];
  const documentInfo: DocumentInfo[] = [];
  const readInput = (rel: string, where: (string | number)[]): Buffer | undefined => {
    const abs = path.join(specsDir, id, rel);
    if (!existsSync(abs) || !statSync(abs).isFile()) {
      diags.error(
        "missing-file",
        `manifest names '${rel}', which does not exist`,
        json.locate(where),
      );
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

  manifest.documents.forEach((d, i) => {
    const bytes = readInput(d.path, ["documents", i, "path"]);
    if (!bytes) return;
    const recovered = recoverDocument(
      display(d.path),
      bytes,
      { xml: XML_FORMATS.has(d.format) },
      diags,
    );
    if (!recovered) return;
    documents.push({
      path: display(d.path),
      absolutePath: path.resolve(specsDir, id, d.path),
      format: d.format,
      role: "seed",
      upstream: d.upstream,
      ...(d.mtime !== undefined ? { mtime: d.mtime } : {}),
      recovered,
    });
    documentInfo.push({
      ...info(
        display(d.path),
        d.format,
        "seed",
        sha256(bytes),
        recovered.actions,
        recovered.lineCount,
      ),
      ...(d.upstream ? { upstream: d.upstream } : {}),
    });
  });
  const acceptedWarnings = (manifest.acceptedWarnings ?? []).map((a, i): AcceptedWarning => ({
    ...a,
    file: display(a.where.replace(/:\d+$/, "")),
    line: /:(\d+)$/.test(a.where) ? Number(/:(\d+)$/.exec(a.where)![1]) : undefined,
    at: json.locate(["acceptedWarnings", i]),
  }));
  return { isa, documents, companions, failedCompanions, documentInfo, acceptedWarnings };
}

function info(
  p: string,
  format: DocumentFormat,
  role: "seed" | "companion",
  sha256: string,
  recovery: string[],
  recoveredLines: number,
): DocumentInfo {
  return { path: p, format, role, sha256, recovery, recoveredLines };
}
