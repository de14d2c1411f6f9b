/**
 * XML parsing for the readers: fast-xml-parser with element start offsets, turned into a small
 * element tree whose every node can be located in the document as the user gave it.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { Diagnostics, type Diagnostic } from "../diagnostics";
import type { SourceRef } from "../model/types";
import type { RecoveredDocument } from "../recover/recoverDocument";

export interface XmlElement {
  kind: "element";
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** Offset of `<` in the recovered text. */
  offset: number;
}

export interface XmlText {
  kind: "text";
  text: string;
}

export interface XmlComment {
  kind: "comment";
  text: string;
}

export type XmlNode = XmlElement | XmlText | XmlComment;

const META = XMLParser.getMetaDataSymbol() as unknown as string;

/** Each document's element tree, and what parsing it reported. */
const parsed = new WeakMap<
  RecoveredDocument,
  { root: XmlElement | undefined; reported: Diagnostic[] }
>();

/**
 * Parse a recovered XML document; malformed XML is reported at its position and yields undefined.
 * A document is parsed once: a rules-ng file imported by several databases was parsed up to five
 * times. The tree is shared, so readers must not change it; what the parse reported is reported
 * again each time.
 */
export function parseXml(doc: RecoveredDocument, diags: Diagnostics): XmlElement | undefined {
  let done = parsed.get(doc);
  if (!done) {
    const own = new Diagnostics();
    done = { root: parseOnce(doc, own), reported: own.items };
    parsed.set(doc, done);
  }
  // Copies: a caller may promote its warnings to errors.
  for (const d of done.reported) diags.report({ ...d });
  return done.root;
}

function parseOnce(doc: RecoveredDocument, diags: Diagnostics): XmlElement | undefined {
  const result = XMLValidator.validate(doc.text, { allowBooleanAttributes: false });
  if (result !== true) {
    // The validator's message may cite another recovered position; cite it in the user's file too.
    const msg = result.err.msg.replace(/line (\d+), col (\d+)/g, (_, l: string, c: string) => {
      const at = doc.locateLine(Number(l), Number(c));
      return `line ${at.line}, col ${at.column}`;
    });
    diags.error("xml-syntax", msg, doc.locateLine(result.err.line, result.err.col));
    return undefined;
  }
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "",
    commentPropName: "#comment",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    captureMetaData: true,
    processEntities: true,
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
  });
  const entity = undefinedEntity(doc.text);
  if (entity) {
    diags.error("xml-syntax", `unknown entity '${entity.text}'`, doc.locate(entity.offset));
    return undefined;
  }
  let tree: unknown[];
  try {
    tree = parser.parse(doc.text) as unknown[];
  } catch (e) {
    // The validator lets a few things through that the parser rejects (an unclosed trailing `<?`).
    diags.error(
      "xml-syntax",
      e instanceof Error ? e.message : String(e),
      doc.locate(parserErrorOffset(doc.text)),
    );
    return undefined;
  }
  const roots = convert(tree).filter((n): n is XmlElement => n.kind === "element");
  if (roots.length !== 1) {
    diags.error("xml-syntax", `expected one root element, found ${roots.length}`, doc.locate(0));
    return undefined;
  }
  return roots[0];
}

const XML_ENTITIES = new Set(["lt", "gt", "amp", "quot", "apos"]);

/** The first `&name;` XML does not define (the documents declare no DTD), outside comments and CDATA. */
function undefinedEntity(text: string): { text: string; offset: number } | undefined {
  const re = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|&([A-Za-z_][\w.-]*);/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] !== undefined && !XML_ENTITIES.has(m[1])) return { text: m[0], offset: m.index };
  }
  return undefined;
}

/** Where a parser error most likely is: an unclosed processing instruction, else the end. */
function parserErrorOffset(text: string): number {
  for (let i = text.indexOf("<?"); i >= 0; i = text.indexOf("<?", i + 2)) {
    if (text.indexOf("?>", i + 2) < 0) return i;
  }
  return text.length;
}

function convert(nodes: unknown[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const raw of nodes) {
    const node = raw as Record<string, unknown>;
    const attrs = (node[":@"] ?? {}) as Record<string, string>;
    for (const key of Object.keys(node)) {
      if (key === ":@") continue;
      const value = node[key] as unknown[];
      if (key === "#text") out.push({ kind: "text", text: String(value) });
      else if (key === "#comment")
        out.push({
          kind: "comment",
          text: value.map((v) => String((v as { "#text": string })["#text"])).join(""),
        });
      else {
        const meta = (node as Record<string, { startIndex?: number }>)[META];
        out.push({
          kind: "element",
          name: key,
          attrs: { ...attrs },
          children: convert(value),
          offset: meta?.startIndex ?? 0,
        });
      }
    }
  }
  return out;
}

/** Child elements, optionally only those with the given name. */
export function elements(el: XmlElement, name?: string): XmlElement[] {
  return el.children.filter(
    (c): c is XmlElement => c.kind === "element" && (name === undefined || c.name === name),
  );
}

/** The concatenated text content of an element and its descendants. */
export function textOf(el: XmlElement): string {
  return el.children
    .map((c) => (c.kind === "text" ? c.text : c.kind === "element" ? textOf(c) : ""))
    .join("");
}

/** Where an element starts in the document as given. */
export function locateElement(doc: RecoveredDocument, el: XmlElement): SourceRef {
  return doc.locate(el.offset);
}

/** By attribute name: what finds it in a tag (readers locate some 14,000 attributes a build). */
const attributePatterns = new Map<string, RegExp>();

/** Where an attribute of an element is (its name), or the element if it is not found. */
export function locateAttribute(doc: RecoveredDocument, el: XmlElement, attr: string): SourceRef {
  const tagEnd = doc.text.indexOf(">", el.offset);
  const tag = doc.text.slice(el.offset, tagEnd < 0 ? undefined : tagEnd);
  let pattern = attributePatterns.get(attr);
  if (!pattern) {
    pattern = new RegExp(`\\s${attr.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*=`);
    attributePatterns.set(attr, pattern);
  }
  const m = pattern.exec(tag);
  return doc.locate(m ? el.offset + m.index + 1 : el.offset);
}

/** Collapse a documentation block: strip common indentation and surrounding blank lines. */
export function cleanDoc(text: string): string {
  const lines = text.replace(/\r/g, "").split("\n");
  while (lines.length && lines[0].trim() === "") lines.shift();
  while (lines.length && lines[lines.length - 1].trim() === "") lines.pop();
  const indents = lines.filter((l) => l.trim() !== "").map((l) => /^[ \t]*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut).replace(/\s+$/, "")).join("\n");
}
