/**
 * The baseline codec (the codec when issue 27 was filed) comes from git history; where there is
 * none, the bench says why instead of failing.
 */
import { execFileSync } from "child_process";
import { BASELINE_REV, loadBaselineCodec } from "../../bench/baselineCodec";

const hasBaseline = (() => {
  try {
    execFileSync("git", ["cat-file", "-e", `${BASELINE_REV}:out/ts/r500.ts`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

test("an ISA the baseline has no codec of: why, naming the revision", () => {
  const r = loadBaselineCodec("no-such-isa");
  expect(typeof r).toBe("string");
  expect(r).toMatch(/^no no-such-isa codec at f8d0209e in this checkout's history \(.+\)$/);
});

test("the r500 baseline: from a full history, a codec that decodes an FC word; else why not", () => {
  const r = loadBaselineCodec("r500");
  if (!hasBaseline) {
    expect(r).toMatch(/^no r500 codec at f8d0209e in this checkout's history/);
    return;
  }
  if (typeof r === "string") throw new Error(r);
  try {
    // An FC instruction (type 2, bits 0–1) with every other bit clear: OP 0 is US_FC_OP_JUMP
    // (us_fc_inst.txt, "00 - US_FC_OP_JUMP").
    const d = r.decode([2, 0, 0, 0, 0, 0]) as { name: string; fields: Record<string, unknown> };
    expect(d.name).toBe("FC");
    expect(d.fields.OP).toBe("US_FC_OP_JUMP");
    expect(Array.from(r.encode(d))).toEqual([2, 0, 0, 0, 0, 0]);
  } finally {
    r.dispose();
  }
});
