/**
 * Analysis of a validated model. Every check reports into the diagnostics and keeps going, so one run
 * shows every problem.
 */
import type { Diagnostics } from "../diagnostics";
import type { IsaModel } from "../model/types";
import { checkCoverage } from "./checkCoverage";
import { checkDocumentsAgree } from "./checkDocumentsAgree";
import { checkEncodings } from "./checkEncodings";
import { checkFields } from "./checkFields";
import { checkNames, checkReferences } from "./checkNames";
import { checkRegisterDatabases } from "./checkRegisterDatabase";

export function analyzeModel(model: IsaModel, diags: Diagnostics): void {
  checkNames(model, diags);
  checkReferences(model, diags);
  checkGenRanges(model, diags);
  checkFields(model, diags);
  checkEncodings(model, diags);
  checkDocumentsAgree(model, diags);
  checkCoverage(model, diags);
  checkRegisterDatabases(model, diags);
}

function checkGenRanges(model: IsaModel, diags: Diagnostics): void {
  for (const ins of model.instructions) {
    if (ins.gen && ins.gen.min > ins.gen.max)
      diags.error(
        "gen-range",
        `instruction '${ins.name}': generation range ${ins.gen.min}..${ins.gen.max} is empty`,
        ins.source,
      );
  }
}
