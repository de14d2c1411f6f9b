/**
 * bench/clauseSpeed.ts on the test build's Bifrost codecs, with a tiny stream: the figures it
 * reports are there and positive (no timing is asserted).
 *
 * @needs-upstream mesa
 */
import { measureClauseSpeed } from "../../bench/clauseSpeed";
import { TEST_OUT } from "../helpers/testOutput";

jest.setTimeout(300_000);

test("clause streams: TS and C clauses and instructions per second, by length", () => {
  const f = measureClauseSpeed("bifrost", {
    out: TEST_OUT,
    clauses: 40,
    lengths: [10, 40],
    seed: 3,
  });
  expect(f.clauses).toBe(40);
  expect(f.instructions).toBeGreaterThanOrEqual(80);
  for (const v of [
    f.tsClausesPerSec,
    f.tsInstructionsPerSec,
    f.tsEachClausesPerSec,
    f.cClausesPerSec ?? 0,
    f.cInstructionsPerSec ?? 0,
    ...Object.values(f.byLength),
  ])
    expect(v).toBeGreaterThan(0);
  expect(Object.keys(f.byLength)).toEqual(["10", "40"]);
  expect(f.cUnavailable).toBeUndefined();
});
