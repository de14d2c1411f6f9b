/**
 * The manual's chapters for Panfrost genxml documents (templates/docs/genxml-panfrost.md.hbs):
 * one section per descriptor (struct), aggregate and enum name across the spec's documents, with
 * the architectures it exists on, its layout per run of documents that agree, and what changed
 * from one to the next.
 */
import type {
  GenxmlPanfrostAggregate,
  GenxmlPanfrostDocument,
  GenxmlPanfrostEnum,
  GenxmlPanfrostField,
  GenxmlPanfrostItem,
  GenxmlPanfrostStruct,
} from "../../model/genxmlPanfrost";
import { structBytes } from "../../model/genxmlPanfrostLayout";
import { genxmlLayoutDiagram, layoutDiagramName } from "../diagram/genxmlDiagram";
import { genxmlDocumentStem } from "../emitGenxmlPanfrost";
import { enumCName, structCName } from "../genxmlPanfrost/names";
import type { Heading, HeadingRegistry } from "./anchors";
import { codeSpan, escapeInline, link } from "./markdownText";

export interface GenxmlPanfrostOutline {
  structs: { chapter: Heading; items: Heading[]; names: string[] } | null;
  aggregates: { chapter: Heading; items: Heading[]; names: string[] } | null;
  enums: { chapter: Heading; items: Heading[]; names: string[] } | null;
}

/** Item names of one kind in first-seen order across the documents. */
function namesOf(docs: GenxmlPanfrostDocument[], kind: GenxmlPanfrostItem["kind"]): string[] {
  const names = new Set<string>();
  for (const d of docs) for (const i of d.items) if (i.kind === kind) names.add(i.name);
  return [...names];
}

export function genxmlPanfrostOutline(
  docs: GenxmlPanfrostDocument[],
  h: HeadingRegistry,
): GenxmlPanfrostOutline | null {
  if (docs.length === 0) return null;
  const chapter = (kind: GenxmlPanfrostItem["kind"], title: string, qualifier: string) => {
    const names = namesOf(docs, kind);
    if (names.length === 0) return null;
    const heading = h.add(2, title);
    return { chapter: heading, items: names.map((n) => h.add(3, n, qualifier)), names };
  };
  return {
    structs: chapter("struct", "Descriptors", "descriptor"),
    aggregates: chapter("aggregate", "Aggregates", "aggregate"),
    enums: chapter("enum", "Descriptor enumerations", "enum"),
  };
}

/** Each document that has item `name` of `kind`, with the item. */
export function occurrences<T extends GenxmlPanfrostItem>(
  docs: GenxmlPanfrostDocument[],
  kind: T["kind"],
  name: string,
): { doc: string; item: T }[] {
  return docs.flatMap((d) =>
    d.items
      .filter((i): i is T => i.kind === kind && i.name === name)
      .map((item) => ({ doc: genxmlDocumentStem(d.file), item })),
  );
}

/** Runs of consecutive documents whose item `key`s are equal. */
export function runs<T>(occ: { doc: string; item: T }[], key: (item: T) => string) {
  const out: { docs: string[]; item: T; key: string }[] = [];
  for (const o of occ) {
    const k = key(o.item);
    const last = out[out.length - 1];
    if (last && last.key === k) last.docs.push(o.doc);
    else out.push({ docs: [o.doc], item: o.item, key: k });
  }
  return out;
}

const bits = (f: GenxmlPanfrostField): string => {
  const w = (b: number) => `${Math.floor(b / 32)}:${b % 32}`;
  return f.start === f.end ? w(f.start) : `${w(f.start)}–${w(f.end)}`;
};

const modifierText = (f: GenxmlPanfrostField): string =>
  f.modifier
    ? codeSpan(f.modifier.n === undefined ? f.modifier.kind : `${f.modifier.kind}(${f.modifier.n})`)
    : "";

function fieldKey(f: GenxmlPanfrostField): string {
  return JSON.stringify([f.name, f.start, f.end, f.type, f.default, f.modifier]);
}

/** What changed between two layouts of a struct, field by field. */
function changes(before: GenxmlPanfrostStruct, after: GenxmlPanfrostStruct): string[] {
  const old = new Map(before.fields.map((f) => [f.name, f]));
  const now = new Map(after.fields.map((f) => [f.name, f]));
  const out: string[] = [];
  for (const f of after.fields) {
    const o = old.get(f.name);
    if (!o) out.push(`added ${codeSpan(f.name, false)} (${bits(f)})`);
    else if (fieldKey(o) !== fieldKey(f)) {
      const what = [
        o.start !== f.start || o.end !== f.end ? `bits ${bits(o)} → ${bits(f)}` : "",
        o.type !== f.type ? `type ${codeSpan(o.type, false)} → ${codeSpan(f.type, false)}` : "",
        o.default !== f.default ? "default" : "",
        JSON.stringify(o.modifier) !== JSON.stringify(f.modifier) ? "modifier" : "",
      ].filter((s) => s !== "");
      out.push(`${codeSpan(f.name, false)}: ${what.join(", ")}`);
    }
  }
  for (const f of before.fields)
    if (!now.has(f.name)) out.push(`removed ${codeSpan(f.name, false)}`);
  if (structBytes(before) !== structBytes(after))
    out.push(`length ${structBytes(before)} → ${structBytes(after)} bytes`);
  // Layouts also differ by alignment and packing, which the fields do not show.
  if (before.align !== after.align)
    out.push(`alignment ${before.align ?? "none"} → ${after.align ?? "none"}`);
  if (before.noDirectPacking !== after.noDirectPacking)
    out.push(after.noDirectPacking ? "no longer packed directly" : "now packed directly");
  return out;
}

const docList = (docs: string[]): string => docs.map((d) => codeSpan(d, false)).join(", ");

/** A descriptor's layouts: runs of documents that agree on its fields, size and packing. */
export function structLayouts(docs: GenxmlPanfrostDocument[], name: string) {
  return runs(occurrences<GenxmlPanfrostStruct>(docs, "struct", name), (s) =>
    JSON.stringify([s.fields.map(fieldKey), structBytes(s), s.align, s.noDirectPacking]),
  );
}

export function genxmlPanfrostView(
  docs: GenxmlPanfrostDocument[],
  outline: GenxmlPanfrostOutline,
  isa: string,
) {
  const structAnchor = new Map(
    outline.structs?.names.map((n, i) => [n, outline.structs!.items[i].anchor]) ?? [],
  );
  const enumAnchor = new Map(
    outline.enums?.names.map((n, i) => [n, outline.enums!.items[i].anchor]) ?? [],
  );
  const typeText = (type: string): string =>
    structAnchor.has(type)
      ? link(escapeInline(type), `#${structAnchor.get(type)}`)
      : enumAnchor.has(type)
        ? link(escapeInline(type), `#${enumAnchor.get(type)}`)
        : codeSpan(type);
  return {
    structs: outline.structs && {
      heading: outline.structs.chapter,
      items: outline.structs.names.map((name, i) => {
        const occ = occurrences<GenxmlPanfrostStruct>(docs, "struct", name);
        const layouts = structLayouts(docs, name);
        const anchor = outline.structs!.items[i].anchor;
        return {
          heading: outline.structs!.items[i],
          cName: codeSpan(structCName(name), false),
          documents: docList(occ.map((o) => o.doc)),
          layouts: layouts.map((l, k) => ({
            documents: docList(l.docs),
            length: structBytes(l.item),
            align: l.item.align ?? null,
            noDirectPacking: l.item.noDirectPacking,
            diagram: genxmlLayoutDiagram(isa, layoutDiagramName(anchor, k), name),
            changes:
              k > 0
                ? {
                    from: docList(layouts[k - 1].docs),
                    what: changes(layouts[k - 1].item, l.item).join("; "),
                  }
                : null,
            fields: l.item.fields.map((f) => ({
              name: escapeInline(f.name),
              bits: bits(f),
              type: typeText(f.type),
              default: f.default === undefined ? "" : codeSpan(f.default),
              modifier: modifierText(f),
            })),
          })),
        };
      }),
    },
    aggregates: outline.aggregates && {
      heading: outline.aggregates.chapter,
      items: outline.aggregates.names.map((name, i) => {
        const occ = occurrences<GenxmlPanfrostAggregate>(docs, "aggregate", name);
        return {
          heading: outline.aggregates!.items[i],
          documents: docList(occ.map((o) => o.doc)),
          layouts: runs(occ, (a) =>
            JSON.stringify(a.sections.map((s) => [s.name, s.offset, s.type])),
          ).map((l) => ({
            documents: docList(l.docs),
            sections: l.item.sections.map((s) => ({
              name: escapeInline(s.name),
              offset: s.offset,
              type: typeText(s.type),
            })),
          })),
        };
      }),
    },
    enums: outline.enums && {
      heading: outline.enums.chapter,
      items: outline.enums.names.map((name, i) => {
        const occ = occurrences<GenxmlPanfrostEnum>(docs, "enum", name);
        return {
          heading: outline.enums!.items[i],
          cName: codeSpan(`enum ${enumCName(name)}`, false),
          layouts: runs(occ, (e) => JSON.stringify(e.values.map((v) => [v.name, v.value]))).map(
            (l) => ({
              documents: docList(l.docs),
              values: l.item.values.map((v) => ({ value: v.value, name: escapeInline(v.name) })),
            }),
          ),
        };
      }),
    },
  };
}
