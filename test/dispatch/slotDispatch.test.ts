/**
 * Bifrost's slot dispatch tables (out/dispatch/bifrost.{ts,c}) find the state Mesa decodes: checked
 * against a linear scan of the model's slot states in Mesa's candidate order (bifrost-clauses.md
 * §7.4: mask as a number, largest first; mask, exact and no reserved derived value), on every slot
 * word of the expected streams and on seeded random words; the C file compiles strict.
 *
 * @needs-upstream mesa
 */
import { readFileSync } from "fs";
import * as path from "path";
import { prng } from "../../bench/prng";
import { defaultRootDir } from "../../generator/load/upstreamRoots";
import type { IsaModel, SlotState } from "../../generator/model/types";
import { decodeStream } from "../../out/ts/bifrost";
import { addStates, dispatchadd, dispatchfma, fmaStates } from "../../out/dispatch/bifrost";
import { C99, sh, tempDir } from "../c/cc";
import { TEST_OUT } from "../helpers/testOutput";

const model = JSON.parse(
  readFileSync(path.join(TEST_OUT, "json", "bifrost.json"), "utf8"),
) as IsaModel;

/** The first state of the slot, in Mesa's order, that a word is (the oracle), as its mnemonic. */
function scan(unit: string, w: number): string | null {
  const states = model.clauseIsa!.slotStates.filter((s) => s.unit === unit);
  const ordered = [...states].sort((a, b) => b.mask - a.mask);
  const reservedOk = (s: SlotState) =>
    s.derived.every((d) => !d.values[(w >>> d.start) & (2 ** d.size - 1)].reserved);
  const found = ordered.find((s) => (w & s.mask) === s.exact && reservedOk(s));
  return found ? found.mnemonic : null;
}

const nameOf = (names: readonly string[], id: number) =>
  id < 0 ? null : names[id].replace(/ #\d+$/, "");

const words: { fma: number[]; add: number[] } = { fma: [], add: [] };
for (const file of ["shown.jsonl", "edge-shown.jsonl"])
  for (const line of readFileSync(path.join(defaultRootDir("expected"), "bifrost", file), "utf8")
    .split("\n")
    .filter((l) => l !== "")) {
    const hex = (JSON.parse(line) as { hex: string }).hex;
    for (const c of decodeStream(new Uint8Array(Buffer.from(hex, "hex"))))
      for (const t of c.tuples) {
        words.fma.push(t.fma);
        words.add.push(t.add);
      }
  }
const next = prng(37);
for (let i = 0; i < 20_000; i++) {
  words.fma.push(next() & 0x7fffff);
  words.add.push(next() & 0xfffff);
}

test("the FMA table finds what a linear scan in Mesa's order finds", () => {
  expect(fmaStates).toHaveLength(121);
  for (const w of words.fma)
    expect([w, nameOf(fmaStates, dispatchfma(w))]).toEqual([w, scan("fma", w)]);
});

test("the ADD table finds what a linear scan in Mesa's order finds", () => {
  expect(addStates).toHaveLength(271);
  for (const w of words.add)
    expect([w, nameOf(addStates, dispatchadd(w))]).toEqual([w, scan("add", w)]);
});

test("the C tables compile as strict C99", () => {
  const tmp = tempDir();
  try {
    const r = sh([
      ...C99,
      "-c",
      path.join(TEST_OUT, "dispatch", "bifrost.c"),
      "-o",
      path.join(tmp.dir, "d.o"),
    ]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  } finally {
    tmp.cleanup();
  }
});
