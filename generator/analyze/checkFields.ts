/**
 * Field geometry: ranges inside the instruction (or register), low ≤ high, no two fields sharing a
 * bit unless declared alternatives, no field over a fixed bit, and enum values that fit their field.
 * A field inherited by many instructions (isaspec `extends`) is reported once, naming them all.
 */
import type { Diagnostic, Diagnostics, Severity } from "../diagnostics";
import { getBits } from "../model/bits";
import { mesaAcceptedSeverity } from "./mesaAccepts";
import type { EnumDef, Field, IsaModel, SourceRef } from "../model/types";

interface Owner {
  kind: "instruction" | "register" | "bitset";
  name: string;
}

/** Errors keyed by what is wrong (not by who inherits it), each listing every owner it affects. */
class GroupedErrors {
  private readonly groups = new Map<
    string,
    {
      code: string;
      severity: Severity;
      at: SourceRef;
      message: (owners: string) => string;
      related?: Diagnostic["related"];
      owners: Owner[];
    }
  >();

  add(
    key: string,
    owner: Owner,
    code: string,
    at: SourceRef,
    message: (owners: string) => string,
    related?: Diagnostic["related"],
    severity: Severity = "error",
  ): void {
    const g = this.groups.get(key);
    // Registers come first: an instruction field made from a register field is the same problem.
    if (g) {
      if (g.owners[0].kind === owner.kind) g.owners.push(owner);
    } else this.groups.set(key, { code, severity, at, message, related, owners: [owner] });
  }

  flush(diags: Diagnostics): void {
    for (const g of this.groups.values())
      diags.report({
        severity: g.severity,
        code: g.code,
        message: g.message(ownersText(g.owners)),
        at: g.at,
        related: g.related,
      });
  }
}

function ownersText(owners: Owner[]): string {
  const names = owners.map((o) => `'${o.name}'`).join(", ");
  return `${owners[0].kind}${owners.length > 1 ? "s" : ""} ${names}`;
}

const where = (s: SourceRef) => `${s.file}:${s.line}:${s.column}`;

/** Check ranges; returns false if any range is unusable for further checks. */
function checkRanges(fields: Field[], width: number, owner: Owner, out: GroupedErrors): boolean {
  let ok = true;
  for (const f of fields) {
    for (const r of f.ranges) {
      const key = `range\0${where(f.source)}\0${r.low}\0${r.high}\0${width}`;
      if (r.high < r.low) {
        out.add(
          key,
          owner,
          "bit-range",
          f.source,
          (o) => `${o} field '${f.name}': high bit ${r.high} is below low bit ${r.low}`,
        );
        ok = false;
      } else if (r.high >= width) {
        out.add(
          key,
          owner,
          "bit-range",
          f.source,
          (o) =>
            `${o} field '${f.name}': bits ${r.high}:${r.low} lie outside the ${width}-bit ${owner.kind}`,
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
  owner: Owner,
  out: GroupedErrors,
): void {
  const owners: Field[][] = Array.from({ length: width }, () => []);
  const seen = new Set<string>();
  for (const f of fields) {
    const overFixed: number[] = [];
    for (const r of f.ranges) {
      for (let bit = r.low; bit <= r.high; bit++) {
        for (const other of owners[bit]) {
          const pair = `${other.name}\0${f.name}`;
          if (other === f || seen.has(pair) || declaredAlternatives(other, f)) continue;
          seen.add(pair);
          out.add(
            `overlap\0${where(f.source)}\0${where(other.source)}\0${bit}`,
            owner,
            "field-overlap",
            f.source,
            (o) =>
              `${o}: field '${f.name}' overlaps field '${other.name}' at bit ${bit} (they are not declared alternatives)`,
            [{ at: other.source, message: `field '${other.name}' is defined here` }],
          );
        }
        owners[bit].push(f);
        if (fixed && getBits(fixed, bit, bit) === 1) overFixed.push(bit);
      }
    }
    if (overFixed.length > 0)
      out.add(
        `fixed\0${where(f.source)}\0${overFixed.join(",")}`,
        owner,
        "field-overlap",
        f.source,
        (o) =>
          `${o}: field '${f.name}' covers fixed encoding bit${overFixed.length > 1 ? "s" : ""} ${overFixed.join(", ")}`,
      );
  }
}

function checkEnumWidths(
  fields: Field[],
  enums: Map<string, EnumDef>,
  owner: Owner,
  out: GroupedErrors,
  diags: Diagnostics,
  severityAt: (at: SourceRef) => Severity,
): void {
  for (const f of fields) {
    // A field may by design use only the first entries of a wider enum, or hold only its low bits.
    if (f.type !== "enum" || f.enum === undefined || f.enumPrefix || f.enumLowBits) continue;
    const e = enums.get(f.enum);
    if (!e) continue;
    const max = 2 ** f.width - 1;
    for (const v of e.values) {
      // A value the reader already rejected (rules-ng `opcode-too-wide`) is not reported again.
      if (!v.reserved && v.value > max && !diags.followUpsSuppressed(v.source))
        out.add(
          `enum\0${where(f.source)}\0${where(v.source)}`,
          owner,
          "enum-width",
          v.source,
          (o) =>
            `value ${v.value}${v.name ? ` (${v.name})` : ""} of enum '${e.name}' does not fit field '${f.name}' (${f.width} bits, at most ${max}) of ${o}`,
          [{ at: f.source, message: `field '${f.name}' is defined here` }],
          severityAt(v.source),
        );
    }
  }
}

export function checkFields(model: IsaModel, diags: Diagnostics): void {
  const out = new GroupedErrors();
  const width = model.isa.instructionWidth;
  const enums = new Map(model.enums.map((e) => [e.name, e]));
  const severityAt = mesaAcceptedSeverity(model);
  for (const [kind, items] of [
    ["register", model.registers],
    ["bitset", model.bitsets],
  ] as const) {
    for (const r of items) {
      const owner: Owner = { kind, name: r.name };
      if (checkRanges(r.fields, r.width, owner, out))
        checkOverlaps(r.fields, r.width, undefined, owner, out);
      checkEnumWidths(r.fields, enums, owner, out, diags, severityAt);
    }
  }
  for (const ins of model.instructions) {
    const owner: Owner = { kind: "instruction", name: ins.name };
    const all = [...ins.fields, ...ins.overrides.flatMap((o) => o.fields)];
    if (checkRanges(all, width, owner, out)) {
      checkOverlaps(ins.fields, width, ins.encoding.mask, owner, out);
      // An override may redefine default-case fields, but not fixed bits or its own fields twice.
      for (const o of ins.overrides) checkOverlaps(o.fields, width, ins.encoding.mask, owner, out);
    }
    checkEnumWidths(all, enums, owner, out, diags, severityAt);
  }
  out.flush(diags);
}
