/** Per-syntax data for the codec templates, by the manifest's `assemblySyntax`. */
import type { IsaInfo, IsaModel } from "../../../model/types";
import { isaspecSyntaxData } from "./isaspec";
import { r500FcSyntaxData } from "./r500Fc";
import { valhallSyntaxData } from "./valhall";

export const SYNTAX_DATA: Record<NonNullable<IsaInfo["assemblySyntax"]>, (model: IsaModel) => object> = {
  isaspec: isaspecSyntaxData,
  valhall: valhallSyntaxData,
  "r500-fc": r500FcSyntaxData,
  // Bifrost's codec has a template of its own (emitTsCodec: clause streams, not words).
  bifrost: () => ({}),
};
