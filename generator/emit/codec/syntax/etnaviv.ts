/**
 * Data the etnaviv assembly syntax (Mesa's isaspec text) needs beyond the generic codec tables,
 * embedded in the generated codec as `SYNTAX`: the model's `assemblyText` in lookup-friendly form.
 * Spelling tables become arrays indexed by value (null where upstream has no text); every
 * instruction gets its mnemonic, form and mnemonic variants.
 */
import type { AssemblyText, IsaModel, TextImmediatePart } from "../../../model/types";

/** The spellings the operand printer uses, by their names in the companion. */
const OPERAND_SPELLINGS = {
  mask: "wrmask",
  amode: "amode",
  group: "rgroup",
  swizzle: "swizzle",
} as const;

type Table = (string | null)[];

function table(text: AssemblyText, name: string): Table {
  const s = text.spellings.find((x) => x.name === name);
  if (!s) throw new Error(`etnaviv syntax: assemblyText has no spelling '${name}'`);
  const out: Table = new Array<string | null>(
    s.values.reduce((m, v) => Math.max(m, v.value + 1), 0),
  ).fill(null);
  for (const v of s.values) out[v.value] = v.text;
  return out;
}

/** [role, shift, from, width (null: rest of the field)]. */
function part(p: TextImmediatePart): [string, number, number, number | null] {
  return [p.role, p.shift, p.from ?? 0, p.width ?? null];
}

export function etnavivSyntaxData(model: IsaModel): object {
  const text = model.assemblyText;
  if (!text) return {};
  const formOf = new Map<string, string>();
  for (const f of text.forms) for (const i of f.instructions) formOf.set(i, f.name);
  const n = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
  return {
    headWidth: text.headWidth,
    separator: text.operandSeparator,
    unused: text.unused,
    spell: Object.fromEntries(
      Object.entries(OPERAND_SPELLINGS).map(([k, name]) => [k, table(text, name)]),
    ),
    modifiers: Object.fromEntries(
      text.modifiers.map((m) => [
        m.name,
        {
          text: n(m.text),
          inverted: m.inverted ?? false,
          spelling: m.spelling ? table(text, m.spelling) : null,
          parts: m.parts ? m.parts.map((p) => [p.field, p.shift]) : null,
        },
      ]),
    ),
    operands: Object.fromEntries(
      text.operands.map((o) => [
        o.name,
        {
          kind: o.kind,
          use: n(o.fields.use),
          reg: n(o.fields.reg),
          amode: n(o.fields.amode),
          mask: n(o.fields.mask),
          group: n(o.fields.group),
          swizzle: n(o.fields.swizzle),
          neg: n(o.fields.neg),
          abs: n(o.fields.abs),
          id: n(o.fields.id),
          value: n(o.fields.value),
          prefix: n(o.prefix),
          memory: n(o.memory),
        },
      ]),
    ),
    immediate: text.immediate
      ? {
          group: text.immediate.group,
          width: text.immediate.width,
          value: text.immediate.value.map(part),
          type: part(text.immediate.type),
          formats: text.immediate.formats,
        }
      : null,
    forms: Object.fromEntries(
      text.forms.map((f) => [f.name, { modifiers: f.modifiers, operands: f.operands }]),
    ),
    instructions: Object.fromEntries(
      model.instructions.map((i) => [
        i.name,
        {
          mnemonic: i.mnemonic,
          form: formOf.get(i.name) ?? text.defaultForm,
          variants: text.variants
            .filter((v) => v.instruction === i.name)
            .map((v) => ({
              mnemonic: v.mnemonic,
              fixed: v.fixed.map((f) => [f.field, f.value]),
              voidOperands: v.voidOperands,
            })),
        },
      ]),
    ),
  };
}
