/**
 * The register-database chapters of a manual (specs whose documents are rules-ng register
 * databases): one section per domain with its address map sorted by offset, one per register
 * with its bit layout and fields, and the database's enums and bitsets, cross-linked (a field's
 * type links to its enum or bitset, the address map to each register). A model holds one database
 * per root document; they share files, so a domain is shown as the database that holds most of it.
 */
import type {
  RegisterDatabase,
  RnnBitfield,
  RnnDomain,
  RnnElement,
  RnnEnum,
  RnnBitset,
  RnnTypeInfo,
} from "../../model/types";
import type { Heading, HeadingRegistry } from "./anchors";
import { labelledLayout, type LayoutTableView } from "./encodingView";
import { highestBitFirst } from "./fieldOrder";
import { blockText, codeSpan, escapeInline, inlineText, link } from "./markdownText";
import { sourceLocation } from "./sourceText";

/** The database as the manual shows it: each domain, enum and bitset once. */
export interface MergedDatabase {
  domains: { domain: RnnDomain; registers: RnnElement[] }[];
  enums: RnnEnum[];
  bitsets: RnnBitset[];
}

function registersOf(list: RnnElement[]): RnnElement[] {
  // A dead element exists on no variant: rnn resolves nothing in it.
  return list.flatMap((e) =>
    e.dead
      ? []
      : [...(e.kind === "reg" && e.fullName !== undefined ? [e] : []), ...registersOf(e.elements)],
  );
}

export function mergedDatabase(dbs: RegisterDatabase[]): MergedDatabase {
  const domains = new Map<string, { domain: RnnDomain; registers: RnnElement[] }>();
  const enums = new Map<string, RnnEnum>();
  const bitsets = new Map<string, RnnBitset>();
  for (const db of dbs) {
    for (const d of db.domains) {
      const registers = registersOf(d.elements).sort((a, b) => a.absoluteOffset - b.absoluteOffset);
      const known = domains.get(d.name);
      if (!known || registers.length > known.registers.length)
        domains.set(d.name, { domain: d, registers });
    }
    for (const e of db.enums) if (!e.inline && !enums.has(e.name)) enums.set(e.name, e);
    for (const b of db.bitsets) if (!b.inline && !bitsets.has(b.name)) bitsets.set(b.name, b);
  }
  return {
    domains: [...domains.values()],
    enums: [...enums.values()],
    bitsets: [...bitsets.values()],
  };
}

export interface RegisterDatabaseOutline {
  domainsChapter: Heading;
  /**
   * `mapParts`: the headings of the address map's parts, none when it is one table; the sections
   * of the registers of a part are one level below it.
   */
  domains: { heading: Heading; mapParts: Heading[]; registers: Heading[] }[];
  enumsChapter: Heading | null;
  enums: Heading[];
  bitsetsChapter: Heading | null;
  bitsets: Heading[];
}

/**
 * An address map of more rows than this is cut into parts of at most this many rows (as even as
 * they go), each under a heading of its own followed by the sections of its registers, so that the
 * site can give each part a page (and each register a page under it): nouveau's NV_MMIO domain has
 * 7,237 registers, 1.4 MB of HTML as one table. 2,000 rows are about 400 kB.
 */
export const MAP_PART_ROWS = 2000;

/** How many rows each part of an address map of `rows` rows has: one part up to MAP_PART_ROWS. */
export function mapPartSizes(rows: number): number[] {
  const parts = Math.max(1, Math.ceil(rows / MAP_PART_ROWS));
  const base = Math.floor(rows / parts);
  return Array.from({ length: parts }, (_, k) => base + (k < rows % parts ? 1 : 0));
}

/** Register the chapters' headings, in the order the template prints them. */
export function registerDatabaseOutline(
  db: MergedDatabase,
  h: HeadingRegistry,
): RegisterDatabaseOutline {
  const domainsChapter = h.add(2, "Register domains");
  const domains = db.domains.map((d) => {
    const heading = h.add(3, `Domain ${d.domain.name}`, "domain");
    const sizes = mapPartSizes(d.registers.length);
    // Names are shown trimmed: freedreno's a4xx.xml has `name="RBBM_CLOCK_CTL_UCHE "`.
    const register = (r: RnnElement, level: number) => h.add(level, r.fullName!.trim(), "register");
    if (sizes.length === 1)
      return { heading, mapParts: [], registers: d.registers.map((r) => register(r, 4)) };
    // Each part of a long map holds the sections of its registers, one level down.
    const mapParts: Heading[] = [];
    const registers: Heading[] = [];
    let start = 0;
    sizes.forEach((size, k) => {
      mapParts.push(h.add(4, `Address map of ${d.domain.name}, part ${k + 1} of ${sizes.length}`));
      for (const r of d.registers.slice(start, start + size)) registers.push(register(r, 5));
      start += size;
    });
    return { heading, mapParts, registers };
  });
  const enumsChapter = db.enums.length > 0 ? h.add(2, "Register enumerations") : null;
  const enums = db.enums.map((e) => h.add(3, e.name, "enum"));
  const bitsetsChapter = db.bitsets.length > 0 ? h.add(2, "Register bitsets") : null;
  const bitsets = db.bitsets.map((b) => h.add(3, b.name, "bitset"));
  return { domainsChapter, domains, enumsChapter, enums, bitsetsChapter, bitsets };
}

interface FieldRowView {
  bits: string;
  name: string;
  type: string;
  description: string;
}

interface MapRowView {
  offset: string;
  register: string;
  width: string;
  array: string;
  access: string;
  brief: string;
}

interface RegisterSectionView {
  heading: Heading;
  /** The heading's `#`s. */
  marks: string;
  brief: string | null;
  doc: string | null;
  facts: string[];
  layout: LayoutTableView[];
  fields: FieldRowView[];
}

interface ValueRowView {
  value: string;
  name: string;
  description: string;
}

export interface RegisterDatabaseView {
  domainsChapter: Heading;
  domains: {
    heading: Heading;
    facts: string[];
    /**
     * The address map as one part without a heading, or the parts of a long map, each with its
     * heading; each with the sections of its registers.
     */
    mapParts: { heading: Heading | null; rows: MapRowView[]; registers: RegisterSectionView[] }[];
  }[];
  enumsChapter: Heading | null;
  enums: { heading: Heading; brief: string | null; facts: string[]; values: ValueRowView[] }[];
  bitsetsChapter: Heading | null;
  bitsets: { heading: Heading; brief: string | null; facts: string[]; fields: FieldRowView[] }[];
}

const hex = (n: number | string, digits = 5) =>
  `0x${BigInt(n).toString(16).toUpperCase().padStart(digits, "0")}`;
/** What exists on some variant (rnn leaves dead elements unresolved). */
const live = <T extends { dead?: boolean }>(list: T[]): T[] => list.filter((x) => !x.dead);

const text = (s: string | undefined) => (s === undefined ? null : inlineText(s, "plain", false));
const cell = (s: string | undefined) => (s === undefined ? "" : inlineText(s, "plain"));

export function registerDatabaseView(
  db: MergedDatabase,
  o: RegisterDatabaseOutline,
): RegisterDatabaseView {
  const anchorOf = (h: Heading) => `#${h.anchor}`;
  const enumLinks = new Map(
    db.enums.map((e, i) => [e.name, link(codeSpan(e.name), anchorOf(o.enums[i]))]),
  );
  const bitsetLinks = new Map(
    db.bitsets.map((b, i) => [b.name, link(codeSpan(b.name), anchorOf(o.bitsets[i]))]),
  );
  const domainLinks = new Map(
    db.domains.map((d, i) => [
      d.domain.name,
      link(codeSpan(d.domain.name), anchorOf(o.domains[i].heading)),
    ]),
  );

  const typeText = (t: RnnTypeInfo): string => {
    if (t.name !== undefined)
      return (
        enumLinks.get(t.name) ??
        bitsetLinks.get(t.name) ??
        domainLinks.get(t.name) ??
        codeSpan(t.name)
      );
    return t.kind;
  };
  /**
   * Fields with absolute bits, highest first as the layout above them, nested fields after their
   * parent; values in the description.
   */
  const fieldRows = (fields: RnnBitfield[], shift: number): FieldRowView[] =>
    highestBitFirst(live(fields), (f) => [f.high, f.low]).flatMap((f) => {
      const low = f.low + shift;
      const high = f.high + shift;
      const values = live(f.type.values)
        .filter((v) => v.value !== undefined)
        .map((v) => `${v.value} = ${escapeInline(v.name)}`);
      const description = [
        cell(f.brief),
        values.length > 0 ? `values: ${values.join(", ")}` : "",
        f.type.shr ? `shifted right by ${f.type.shr}` : "",
      ]
        .filter((x) => x !== "")
        .join("; ");
      return [
        {
          bits: high === low ? `${high}` : `${high}:${low}`,
          name: codeSpan(f.fullName),
          type: typeText(f.type),
          description,
        },
        ...fieldRows(f.type.fields, low),
      ];
    });
  const offsetText = (e: RnnElement) =>
    codeSpan(
      e.strides.length === 0
        ? hex(e.absoluteOffset)
        : `${hex(e.absoluteOffset)}${e.strides.map((s, i) => ` + ${hex(s, 1)}*i${i}`).join("")}`,
    );

  return {
    domainsChapter: o.domainsChapter,
    domains: db.domains.map(({ domain, registers }, di) => {
      const headings = o.domains[di].registers;
      const parts = o.domains[di].mapParts;
      const rows = registers.map((r, i): MapRowView => ({
        offset: offsetText(r),
        register: link(codeSpan(r.fullName!.trim()), anchorOf(headings[i])),
        width: String(r.width),
        array:
          r.strides.length > 0
            ? `${r.strides.length} index${r.strides.length > 1 ? "es" : ""}`
            : "",
        access: r.access ?? "",
        brief: cell(r.brief),
      }));
      const starts = mapPartSizes(rows.length).map((_, k, sizes) =>
        sizes.slice(0, k).reduce((a, b) => a + b, 0),
      );
      const sections = registers.map((r, i): RegisterSectionView => ({
        heading: headings[i],
        marks: "#".repeat(headings[i].level),
        brief: text(r.brief),
        doc: r.doc === undefined ? null : blockText(r.doc, "plain"),
        facts: [
          `Offset: ${offsetText(r)}${r.length !== 1 ? ` (${r.length} × ${codeSpan(hex(r.stride, 1))})` : ""}`,
          `Width: ${r.width} bits${r.access ? `, access ${r.access}` : ""}`,
          `Type: ${typeText(r.type)}`,
          // Same-name registers of different variants are told apart by where they exist.
          ...(r.variantSets ?? []).map(
            (v) =>
              `Variants (${codeSpan(v.varset)}): ${v.variants.map((n) => codeSpan(n)).join(", ")}`,
          ),
          `Source: ${codeSpan(sourceLocation(r.source))}`,
        ],
        layout:
          r.type.fields.length > 0
            ? labelledLayout(
                r.width!,
                live(r.type.fields).map((f) => ({
                  label: f.name,
                  ranges: [{ low: f.low, high: f.high }],
                })),
              )
            : [],
        fields: fieldRows(r.type.fields, 0),
      }));
      const mapParts =
        parts.length === 0
          ? [{ heading: null, rows, registers: sections }]
          : parts.map((heading, k) => {
              const end = starts[k + 1] ?? rows.length;
              return {
                heading,
                rows: rows.slice(starts[k], end),
                registers: sections.slice(starts[k], end),
              };
            });
      return {
        heading: o.domains[di].heading,
        facts: [
          ...(domain.brief ? [escapeInline(domain.brief)] : []),
          `Address unit: ${domain.width} bits${domain.size !== undefined ? `; size ${codeSpan(hex(domain.size))}` : ""}`,
          `Registers: ${registers.length}`,
          `Declared at ${codeSpan(sourceLocation(domain.source))}`,
          ...(parts.length === 0
            ? []
            : [
                `Address map: in ${parts.length} parts by offset, ${parts
                  .map(
                    (h, k) =>
                      `${link(`part ${k + 1}`, anchorOf(h))} from ${offsetText(registers[starts[k]])}`,
                  )
                  .join(", ")}`,
              ]),
        ],
        mapParts,
      };
    }),
    enumsChapter: o.enumsChapter,
    enums: db.enums.map((e, i) => ({
      heading: o.enums[i],
      brief: text(e.brief),
      facts: [`Source: ${codeSpan(sourceLocation(e.source))}`],
      values: live(e.values).map((v) => ({
        value: v.value === undefined ? "—" : codeSpan(`0x${BigInt(v.value).toString(16)}`),
        name: codeSpan(v.fullName),
        description: cell(v.brief),
      })),
    })),
    bitsetsChapter: o.bitsetsChapter,
    bitsets: db.bitsets.map((b, i) => ({
      heading: o.bitsets[i],
      brief: text(b.brief),
      facts: [`Source: ${codeSpan(sourceLocation(b.source))}`],
      fields: fieldRows(b.fields, 0),
    })),
  };
}
