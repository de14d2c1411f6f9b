/**
 * Reader for Mesa's Valhall ISA.xml (source-formats §B): the inline-immediate table, the enums, and
 * one instruction per `<ins>` (groups expanded). The XML says nothing about where most things sit
 * in the 64-bit word; that comes from the `valhall-layout` companion (specs/valhall/layout.json),
 * which this reader interprets rather than hard-coding.
 *
 * Enums keep their XML name as `name` (fields refer to them by it) and record valhall.py's
 * `safe_name` as `key`, the name modifiers use to find them (`FAU special page 0` →
 * `fau_special_page_0`).
 */
import type { EnumDef, Instruction, LookupTable } from "../model/types";
import type { ModelPart, ReaderContext } from "./readerTypes";
import { buildInstruction } from "./valhall/buildInstruction";
import { findLayout, type ValhallLayout } from "./valhall/layout";
import { readEnum, readLut } from "./valhall/readTables";
import { describe, Session } from "./valhall/session";
import { readTemplate } from "./valhall/templates";
import { FIXED_ATTRIBUTES } from "./valhall/vocabulary";
import { elements, parseXml } from "./xml";

export function readValhallXml(ctx: ReaderContext): ModelPart {
  const enums: EnumDef[] = [];
  const instructions: Instruction[] = [];
  const lookupTables: LookupTable[] = [];
  const layoutFile = findLayout(ctx, ctx.diags);
  if (!layoutFile) return {};
  const layout = layoutFile.data as ValhallLayout;
  const usedOverrides = new Set<number>();
  for (const doc of ctx.documents) {
    const root = parseXml(doc.recovered, ctx.diags);
    if (!root) continue;
    const s = new Session(
      doc.recovered,
      layout,
      layoutFile,
      ctx.isa.wordCount,
      ctx.diags,
      usedOverrides,
    );
    if (root.name !== "valhall") {
      s.error(
        "unknown-element",
        `the root element is <${root.name}>; a Valhall ISA.xml has <valhall>`,
        s.at(root),
      );
      continue;
    }
    s.checkAttributes(root, FIXED_ATTRIBUTES.valhall);
    // Tables first: instructions refer to enums by key wherever they are in the document.
    const owners = [];
    for (const el of elements(root)) {
      if (el.name === "lut") lookupTables.push(readLut(s, el));
      else if (el.name === "enum") enums.push(readEnum(s, el));
      else if (el.name === "ins" || el.name === "group") owners.push(el);
      else
        s.error("unknown-element", `unknown element <${el.name}> in ${describe(root)}`, s.at(el));
    }
    for (const owner of owners) {
      const t = readTemplate(s, owner);
      for (const member of t.members) {
        const ins = buildInstruction(s, t, member);
        if (ins) instructions.push(ins);
      }
    }
  }
  // An override for an instruction that has no such source is stale: the document changed under it.
  // (One for an instruction the documents lack is unused, like any layout entry they do not need.)
  const names = new Set(instructions.map((ins) => ins.name));
  (layout.sourceOverrides ?? []).forEach((o, i) => {
    if (names.has(o.instruction) && !usedOverrides.has(i))
      ctx.diags.error(
        "dangling-reference",
        `the layout overrides source ${o.source} of '${o.instruction}', which has no such source`,
        layoutFile.locate(["sourceOverrides", i]),
      );
  });
  return { enums, instructions, lookupTables };
}
