/**
 * Hand-made register databases for gen-header's unit tests: items get consecutive lines in the
 * order they are built, so the order of calls is the document order.
 */
import type {
  RegisterDatabase,
  RnnBitfield,
  RnnBitset,
  RnnDomain,
  RnnElement,
  RnnEnum,
  RnnFile,
  RnnTypeInfo,
  RnnValue,
} from "../../generator/model/registerDatabase";
import type { SourceRef } from "../../generator/model/types";

export class DbBuilder {
  private line = 10;
  readonly db: RegisterDatabase = {
    files: [],
    enums: [],
    bitsets: [],
    domains: [],
    groups: [],
    spectypes: [],
  };

  constructor(readonly root = "root.xml") {
    this.file(root);
  }

  /** The next position in `file`. */
  at(file = this.root): SourceRef {
    return { file: `db/${file}`, line: this.line++, column: 1 };
  }

  file(name: string): RnnFile {
    const f: RnnFile = {
      name,
      bytes: 0,
      mtime: "2024-01-01 00:00:00",
      imports: [],
      source: { file: `db/${name}`, line: 1, column: 1 },
    };
    this.db.files.push(f);
    return f;
  }

  import(into: string, file: string): void {
    this.db.files.find((f) => f.name === into)!.imports.push({ file, source: this.at(into) });
  }

  value(name: string, value?: number, file = this.root): RnnValue {
    return {
      name,
      fullName: name,
      ...(value === undefined ? {} : { value }),
      file,
      source: this.at(file),
    };
  }

  /** An enum; a second call with the same name is a later declaration merged into the first. */
  enum(name: string, values: [string, number | undefined][], file = this.root): RnnEnum {
    const source = this.at(file);
    const vals = values.map(([n, v]) => this.value(n, v, file));
    const old = this.db.enums.find((e) => e.name === name);
    if (old) {
      (old.mergedFrom ??= []).push(source);
      old.values.push(...vals);
      return old;
    }
    const e: RnnEnum = {
      name,
      fullName: name,
      inline: false,
      bare: false,
      file,
      values: vals,
      source,
    };
    this.db.enums.push(e);
    return e;
  }

  type(name?: string, extra: Partial<RnnTypeInfo> = {}): RnnTypeInfo {
    return {
      kind: "hex",
      ...(name ? { name } : {}),
      values: [],
      fields: [],
      ...extra,
    };
  }

  field(
    name: string,
    low: number,
    high: number,
    type?: string,
    extra: Partial<RnnTypeInfo> = {},
    file = this.root,
  ): RnnBitfield {
    return {
      name,
      fullName: name,
      low,
      high,
      type: this.type(type, extra),
      file,
      source: this.at(file),
    };
  }

  bitset(
    name: string,
    inline: boolean,
    fields: (() => RnnBitfield)[],
    file = this.root,
  ): RnnBitset {
    const source = this.at(file);
    const b: RnnBitset = {
      name,
      fullName: name,
      inline,
      bare: false,
      file,
      fields: fields.map((f) => f()),
      source,
    };
    this.db.bitsets.push(b);
    return b;
  }

  domain(
    name: string,
    attrs: Partial<RnnDomain>,
    elements: (() => RnnElement)[],
    file = this.root,
  ): RnnDomain {
    const source = this.at(file);
    const d: RnnDomain = {
      name,
      fullName: name,
      bare: false,
      width: 32,
      file,
      elements: elements.map((e) => e()),
      source,
      ...attrs,
    };
    this.db.domains.push(d);
    return d;
  }

  reg(
    name: string,
    offset: number,
    attrs: Partial<RnnElement> = {},
    fields: (() => RnnBitfield)[] = [],
    file = this.root,
  ): () => RnnElement {
    return () => {
      const source = this.at(file);
      const el: RnnElement = {
        kind: "reg",
        name,
        fullName: name,
        width: 32,
        offset,
        absoluteOffset: offset,
        length: 1,
        stride: 0,
        strides: [],
        elements: [],
        file,
        source,
        ...attrs,
        type: { ...this.type(), ...attrs.type },
      };
      el.type.fields = fields.map((f) => f());
      return el;
    };
  }

  array(
    name: string | undefined,
    attrs: Partial<RnnElement>,
    children: (() => RnnElement)[],
    file = this.root,
  ): () => RnnElement {
    return () => {
      const source = this.at(file);
      return {
        kind: "array",
        ...(name ? { name, fullName: name } : {}),
        offset: 0,
        absoluteOffset: 0,
        length: 1,
        stride: 0,
        strides: [],
        type: this.type(),
        file,
        source,
        ...attrs,
        elements: children.map((c) => c()),
      };
    };
  }

  stripe(
    attrs: Partial<RnnElement>,
    children: (() => RnnElement)[],
    file = this.root,
  ): () => RnnElement {
    return () => {
      const source = this.at(file);
      return {
        kind: "stripe",
        offset: 0,
        absoluteOffset: 0,
        length: 1,
        stride: 0,
        strides: [],
        type: this.type(),
        file,
        source,
        ...attrs,
        elements: children.map((c) => c()),
      };
    };
  }
}
