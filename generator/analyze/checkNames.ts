/** Duplicate names, and references from fields to enums and bitsets that do not exist. */
import type { Diagnostics } from "../diagnostics";
import type { DerivedField, Field, IsaModel, SourceRef } from "../model/types";

/** Report every name that occurs more than once in `items`, at its second and later occurrences. */
export function checkUnique<T>(
  items: T[],
  nameOf: (t: T) => string | undefined,
  sourceOf: (t: T) => SourceRef,
  what: string,
  diags: Diagnostics,
): void {
  const first = new Map<string, T>();
  for (const item of items) {
    const name = nameOf(item);
    if (name === undefined) continue;
    const prior = first.get(name);
    if (prior === undefined) first.set(name, item);
    else
      diags.error("duplicate-name", `${what} '${name}' is defined twice`, sourceOf(item), [
        { at: sourceOf(prior), message: `first definition of '${name}'` },
      ]);
  }
}

export function checkNames(model: IsaModel, diags: Diagnostics): void {
  const src = (x: { source: SourceRef }) => x.source;
  checkUnique(model.instructions, (i) => i.name, src, "instruction", diags);
  checkUnique(model.enums, (e) => e.name, src, "enum", diags);
  checkUnique(model.bitsets, (b) => b.name, src, "bitset", diags);
  checkUnique(model.registers, (r) => r.name, src, "register", diags);
  for (const e of model.enums)
    checkUnique(e.values, (v) => v.name, src, `value of enum '${e.name}'`, diags);
  for (const r of model.registers)
    checkUnique(r.fields, (f) => f.name, src, `field of register '${r.name}'`, diags);
  for (const b of model.bitsets)
    checkUnique(b.fields, (f) => f.name, src, `field of bitset '${b.name}'`, diags);
  for (const ins of model.instructions) {
    const named: (Field | DerivedField)[] = [...ins.fields, ...ins.derived];
    checkUnique(named, (f) => f.name, src, `field of instruction '${ins.name}'`, diags);
  }
}

/** Every field's `enum` and `bitset` must name a definition of the model. */
export function checkReferences(model: IsaModel, diags: Diagnostics): void {
  const enums = new Set(model.enums.map((e) => e.name));
  const bitsets = new Set(model.bitsets.map((b) => b.name));
  const check = (f: Field | DerivedField, owner: string) => {
    if (f.enum !== undefined && !enums.has(f.enum))
      diags.error(
        "dangling-reference",
        `${owner} field '${f.name}' names enum '${f.enum}', which is not defined`,
        f.source,
      );
    if ("bitset" in f && f.bitset !== undefined && !bitsets.has(f.bitset))
      diags.error(
        "dangling-reference",
        `${owner} field '${f.name}' names bitset '${f.bitset}', which is not defined`,
        f.source,
      );
  };
  for (const ins of model.instructions) {
    for (const f of [...ins.fields, ...ins.derived]) check(f, `instruction '${ins.name}'`);
    for (const o of ins.overrides)
      for (const f of [...o.fields, ...o.derived]) check(f, `instruction '${ins.name}'`);
    const fieldNames = new Set(ins.fields.map((f) => f.name));
    for (const m of ins.modifiers)
      if (m.encoded && !fieldNames.has(m.field))
        diags.error(
          "dangling-reference",
          `instruction '${ins.name}' modifier '${m.name}' names field '${m.field}', which it does not have`,
          m.source,
        );
    for (const o of ins.operands)
      for (const name of o.fields)
        if (!fieldNames.has(name) && !ins.derived.some((d) => d.name === name))
          diags.error(
            "dangling-reference",
            `instruction '${ins.name}' operand '${o.name}' names field '${name}', which it does not have`,
            o.source,
          );
  }
  for (const r of model.registers) for (const f of r.fields) check(f, `register '${r.name}'`);
  for (const b of model.bitsets) for (const f of b.fields) check(f, `bitset '${b.name}'`);
}
