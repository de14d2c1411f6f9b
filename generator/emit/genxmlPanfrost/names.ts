/**
 * The C names Mesa's Panfrost gen_pack.py derives from a document's names (genxml.md §9.1).
 * Shared by the pack header and the decoders, so that both name things alike.
 */

/** gen_pack.py's safe name: ` `, `/`, `-` become `_`; punctuation goes; a leading non-letter gets `_`. */
export function safeName(name: string): string {
  const s = name.replace(/[ /-]/g, "_").replace(/[[\]():.,=>#&%*"+']/g, "");
  return /^[A-Za-z]/.test(s) ? s : `_${s}`;
}

/** A struct's or aggregate's C name: `Blend Equation` → `MALI_BLEND_EQUATION`. */
export function structCName(name: string): string {
  return `MALI_${safeName(name.toUpperCase())}`;
}

/** A field's C member name: `Stencil Mask, Misc` → `stencil_mask_misc`. */
export function fieldCName(name: string): string {
  return safeName(name).toLowerCase();
}

/** An enum's C name: `Blend Operand A` → `mali_blend_operand_a`. */
export function enumCName(name: string): string {
  return `mali_${safeName(name)}`.toLowerCase();
}

/** An enum constant: the enum's C name (plain `mali` for the enum `Format`) and the value's name. */
export function enumConstant(enumName: string, valueName: string): string {
  const prefix = enumName === "Format" ? "mali" : enumCName(enumName);
  return safeName(`${prefix}_${valueName}`).toUpperCase();
}

/** A field value's macro: `«PREFIX»_«NAME»`, or the bare name without a prefix. */
export function fieldValueMacro(prefix: string | undefined, valueName: string): string {
  return prefix === undefined
    ? safeName(valueName).toUpperCase()
    : safeName(`${safeName(prefix).toUpperCase()}_${valueName}`).toUpperCase();
}

/** An enum-typed field's default, as the header's initializer writes it: `MALI_DRAW_MODE_NONE`. */
export function enumDefault(type: string, valueName: string): string {
  return safeName(`mali_${type}_${valueName}`).toUpperCase();
}
