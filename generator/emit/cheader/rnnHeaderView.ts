/**
 * The view of the headers rules-ng-ng `headergen` (etna_viv's, header dialect 2) writes for a
 * register database: one header per document, each with its guard, the banner (every source file
 * with its size and modification time, the copyright block), and the body: every non-inline enum's
 * values, then every non-inline bitset's fields, then every domain's registers, arrays and stripes,
 * each line going to the header of the document that defined it (headergen's `printdef` to
 * `findfout(file)`). templates/c/rnn-header.h.hbs lays it out.
 */
import type { RegisterDatabase, RnnBitfield, RnnElement, RnnTypeInfo } from "../../model/types";
import {
  accessorDefine,
  bitMask,
  decimalDefine,
  hexDefine,
  indexedDefine,
  type Define,
} from "./defines";

/** A body line: a define, or the blank line headergen prints after each register or stripe. */
export interface BodyLine {
  define: Define | null;
}

export interface RnnHeaderView {
  /** File name of the header (`cmdstream.xml.h`). */
  path: string;
  guard: string;
  files: { name: string; pad: string; bytes: string; mtime: string }[];
  /** `2012-2024`, or one year. */
  years: string;
  authors: { name: string | null; email: string | null; nicknames: string[] }[];
  license: string | null;
  body: BodyLine[];
}

/** The include guard: the file name upper-cased, everything but letters and digits made `_`. */
export function headerGuard(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]/g, "_");
}

/** Documents that get no header (gen_headers.sh deletes `copyright.xml.h`). */
const NO_HEADER = new Set(["copyright.xml"]);

/** One view per document of the database but copyright.xml, in the order the files were read. */
export function rnnHeaderViews(db: RegisterDatabase): RnnHeaderView[] {
  const lines = new BodyLines();
  for (const e of db.enums) {
    if (e.inline) continue;
    for (const v of e.values) if (v.value !== undefined) lines.add(v.file, hexDefine(v.fullName, BigInt(v.value)));
  }
  for (const b of db.bitsets) if (!b.inline) for (const f of b.fields) bitfield(lines, f, 0);
  for (const d of db.domains) {
    if (d.size !== undefined) lines.add(d.file, hexDefine(`${d.fullName}__SIZE`, BigInt(d.size)));
    for (const e of d.elements) element(lines, e);
  }
  const banner = bannerOf(db);
  return db.files
    .filter((f) => !NO_HEADER.has(f.name))
    .map((f) => ({ path: `${f.name}.h`, guard: headerGuard(f.name), ...banner, body: lines.of(f.name) }));
}

function bannerOf(db: RegisterDatabase): Omit<RnnHeaderView, "path" | "guard" | "body"> {
  const width = Math.max(...db.files.map((f) => f.name.length));
  // headergen's copyright year is that of the newest source file.
  const year = Math.max(...db.files.map((f) => Number(f.mtime.slice(0, 4))));
  const first = db.copyright?.firstYear;
  return {
    files: db.files.map((f) => ({
      name: f.name,
      pad: " ".repeat(width - f.name.length),
      bytes: String(f.bytes).padStart(7, " "),
      mtime: f.mtime,
    })),
    years: first !== undefined && first > 0 && first < year ? `${first}-${year}` : String(year),
    authors: (db.copyright?.authors ?? []).map((a) => ({
      name: a.name ?? null,
      email: a.email ?? null,
      nicknames: a.nicknames,
    })),
    license: db.copyright?.license ?? null,
  };
}

/** Body lines of every document, each in the order headergen prints it. */
class BodyLines {
  private readonly byFile = new Map<string, BodyLine[]>();

  add(file: string, define: Define | null): void {
    const list = this.byFile.get(file) ?? [];
    list.push({ define });
    this.byFile.set(file, list);
  }

  of(file: string): BodyLine[] {
    return this.byFile.get(file) ?? [];
  }
}

/** Field kinds printed as their values or nested fields, without a setter (`NAME(x)`). */
const INLINE_KINDS: ReadonlySet<RnnTypeInfo["kind"]> = new Set(["inline-enum", "inline-bitset"]);

/** headergen `printbitfield`; `shift`: where the enclosing field starts. */
function bitfield(lines: BodyLines, f: RnnBitfield, shift: number): void {
  if (f.type.kind === "boolean") {
    lines.add(f.file, hexDefine(f.fullName, bitMask(f.low, f.high) << BigInt(shift)));
  } else {
    lines.add(f.file, hexDefine(`${f.fullName}__MASK`, bitMask(f.low, f.high) << BigInt(shift)));
    lines.add(f.file, decimalDefine(`${f.fullName}__SHIFT`, f.low + shift));
    if (!INLINE_KINDS.has(f.type.kind)) lines.add(f.file, accessorDefine(f.fullName));
  }
  typeInfo(lines, f.type, f.fullName, f.file, f.low + shift);
}

/** headergen `printtypeinfo`: `__SHR` and friends, then values and nested fields, shifted into place. */
function typeInfo(lines: BodyLines, t: RnnTypeInfo, name: string, file: string, shift: number): void {
  if (t.shr !== undefined && t.shr !== 0) lines.add(file, decimalDefine(`${name}__SHR`, t.shr));
  for (const k of ["min", "max", "align", "radix"] as const) {
    const v = t[k];
    if (v !== undefined) lines.add(file, hexDefine(`${name}__${k.toUpperCase()}`, BigInt.asUintN(64, BigInt(v))));
  }
  for (const v of t.values) if (v.value !== undefined) lines.add(v.file, hexDefine(v.fullName, BigInt(v.value) << BigInt(shift)));
  for (const f of t.fields) bitfield(lines, f, shift);
}

/** headergen `printdelem`: the element's offset (a macro of the indexes inside arrays), then its contents. */
function element(lines: BodyLines, e: RnnElement): void {
  if (e.fullName !== undefined) {
    lines.add(
      e.file,
      e.strides.length > 0 ? indexedDefine(e.fullName, e.absoluteOffset, e.strides) : hexDefine(e.fullName, BigInt(e.absoluteOffset)),
    );
    if (e.stride !== 0) lines.add(e.file, hexDefine(`${e.fullName}__ESIZE`, BigInt(e.stride)));
    if (e.length !== 1) lines.add(e.file, hexDefine(`${e.fullName}__LEN`, BigInt(e.length)));
    if (e.kind === "reg") typeInfo(lines, e.type, e.fullName, e.file, 0);
  }
  lines.add(e.file, null);
  for (const child of e.elements) element(lines, child);
}
