/**
 * Field geometry: ranges inside the instruction (or register), low ≤ high, no two fields sharing a
 * bit unless declared alternatives, no field over a fixed bit, and enum values that fit their field.
 */
import type { Diagnostics } from "../diagnostics";
import { getBits } from "../model/bits";
import type { EnumDef, Field, Instruction, IsaModel } from "../model/types";

/** Check ranges; returns false if any range is unusable for further checks. */
function checkRanges(fields: Field[], width: number, owner: string, diags: Diagnostics): boolean {
  let ok = true;
  for (const f of fields) {
    for (const r of f.ranges) {
      if (r.high < r.low) {
        diags.error(
          "bit-range",
          `${owner} field '${f.name}': high bit ${r.high} is below low bit ${r.low}`,
          f.source,
        );
        ok = false;
      } else if (r.high >= width) {
        diags.error(
          "bit-range",
          `${owner} field '${f.name}': bits ${r.high}:${r.low} lie outside the ${width}-bit ${owner.split(" ")[0]}`,
          f.source,
        );
        ok = false;
      }
    }
  }
  return ok;
}

function declaredAlternatives(a: Field, b: Field): boolean {
  return (a.alternativeTo ?? []).includes(b.name) || (b.alternativeTo ?? []).includes(a.name);
}

/** Report pairs of fields sharing bits (once per pair), and fields over fixed bits. */
function checkOverlaps(
  fields: Field[],
  width: number,
  fixed: ArrayLike<number> | undefined,
  owner: string,
  diags: Diagnostics,
): void {
  const owners: Field[][] = Array.from({ length: width }, () => []);
  const reported = new Set<string>();
  for (const f of fields) {
    const overFixed: number[] = [];
    for (const r of f.ranges) {
      for (let bit = r.low; bit <= r.high; bit++) {
        for (const other of owners[bit]) {
          const key = `${other.name}\0${f.name}`;
          if (other === f || reported.has(key) || declaredAlternatives(other, f)) continue;
          reported.add(key);
          diags.error(
            "field-overlap",
            `${owner}: field '${f.name}' overlaps field '${other.name}' at bit ${bit} (they are not declared alternatives)`,
            f.source,
            [{ at: other.source, message: `field '${other.name}' is defined here` }],
          );
        }
        owners[bit].push(f);
        if (fixed && getBits(fixed, bit, bit) === 1) overFixed.push(bit);
      }
    }
    if (overFixed.length > 0)
      diags.error(
        "field-overlap",
        `${owner}: field '${f.name}' covers fixed encoding bit${overFixed.length > 1 ? "s" : ""} ${overFixed.join(", ")}`,
        f.source,
      );
  }
}

function checkEnumWidths(
  fields: Field[],
  enums: Map<string, EnumDef>,
  owner: string,
  diags: Diagnostics,
): void {
  for (const f of fields) {
    // A field may by design use only the first entries of a wider enum, or hold only its low bits.
    if (f.type !== "enum" || f.enum === undefined || f.enumPrefix || f.enumLowBits) continue;
    const e = enums.get(f.enum);
    if (!e) continue;
    const max = 2 ** f.width - 1;
    for (const v of e.values) {
      if (!v.reserved && v.value > max)
        diags.error(
          "enum-width",
          `value ${v.value}${v.name ? ` (${v.name})` : ""} of enum '${e.name}' does not fit ${owner} field '${f.name}' (${f.width} bits, at most ${max})`,
          v.source,
          [{ at: f.source, message: `field '${f.name}' is defined here` }],
        );
    }
  }
}

function instructionOwner(ins: Instruction): string {
  return `instruction '${ins.name}'`;
}

export function checkFields(model: IsaModel, diags: Diagnostics): void {
  const width = model.isa.instructionWidth;
  const enums = new Map(model.enums.map((e) => [e.name, e]));
  for (const ins of model.instructions) {
    const owner = instructionOwner(ins);
    const all = [...ins.fields, ...ins.overrides.flatMap((o) => o.fields)];
    if (checkRanges(all, width, owner, diags)) {
      checkOverlaps(ins.fields, width, ins.encoding.mask, owner, diags);
      // An override may redefine default-case fields, but not fixed bits or its own fields twice.
      for (const o of ins.overrides)
        checkOverlaps(o.fields, width, ins.encoding.mask, owner, diags);
    }
    checkEnumWidths(all, enums, owner, diags);
  }
  for (const r of model.registers) {
    const owner = `register '${r.name}'`;
    if (checkRanges(r.fields, r.width, owner, diags))
      checkOverlaps(r.fields, r.width, undefined, owner, diags);
    checkEnumWidths(r.fields, enums, owner, diags);
  }
  for (const b of model.bitsets) {
    const owner = `bitset '${b.name}'`;
    if (checkRanges(b.fields, b.width, owner, diags))
      checkOverlaps(b.fields, b.width, undefined, owner, diags);
    checkEnumWidths(b.fields, enums, owner, diags);
  }
}
