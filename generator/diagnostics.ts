/**
 * Compiler-style diagnostics. Every phase reports into a `Diagnostics` collector instead of throwing,
 * so one run shows every problem at once: `file:line:col: severity[code]: message`.
 */
import type { SourceRef } from "./model/types";

export type Severity = "error" | "warning" | "note";

export interface Diagnostic {
  severity: Severity;
  /** Stable machine-readable code, e.g. `overlap`, `xml-syntax`, `line-numbering`. */
  code: string;
  message: string;
  /** Where the problem is; absent only for problems with no document (e.g. a missing specs dir). */
  at?: SourceRef;
  /** Further locations (e.g. the other instruction of an overlap). */
  related?: { at: SourceRef; message: string }[];
}

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, note: 2 };

export class Diagnostics {
  readonly items: Diagnostic[] = [];
  /** Warnings a manifest accepts by name (`acceptedWarnings`): counted, not printed. */
  readonly accepted: Diagnostic[] = [];
  /** Elements (by position) whose reported error makes later checks on them moot. */
  private readonly moot = new Set<string>();

  report(d: Diagnostic): void {
    this.items.push(d);
  }

  error(code: string, message: string, at?: SourceRef, related?: Diagnostic["related"]): void {
    this.report({ severity: "error", code, message, at, related });
  }

  warning(code: string, message: string, at?: SourceRef, related?: Diagnostic["related"]): void {
    this.report({ severity: "warning", code, message, at, related });
  }

  /** Something the user should know that is not wrong (a spec skipped for want of its tree). */
  note(code: string, message: string, at?: SourceRef): void {
    this.report({ severity: "note", code, message, at });
  }

  /**
   * Mark the element at `at` as already reported broken (a reader rejected part of it), so later
   * phases skip checks whose findings would only echo that error (an overlap caused by a rejected
   * pattern, a too-wide value the reader already named).
   */
  suppressFollowUps(at: SourceRef): void {
    this.moot.add(formatLocation(at));
  }

  followUpsSuppressed(at: SourceRef): boolean {
    return this.moot.has(formatLocation(at));
  }

  /** Move the diagnostics `accepts` takes from `items` to `accepted`. */
  acceptWhere(accepts: (d: Diagnostic) => boolean): void {
    const kept = this.items.filter((d) => !accepts(d) || (this.accepted.push(d), false));
    this.items.splice(0, this.items.length, ...kept);
  }

  /** `--strict`: every warning becomes an error. */
  promoteWarnings(): void {
    for (const d of this.items) if (d.severity === "warning") d.severity = "error";
  }

  get errorCount(): number {
    return this.items.filter((d) => d.severity === "error").length;
  }

  get warningCount(): number {
    return this.items.filter((d) => d.severity === "warning").length;
  }

  get hasErrors(): boolean {
    return this.errorCount > 0;
  }

  /** Diagnostics in a stable order: by file, line, column, then severity, code and message. */
  sorted(): Diagnostic[] {
    return [...this.items].sort(compareDiagnostics);
  }
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const fa = a.at?.file ?? "";
  const fb = b.at?.file ?? "";
  if (fa !== fb) return fa < fb ? -1 : 1;
  const la = a.at?.line ?? 0;
  const lb = b.at?.line ?? 0;
  if (la !== lb) return la - lb;
  const ca = a.at?.column ?? 0;
  const cb = b.at?.column ?? 0;
  if (ca !== cb) return ca - cb;
  if (a.severity !== b.severity) return SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity];
  if (a.code !== b.code) return a.code < b.code ? -1 : 1;
  return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
}

export function formatLocation(at: SourceRef | undefined): string {
  return at ? `${at.file}:${at.line}:${at.column}` : "isaforge";
}

/** One diagnostic as text; related locations follow as indented `note` lines. */
export function formatDiagnostic(d: Diagnostic): string {
  const head = `${formatLocation(d.at)}: ${d.severity}[${d.code}]: ${d.message}`;
  const rel = (d.related ?? []).map((r) => `\n  ${formatLocation(r.at)}: note: ${r.message}`);
  return head + rel.join("");
}

/** `1 instruction`, `2 instructions`: counts in messages. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** Thrown by a phase that cannot continue; carries the diagnostics gathered so far. */
export class DiagnosticError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join("\n"));
    this.name = "DiagnosticError";
  }
}
