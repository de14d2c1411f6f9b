/**
 * The `<ins>` elements of Mesa's Bifrost ISA.xml as the states Mesa decodes (bifrost-clauses.md §7.1–7.3):
 * pseudo instructions, sources, modifiers and immediates skipped; one state per `<encoding>`, whose
 * `<copy>` gives a modifier its start for that state only; options padded with `reserved`.
 */
import type { Diagnostics } from "../../diagnostics";
import type {
  SlotCondition,
  SlotDerived,
  SlotModifier,
  SlotSource,
  SlotState,
} from "../../model/types";
import type { RecoveredDocument } from "../../recover/recoverDocument";
import { elements, locateAttribute, locateElement, textOf, type XmlElement } from "../xml";
import { CONDITION_ELEMENTS, conditionOperands, isSet, readCondition } from "./conditions";

/** Attributes of `<ins>` kept as metadata: they do not change the text. */
const KEPT_ATTRIBUTES = ["dests", "last", "message", "staging", "table", "unused"];
/** Children of `<ins>` this reader knows; `<swap>` only concerns Mesa's packer. */
const INS_CHILDREN = new Set(["src", "mod", "immediate", "encoding", "derived", "swap"]);

export interface SlotContext {
  doc: RecoveredDocument;
  diags: Diagnostics;
  /** Slot names of the manifest's units, lower case (`fma`, `add`) → the word width. */
  units: Map<string, number>;
}

function integer(ctx: SlotContext, el: XmlElement, attr: string): number | undefined {
  const text = el.attrs[attr];
  if (text === undefined) return undefined;
  const value = /^0x[0-9a-f]+$/i.test(text)
    ? parseInt(text.slice(2), 16)
    : /^[0-9]+$/.test(text)
      ? Number(text)
      : NaN;
  if (Number.isNaN(value)) {
    ctx.diags.error(
      "bad-number",
      `'${attr}="${text}"' is not a number`,
      locateAttribute(ctx.doc, el, attr),
    );
    return undefined;
  }
  return value;
}

function required(ctx: SlotContext, el: XmlElement, attr: string): number | undefined {
  const value = integer(ctx, el, attr);
  if (value === undefined && el.attrs[attr] === undefined)
    ctx.diags.error(
      "missing-attribute",
      `<${el.name}> needs '${attr}'`,
      locateElement(ctx.doc, el),
    );
  return value;
}

function readModifier(ctx: SlotContext, el: XmlElement): SlotModifier | undefined {
  const source = locateElement(ctx.doc, el);
  const name = el.attrs.name;
  const size = required(ctx, el, "size");
  if (name === undefined || size === undefined) {
    if (name === undefined) ctx.diags.error("missing-attribute", "<mod> needs 'name'", source);
    return undefined;
  }
  const children = elements(el);
  const options =
    children.length > 0
      ? children.map((c) => (c.name === "opt" ? textOf(c).trim() : c.name))
      : el.attrs.opt !== undefined
        ? ["none", el.attrs.opt]
        : [];
  for (const c of children)
    if (c.name !== "opt" && c.name !== "reserved")
      ctx.diags.error(
        "unknown-element",
        `<${c.name}> in <mod name="${name}">: options are <opt> or <reserved/>`,
        locateElement(ctx.doc, c),
      );
  const count = 2 ** size;
  if (options.length > count)
    ctx.diags.error(
      "modifier-size",
      `modifier '${name}' lists ${options.length} options, more than its ${size} bits hold`,
      source,
    );
  while (options.length < count) options.push("reserved");
  options.length = count;
  const start = integer(ctx, el, "start");
  const fallback =
    el.attrs.default !== undefined
      ? el.attrs.default
      : options.includes("none")
        ? "none"
        : undefined;
  return {
    name,
    ...(start !== undefined ? { start } : {}),
    size,
    options,
    ...(fallback !== undefined ? { default: fallback } : {}),
    source,
  };
}

function readDerived(ctx: SlotContext, el: XmlElement): SlotDerived | undefined {
  const start = required(ctx, el, "start");
  const size = required(ctx, el, "size");
  if (start === undefined || size === undefined) return undefined;
  const source = locateElement(ctx.doc, el);
  const values = elements(el).map((child) => {
    const at = locateElement(ctx.doc, child);
    if (child.name === "reserved") return { reserved: true, source: at };
    const condition = readCondition(ctx.doc, child, ctx.diags);
    return condition ? { condition, source: at } : { reserved: true, source: at };
  });
  if (values.length > 2 ** size)
    ctx.diags.error(
      "derived-size",
      `<derived> at bit ${start} lists ${values.length} values, more than its ${size} bits hold`,
      source,
    );
  while (values.length < 2 ** size) values.push({ reserved: true, source });
  values.length = 2 ** size;
  return { start, size, values, source };
}

/** The states of one `<ins>` (none when it is pseudo or unreadable). */
export function readSlotInstruction(ctx: SlotContext, ins: XmlElement): SlotState[] {
  if (isSet(ins, "pseudo")) return [];
  const source = locateElement(ctx.doc, ins);
  const name = ins.attrs.name;
  const unit = ins.attrs.unit;
  if (name === undefined) {
    ctx.diags.error("missing-attribute", "<ins> needs 'name'", source);
    return [];
  }
  const width = unit === undefined ? undefined : ctx.units.get(unit);
  if (width === undefined) {
    ctx.diags.error(
      "unknown-unit",
      `instruction '${name}' has unit '${unit ?? ""}'; the manifest's units are ${[...ctx.units.keys()].join(", ")}`,
      unit === undefined ? source : locateAttribute(ctx.doc, ins, "unit"),
    );
    return [];
  }
  for (const child of elements(ins))
    if (!INS_CHILDREN.has(child.name))
      ctx.diags.error(
        "unknown-element",
        `unknown element <${child.name}> in <ins name="${name}">`,
        locateElement(ctx.doc, child),
      );
  const kept = (tag: string) => elements(ins, tag).filter((e) => !isSet(e, "pseudo"));
  const sources = kept("src").flatMap((e): SlotSource[] => {
    const start = required(ctx, e, "start");
    const mask = integer(ctx, e, "mask");
    if (start === undefined) return [];
    return [{ start, ...(mask !== undefined ? { mask } : {}), source: locateElement(ctx.doc, e) }];
  });
  const modifiers = kept("mod").flatMap((e) => readModifier(ctx, e) ?? []);
  const immediates = kept("immediate").flatMap((e) => {
    const start = required(ctx, e, "start");
    const size = required(ctx, e, "size");
    if (e.attrs.name === undefined || start === undefined || size === undefined) return [];
    return [{ name: e.attrs.name, start, size, source: locateElement(ctx.doc, e) }];
  });
  const attributes = Object.fromEntries(
    KEPT_ATTRIBUTES.filter((a) => ins.attrs[a] !== undefined).map((a) => [a, ins.attrs[a]]),
  );
  const staging = (ins.attrs.staging ?? "").split("=")[0] !== "";
  const mnemonic = `${unit === "fma" ? "*" : "+"}${name}`;
  const base = {
    name,
    mnemonic,
    unit: unit!,
    sources,
    immediates,
    staging,
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
  };
  const encodings = elements(ins, "encoding");
  const states: SlotState[] = [];
  if (encodings.length === 0) {
    const mask = required(ctx, ins, "mask");
    const exact = required(ctx, ins, "exact");
    if (mask === undefined || exact === undefined) return [];
    const derived = elements(ins, "derived").flatMap((d) => readDerived(ctx, d) ?? []);
    states.push({ ...base, mask, exact, derived, modifiers, source });
  }
  encodings.forEach((enc, index) => {
    const mask = required(ctx, enc, "mask");
    const exact = required(ctx, enc, "exact");
    if (mask === undefined || exact === undefined) return;
    const first = elements(enc)[0];
    let test: SlotCondition | undefined;
    if (first && CONDITION_ELEMENTS.has(first.name))
      test = readCondition(ctx.doc, first, ctx.diags);
    for (const child of elements(enc))
      if (child !== first && !["derived", "copy"].includes(child.name))
        ctx.diags.error(
          "unknown-element",
          `unknown element <${child.name}> in an <encoding> of '${name}'`,
          locateElement(ctx.doc, child),
        );
    const starts = new Map<string, number>();
    for (const copy of elements(enc, "copy")) {
      const start = required(ctx, copy, "start");
      const target = copy.attrs.name;
      if (target === undefined || !modifiers.some((m) => m.name === target))
        ctx.diags.error(
          "dangling-reference",
          `<copy> names modifier '${target ?? ""}', which '${name}' does not have`,
          locateElement(ctx.doc, copy),
        );
      else if (start !== undefined) starts.set(target, start);
    }
    const own = modifiers.map((m) =>
      starts.has(m.name) ? { ...m, start: starts.get(m.name)! } : m,
    );
    const derived = elements(enc, "derived").flatMap((d) => readDerived(ctx, d) ?? []);
    states.push({
      ...base,
      encoding: index,
      mask,
      exact,
      ...(test ? { test } : {}),
      derived,
      modifiers: own,
      source: locateElement(ctx.doc, enc),
    });
  });
  for (const state of states) checkState(ctx, state, width);
  return states;
}

/** What Mesa's generator would trip on: words wider than the slot, operands naming no modifier. */
function checkState(ctx: SlotContext, state: SlotState, width: number): void {
  const where = `'${state.mnemonic}'${state.encoding !== undefined ? ` (encoding ${state.encoding})` : ""}`;
  if (state.mask >= 2 ** width || (state.exact & ~state.mask) !== 0)
    ctx.diags.error(
      "encoding-bits",
      `${where}: mask 0x${state.mask.toString(16)} / exact 0x${state.exact.toString(16)} do not fit a ${width}-bit word with exact inside mask`,
      state.source,
    );
  const names = new Set(state.modifiers.map((m) => m.name));
  const conditions = [
    ...(state.test ? [state.test] : []),
    ...state.derived.flatMap((d) => d.values.flatMap((v) => (v.condition ? [v.condition] : []))),
  ];
  for (const c of conditions)
    for (const operand of conditionOperands(c))
      if (!operand.startsWith("#") && operand !== "ordering" && !names.has(operand))
        ctx.diags.error(
          "dangling-reference",
          `${where}: a condition names '${operand}', which is no modifier of the instruction`,
          c.source,
        );
}
