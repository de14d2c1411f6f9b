/**
 * ir3 cat0 control flow for one fiber, as handlers for the generated dispatch
 * (out/dispatch/ir3.ts). Branch offsets are the codec's `branch` IMMED: signed, in instructions,
 * relative to the branch itself (the isaspec label target is IMMED + the instruction's index).
 *
 * @needs-upstream mesa
 */
import {
  decode,
  type Decoded,
  type NopFields,
  type KillFields,
  type BracFields,
  type BraoFields,
  type Swiz,
} from "../../out/ts/ir3";
import {
  INSTRUCTION_NAMES,
  InstructionId,
  type Handler,
  type HandlerTable,
} from "../../out/dispatch/ir3";
import { EmulatorError, hexWords } from "../core/runLoop";
import { isActive, type Ir3State } from "./state";

function fail(state: Ir3State, name: string, message: string): EmulatorError {
  return new EmulatorError(`ir3: ${name} at pc ${state.pc}: ${message}`, state.pc);
}

/** What cat0 instructions decode to: each has cat0's flags and IMMED (NopFields), whatever else it has. */
type Cat0Decoded = Extract<Decoded, { fields: Required<NopFields> }>;
type Cat0Name = Cat0Decoded["name"];

/** Decode with the codec (same gpu as the dispatch) and check the flags the emulator can honour. */
function read(words: ArrayLike<number>, state: Ir3State, name: Cat0Name): Cat0Decoded {
  const d = decode(words, { gpu: state.gpu });
  if (!d || d.name !== name)
    throw new EmulatorError(
      `ir3: dispatch chose ${name} but decode gives ${d ? d.name : "nothing"} at pc ${state.pc}: ${hexWords(words)}`,
      state.pc,
    );
  const f: Required<NopFields> = (d as Cat0Decoded).fields;
  // (ss)/(sy) wait for earlier results and (jp) marks a join point: nothing to do for one fiber
  // that runs in order. (eq) and (rptN) change what a branch does in ways the seed does not say.
  if (f.EQ) throw fail(state, name, "the (eq) flag is not emulated");
  if (f.REPEAT !== "none" && name !== "nop")
    throw fail(state, name, `the (${f.REPEAT}) repeat flag is only emulated on nop`);
  return d as Cat0Decoded;
}

/** p0.<comp>, inverted when `inv` is set. */
function predicate(state: Ir3State, comp: Swiz, inv: boolean): boolean {
  const index = "xyzw".indexOf(comp);
  return state.p0[index] !== inv;
}

function relative(state: Ir3State, immed: number): number {
  return state.pc + immed;
}

/**
 * A handler that decodes, records the instruction in the trace and, when the fiber is active,
 * applies `effect`. Inactive fibers "keep executing ... the instructions they execute simply have
 * no effect" (ir3-cat0.xml, predt doc); `always` marks predt/predf/prede, which run regardless.
 */
function handler(
  name: Cat0Name,
  effect: (d: Cat0Decoded, state: Ir3State) => void,
  always = false,
): Handler<Ir3State> {
  return (words, state) => {
    const d = read(words, state, name);
    const active = always || isActive(state);
    state.trace.push({ pc: state.pc, name, active });
    if (active) effect(d, state);
  };
}

const oneSource = (d: Cat0Decoded) => d.fields as Required<KillFields>;
const twoSources = (d: Cat0Decoded) => d.fields as Required<BraoFields>;

const branchIf = (state: Ir3State, taken: boolean, immed: number) => {
  if (taken) state.nextPc = relative(state, immed);
};

const EFFECTS: Partial<Record<Cat0Name, [(d: Cat0Decoded, s: Ir3State) => void, boolean?]>> = {
  nop: [() => {}],
  end: [(_d, s) => void (s.ended = true)],
  jump: [(d, s) => branchIf(s, true, d.fields.IMMED)],
  call: [
    (d, s) => {
      s.callStack.push(s.pc + 1);
      s.nextPc = relative(s, d.fields.IMMED);
    },
  ],
  ret: [
    (_d, s) => {
      const back = s.callStack.pop();
      if (back === undefined) throw fail(s, "ret", "the call stack is empty");
      s.nextPc = back;
    },
  ],
  // One fiber: "any active fiber" and "all active fibers" are this fiber, so bany/ball act as br.
  br: [(d, s) => branchIf(s, predicate(s, oneSource(d).COMP1, oneSource(d).INV1), d.fields.IMMED)],
  bany: [
    (d, s) => branchIf(s, predicate(s, oneSource(d).COMP1, oneSource(d).INV1), d.fields.IMMED),
  ],
  ball: [
    (d, s) => branchIf(s, predicate(s, oneSource(d).COMP1, oneSource(d).INV1), d.fields.IMMED),
  ],
  // brao / braa: BRTYPE "or" / "and" of the two predicate sources.
  brao: [
    (d, s) => {
      const f = twoSources(d);
      branchIf(s, predicate(s, f.COMP1, f.INV1) || predicate(s, f.COMP2, f.INV2), f.IMMED);
    },
  ],
  braa: [
    (d, s) => {
      const f = twoSources(d);
      branchIf(s, predicate(s, f.COMP1, f.INV1) && predicate(s, f.COMP2, f.INV2), f.IMMED);
    },
  ],
  brac: [
    (d, s) => {
      const f = d.fields as Required<BracFields>;
      branchIf(s, ((s.branchConstants >>> f.INDEX) & 1) === 1, f.IMMED);
    },
  ],
  // predt/predf "take the value of p0.x ... and store them in the predication mask".
  predt: [(_d, s) => void (s.predication = { mode: "true", mask: s.p0[0] }), true],
  predf: [(_d, s) => void (s.predication = { mode: "false", mask: s.p0[0] }), true],
  prede: [(_d, s) => void (s.predication = { mode: "none", mask: s.predication.mask }), true],
};

function notEmulated(name: string): Handler<Ir3State> {
  return (_words, state) => {
    throw new EmulatorError(`ir3: ${name} at pc ${state.pc} is not emulated`, state.pc);
  };
}

function buildTable(): HandlerTable<Ir3State> {
  const table: Handler<Ir3State>[] = INSTRUCTION_NAMES.map(notEmulated);
  for (const [name, [effect, always]] of Object.entries(EFFECTS) as [
    Cat0Name,
    [(d: Cat0Decoded, s: Ir3State) => void, boolean?],
  ][])
    table[InstructionId[name]] = handler(name, effect, always);
  return table;
}

export const IR3_HANDLERS: HandlerTable<Ir3State> = buildTable();

/** The instructions the emulator implements (the others stop the machine with an error). */
export const EMULATED_INSTRUCTIONS: readonly string[] = Object.keys(EFFECTS);
