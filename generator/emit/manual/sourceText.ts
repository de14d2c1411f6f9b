/** Where a piece of model text comes from: its flavour (how to render it) and its source position. */
import type { IsaModel, SourceRef } from "../../model/types";
import type { TextFlavor } from "./markdownText";

/** Valhall's ISA.xml writes Markdown-like text (code spans, math); every other format plain text. */
export function textFlavor(model: IsaModel, source: SourceRef): TextFlavor {
  const doc = model.documents.find((d) => d.path === source.file);
  return doc?.format === "valhall-xml" ? "markdown" : "plain";
}

/** `specs/…:line`, with the column where the line alone is ambiguous (one-line scraped seeds). */
export function sourceLocation(source: SourceRef): string {
  return source.column > 1
    ? `${source.file}:${source.line}:${source.column}`
    : `${source.file}:${source.line}`;
}
