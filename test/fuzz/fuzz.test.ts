/** A short seeded run of the mutation fuzzer (`npm run fuzz` runs 100,000 iterations). */
import * as path from "path";
import { Diagnostics } from "../../generator/diagnostics";
import { listSpecIds } from "../../generator/load/loadSpecs";
import { fuzz, HANG_MS, MUTATORS, prng } from "../../scripts/fuzz";

// Whole fuzz rounds: 130 s with the machine shared by five jest runs; sized for a machine several times slower.
jest.setTimeout(600_000);

test("the PRNG is reproducible", () => {
  const a = prng(42);
  const b = prng(42);
  expect([a(), a(), a()]).toEqual([b(), b(), b()]);
});

test("each mutator changes its input deterministically", () => {
  const text = '<a x="1" y="2">\n<b z="3"/>\n</a>\n';
  for (const [name, mutate] of Object.entries(MUTATORS)) {
    expect({ name, same: mutate(text, prng(3)) === mutate(text, prng(3)) }).toEqual({
      name,
      same: true,
    });
  }
});

// A hang, not a slow machine: the slowest of these inputs took 0.46 s of CPU time in a quiet run
// (1.1 s when it runs first, with cold code), and 2.1 s in CI beside two busy processes (process
// CPU time counts the GC and compiler threads). `npm run fuzz` keeps HANG_MS.
const TEST_HANG_MS = 10 * HANG_MS;

// Every spec but nv-hw: each of its 130 documents is a target, and each mutation of one reads all
// 130 again (seconds under load), so it would take most of the run; its format, a rules-ng
// register database, is fuzzed through adreno-hw and etnaviv-hw. `npm run fuzz` fuzzes every spec.
const SPECS = path.join(__dirname, "..", "..", "specs");
const FUZZED = listSpecIds(SPECS, new Diagnostics()).filter((id) => id !== "nv-hw");

test("300 mutated inputs: each ends in a model or diagnostics, none crashes or hangs", () => {
  const r = fuzz(SPECS, 300, 20261122, 0, TEST_HANG_MS, FUZZED);
  expect(r.failures).toEqual([]);
  expect(r.clean + r.diagnosed).toBe(300);
  expect(r.diagnosed).toBeGreaterThan(0);
  expect(r.slowestMs).toBeLessThan(TEST_HANG_MS);
  expect(Object.keys(r.byMutator).sort()).toEqual(Object.keys(MUTATORS).sort());
});
