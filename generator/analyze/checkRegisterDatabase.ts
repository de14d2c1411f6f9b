/**
 * Checks of a rules-ng register database: types that name nothing, fields past the width of their
 * register, registers of a domain that overlap.
 */
import type { Diagnostics } from "../diagnostics";
import type { RegisterDatabase } from "../model/types";

export function analyzeRegisterDatabase(db: RegisterDatabase, diags: Diagnostics): void {
  void db;
  void diags;
}
