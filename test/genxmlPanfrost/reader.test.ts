/**
 * @needs-upstream mesa
 * The Panfrost genxml reader: Mesa's seven documents read with no diagnostic into as many enums,
 * structs, fields and aggregates as their text has tags (broken documents: brokenDocuments.test.ts).
 */
import { readFileSync } from "fs";
import { Diagnostics } from "../../generator/diagnostics";
import { validateModel } from "../../generator/model/validateModel";
import { model } from "../helpers/modelFactory";
import { PANFROST_DOCUMENTS, panfrostDocumentPath, readPanfrostFile } from "./corpus";

describe("Mesa's Panfrost documents", () => {
  test.each(PANFROST_DOCUMENTS)("%s.xml reads with no diagnostic, every element kept", (name) => {
    const file = panfrostDocumentPath(name);
    const { doc, diagnostics } = readPanfrostFile(file);
    expect(diagnostics).toEqual([]);
    // Counted from the text, not by the reader.
    const text = readFileSync(file, "utf8").replace(/<!--[\s\S]*?-->/g, "");
    const tags = (tag: string) => (text.match(new RegExp(`<${tag}[\\s>]`, "g")) ?? []).length;
    const items = doc!.items;
    const structs = items.flatMap((i) => (i.kind === "struct" ? [i] : []));
    const enums = items.flatMap((i) => (i.kind === "enum" ? [i] : []));
    const aggregates = items.flatMap((i) => (i.kind === "aggregate" ? [i] : []));
    expect({
      enums: enums.length,
      structs: structs.length,
      aggregates: aggregates.length,
      fields: structs.reduce((n, s) => n + s.fields.length, 0),
      sections: aggregates.reduce((n, a) => n + a.sections.length, 0),
      values:
        enums.reduce((n, e) => n + e.values.length, 0) +
        structs.reduce((n, s) => n + s.fields.reduce((k, f) => k + f.values.length, 0), 0),
    }).toEqual({
      enums: tags("enum"),
      structs: tags("struct"),
      aggregates: tags("aggregate"),
      fields: tags("field"),
      sections: tags("section"),
      values: tags("value"),
    });
    const arch = /<panxml arch="(\d+)"/.exec(text)?.[1];
    expect(doc!.arch).toBe(arch === undefined ? undefined : Number(arch));
  });

  test("positions and the W:B form of start (v6 Primitive's Indices, 4:0 of 64 bits)", () => {
    const { doc } = readPanfrostFile(
      panfrostDocumentPath("v6"),
      "mesa:src/panfrost/lib/genxml/v6.xml",
    );
    const primitive = doc!.items.find((i) => i.kind === "struct" && i.name === "Primitive");
    expect(primitive?.kind).toBe("struct");
    const indices =
      primitive!.kind === "struct"
        ? primitive!.fields.find((f) => f.name === "Indices")
        : undefined;
    const line = readFileSync(panfrostDocumentPath("v6"), "utf8").split("\n");
    const at = line.findIndex((l) => l.includes('name="Indices"') && l.includes('start="4:0"'));
    expect(indices).toMatchObject({ start: 128, end: 191, type: "address" });
    expect(indices!.source).toEqual({
      file: "mesa:src/panfrost/lib/genxml/v6.xml",
      line: at + 1,
      column: line[at].indexOf("<") + 1,
    });
  });

  test("a model holding the documents validates against the schema", () => {
    const genxml = PANFROST_DOCUMENTS.map((n) => readPanfrostFile(panfrostDocumentPath(n)).doc!);
    // The model of a genxml-only spec: no instructions, the documents in `genxml`.
    const diags = new Diagnostics();
    expect(validateModel(model({ genxml }), diags)).toBe(true);
    expect(diags.items).toEqual([]);
  });
});
