/**
 * Structs a buffer of which is walked by a tag, as a command stream is by its opcode (v10's `CS …`
 * instructions; v9's resource descriptors by their type): structs of one size whose tag is a field
 * of an enum type at the same bits in each, each struct's own value its default
 * (`<field name="Opcode" start="56" size="8" type="CS Opcode" default="MOVE32"/>`). Found from the
 * document, not from names. At least three structs: two that share a tag are variants of one
 * descriptor (v4–v7's attribute buffers), not a stream; a document without a family has no walk.
 */
import type { GenxmlPanfrostDocument, GenxmlPanfrostStruct } from "../../model/genxmlPanfrost";
import { structBytes } from "../../model/genxmlPanfrostLayout";

export interface CommandFamily {
  /** Bytes per instruction. */
  bytes: number;
  /** The opcode field's first and last bit, and its enum. */
  start: number;
  end: number;
  enumName: string;
  /** Each opcode's struct, by opcode value, in the document's order of the structs. */
  commands: { opcode: number; struct: GenxmlPanfrostStruct }[];
}

/** The largest family of structs tagged by an enum-typed field, or null if there is none. */
export function commandFamily(doc: GenxmlPanfrostDocument): CommandFamily | null {
  const enums = new Map(
    doc.items.flatMap((i) => (i.kind === "enum" ? [[i.name, i] as const] : [])),
  );
  const families = new Map<string, CommandFamily>();
  for (const s of doc.items) {
    if (s.kind !== "struct" || s.noDirectPacking) continue;
    for (const f of s.fields) {
      const values = enums.get(f.type)?.values;
      const opcode = values?.find((v) => v.name === f.default)?.value;
      if (opcode === undefined) continue;
      const bytes = structBytes(s);
      const key = `${bytes}:${f.start}:${f.end}:${f.name}:${f.type}`;
      const family = families.get(key) ?? {
        bytes,
        start: f.start,
        end: f.end,
        enumName: f.type,
        commands: [],
      };
      // Two structs of one opcode: the first, as a switch takes its first case.
      if (!family.commands.some((c) => c.opcode === opcode))
        family.commands.push({ opcode, struct: s });
      families.set(key, family);
    }
  }
  const found = [...families.values()].filter((f) => f.commands.length >= 3);
  return found.reduce<CommandFamily | null>(
    (best, f) => (best === null || f.commands.length > best.commands.length ? f : best),
    null,
  );
}
