/**
 * The view of the headers rules-ng `headergen` writes for a register database: one header per
 * document, each with its guard, the banner (every source file with its size and modification
 * time, the copyright block), and the body: every non-inline enum's values, then every non-inline
 * bitset's fields, then every domain's registers, arrays and stripes, each line going to the header
 * of the document that defined it (headergen's `printdef` to `findfout(file)`). Two styles:
 * envytools' headergen, and the older rules-ng-ng one etna_viv's headers come from, which adds a
 * setter `NAME(x)` after each field's `__SHIFT`. templates/c/rnn-header.h.hbs lays it out.
 */
import type {
  RegisterDatabase,
  RnnBitfield,
  RnnElement,
  RnnTypeInfo,
  RnnValue,
} from "../../model/types";
import {
  accessorDefine,
  bitMask,
  decimalDefine,
  hexDefine,
  indexedDefine,
  type Define,
} from "./defines";

/** `envytools`: envytools' headergen; `etna_viv`: the rules-ng-ng headergen of etna_viv's headers. */
export type HeadergenStyle = "envytools" | "etna_viv";

export const HEADERGEN_STYLES: readonly HeadergenStyle[] = ["envytools", "etna_viv"];

/** A body line: a define, or the blank line headergen prints after each register or stripe. */
export interface BodyLine {
  define: Define | null;
}

export interface RnnHeaderView {
  /** Path of the header: the document's name in the database plus `.h` (`bus/pbus.xml.h`). */
  path: string;
  guard: string;
  envytools: boolean;
  files: { name: string; pad: string; bytes: string; mtime: string }[];
  /** `2012-2024`, or one year. */
  years: string;
  /** Each author's line after `- `. */
  authors: string[];
  license: string | null;
  body: BodyLine[];
}

/** The include guard: the file's base name upper-cased, everything but letters and digits made `_`. */
export function headerGuard(name: string): string {
  return name
    .slice(name.lastIndexOf("/") + 1)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "_");
}

/** One view per document of the database, in the order the files were read. */
export function rnnHeaderViews(db: RegisterDatabase, style: HeadergenStyle): RnnHeaderView[] {
  const lines = new BodyLines(style);
  for (const e of db.enums) if (!e.inline) for (const v of e.values) lines.value(v, 0);
  for (const b of db.bitsets) if (!b.inline) for (const f of b.fields) lines.bitfield(f, 0);
  for (const d of db.domains) {
    if (d.size !== undefined && BigInt(d.size) !== 0n)
      lines.add(d.file, hexDefine(`${d.fullName}__SIZE`, BigInt(d.size)));
    for (const e of d.elements) lines.element(e);
  }
  return db.files.map((f) => ({
    path: `${f.name}.h`,
    guard: headerGuard(f.name),
    envytools: style === "envytools",
    ...bannerOf(db, f.mtime, style),
    body: lines.of(f.name),
  }));
}

function bannerOf(
  db: RegisterDatabase,
  ownMtime: string,
  style: HeadergenStyle,
): Omit<RnnHeaderView, "path" | "guard" | "envytools" | "body"> {
  const width = Math.max(...db.files.map((f) => f.name.length));
  // envytools: the year of the header's own document; etna_viv's: that of the newest file.
  const year =
    style === "envytools"
      ? Number(ownMtime.slice(0, 4))
      : Math.max(...db.files.map((f) => Number(f.mtime.slice(0, 4))));
  const first = db.copyright?.firstYear;
  const nicks = (n: string[]) => (n.length > 0 ? ` (${n.join(", ")})` : "");
  return {
    files: db.files.map((f) => ({
      name: f.name,
      pad: " ".repeat(width - f.name.length),
      bytes: String(f.bytes).padStart(7, " "),
      mtime: f.mtime,
    })),
    years: first !== undefined && first > 0 && first < year ? `${first}-${year}` : String(year),
    authors: (db.copyright?.authors ?? []).map((a) =>
      style === "envytools"
        ? `${a.name ?? ""}${a.email !== undefined ? ` <${a.email}>` : ""}${nicks(a.nicknames)}`
        : `${a.name !== undefined ? `${a.name} ` : ""}${a.email !== undefined ? `<${a.email}>` : ""}${nicks(a.nicknames)}`,
    ),
    license: db.copyright?.license ?? null,
  };
}

const U64 = (1n << 64n) - 1n;
/** A value shifted into place, on 64 bits as headergen computes it. */
const shifted = (v: bigint, shift: number) => (v << BigInt(shift)) & U64;

/** Field kinds printed as their values or nested fields, without a setter (`NAME(x)`). */
const INLINE_KINDS: ReadonlySet<RnnTypeInfo["kind"]> = new Set(["inline-enum", "inline-bitset"]);

/** Body lines of every document, each in the order headergen prints it. */
class BodyLines {
  private readonly byFile = new Map<string, BodyLine[]>();

  constructor(private readonly style: HeadergenStyle) {}

  add(file: string, define: Define | null): void {
    const list = this.byFile.get(file) ?? [];
    list.push({ define });
    this.byFile.set(file, list);
  }

  of(file: string): BodyLine[] {
    return this.byFile.get(file) ?? [];
  }

  /** headergen `printvalue`. */
  value(v: RnnValue, shift: number): void {
    if (v.dead || v.value === undefined) return;
    this.add(v.file, hexDefine(v.fullName, shifted(BigInt(v.value), shift)));
  }

  /**
   * headergen `printbitfield`; `shift`: where the enclosing field starts; `copied`: it is inside a
   * copy rnn made (of a group's elements).
   */
  bitfield(f: RnnBitfield, shift: number, copied = false): void {
    if (f.dead) return;
    const mask = shifted(bitMask(f.low, f.high), shift);
    if (f.type.kind === "boolean") {
      this.add(f.file, hexDefine(f.fullName, mask));
    } else {
      this.add(f.file, hexDefine(`${f.fullName}__MASK`, mask));
      this.add(f.file, decimalDefine(`${f.fullName}__SHIFT`, f.low + shift));
      if (this.style === "etna_viv" && !INLINE_KINDS.has(f.type.kind))
        this.add(f.file, accessorDefine(f.fullName));
    }
    this.typeInfo(f.type, f.fullName, f.file, f.low + shift, copied || f.copiedFrom !== undefined);
  }

  /**
   * headergen `printtypeinfo`: `__SHR` and friends, then values and nested fields, shifted into
   * place. rnn's copies (of an inline type's fields, of a group's elements) keep no `min`/`max`/
   * `align`/`radix` (copytypeinfo drops their valid flags), so copies print none.
   */
  private typeInfo(
    t: RnnTypeInfo,
    name: string,
    file: string,
    shift: number,
    copied: boolean,
  ): void {
    if (t.shr) this.add(file, decimalDefine(`${name}__SHR`, t.shr));
    if (!copied || this.style === "etna_viv")
      for (const k of ["min", "max", "align", "radix"] as const) {
        const v = t[k];
        if (v !== undefined) this.add(file, hexDefine(`${name}__${k.toUpperCase()}`, BigInt(v)));
      }
    for (const v of t.values) this.value(v, shift);
    for (const f of t.fields) this.bitfield(f, shift, copied);
  }

  /** headergen `printdelem`: the element's offset (a macro of the indexes inside arrays), then its contents. */
  element(e: RnnElement, copied = false): void {
    if (e.dead) return;
    if (e.fullName !== undefined) {
      this.add(
        e.file,
        e.strides.length > 0
          ? indexedDefine(e.fullName, e.absoluteOffset, e.strides)
          : hexDefine(e.fullName, BigInt(e.absoluteOffset)),
      );
      if (e.stride !== 0) this.add(e.file, hexDefine(`${e.fullName}__ESIZE`, BigInt(e.stride)));
      if (e.length !== 1) this.add(e.file, hexDefine(`${e.fullName}__LEN`, BigInt(e.length)));
      this.typeInfo(e.type, e.fullName, e.file, 0, copied);
    }
    this.add(e.file, null);
    for (const child of e.elements) this.element(child, copied || e.useGroup !== undefined);
  }
}
