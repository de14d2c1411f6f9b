/**
 * Re-escapes what a scrape decoded in XML text: a `&` that does not start an entity reference becomes
 * `&amp;`, a `<` that does not start markup becomes `&lt;`. Comments, CDATA and processing
 * instructions are copied untouched, so well-formed XML passes through byte-identical.
 */
import type { RecoveredTextBuilder } from "./positionMap";

const ENTITY = /^&(?:#[0-9]+|#x[0-9a-fA-F]+|[A-Za-z_][\w.-]*);/;
const MARKUP_START = /^<[A-Za-z_:/!?]/;

export class XmlReescaper {
  /** Characters replaced so far. */
  escaped = 0;
  /** The terminator of the construct we are inside (`-->`, `]]>`, `?>`), if any. */
  private closer: string | undefined;

  constructor(
    private readonly out: RecoveredTextBuilder,
    private readonly page: string,
  ) {}

  /** Copy `page[start, end)` (one line) to the output, re-escaping as needed. */
  copy(start: number, end: number): void {
    const page = this.page;
    let runStart = start;
    let i = start;
    while (i < end) {
      if (this.closer) {
        const close = page.indexOf(this.closer, i);
        if (close < 0 || close + this.closer.length > end) {
          i = end;
          break;
        }
        i = close + this.closer.length;
        this.closer = undefined;
        continue;
      }
      const c = page[i];
      if (c === "<") {
        const rest = page.slice(i, Math.min(end, i + 9));
        if (rest.startsWith("<!--")) {
          this.closer = "-->";
          i += 4;
          continue;
        }
        if (rest.startsWith("<![CDATA[")) {
          this.closer = "]]>";
          i += 9;
          continue;
        }
        if (rest.startsWith("<?")) {
          this.closer = "?>";
          i += 2;
          continue;
        }
        if (!MARKUP_START.test(rest)) {
          this.replace(runStart, i, "&lt;");
          runStart = ++i;
          continue;
        }
      } else if (c === "&" && !ENTITY.test(page.slice(i, Math.min(end, i + 32)))) {
        this.replace(runStart, i, "&amp;");
        runStart = ++i;
        continue;
      }
      i++;
    }
    this.out.copy(page, runStart, end);
  }

  private replace(runStart: number, at: number, entity: string): void {
    this.out.copy(this.page, runStart, at);
    this.out.insert(entity, at);
    this.escaped++;
  }
}
