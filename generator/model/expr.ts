/**
 * The model's expression language, from isaspec (source-formats.md A.7): C integer expressions over `{FIELD}`
 * references. Upstream pastes the text into generated C, so anything outside the C integer subset
 * would only fail when that C is compiled; this recursive-descent checker rejects it at read time.
 */

/** How emitted code names the GPU id among an expression's inputs (no field can be called this). */
export const GPU_ID_NAME = "ISA_GPU_ID()";

export type UnaryOp = "!" | "~" | "-";
export type BinaryOp =
  | "*"
  | "/"
  | "%"
  | "+"
  | "-"
  | "<<"
  | ">>"
  | "<"
  | "<="
  | ">"
  | ">="
  | "=="
  | "!="
  | "&"
  | "^"
  | "|"
  | "&&"
  | "||";

export type ExprNode =
  | { kind: "number"; text: string }
  | { kind: "field"; name: string }
  /** `ISA_GPU_ID()`: the GPU id the decoder was given (Mesa's `isa_get_gpu_id`). */
  | { kind: "gpu" }
  | { kind: "unary"; op: UnaryOp; operand: ExprNode }
  | { kind: "binary"; op: BinaryOp; left: ExprNode; right: ExprNode };

export type ExprParse =
  { ok: true; ast: ExprNode; refs: string[] } | { ok: false; message: string };

/** Binary operators from loosest to tightest binding (C precedence). */
const LEVELS: BinaryOp[][] = [
  ["||"],
  ["&&"],
  ["|"],
  ["^"],
  ["&"],
  ["==", "!="],
  ["<", "<=", ">", ">="],
  ["<<", ">>"],
  ["+", "-"],
  ["*", "/", "%"],
];

const PUNCTUATORS = [
  "<<",
  ">>",
  "<=",
  ">=",
  "==",
  "!=",
  "&&",
  "||",
  "*",
  "/",
  "%",
  "+",
  "-",
  "<",
  ">",
  "&",
  "^",
  "|",
  "!",
  "~",
  "(",
  ")",
];

type Token =
  | { kind: "number"; text: string; at: number }
  | { kind: "field"; name: string; at: number }
  | { kind: "gpu"; at: number }
  | { kind: "punct"; text: string; at: number }
  | { kind: "end"; at: number };

class SyntaxError_ {
  constructor(
    readonly detail: string,
    readonly at: number,
  ) {}
}

/** Integer literal: decimal, octal or hex, with an optional C suffix (`U`, `L`, `LL`, `ULL`, …). */
const NUMBER = /^(0[xX][0-9a-fA-F]+|[0-9]+)(?:[uU](?:ll|LL|l|L)?|(?:ll|LL|l|L)[uU]?)?/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
    } else if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      if (end < 0) throw new SyntaxError_("unterminated comment", i);
      i = end + 2;
    } else if (/[0-9]/.test(c)) {
      const m = NUMBER.exec(text.slice(i))!;
      const word = /^[A-Za-z0-9_]*/.exec(text.slice(i))![0];
      if (word.length > m[0].length) throw new SyntaxError_(`bad number '${word}'`, i);
      if (/^0[0-9]+$/.test(m[1]) && /[89]/.test(m[1]))
        throw new SyntaxError_(`bad octal number '${m[1]}'`, i);
      tokens.push({ kind: "number", text: m[0], at: i });
      i += m[0].length;
    } else if (c === "{") {
      const m = /^\{([A-Za-z0-9_]+)\}/.exec(text.slice(i));
      if (!m) throw new SyntaxError_("malformed field reference (expected '{NAME}')", i);
      tokens.push({ kind: "field", name: m[1], at: i });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z0-9_]+/.exec(text.slice(i))![0];
      const call = /^ISA_GPU_ID\s*\(\s*\)/.exec(text.slice(i));
      if (call) {
        tokens.push({ kind: "gpu", at: i });
        i += call[0].length;
        continue;
      }
      throw new SyntaxError_(
        `unexpected identifier '${word}' (only numbers, {FIELD} references, ISA_GPU_ID() and C operators are allowed)`,
        i,
      );
    } else {
      const p = PUNCTUATORS.find((op) => text.startsWith(op, i));
      if (!p) throw new SyntaxError_(`unexpected character '${c}'`, i);
      tokens.push({ kind: "punct", text: p, at: i });
      i += p.length;
    }
  }
  tokens.push({ kind: "end", at: text.length });
  return tokens;
}

class Parser {
  private pos = 0;
  readonly refs: string[] = [];

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.pos];
  }

  private describe(t: Token): string {
    if (t.kind === "end") return "end of expression";
    if (t.kind === "number") return `'${t.text}'`;
    if (t.kind === "field") return `'{${t.name}}'`;
    if (t.kind === "gpu") return "'ISA_GPU_ID()'";
    return `'${t.text}'`;
  }

  parseAll(): ExprNode {
    const ast = this.binary(0);
    const t = this.peek();
    if (t.kind !== "end")
      throw new SyntaxError_(`unexpected ${this.describe(t)} after a complete expression`, t.at);
    return ast;
  }

  private binary(level: number): ExprNode {
    if (level === LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const t = this.peek();
      if (t.kind !== "punct" || !(LEVELS[level] as string[]).includes(t.text)) return left;
      this.pos++;
      const right = this.binary(level + 1);
      left = { kind: "binary", op: t.text as BinaryOp, left, right };
    }
  }

  private unary(): ExprNode {
    const t = this.peek();
    if (t.kind === "punct" && (t.text === "!" || t.text === "~" || t.text === "-")) {
      this.pos++;
      return { kind: "unary", op: t.text, operand: this.unary() };
    }
    return this.primary();
  }

  private primary(): ExprNode {
    const t = this.peek();
    this.pos++;
    if (t.kind === "number") return { kind: "number", text: t.text };
    if (t.kind === "gpu") return { kind: "gpu" };
    if (t.kind === "field") {
      if (!this.refs.includes(t.name)) this.refs.push(t.name);
      return { kind: "field", name: t.name };
    }
    if (t.kind === "punct" && t.text === "(") {
      const inner = this.binary(0);
      const close = this.peek();
      if (close.kind !== "punct" || close.text !== ")")
        throw new SyntaxError_(
          `expected ')' to close the '(' at character ${t.at + 1}, found ${this.describe(close)}`,
          close.at,
        );
      this.pos++;
      return inner;
    }
    throw new SyntaxError_(`expected a number, {FIELD} or '(', found ${this.describe(t)}`, t.at);
  }
}

/** Collapse whitespace so that the text can be quoted on one line (comments keep their words). */
export function normalizeExpr(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

/** Parse a (normalized) expression; errors say what is wrong and at which character (1-based). */
export function parseExpr(text: string): ExprParse {
  try {
    const parser = new Parser(tokenize(text));
    const ast = parser.parseAll();
    return { ok: true, ast, refs: parser.refs };
  } catch (e) {
    if (e instanceof SyntaxError_)
      return { ok: false, message: `${e.detail} at character ${e.at + 1}` };
    throw e;
  }
}
