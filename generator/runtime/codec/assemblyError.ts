/**
 * The error every codec's assembler throws. Carried by every codec (inlined by
 * generator/emit/codec/runtimeSource.ts); no dependencies.
 */

/** An assembler error: `line`/`column` (1-based) locate the first bad token. */
export class AssemblyError extends SyntaxError {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${line}:${column}: ${message}`);
    this.name = "AssemblyError";
  }
}
