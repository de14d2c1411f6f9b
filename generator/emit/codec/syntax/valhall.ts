/**
 * Data the valhall assembly syntax needs beyond the generic codec tables (embedded in the generated
 * codec as `SYNTAX`). Nothing yet.
 */
import type { IsaModel } from "../../../model/types";

export function valhallSyntaxData(model: IsaModel): object {
  void model;
  return {};
}
