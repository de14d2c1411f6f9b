/**
 * The C of the r500-fc syntax: Mesa's `r500FragmentProgramDump()` line for a flow-control
 * instruction, as the TS codec prints it (generator/runtime/codec/r500FcSyntax.ts), slot by slot
 * from the same data (generator/emit/codec/syntax/r500Fc.ts); `unknown 0x… …` for other words.
 */
import type { IsaModel } from "../../model/types";
import { r500FcSyntaxData } from "../codec/syntax/r500Fc";
import { cStringLiteral } from "../dispatch/dispatchView";

interface R500FcData {
  instruction: string;
  words: { cmn: number; inst: number; addr: number };
  fields: Record<string, string>;
  masks: { wmask: [number, number]; omask: [number, number] };
  names: Record<"op" | "aOp" | "bOp0" | "bOp1", string[]>;
  jumpSlice: [number, number];
}

/** Mesa's to_mask(), indexed by the 4-bit mask (bit 0 R, 1 G, 2 B, 3 A). */
const RGB_MASKS = ["NONE", "R", "G", "RG", "B", "RB", "GB", "RGB"];
const WRITE_MASKS = [...RGB_MASKS, ...RGB_MASKS.map((n) => (n === "NONE" ? "A" : `A${n}`))];

const put = (text: string) => `dis_putn(w, ${cStringLiteral(text)}, ${Buffer.byteLength(text)});`;

/** Body lines of `disasm_into` once the words matched the flow-control instruction. */
export function r500FcBody(model: IsaModel): string[] {
  const data = r500FcSyntaxData(model) as R500FcData;
  const fc = model.instructions.find((i) => i.name === data.instruction)!;
  const wc = model.isa.wordCount;
  const bits = (low: number, high: number) => `dis_bits(words, ${wc}, ${low}, ${high})`;
  const field = (slot: string) => {
    const f = fc.fields.find((x) => x.name === data.fields[slot])!;
    return bits(f.ranges[0].low, f.ranges[0].high);
  };
  const out: string[] = [];
  const text = (t: string) => out.push(put(t));
  const word = (k: number) => out.push(`dis_putn(w, "0x", 2);`, `dis_hex_pad(w, words[${k}], 8);`);
  const names = (value: string, list: string[]) => {
    out.push(`switch (${value}) {`);
    list.forEach((n, v) => {
      if (n !== "") out.push(`case ${v}:`, `\t${put(n)}`, "\tbreak;");
    });
    out.push("}");
  };
  const flag = (slot: string, t: string) => out.push(`if (${field(slot)})`, `\t${put(t)}`);
  const hex = (slot: string, pad: number) => out.push(`dis_hex_pad(w, ${field(slot)}, ${pad});`);
  const dec = (value: string) => out.push(`dis_int(w, ${value});`);
  const W = data.words;

  text(`${W.cmn}:CMN_INST   `);
  word(W.cmn);
  text(`:${fc.mnemonic} `);
  flag("texWait", "TEX_WAIT");
  text(" ");
  flag("last", "LAST");
  text(" ");
  flag("nop", "NOP");
  text(" ");
  flag("aluWait", "ALU WAIT");
  text(" wmask: ");
  names(bits(...data.masks.wmask), WRITE_MASKS);
  text(" omask: ");
  names(bits(...data.masks.omask), WRITE_MASKS);
  text(`\t${W.inst}:FC_INST    `);
  word(W.inst);
  text(":0x");
  hex("jumpFunc", 2);
  text(" ");
  hex("jumpAny", 1);
  for (const slot of ["op", "aOp", "bOp0", "bOp1"] as const) {
    text(" ");
    names(field(slot), data.names[slot]);
  }
  text(" ");
  dec(field("popCnt"));
  text(" ");
  hex("bElse", 1);
  text(" ");
  dec(bits(...data.jumpSlice));
  flag("ignUnc", " IGN_UNC");
  text(`\t${W.addr}:FC_ADDR    `);
  word(W.addr);
  text(":BOOL: 0x");
  hex("boolAddr", 2);
  text(", INT: 0x");
  hex("intAddr", 2);
  text(", JUMP_ADDR: ");
  dec(field("jumpAddr"));
  text(", JMP_GLBL: ");
  hex("jumpGlobal", 1);
  return out;
}
