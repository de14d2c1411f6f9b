/**
 * How many random ir3 words the shipped codec (out/ts/ir3.ts, with specs/ir3/assembler.json's
 * rules) gets back from their own text: for a few random words of every instruction at each
 * generation it exists for (fixed bits, don't-care bits clear, the rest random), kept where Mesa's
 * decoder prints no remark, whether assembling the text gives the same words; where it does not,
 * which fields differ: only fields no display, expression, param or implicit rule of the
 * instruction names (Mesa's encoder writes only the fields a display names, encode.py
 * `Case.fieldnames`: such words are none Mesa's assembler writes), or others (listed: named by
 * some case but not by the one printed, or two encodings of one text). Texts a `lossy` respelling
 * of the companion rewrites (a cat5 '()' write mask, which Mesa reads as '(x)') are counted apart:
 * no words Mesa's assembler writes print them. Every text assembles to
 * words printing it (test/codecs/ir3MesaAsm.test.ts).
 *
 *   npx tsx scripts/ir3MesaWords.ts [--per N] [--show]
 *
 * @needs-upstream mesa
 */
import { readFileSync } from "fs";
import * as path from "path";
import { prng } from "../bench/prng";
import type { Instruction, IsaModel } from "../generator/model/types";
import { withEnumIntegers } from "../generator/runtime/codec/isaspecSpellings";
import * as ir3 from "../out/ts/ir3";

const args = process.argv.slice(2);
const per = args.includes("--per") ? Number(args[args.indexOf("--per") + 1]) : 4;
const show = args.includes("--show");
const model = JSON.parse(
  readFileSync(path.join(__dirname, "..", "out", "json", "ir3.json"), "utf8"),
) as IsaModel;
const random = prng(28);

/** The fields a display, derived expression, override condition, param or implicit rule names. */
function named(ins: Instruction): Set<string> {
  const text = [
    ins.display ?? "",
    ...ins.derived.map((d) => d.expr),
    ...ins.overrides.flatMap((o) => [o.expr, o.display ?? "", ...o.derived.map((d) => d.expr)]),
  ].join(" ");
  const out = new Set([...text.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]));
  for (const f of [...ins.fields, ...ins.overrides.flatMap((o) => o.fields)])
    for (const p of f.params ?? []) out.add(p.name);
  for (const v of ins.implicit ?? []) out.add(v.field);
  return out;
}

let valid = 0;
let exact = 0;
let unnamed = 0;
let lossyTexts = 0;
const lossyRespellings = (model.assemblerText?.respellings ?? [])
  .filter((r) => r.lossy)
  .map((r) => new RegExp(r.pattern));
const lossyEnums = (model.assemblerText?.enumIntegers ?? [])
  .filter((e) => e.lossy)
  .map((e) => {
    const texts: string[] = [];
    for (const v of model.enums.find((x) => x.name === e.enum)!.values)
      texts[v.value] = v.display ?? "";
    return { re: new RegExp(e.pattern), texts: Array.from(texts, (x) => x ?? "") };
  });
const isLossy = (text: string) =>
  lossyRespellings.some((re) => re.test(text)) ||
  lossyEnums.some((e) => e.re.test(text) && withEnumIntegers(text, e.texts) !== text);
const others = new Map<string, number>();
for (const ins of model.instructions) {
  const { match, mask, dontCare } = ins.encoding;
  const gens = [300, 400, 500, 600, 700].filter(
    (g) => !ins.gen || (g >= ins.gen.min && g <= ins.gen.max),
  );
  for (const gpu of gens)
    for (let n = 0; n < per; n++) {
      const words = match.map((m, i) => ((m & ~dontCare[i]) | (random() & ~mask[i])) >>> 0);
      const decoded = ir3.decode(words, { gpu });
      if (decoded?.name !== ins.name) continue;
      const text = ir3.disassemble(words, { gpu, showErrors: true });
      if (text.includes("\t; ")) continue;
      valid++;
      const back = Array.from(ir3.assemble(text, { gpu }));
      if (back.every((w, i) => w === words[i])) {
        exact++;
        continue;
      }
      if (isLossy(text)) {
        lossyTexts++;
        continue;
      }
      const a = decoded.fields as Record<string, unknown>;
      const b = ir3.decode(back, { gpu })!.fields as Record<string, unknown>;
      const differ = Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
      const shown = differ.filter((k) => named(ins).has(k));
      if (!shown.length) unnamed++;
      else {
        const key = `${ins.name}: ${shown.join(", ")}`;
        others.set(key, (others.get(key) ?? 0) + 1);
        if (show) console.log(`${gpu} '${text}' → '${ir3.disassemble(back, { gpu })}'`);
      }
    }
}
const pct = (n: number) => `${((100 * n) / valid).toFixed(1)}%`;
console.log(`valid words ${valid}: the same words ${exact} (${pct(exact)}),`);
console.log(`  others differing only in fields no display names ${unnamed} (${pct(unnamed)}),`);
console.log(
  `  others whose text Mesa reads as other words (lossy) ${lossyTexts} (${pct(lossyTexts)}),`,
);
const rest = [...others.values()].reduce((s, n) => s + n, 0);
console.log(`  others differing in named fields ${rest} (${pct(rest)}):`);
for (const [k, n] of [...others].sort()) console.log(`    ${n} ${k}`);
