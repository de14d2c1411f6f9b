/**
 * Reader for Mesa's isaspec XML (ir3; source-formats.md §A). All documents of the ISA — the
 * project's companion first, then the seed, plus whatever they `<import>` — form one database in
 * which every definition is global. From it come the enums, one instruction per leaf bitset, and a
 * `BitsetDef` for each root used as a field type.
 *
 * Work is split by concern under `isaspec/`: collecting definitions (`collect`), the `extends`
 * hierarchy (`hierarchy`), fixed bits (`encoding`, `pattern`), name lookups and types (`lookup`),
 * `{NAME}` reference checks (`references`), expressions (`expr`) and flattening (`instructions`).
 */
import type { BitsetDef, EnumDef } from "../model/types";
import type { ModelPart, ReaderContext } from "./readerTypes";
import { locateElement } from "./xml";
import { collectDatabase } from "./isaspec/collect";
import { EncodingResolver } from "./isaspec/encoding";
import { Hierarchy } from "./isaspec/hierarchy";
import { applyAssemblerCompanion, assemblerText } from "./isaspec/assemblerCompanion";
import { InstructionBuilder } from "./isaspec/instructions";
import { Lookup } from "./isaspec/lookup";
import { checkReferences } from "./isaspec/references";

export function readIsaspec(ctx: ReaderContext): ModelPart {
  const db = collectDatabase(ctx.documents, ctx.diags);
  const hierarchy = new Hierarchy(db.bitsets, ctx.diags);
  const lookup = new Lookup(db, hierarchy, ctx.diags);
  const encodings = new EncodingResolver(hierarchy, ctx.isa.wordCount, ctx.diags);
  // Every bitset with a valid chain gets its encoding checked, not only those with leaves.
  for (const b of db.bitsets) if (hierarchy.chain(b)) encodings.of(b);
  const builder = new InstructionBuilder(ctx.isa, hierarchy, lookup, encodings, ctx.diags);
  const instructions = builder.build();
  checkReferences(hierarchy, lookup, ctx.diags);
  const assembler = ctx.companions.find((c) => c.kind === "isaspec-assembler");
  if (assembler) applyAssemblerCompanion(assembler, instructions, ctx.diags);
  const text = assembler ? assemblerText(assembler, ctx.diags) : undefined;

  // Types of fields no leaf inherits are resolved too, so that every unknown type is reported.
  for (const b of db.bitsets) {
    for (const f of [...b.fields, ...b.overrides.flatMap((o) => o.fields)]) lookup.type(f, b.name);
    for (const d of [...b.derived, ...b.overrides.flatMap((o) => o.derived)]) {
      lookup.type(d, b.name);
      if (d.expr) lookup.expr(d.expr);
    }
    for (const o of b.overrides) if (o.expr) lookup.expr(o.expr);
  }

  const enums: EnumDef[] = [...lookup.enums.values()].map((e) => ({
    name: e.name,
    ...(e.docText ? { doc: e.docText } : {}),
    values: e.values.map((v) => ({
      value: v.value,
      ...(v.name !== undefined ? { name: v.name } : {}),
      display: v.display,
      ...(v.docText ? { doc: v.docText } : {}),
      source: locateElement(v.doc, v.el),
    })),
    source: locateElement(e.doc, e.el),
  }));

  // Roots used as field types, in document order.
  const typeRoots = db.bitsets.filter(
    (b) => lookup.typeRoots.includes(b.name) && hierarchy.byName.get(b.name) === b,
  );
  const bitsets: BitsetDef[] = typeRoots.map((root) => {
    const name = root.name;
    return {
      name,
      width: root.size!,
      fields: root.fields.map((f) => builder.field(f, name)),
      cases: builder.bitsetCases(root),
      ...(root.docText ? { doc: root.docText } : {}),
      source: locateElement(root.doc, root.el),
    };
  });

  return { enums, bitsets, instructions, ...(text ? { assemblerText: text } : {}) };
}
