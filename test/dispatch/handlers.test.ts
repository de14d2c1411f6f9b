/**
 * The generated handler skeletons: the TS ones (and the dispatch modules they import) typecheck
 * under strict settings with unused names reported, and a stub throws naming its instruction. The C
 * skeletons are compiled and linked by c.test.ts.
 *
 * @needs-upstream mesa
 */
import * as path from "path";
import * as ts from "typescript";
import { handlers as etnavivHandlers } from "../../out/dispatch/etnaviv-handlers";
import * as etnaviv from "../../out/dispatch/etnaviv";
import * as ir3 from "../../out/dispatch/ir3";
import { handlers as ir3Handlers } from "../../out/dispatch/ir3-handlers";
import * as r500 from "../../out/dispatch/r500";
import { handlers as r500Handlers } from "../../out/dispatch/r500-handlers";
import * as valhall from "../../out/dispatch/valhall";
import { handlers as valhallHandlers } from "../../out/dispatch/valhall-handlers";
import { DISPATCH_ISAS, ROOT } from "./reference";
import { TEST_OUT } from "../helpers/testOutput";

it("the TS skeletons and dispatch modules typecheck (strict, noUnusedLocals, noUnusedParameters)", () => {
  const files = DISPATCH_ISAS.flatMap((id) => [`${id}.ts`, `${id}-handlers.ts`]).map((f) =>
    path.join(TEST_OUT, "dispatch", f),
  );
  const program = ts.createProgram(files, {
    strict: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noImplicitReturns: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    lib: ["lib.es2022.d.ts"],
    types: [],
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
  expect(problems).toEqual([]);
});

it("every skeleton has one handler per instruction", () => {
  expect(etnavivHandlers.length).toBe(etnaviv.INSTRUCTION_COUNT);
  expect(ir3Handlers.length).toBe(ir3.INSTRUCTION_COUNT);
  expect(valhallHandlers.length).toBe(valhall.INSTRUCTION_COUNT);
  expect(r500Handlers.length).toBe(r500.INSTRUCTION_COUNT);
});

it("a stub throws naming its instruction when execute reaches it", () => {
  // etnaviv.xml's add: OPC 1 in bits 0..5, SRC0_USE (bit 43) and SRC2_USE (bit 99) set, the
  // other fixed bits (TEX_ID, src1, OPCODE_BIT6, …) zero.
  const words = [1, 0x800, 0, 0x8];
  expect(etnaviv.dispatch(words)).toBe(etnaviv.InstructionId.add);
  expect(() => etnaviv.execute(etnavivHandlers, words, {})).toThrow(
    "etnaviv: instruction add is not implemented",
  );
});
