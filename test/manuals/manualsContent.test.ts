/**
 * The generated manuals (out/docs) against the models (out/json): every instruction has its
 * section and index row, every field of an instruction is in its section and drawn at its bits,
 * every fixed bit has its value, every enum and value, register field, POSSIBLE VALUES entry,
 * lookup-table entry and Bifrost note is there with its links; every link resolves; math survives.
 * Expected values come from the model and simple computations here, never from the generator.
 */
import { existsSync } from "fs";
import * as path from "path";
import type { Instruction, IsaModel } from "../../generator/model/types";
import { absoluteBit, diagramProblems, fixedBit, readDiagrams } from "./diagrams";
import {
  cellLinks,
  chapterItems,
  DOCS_DIR,
  links,
  plainText,
  readManual,
  section,
  shippedIds,
  shippedModel,
  tables,
  type Heading,
  type Manual,
} from "./manualFiles";

const ids = shippedIds();
/** A check that applies only where the model has the things it checks (no skipped placeholders). */
const testIf = (applies: unknown): typeof test | ((...args: unknown[]) => void) =>
  applies ? test : () => undefined;
const models = new Map(ids.map((id) => [id, shippedModel(id)]));
const manuals = new Map<string, Manual>();
const manual = (file: string): Manual => {
  let m = manuals.get(file);
  if (!m) manuals.set(file, (m = readManual(file)));
  return m;
};

/** `45:40`, `7`, split fields most significant part first. */
const bitsOf = (f: { ranges: { low: number; high: number }[] }): string =>
  [...f.ranges]
    .reverse()
    .map((r) => (r.high === r.low ? `${r.high}` : `${r.high}:${r.low}`))
    .join(", ");

/** The heading of an item: its name, or its name with a qualifier when the name was taken. */
const isHeadingOf = (h: Heading, name: string): boolean =>
  h.text === name || h.text.startsWith(`${name} (`);

/** Runs of fixed bits, MSB first, as `` `hi:lo` = `bits` ``. */
function fixedRuns(width: number, ins: Instruction): string[] {
  const runs: string[] = [];
  let b = width - 1;
  while (b >= 0) {
    if (fixedBit(ins.encoding, b) === undefined) {
      b--;
      continue;
    }
    const high = b;
    let value = "";
    for (; b >= 0 && fixedBit(ins.encoding, b) !== undefined; b--)
      value += fixedBit(ins.encoding, b);
    runs.push(`\`${high === b + 1 ? high : `${high}:${b + 1}`}\` = \`${value}\``);
  }
  return runs;
}

function counts(m: IsaModel): string {
  const fields = m.instructions.reduce((n, i) => n + i.fields.length, 0);
  const values = m.enums.reduce((n, e) => n + e.values.length, 0);
  return `${m.instructions.length} instructions with ${fields} fields, ${m.enums.length} enums with ${values} values, ${m.registers.length} registers, ${m.lookupTables.length} lookup tables, ${m.notes.length} notes`;
}

describe.each(ids)("%s manual", (id) => {
  const model = models.get(id)!;
  const file = `${id}.md`;

  test(`documents everything: ${counts(model)}`, () => {
    const m = manual(file);
    expect(m.headings.filter((h) => h.level === 1).map((h) => h.text)).toEqual([model.isa.title]);
    // Overview: width and words (for a register database its register count instead), byte order,
    // every source document with its provenance.
    const overview = section(
      m,
      m.headings.find((h) => h.text === "Overview")!,
    ).source;
    if (model.registerDatabases?.length) {
      expect(overview).not.toContain("Instruction width");
      expect(overview).toMatch(/\| Registers +\| [\d,]+ /);
    } else expect(overview).toContain(`${model.isa.instructionWidth} bits`);
    expect(overview).toContain(`${model.isa.byteOrder}-endian`);
    for (const d of model.documents) {
      expect(overview).toContain(d.path);
      expect(overview).toContain(d.sha256);
    }
  });

  const instructionCases = model.instructions.length;
  testIf(instructionCases)(
    `every one of the ${instructionCases} instructions has its section, index row, fields and fixed bits`,
    () => {
      const m = manual(file);
      const items = chapterItems(m, "Instructions");
      expect(items.length).toBe(model.instructions.length);
      const index = tables(
        section(
          m,
          m.headings.find((h) => h.text === "Instruction index")!,
        ).tokens,
      )[0];
      const formats = chapterItems(m, "Encoding formats");
      const problems: string[] = [];
      let fieldCount = 0;
      model.instructions.forEach((ins, i) => {
        const h = items[i];
        if (!isHeadingOf(h, ins.name))
          return void problems.push(`section ${i} is '${h.text}', not ${ins.name}`);
        const row = index.find((r) => cellLinks(r[0]).includes(`#${h.anchor}`));
        if (!row || plainText(row[0]) !== ins.name)
          problems.push(`${ins.name}: no index row linking #${h.anchor}`);
        const s = section(m, h);
        if (!s.source.includes(`Source: \`${ins.source.file}:${ins.source.line}`))
          problems.push(`${ins.name}: no source line`);
        const formatLink = /\*\*Encoding:\*\* \[([^\]]+)\]\(#([^)]+)\)/.exec(s.source);
        if (formatLink) {
          // A shared format: its fixed bits listed here, its fields listed with their bits.
          const expected = `with fixed bits ${fixedRuns(model.isa.instructionWidth, ins).join(", ")}.`;
          if (!s.source.includes(expected))
            problems.push(`${ins.name}: fixed bits not stated as '${expected}'`);
          for (const f of ins.fields) {
            fieldCount++;
            if (!s.source.includes(`\`${f.name}\` (${bitsOf(f)})`))
              problems.push(`${ins.name}: field ${f.name} (${bitsOf(f)}) missing`);
          }
          if (!formats.some((fh) => fh.anchor === formatLink[2]))
            problems.push(`${ins.name}: format link #${formatLink[2]} is no format`);
        } else {
          const read = readDiagrams(s.tokens);
          problems.push(
            ...diagramProblems(read, model.isa.instructionWidth, ins.fields, (b) =>
              fixedBit(ins.encoding, b),
            ).map((p) => `${ins.name}: ${p}`),
          );
          const fieldTable = tables(s.tokens).find((t) => plainText(t[0][0]) === "Field");
          for (const f of ins.fields) {
            fieldCount++;
            if (
              !fieldTable?.some((r) => plainText(r[0]) === f.name && plainText(r[1]) === bitsOf(f))
            )
              problems.push(`${ins.name}: field ${f.name} (${bitsOf(f)}) not in the field table`);
          }
        }
      });
      expect(problems).toEqual([]);
      expect(fieldCount).toBe(model.instructions.reduce((n, x) => n + x.fields.length, 0));
    },
  );

  // Two instructions with the same fields and fixed-bit positions make a shared format.
  const layoutKey = (ins: Instruction): string =>
    JSON.stringify([
      ins.fields.map((f) => [f.name, f.ranges, f.type, f.enum]),
      ins.encoding.mask,
      ins.encoding.dontCare,
    ]);
  const sharing = new Set(model.instructions.map(layoutKey)).size < model.instructions.length;
  testIf(sharing)(
    "every shared format's diagram shows its fields, constant bits and opcode bits",
    () => {
      const m = manual(file);
      const byName = new Map(model.instructions.map((ins) => [ins.name, ins]));
      const problems: string[] = [];
      expect(chapterItems(m, "Encoding formats").length).toBeGreaterThan(0);
      for (const h of chapterItems(m, "Encoding formats")) {
        const s = section(m, h);
        // The first paragraph lists the members, linking their sections.
        const paragraph = s.tokens.find(
          (t) => t.type === "inline" && t.content.startsWith("Instructions:"),
        )!;
        const anchors = chapterItems(m, "Instructions").map((x) => x.anchor);
        const members = links([paragraph]).map(
          (l) => model.instructions[anchors.indexOf(l.slice(1))],
        );
        if (members.length < 2) problems.push(`${h.text}: fewer than two members`);
        const first = byName.get(members[0].name)!;
        const fixed = (b: number): string | undefined => {
          const v = fixedBit(first.encoding, b);
          return v === undefined
            ? undefined
            : members.every((x) => fixedBit(x.encoding, b) === v)
              ? v
              : "opcode";
        };
        problems.push(
          ...diagramProblems(
            readDiagrams(s.tokens),
            model.isa.instructionWidth,
            first.fields,
            fixed,
          ).map((p) => `${h.text}: ${p}`),
        );
        const fieldTable = tables(s.tokens).find((t) => plainText(t[0][0]) === "Field");
        for (const f of first.fields)
          if (!fieldTable?.some((r) => plainText(r[0]) === f.name))
            problems.push(`${h.text}: field ${f.name} not in its table`);
      }
      expect(problems).toEqual([]);
    },
  );

  const valueCount = model.enums.reduce((n, e) => n + e.values.length, 0);
  testIf(model.enums.length)(
    `all ${model.enums.length} enums and ${valueCount} values are in the enums chapter`,
    () => {
      const m = manual(file);
      const items = chapterItems(m, "Enumerations");
      expect(items.length).toBe(model.enums.length);
      const problems: string[] = [];
      model.enums.forEach((e, i) => {
        if (!isHeadingOf(items[i], e.name))
          return void problems.push(`enum ${i} is '${items[i].text}', not ${e.name}`);
        const s = section(m, items[i]);
        const rows = tables(s.tokens)[0]?.slice(1) ?? [];
        if (rows.length !== e.values.length)
          problems.push(`${e.name}: ${rows.length} rows for ${e.values.length} values`);
        e.values.forEach((v, k) => {
          const cells = (rows[k] ?? []).map(plainText);
          if (cells[0] !== String(v.value))
            problems.push(`${e.name}: row ${k} is value ${cells[0]}, not ${v.value}`);
          if (v.name !== undefined && cells[1] !== v.name)
            problems.push(`${e.name} ${v.value}: name ${cells[1]} is not ${v.name}`);
          if (v.display && !cells.includes(v.display))
            problems.push(`${e.name} ${v.value}: printed form ${v.display} missing`);
          if (v.reserved && !cells.some((c) => c.includes("reserved")))
            problems.push(`${e.name} ${v.value}: not marked reserved`);
        });
        for (const n of e.namesWithoutValue ?? [])
          if (!s.source.includes(`\`${n.name}\``))
            problems.push(`${e.name}: name ${n.name} missing`);
      });
      expect(problems).toEqual([]);
    },
  );

  const regFields = model.registers.reduce((n, r) => n + r.fields.length, 0);
  testIf(model.registers.length)(
    `all ${model.registers.length} registers with ${regFields} fields, diagrams and possible values`,
    () => {
      const m = manual(file);
      const items = chapterItems(m, "Registers");
      const enums = new Map(model.enums.map((e) => [e.name, e]));
      const enumHeadings = chapterItems(m, "Enumerations");
      const problems: string[] = [];
      let possibleValues = 0;
      model.registers.forEach((reg, i) => {
        if (!isHeadingOf(items[i], reg.name))
          return void problems.push(`register ${i} is '${items[i]?.text}', not ${reg.name}`);
        const s = section(m, items[i]);
        const reserved = (b: number): string | undefined =>
          reg.reserved.some((r) => b >= r.low && b <= r.high) ? "reserved" : undefined;
        problems.push(
          ...diagramProblems(readDiagrams(s.tokens), reg.width, reg.fields, reserved).map(
            (p) => `${reg.name}: ${p}`,
          ),
        );
        const all = tables(s.tokens);
        for (const f of reg.fields) {
          if (
            !all.some((t) =>
              t.some((r) => plainText(r[0]) === f.name && plainText(r[1]) === bitsOf(f)),
            )
          )
            problems.push(`${reg.name}.${f.name} not in its field table`);
          if (f.enum === undefined) continue;
          const values = enums.get(f.enum)!.values;
          const at = s.source.indexOf(`Possible values of \`${f.name}\``);
          if (at < 0) {
            problems.push(`${reg.name}.${f.name}: no possible values`);
            continue;
          }
          // The values table follows the label, or (for a long enum) a link to the enum does.
          const label = s.tokens.findIndex(
            (t) => t.type === "inline" && t.content.startsWith(`Possible values of \`${f.name}\``),
          );
          const enumAnchor = enumHeadings[model.enums.findIndex((e) => e.name === f.enum)].anchor;
          if (links([s.tokens[label]]).includes(`#${enumAnchor}`)) continue;
          const next = s.tokens.findIndex(
            (t, k) => k > label && (t.type === "table_open" || t.type === "inline"),
          );
          const table =
            s.tokens[next]?.type === "table_open" ? tables(s.tokens.slice(next))[0] : undefined;
          if (!table || table.length - 1 !== values.length)
            problems.push(`${reg.name}.${f.name}: possible values table missing`);
          else {
            possibleValues += values.length;
            values.forEach((v, k) => {
              if (v.name && plainText(table[k + 1][1]) !== v.name)
                problems.push(`${reg.name}.${f.name} value ${v.value}: name missing`);
              if (
                v.doc &&
                !plainText(table[k + 1][table[k + 1].length - 1]).includes(
                  v.doc.trim().slice(0, 20),
                )
              )
                problems.push(`${reg.name}.${f.name} value ${v.value}: description missing`);
            });
          }
        }
      });
      expect(problems).toEqual([]);
      if (id === "r500") expect(possibleValues).toBe(23); // US_FC_INST: OP 8, B_ELSE 2, JUMP_ANY 2, A_OP 3, B_OP0 3, B_OP1 3, IGNORE_UNCOVERED 2
    },
  );

  const lutEntries = model.lookupTables.reduce((n, t) => n + t.entries.length, 0);
  testIf(model.lookupTables.length)(
    `all ${lutEntries} lookup-table entries with their values`,
    () => {
      const m = manual(file);
      const items = chapterItems(m, "Lookup tables");
      const problems: string[] = [];
      model.lookupTables.forEach((t, i) => {
        const rows = tables(section(m, items[i]).tokens)[0].slice(1);
        t.entries.forEach((e, k) => {
          const cells = rows[k].map(plainText);
          const hex = `0x${e.value.toString(16).toUpperCase().padStart(8, "0")}`;
          if (cells[0] !== String(e.index) || cells[1] !== hex)
            problems.push(`${t.name}[${e.index}]: row shows ${cells[0]} ${cells[1]}, not ${hex}`);
          // Descriptions keep their math verbatim ($…$ is plain text to markdown-it).
          if (e.doc && !rows[k][2].content.includes(e.doc))
            problems.push(`${t.name}[${e.index}]: description '${e.doc}' not verbatim`);
        });
      });
      expect(problems).toEqual([]);
    },
  );

  const noteLinks = model.notes.reduce((n, x) => n + x.targets.length, 0);
  testIf(model.notes.length)(
    `all ${model.notes.length} notes, grouped by unit, with their ${noteLinks} targets`,
    () => {
      const m = manual(file);
      const problems: string[] = [];
      const noteHeadings = m.headings.filter((h) => h.level === 4);
      model.notes.forEach((n) => {
        const h = noteHeadings.find(
          (x) => isHeadingOf(x, `${n.name} (${n.unit})`) && !x.text.includes("note"),
        );
        if (!h) return void problems.push(`note ${n.name} (${n.unit}) has no heading`);
        const unit = [...m.headings].reverse().find((x) => x.level === 3 && x.line < h.line);
        if (unit?.text !== `${n.unit} unit`)
          problems.push(`${n.name}: under '${unit?.text}', not the ${n.unit} unit`);
        const s = section(m, h);
        for (const t of n.targets) {
          const target = models.get(t.isa);
          const ti = target?.instructions.findIndex((x) => x.name === t.instruction) ?? -1;
          if (target && ti >= 0) {
            const anchor = chapterItems(manual(`${t.isa}.md`), "Instructions")[ti].anchor;
            if (!links(s.tokens).includes(`${t.isa}.md#${anchor}`))
              problems.push(`${n.name}: no link to ${t.isa} ${t.instruction}`);
          } else if (!s.source.includes(`\`${t.instruction}\``))
            problems.push(`${n.name}: target ${t.isa} ${t.instruction} not named`);
        }
      });
      expect(problems).toEqual([]);
    },
  );

  const referring = model.instructions.filter((i) => i.notes.length > 0);
  testIf(referring.length)(
    `the ${referring.length} instructions the alias table links to notes link back to them`,
    () => {
      const m = manual(file);
      const items = chapterItems(m, "Instructions");
      const problems: string[] = [];
      for (const ins of referring) {
        const s = section(m, items[model.instructions.indexOf(ins)]);
        for (const ref of ins.notes) {
          const notes = models.get(ref.isa)!.notes;
          const noteManual = manual(`${ref.isa}.md`);
          const headings = noteManual.headings.filter((h) => h.level === 4);
          // The note headings are in note order within each unit; find this note's by name and unit.
          const h = headings.find((x) => x.text === `${ref.note} (${ref.unit})`);
          if (!h || !notes.some((n) => n.name === ref.note && n.unit === ref.unit))
            problems.push(`${ins.name}: note ${ref.note} unknown`);
          else if (!links(s.tokens).includes(`${ref.isa}.md#${h.anchor}`))
            problems.push(`${ins.name}: no link to note ${ref.note} (${ref.unit})`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

test(`every link in out/docs resolves to a heading (${ids.length} manuals and the index)`, () => {
  const files = [...ids.map((id) => `${id}.md`), "README.md"];
  const anchors = new Map(files.map((f) => [f, new Set(manual(f).headings.map((h) => h.anchor))]));
  const broken: string[] = [];
  let count = 0;
  for (const f of files) {
    for (const href of links(manual(f).tokens)) {
      if (/^[a-z]+:/.test(href)) continue; // external
      count++;
      const [target, fragment] = href.split("#");
      const file = target === "" ? f : target;
      if (!existsSync(path.join(DOCS_DIR, file))) broken.push(`${f}: ${href} (no file)`);
      else if (fragment !== undefined && !anchors.get(file)?.has(fragment))
        broken.push(`${f}: ${href} (no heading)`);
    }
  }
  expect(broken).toEqual([]);
  expect(count).toBeGreaterThan(1000);
});

test("the index links every manual", () => {
  const readme = manual("README.md");
  const targets = links(readme.tokens);
  for (const id of ids) expect(targets).toContain(`${id}.md`);
});

describe("math survives", () => {
  const valhall = models.get("valhall")!;
  test("a Valhall $$ block, as a display block on its own lines", () => {
    const doc = valhall.instructions.find((i) => i.name === "BRANCHZ")!.doc!;
    const body = /\$\$([\s\S]+?)\$\$/.exec(doc)![1];
    expect(manual("valhall.md").source).toContain(`$$\n${body.trim()}\n$$`);
  });
  test("a bare \\begin{align*} environment, wrapped in $$", () => {
    const doc = valhall.enums.find((e) => e.name === "Clamp")!.doc!;
    const env = /\\begin\{align\*\}[\s\S]*?\\end\{align\*\}/.exec(doc)![0];
    expect(manual("valhall.md").source).toContain(`$$\n${env}\n$$`);
  });
  test("inline $…$ verbatim", () => {
    const fma = valhall.instructions.find((i) => i.name === "FMA.f32")!;
    expect(fma.doc).toBe("$A \\cdot B + C$");
    const m = manual("valhall.md");
    expect(
      section(m, chapterItems(m, "Instructions")[valhall.instructions.indexOf(fma)]).source,
    ).toContain("$A \\cdot B + C$");
  });
});

test("absoluteBit follows the ranges, least significant part first", () => {
  expect(
    absoluteBit(
      [
        { low: 8, high: 9 },
        { low: 40, high: 41 },
      ],
      2,
    ),
  ).toBe(40);
});
