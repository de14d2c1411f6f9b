/**
 * Global lookups of the isaspec database (expressions, templates, enums by name) and the
 * conversions that depend on them: field types, `expr="#name"` references, template substitution.
 * Every conversion is memoized per definition so that a definition shared by many leaves is
 * reported once.
 */
import type { Diagnostics } from "../../diagnostics";
import { formatLocation } from "../../diagnostics";
import type { FieldType } from "../../model/types";
import { locateAttribute, locateElement } from "../xml";
import { describe } from "./attributes";
import type {
  DerivedDef,
  EnumSource,
  FieldDef,
  ExprDef,
  ExprUse,
  IsaspecDatabase,
  Origin,
  TemplateDef,
} from "./definitions";
import type { Hierarchy } from "./hierarchy";

/** isa.py `validate_isa` builtin field types; each is also a model `FieldType`. */
const BUILTIN_TYPES: FieldType[] = [
  "branch",
  "absbranch",
  "int",
  "uint",
  "hex",
  "offset",
  "uoffset",
  "float",
  "bool",
  "bool_inv",
  "enum",
  "custom",
];

export interface ResolvedType {
  type: FieldType;
  enum?: string;
  bitset?: string;
}

export class Lookup {
  readonly enums = new Map<string, EnumSource>();
  private readonly exprs = new Map<string, ExprDef>();
  private readonly templates = new Map<string, TemplateDef>();
  private readonly types = new Map<Origin, ResolvedType>();
  private readonly exprUses = new Map<ExprUse, ExprDef | undefined>();
  /** Roots named as a field type, in the order they are first used. */
  readonly typeRoots: string[] = [];

  constructor(
    db: IsaspecDatabase,
    private readonly hierarchy: Hierarchy,
    private readonly diags: Diagnostics,
  ) {
    const unique = <T extends Origin & { name: string }>(
      items: T[],
      kind: string,
      into: Map<string, T>,
    ) => {
      for (const item of items) {
        // isa.py keeps them in a dict: a later definition replaces the earlier one.
        const first = into.get(item.name);
        if (first)
          diags.warning(
            "duplicate-name",
            `${kind} '${item.name}' is defined again (first at ${formatLocation(locateElement(first.doc, first.el))}); Mesa uses this later one`,
            locateElement(item.doc, item.el),
          );
        into.set(item.name, item);
      }
    };
    unique(db.enums, "enum", this.enums);
    unique(db.templates, "template", this.templates);
    unique(
      db.exprs.filter((e): e is ExprDef & { name: string } => e.name !== undefined),
      "expression",
      this.exprs as Map<string, ExprDef & { name: string }>,
    );
  }

  /**
   * The model type of a `<field>`/`<derived>` `type=` (A.2); `unknown-type` when it names nothing,
   * `field-width` when its width does not suit the type (isa.py: a float is 16 or 32 bits, a
   * bitset-typed field as wide as its bitset).
   */
  type(o: FieldDef | DerivedDef, owner: string): ResolvedType {
    const typeName = o.type;
    const known = this.types.get(o);
    if (known) return known;
    let result: ResolvedType;
    const builtin = BUILTIN_TYPES.find((t) => t === typeName);
    const root = this.hierarchy.byName.get(typeName);
    if (builtin) {
      result = { type: builtin };
    } else if (this.enums.has(typeName)) {
      result = { type: "enum", enum: typeName };
    } else if (
      root &&
      root.size !== undefined &&
      root.extends === undefined &&
      o.el.name === "field"
    ) {
      result = { type: "bitset", bitset: typeName };
      if (!this.typeRoots.includes(typeName)) this.typeRoots.push(typeName);
    } else {
      const why = root
        ? o.el.name !== "field"
          ? `a derived field cannot have a bitset type ('${typeName}')`
          : `type '${typeName}' names a bitset that is not a root (a bitset-typed field needs a bitset with 'size')`
        : `unknown type '${typeName}' (not a builtin type, an enum or a bitset)`;
      this.diags.error(
        "unknown-type",
        `${describe(o)} of '${owner}': ${why}`,
        locateAttribute(o.doc, o.el, "type"),
      );
      result = { type: "custom" };
    }
    this.checkWidth(o, owner, result);
    this.types.set(o, result);
    return result;
  }

  private checkWidth(o: FieldDef | DerivedDef, owner: string, t: ResolvedType): void {
    const width = "range" in o ? Math.abs(o.range.high - o.range.low) + 1 : o.width;
    const root = t.bitset !== undefined ? this.hierarchy.byName.get(t.bitset) : undefined;
    const why =
      t.type === "float" && width !== 16 && width !== 32
        ? `a float is 16 or 32 bits wide, not ${width}`
        : root?.size !== undefined && width !== root.size
          ? `it is ${width} bits wide but its type '${root.name}' is a bitset of ${root.size} bits`
          : undefined;
    if (why)
      this.diags.error(
        "field-width",
        `${describe(o)} of '${owner}': ${why}`,
        locateElement(o.doc, o.el),
      );
  }

  /** The expression a `<derived>`/`<override>` uses; `dangling-reference` when `expr="#x"` names none. */
  expr(use: ExprUse): ExprDef | undefined {
    if (this.exprUses.has(use)) return this.exprUses.get(use);
    let result: ExprDef | undefined;
    if (use.kind === "inline") result = use.expr;
    else {
      result = this.exprs.get(use.name);
      if (!result) {
        this.diags.error(
          "dangling-reference",
          `${describe(use.at)} refers to expression '${use.name}', which is not defined`,
          locateAttribute(use.at.doc, use.at.el, "expr"),
        );
      }
    }
    this.exprUses.set(use, result);
    return result;
  }

  /** isa.py `resolve_templates`: each `{N}` naming a template becomes the template's text (one pass). */
  substituteTemplates(display: string): string {
    return display.replace(
      /\{([^}]+)\}/g,
      (whole, name: string) => this.templates.get(name)?.text ?? whole,
    );
  }
}
