/**
 * Each instruction's example in out/docs, checked with the codec on disk (out/ts/<id>.ts): its
 * words disassemble to exactly the text the manual shows (for the GPU it names, if any), and the
 * text assembles back to the words for that GPU (an isaspec instruction without a display template
 * prints an empty line: decode-only).
 */
import * as path from "path";
import { chapterItems, readManual, ROOT, section, shippedIds, shippedModel } from "./manualFiles";
import { TEST_OUT } from "../helpers/testOutput";

interface Codec {
  disassemble(words: ArrayLike<number>, options?: { gpu?: number }): string;
  assemble(text: string, options?: { gpu?: number }): Uint32Array;
}

// Every example of every manual assembled back: 22 s for ir3 with the machine shared by five jest
// runs; sized for a machine several times slower.
jest.setTimeout(120_000);

const EXAMPLE =
  /\*\*Example:\*\* the words `([0-9a-fx ]+)` \(word 0 first\) disassemble(?: for GPU (\d+))? as\n\n```text\n(.*)\n```\n\n(?:\(the codec's text ends with ([^,]+), which Markdown cannot show\))?/;

/** The whitespace a note like `one space` or `2 tabs and one space` stands for. */
function trailing(note: string | undefined): string {
  if (note === undefined) return "";
  return note
    .split(" and ")
    .map((part) => {
      const [n, what] = part.split(" ");
      return (what.startsWith("tab") ? "\t" : " ").repeat(n === "one" ? 1 : Number(n));
    })
    .join("");
}

const withInstructions = shippedIds().filter((id) => shippedModel(id).instructions.length > 0);

test.each(withInstructions.map((id) => [id, shippedModel(id).instructions.length]))(
  "%s: all %d examples disassemble to the manual's text and assemble back",
  (id) => {
    const model = shippedModel(id);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const codec = require(path.join(TEST_OUT, "ts", `${id}.ts`)) as Codec;
    const manual = readManual(`${id}.md`);
    const items = chapterItems(manual, "Instructions");
    const problems: string[] = [];
    let checked = 0;
    model.instructions.forEach((ins, i) => {
      const m = EXAMPLE.exec(section(manual, items[i]).source);
      if (!m) return void problems.push(`${ins.name}: no example`);
      const words = m[1].split(" ").map((w) => parseInt(w, 16));
      if (words.length !== model.isa.wordCount) problems.push(`${ins.name}: ${words.length} words`);
      const options = m[2] === undefined ? {} : { gpu: Number(m[2]) };
      const shown = m[3] + trailing(m[4]);
      const text = codec.disassemble(words, options);
      if (text !== shown)
        problems.push(`${ins.name}: the codec prints '${text}', the manual shows '${shown}'`);
      // Only an instruction without a display template (an empty line, as Mesa) is decode-only.
      if (/\n\(decode only: /.test(section(manual, items[i]).source)) {
        if (ins.display !== undefined || text !== "")
          problems.push(`${ins.name}: decode-only, but it has a display template`);
        return void checked++;
      }
      // For the GPU it was shown for: ir3's variants per gen range share their text.
      const back = Array.from(codec.assemble(shown, options));
      if (back.join() !== words.join())
        problems.push(`${ins.name}: '${shown}' assembles to ${back.map((w) => w.toString(16))}`);
      checked++;
    });
    expect(problems).toEqual([]);
    expect(checked).toBe(model.instructions.length);
  },
);
