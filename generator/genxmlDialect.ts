/**
 * Which genxml dialect a document is written in, by its root element: Intel's `<genxml>` or
 * Panfrost's `<panxml>`. `genxml-decode` takes either; a document that cannot be read or has
 * neither root goes to the Intel reader, whose errors name the file and position.
 */
import { readFileSync } from "fs";

export function genxmlDialect(doc: string): "intel" | "panfrost" {
  let text: string;
  try {
    text = readFileSync(doc, "utf8");
  } catch {
    return "intel";
  }
  // The first element after the prolog and comments.
  const root = /<([A-Za-z_][\w.-]*)/.exec(text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ""));
  return root?.[1] === "panxml" ? "panfrost" : "intel";
}
