/**
 * Assembly text, generic form: `NAME FIELD=value, FIELD=value, …` with every field, enum values
 * by symbol, booleans as true/false. Carried by the codecs of ISAs without an upstream text to
 * match (inlined by generator/emit/codec/runtimeSource.ts).
 */
import { AssemblyError } from "./assemblyError";
import type { Instruction } from "./codecTables";
import type { AssembleOptions, DecodeOptions, Words } from "./codecTypes";
import { BY_NAME, decode, encode } from "./codecRuntime";
import { unknownText } from "./plainLines";

export interface DisassembleOptions extends DecodeOptions {
  /** Accepted for every codec's sake: the generic form has no upstream error text to add. */
  showErrors?: boolean;
}

/** One line of text for one instruction; `unknown <hex words>` when no instruction matches. */
export function disassemble(words: Words, options: DisassembleOptions = {}): string {
  const d = decode(words, options);
  if (!d) return unknownText(words);
  const fields = d.fields as unknown as Record<string, unknown>;
  const parts = Object.keys(fields).map((k) => `${k}=${String(fields[k])}`);
  return parts.length ? `${d.name} ${parts.join(", ")}` : d.name;
}

/** Parse one line of generic text back into words. `options.gpu` is for the shared signature only. */
export function assemble(text: string, _options: AssembleOptions = {}): Uint32Array {
  const line = 1;
  const m = /^\s*(\S+)\s*(.*)$/.exec(text);
  if (!m) throw new AssemblyError("empty line", line, 1);
  const name = m[1];
  const spec = BY_NAME.get(name);
  if (!spec) throw new AssemblyError(`unknown instruction '${name}'`, line, text.indexOf(name) + 1);
  const fields: Record<string, unknown> = {};
  let offset = text.indexOf(m[2], m.index + m[1].length);
  for (const part of m[2] === "" ? [] : m[2].split(",")) {
    const column = offset + part.search(/\S|$/) + 1;
    const kv = /^\s*([A-Za-z_][\w.]*)=(\S+)\s*$/.exec(part);
    if (!kv) throw new AssemblyError(`expected FIELD=value, found '${part.trim()}'`, line, column);
    const f = spec.fields.find((x) => x.name === kv[1]);
    if (!f) throw new AssemblyError(`${name} has no field '${kv[1]}'`, line, column);
    const v = kv[2];
    fields[kv[1]] =
      f.kind === "bool" || f.kind === "bool_inv" ? v === "true" : f.enumIndex >= 0 ? v : Number(v);
    offset += part.length + 1;
  }
  try {
    return encode({ name, fields } as unknown as Instruction);
  } catch (e) {
    throw new AssemblyError((e as Error).message, line, 1);
  }
}
