/**
 * The error the Bifrost assembler throws. Carried by the Bifrost codec (inlined by
 * generator/emit/codec/runtimeSource.ts); no dependencies.
 */

/** A line of assembly text that does not assemble, with its 1-based line number. */
export class BifrostAssemblyError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = "BifrostAssemblyError";
  }
}
