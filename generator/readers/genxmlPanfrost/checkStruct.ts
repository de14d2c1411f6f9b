/**
 * Layout checks of one Panfrost struct, made when its `</struct>` is read: what would make
 * gen_pack.py fail or write a header that packs other bits than the document says.
 */
import type { Diagnostics } from "../../diagnostics";
import type { GenxmlPanfrostStruct } from "../../model/genxmlPanfrost";
import { flattenFields } from "../../model/genxmlPanfrostLayout";

export function checkStruct(
  s: GenxmlPanfrostStruct,
  structs: ReadonlyMap<string, GenxmlPanfrostStruct>,
  diags: Diagnostics,
): void {
  const bits = s.words !== undefined ? s.words * 32 : undefined;
  for (const f of s.fields) {
    if (bits !== undefined && f.end >= bits)
      diags.error(
        "field-past-end",
        `field '${f.name}' (bits ${f.start}-${f.end}) ends past struct '${s.name}', which has ${s.words} words (bits 0-${bits - 1})`,
        f.source,
        [{ at: s.source, message: `struct '${s.name}' is here` }],
      );
    if (f.type === s.name)
      diags.error("bad-field", `field '${f.name}' embeds its own struct '${s.name}'`, f.source);
    // An embedded struct may reach past the field's own bits (v9's Plane: a 32-bit `AFBC` field
    // of a 192-bit overlay); gen_pack.py packs its fields wherever they fall, so only the
    // struct's end bounds them.
    const inner = structs.get(f.type);
    if (inner && inner !== s && bits !== undefined) {
      const reach = Math.max(-1, ...flattenFields(inner, structs, f.start).map((x) => x.end));
      if (reach >= bits)
        diags.error(
          "field-past-end",
          `field '${f.name}' embeds struct '${f.type}', whose fields reach bit ${reach}, past struct '${s.name}' (bits 0-${bits - 1})`,
          f.source,
          [{ at: inner.source, message: `struct '${f.type}' is here` }],
        );
    }
  }
  // Overlapping fields are not checked: Panfrost documents overlay views of the same bits on
  // purpose (v9's Render Target: YUV, AFBC and RGB over one another), and gen_pack.py ORs them.
}
