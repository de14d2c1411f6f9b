/**
 * `{NAME}` references in expressions and display templates must name something the decoder can
 * find (source-formats.md A.5): a field or derived field of the leaf's chain (any case, since an
 * override may define what its own expression uses), a `<param as=>` passed into the leaf's root
 * when that root is a field type, or — in displays — `NAME` itself. Lookup starts at the leaf, so a
 * display or expression written on an ancestor is checked against every leaf that inherits it, and
 * reported once per (place, name) listing the leaves that lack it. Mesa's decoder resolves a name
 * only when it is used (prints nothing there, reads 0 in an expression, and reports "no field"
 * with show_errors) and isa.py checks no references, so every such name is a warning (`check
 * --strict` makes it an error). A `<param>` naming nothing is always a warning.
 */
import type { Diagnostics } from "../../diagnostics";
import { locateElement } from "../xml";
import type { BitsetSource, DisplayDef, ExprUse, Origin } from "./definitions";
import type { Hierarchy } from "./hierarchy";
import type { Lookup } from "./lookup";

interface Use {
  /** Where to report: the element holding the text. */
  at: Origin;
  what: string;
  refs: string[];
  /** A `<param>`: Mesa only looks it up when the sub-bitset uses its `as` name and lacks it. */
  param?: boolean;
}

interface Missing {
  use: Use;
  name: string;
  leaves: string[];
}

/** `{X}`, `{X:align=N}` and `{:align=N}` references of a display template (names only). */
export function displayRefs(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\{([^}]*)\}/g)) {
    const name = m[1].split(":")[0].trim();
    if (name !== "" && name !== "NAME" && !out.includes(name)) out.push(name);
  }
  return out;
}

export function checkReferences(hierarchy: Hierarchy, lookup: Lookup, diags: Diagnostics): void {
  const params = paramNamesByRoot(hierarchy);
  const missing = new Map<string, Missing>();
  const order: string[] = [];
  const useCache = new Map<BitsetSource, Use[]>();
  /** Uses whose name some leaf does have: Mesa evaluates them only where used, so only a warning. */
  const resolvedSomewhere = new Set<string>();

  for (const leaf of hierarchy.leaves) {
    const chain = hierarchy.chain(leaf);
    if (!chain) continue;
    const names = new Set(params.get(chain[chain.length - 1].name) ?? []);
    for (const b of chain) {
      for (const f of [...b.fields, ...b.overrides.flatMap((o) => o.fields)]) names.add(f.name);
      for (const d of [...b.derived, ...b.overrides.flatMap((o) => o.derived)]) names.add(d.name);
    }
    const uses = chain.flatMap((b) => {
      if (!useCache.has(b)) useCache.set(b, usesOf(b, lookup));
      return useCache.get(b)!;
    });
    const display = chain.find((b) => b.display)?.display;
    if (display)
      uses.push(
        displayUse(display, `the display of '${chain.find((b) => b.display)!.name}'`, lookup),
      );
    for (const use of uses) {
      for (const name of use.refs) {
        const key = `${use.at.doc.file}\u0000${use.at.el.offset}\u0000${name}`;
        if (names.has(name)) {
          resolvedSomewhere.add(key);
          continue;
        }
        const entry = missing.get(key);
        if (entry) entry.leaves.push(leaf.name);
        else {
          missing.set(key, { use, name, leaves: [leaf.name] });
          order.push(key);
        }
      }
    }
  }
  for (const key of order) {
    const { use, name, leaves } = missing.get(key)!;
    const shown = leaves
      .slice(0, 3)
      .map((l) => `'${l}'`)
      .join(", ");
    const more = leaves.length > 3 ? ` and ${leaves.length - 3} more` : "";
    // Mesa builds it: its decoder looks the name up when it prints (nothing there, or 0 in an
    // expression) and says `no field 'X'` with show_errors; so does isaforge's.
    const mesa =
      use.param || resolvedSomewhere.has(key)
        ? ""
        : `; Mesa reads it as nothing (no field '${name}')`;
    diags.warning(
      use.param ? "unknown-param" : "dangling-reference",
      `${use.param ? `<param name="${name}"> of ${use.what}` : `{${name}} in ${use.what}`} names no field or derived field of ${shown}${more}${mesa}`,
      locateElement(use.at.doc, use.at.el),
    );
  }
}

function displayUse(d: DisplayDef, what: string, lookup: Lookup): Use {
  return { at: d, what, refs: displayRefs(lookup.substituteTemplates(d.text)) };
}

function exprUse(use: ExprUse | undefined, what: string, lookup: Lookup): Use[] {
  if (!use) return [];
  const e = lookup.expr(use);
  if (!e || !e.parse.ok) return [];
  return [{ at: e, what: `expression '${e.text}' (${what})`, refs: e.parse.refs }];
}

/**
 * Expressions, override displays and `<param>`s written on one bitset. A param names a field of
 * the scope that decodes the bitset-typed field (Mesa resolves it there, as it resolves `{NAME}`).
 */
function usesOf(b: BitsetSource, lookup: Lookup): Use[] {
  const uses: Use[] = [];
  for (const f of [...b.fields, ...b.overrides.flatMap((o) => o.fields)])
    for (const p of f.params)
      uses.push({
        at: p,
        what: `field '${f.name}' of '${b.name}'`,
        refs: [p.name],
        param: true,
      });
  for (const d of b.derived)
    uses.push(...exprUse(d.expr, `derived '${d.name}' of '${b.name}'`, lookup));
  b.overrides.forEach((o, i) => {
    const label = `override ${i + 1} of '${b.name}'`;
    uses.push(...exprUse(o.expr, label, lookup));
    for (const d of o.derived)
      uses.push(...exprUse(d.expr, `derived '${d.name}' in ${label}`, lookup));
    if (o.display) uses.push(displayUse(o.display, `the display of ${label}`, lookup));
  });
  return uses;
}

/** For each root used as a field type, the names its `<param as=>`s make visible inside it. */
function paramNamesByRoot(hierarchy: Hierarchy): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const b of hierarchy.bitsets) {
    for (const f of [...b.fields, ...b.overrides.flatMap((o) => o.fields)]) {
      if (!f.params.length) continue;
      const list = out.get(f.type) ?? [];
      for (const p of f.params) if (!list.includes(p.as)) list.push(p.as);
      out.set(f.type, list);
    }
  }
  return out;
}
