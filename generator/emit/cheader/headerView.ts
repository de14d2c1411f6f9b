/**
 * The data the C header template needs, derived from one model: every name, value and bit position,
 * already made valid and unique C. The C text itself is in templates/c/.
 */
import type {
  EnumDef,
  EnumValue,
  Field,
  HeaderName,
  Instruction,
  IsaModel,
  SourceRef,
} from "../../model/types";
import {
  type Define,
  accessorDefine,
  bitMask,
  decimalDefine,
  hexDefine,
  setterDefine,
  wordLiteral,
} from "./defines";
import { type FieldCType, type FieldPart, fieldCType, fieldParts } from "./fieldLayout";
import { NameScope, functionPart, macroName, macroPart, memberName } from "./names";

/** A run of `#define`s with an optional comment before it. */
export interface DefineGroup {
  comment: string | null;
  defines: Define[];
}

/** A field's placement in the instruction words, shared by every instruction that has it. */
export interface LayoutView extends FieldCType {
  field: string;
  /** `bits 44..52` or `bits 30..31, 40..42`. */
  bits: string;
  defines: Define[];
  /**
   * The ISA-wide `<p>_get_<field>`/`_set_<field>`, only for a field name with one placement: with
   * several, each instruction's accessors (named by the field alone) do the bit work themselves.
   */
  getFn: string | null;
  setFn: string | null;
  parts: FieldPart[];
}

export interface InstructionFieldView {
  member: string;
  getFn: string;
  setFn: string;
  layout: LayoutView;
  comment: string | null;
}

export interface InstructionView {
  name: string;
  comment: string;
  defines: Define[];
  matchNames: string[];
  /** Words whose tested bits are not all zero: `(words[word] & mask) == match`. */
  tests: { word: number; mask: string; match: string }[];
  matchesFn: string;
  packFn: string;
  unpackFn: string;
  /** Null for an instruction without fields (it has no struct). */
  structName: string | null;
  fields: InstructionFieldView[];
}

export interface HeaderView {
  id: string;
  title: string;
  vendor: string;
  guard: string;
  /** Upper-case prefix of the header's own macros (`ETNAVIV`). */
  prefix: string;
  /** Lower-case prefix of its functions (`etnaviv`). */
  fnPrefix: string;
  documents: { path: string; upstream: string | null }[];
  /** Rules-ng documents whose names the header uses verbatim (empty when none). */
  rulesNgDocuments: string[];
  wordCount: number;
  isaDefines: Define[];
  /** Enumeration values, then bitsets, then registers: the rules-ng header order. */
  enums: DefineGroup[];
  bitsets: DefineGroup[];
  registers: DefineGroup[];
  /**
   * Where rules-ng documents give the enumerations, bitsets and registers above (which then are
   * exactly headergen's body), the enumerations and bitsets of the ISA's other documents, after
   * them (etnaviv: etnaviv.xml's `#cond`, `#instruction-src`, …).
   */
  otherDefinitions: DefineGroup[];
  /** Names other headers define (Mesa `r300_reg.h`), with the header they come from. */
  headerNames: DefineGroup[];
  layouts: LayoutView[];
  instructions: InstructionView[];
}

const WORD_IDENT = /^[A-Za-z0-9_.]+$/;

/** The word naming an enum value: its display if that is one word, else its name, else the display without punctuation. */
function valueWord(v: EnumValue): string | null {
  const candidates = [
    v.display ?? "",
    v.name ?? "",
    (v.display ?? "").replace(/[^A-Za-z0-9_.]+/g, ""),
  ];
  return candidates.find((c) => WORD_IDENT.test(c) && /[A-Za-z0-9]/.test(c)) ?? null;
}

function bitsText(field: Field): string {
  return `bit${field.width === 1 ? "" : "s"} ${field.ranges.map((r) => (r.low === r.high ? `${r.low}` : `${r.low}..${r.high}`)).join(", ")}`;
}

/** Mask/shift/accessor of a field at bits relative to its register or bitset (dialect 2); a boolean is its mask. */
function rulesNgField(base: string, field: Field, name: (n: string) => string): Define[] {
  const mask = field.ranges.reduce((m, r) => m | bitMask(r.low, r.high), 0n);
  if (field.type === "bool" || field.type === "bool_inv") return [hexDefine(name(base), mask)];
  const out = [hexDefine(name(`${base}__MASK`), mask)];
  // SHIFT and the accessor only say something for a contiguous field.
  if (field.ranges.length === 1) {
    out.push(
      decimalDefine(name(`${base}__SHIFT`), field.ranges[0].low),
      accessorDefine(name(base)),
    );
  }
  return out;
}

/** An isaspec `<gen>` range; an open end is stored as 2^32 - 1. */
function genText(min: number, max: number): string {
  return max >= 0xffffffff ? `GPU generations ${min} and later` : `GPU generations ${min}..${max}`;
}

function comment(...parts: (string | false | undefined)[]): string {
  return parts
    .filter((p): p is string => !!p)
    .join(": ")
    .replace(/\*\//g, "* /")
    .replace(/\s+/g, " ")
    .trim();
}

export function headerView(model: IsaModel): HeaderView {
  const id = model.isa.id;
  const P = macroName(id);
  const p = functionPart(id);
  const scope = new NameScope(id);
  const formats = new Map(model.documents.map((d) => [d.path, d.format]));
  const verbatim = (at: SourceRef) => formats.get(at.file) === "rules-ng";
  const guard = scope.unique(`ISAFORGE_${P}_H`);
  const wordCount = model.isa.wordCount;

  // Names a rules-ng document gives cannot move; the header's own get `_2`, … on a clash.
  const exact = (n: string) => scope.exact(n);
  const unique = (n: string) => scope.unique(n);

  const enums: (DefineGroup & { own: boolean })[] = model.enums.map((e: EnumDef) => {
    const own = verbatim(e.source);
    const defines = e.values.flatMap((v) => {
      if (v.reserved) return [];
      if (own) return v.name ? [hexDefine(exact(`${e.name}_${v.name}`), BigInt(v.value))] : [];
      const word = valueWord(v);
      if (!word) return [];
      return [
        hexDefine(unique(`${P}_${macroPart(e.key ?? e.name)}_${macroPart(word)}`), BigInt(v.value)),
      ];
    });
    return { comment: own ? null : comment(e.name, e.brief), defines, own };
  });

  const bitsets: (DefineGroup & { own: boolean })[] = model.bitsets.map((b) => {
    const own = verbatim(b.source);
    const base = own ? b.name : unique(`${P}_${macroPart(b.name)}`);
    // Field names follow from the bitset's; a clash among them is an error, not a rename.
    const defines = b.fields.flatMap((f) =>
      rulesNgField(own ? `${base}_${f.name}` : `${base}_${macroPart(f.name)}`, f, exact),
    );
    return { comment: own ? null : comment(b.name, b.brief), defines, own };
  });
  // Definitions of other documents go after a rules-ng body, which stays headergen's, whole.
  const anyOwn = [...enums, ...bitsets].some((g) => g.own);
  const group = ({ comment, defines }: DefineGroup): DefineGroup => ({ comment, defines });
  const inBody = (g: { own: boolean }) => !anyOwn || g.own;

  const headerNames: DefineGroup[] = [];
  const registers: DefineGroup[] = model.registers.map((r) => {
    const own = verbatim(r.source);
    const reg = own ? exact(r.name) : unique(`${P}_${macroPart(r.name)}`);
    const defines: Define[] = [];
    if (r.offset !== undefined) defines.push(hexDefine(reg, BigInt(r.offset)));
    for (const f of r.fields) {
      const base = own ? `${reg}_${f.name}` : `${reg}_${macroPart(f.name)}`;
      defines.push(...rulesNgField(base, f, exact));
    }

    // Other headers' names for the register and its fields, grouped by header.
    const foreign: { header: string; define: Define }[] = [];
    const add = (h: HeaderName, define: Define) => foreign.push({ header: h.header, define });
    for (const h of r.headerNames ?? [])
      if (h.kind === "offset" && r.offset !== undefined)
        add(h, hexDefine(exact(h.name), BigInt(r.offset)));
    for (const f of r.fields) {
      if (f.ranges.length !== 1) continue; // other headers name contiguous fields only
      const { low, high } = f.ranges[0];
      for (const h of f.headerNames ?? []) {
        if (h.kind === "mask") add(h, hexDefine(exact(h.name), bitMask(low, high)));
        else if (h.kind === "value")
          add(h, hexDefine(exact(h.name), BigInt(h.value ?? 0) << BigInt(low)));
        else if (h.kind === "setter") add(h, setterDefine(exact(h.name), low, high));
      }
    }
    for (const header of [...new Set(foreign.map((x) => x.header))])
      headerNames.push({
        comment: `${r.name}: the names ${header} gives it`,
        defines: foreign.filter((x) => x.header === header).map((x) => x.define),
      });
    return { comment: own ? null : comment(r.name, r.brief), defines };
  });

  const isaDefines = [
    decimalDefine(scope.unique(`${P}_WORDS`), wordCount),
    decimalDefine(scope.unique(`${P}_INSTRUCTION_BITS`), model.isa.instructionWidth),
  ];

  const layouts = instructionLayouts(model, P, p, scope);
  const instructions = model.instructions.map((i) =>
    instructionView(i, P, p, scope, layouts.byField),
  );

  return {
    id,
    title: model.isa.title,
    vendor: model.isa.vendor,
    guard,
    prefix: P,
    fnPrefix: p,
    documents: model.documents.map((d) => ({ path: d.path, upstream: d.upstream ?? null })),
    rulesNgDocuments: model.documents.filter((d) => d.format === "rules-ng").map((d) => d.path),
    wordCount,
    isaDefines,
    enums: enums.filter((g) => inBody(g) && g.defines.length > 0).map(group),
    bitsets: bitsets.filter(inBody).map(group),
    registers,
    otherDefinitions: [
      ...enums.filter((g) => !inBody(g) && g.defines.length > 0),
      ...bitsets.filter((g) => !inBody(g)),
    ].map(group),
    headerNames,
    layouts: layouts.list,
    instructions,
  };
}

/** A field's identity across instructions: name, bits and signedness. */
function layoutKey(f: Field): string {
  return JSON.stringify([f.name, f.ranges.map((r) => [r.low, r.high]), fieldCType(f).ctype]);
}

function instructionLayouts(model: IsaModel, P: string, p: string, scope: NameScope) {
  // Each field's key, computed once (JSON of its bits; about 15 ms of the shipped specs' headers).
  const keyOf = new Map<Field, string>();
  const byKey = new Map<string, Field>();
  for (const i of model.instructions)
    for (const f of i.fields) {
      const key = layoutKey(f);
      keyOf.set(f, key);
      if (!byKey.has(key)) byKey.set(key, f);
    }
  const layoutsPerName = new Map<string, number>();
  for (const f of byKey.values()) layoutsPerName.set(f.name, (layoutsPerName.get(f.name) ?? 0) + 1);

  const byKeyView = new Map<string, LayoutView>();
  const list: LayoutView[] = [];
  for (const [key, f] of byKey) {
    const parts = fieldParts(f);
    // A name with several placements (Valhall `offset`) says where each one is.
    const where =
      layoutsPerName.get(f.name)! > 1
        ? `_${f.ranges.map((r) => `${r.low}_${r.high}`).join("_")}`
        : "";
    const single = parts.length === 1;
    const suffixes = single
      ? ["__WIDTH", "__WORD", "__MASK", "__SHIFT", ""]
      : [
          "__WIDTH",
          ...parts.flatMap((_, k) => [`__WORD${k}`, `__MASK${k}`, `__SHIFT${k}`, `__POS${k}`]),
        ];
    const accessors = where === "";
    const part = scope.family(`${macroPart(f.name)}${where}`, (b) => [
      ...suffixes.map((s) => `${P}_${b}${s}`),
      ...(accessors ? [`${p}_get_${b.toLowerCase()}`, `${p}_set_${b.toLowerCase()}`] : []),
    ]);
    const base = `${P}_${part}`;
    const defines: Define[] = [decimalDefine(`${base}__WIDTH`, f.width)];
    if (single) {
      const q = parts[0];
      defines.push(
        decimalDefine(`${base}__WORD`, q.word),
        hexDefine(`${base}__MASK`, bitMask(q.shift, q.shift + q.width - 1)),
        decimalDefine(`${base}__SHIFT`, q.shift),
        accessorDefine(base),
      );
    } else {
      parts.forEach((q, k) =>
        defines.push(
          decimalDefine(`${base}__WORD${k}`, q.word),
          hexDefine(`${base}__MASK${k}`, bitMask(q.shift, q.shift + q.width - 1)),
          decimalDefine(`${base}__SHIFT${k}`, q.shift),
          decimalDefine(`${base}__POS${k}`, q.pos),
        ),
      );
    }
    const view: LayoutView = {
      field: f.name,
      bits: bitsText(f),
      defines,
      getFn: accessors ? `${p}_get_${part.toLowerCase()}` : null,
      setFn: accessors ? `${p}_set_${part.toLowerCase()}` : null,
      parts,
      ...fieldCType(f),
    };
    byKeyView.set(key, view);
    list.push(view);
  }
  const byField = new Map([...keyOf].map(([f, key]) => [f, byKeyView.get(key)!]));
  return { list, byField };
}

function instructionView(
  i: Instruction,
  P: string,
  p: string,
  scope: NameScope,
  layouts: Map<Field, LayoutView>,
): InstructionView {
  const members = new NameScope(`${i.name}'s fields`);
  const fnParts = new NameScope(`${i.name}'s functions`);
  const fields = i.fields.map((f) => ({
    f,
    member: members.unique(memberName(f.name)),
    fn: fnParts.unique(functionPart(f.name)),
  }));
  const words = i.encoding.match.map((_, k) => k);
  const part = scope.family(macroPart(i.name), (b) => {
    const l = b.toLowerCase();
    return [
      ...words.flatMap((k) => [
        `${P}_${b}__MATCH${k}`,
        `${P}_${b}__MASK${k}`,
        `${P}_${b}__DONTCARE${k}`,
      ]),
      `${p}_${l}_matches`,
      `${p}_${l}_pack`,
      `${p}_${l}_unpack`,
      `${p}_${l}_fields`,
      ...fields.flatMap((x) => [`${p}_${l}_get_${x.fn}`, `${p}_${l}_set_${x.fn}`]),
    ];
  });
  const l = part.toLowerCase();
  const { match, mask, dontCare } = i.encoding;
  const defines = words.flatMap((k) => [
    hexDefine(`${P}_${part}__MATCH${k}`, BigInt(match[k])),
    hexDefine(`${P}_${part}__MASK${k}`, BigInt(mask[k])),
    hexDefine(`${P}_${part}__DONTCARE${k}`, BigInt(dontCare[k])),
  ]);
  const tests = words
    .map((k) => ({ word: k, tested: (mask[k] & ~dontCare[k]) >>> 0 }))
    .filter((t) => t.tested !== 0)
    .map((t) => ({
      word: t.word,
      mask: wordLiteral(t.tested),
      match: wordLiteral((match[t.word] & t.tested) >>> 0),
    }));
  const head = i.mnemonic && i.mnemonic !== i.name ? `${i.name} (${i.mnemonic})` : i.name;
  return {
    name: i.name,
    comment: comment(head, i.brief ?? i.title, i.gen && genText(i.gen.min, i.gen.max)),
    defines,
    matchNames: words.map((k) => `${P}_${part}__MATCH${k}`),
    tests,
    matchesFn: `${p}_${l}_matches`,
    packFn: `${p}_${l}_pack`,
    unpackFn: `${p}_${l}_unpack`,
    structName: fields.length > 0 ? `${p}_${l}_fields` : null,
    fields: fields.map(({ f, member, fn }) => ({
      member,
      getFn: `${p}_${l}_get_${fn}`,
      setFn: `${p}_${l}_set_${fn}`,
      layout: layouts.get(f)!,
      comment: f.brief ? comment(f.brief) : null,
    })),
  };
}
