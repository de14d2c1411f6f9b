/**
 * C identifiers for the header: model names made into valid, unique C (and C++) identifiers.
 *
 * Scheme (also stated in every header's banner): every run of characters other than letters and
 * digits becomes `_` (`LD_VAR_BUF.f32` → `LD_VAR_BUF_F32`, `#rptN` → `RPTN`), macros are upper
 * case, functions and struct members lower case; a leading digit gets `N` (macros) or `n` (members)
 * in front, a C/C++ keyword gets `_` after it; a name that would repeat one already taken gets
 * `_2`, `_3`, … Names a rules-ng document defines are used verbatim and never renamed.
 */

/** C99 and C++20 keywords and alternative tokens: not usable as member names. */
const KEYWORDS = new Set(
  (
    "auto break case char const continue default do double else enum extern float for goto if inline int long " +
    "register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while " +
    "alignas alignof and and_eq asm bitand bitor bool catch char8_t char16_t char32_t class compl concept consteval " +
    "constexpr constinit const_cast co_await co_return co_yield decltype delete dynamic_cast explicit export false " +
    "friend mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public " +
    "reinterpret_cast requires static_assert static_cast template this thread_local throw true try typeid typename " +
    "using virtual wchar_t xor xor_eq"
  ).split(" "),
);

/** The words of `name` joined by `_` (letters and digits kept, case kept). */
function words(name: string): string {
  return name.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
}

/** An upper-case macro name part (`FADD.f32` → `FADD_F32`); may start with a digit. */
export function macroPart(name: string): string {
  return words(name).toUpperCase() || "X";
}

/** A standalone upper-case identifier. */
export function macroName(name: string): string {
  const s = macroPart(name);
  return /^[0-9]/.test(s) ? `N${s}` : s;
}

/** A lower-case function-name part. */
export function functionPart(name: string): string {
  return words(name).toLowerCase() || "x";
}

/** A struct member name: lower case, not a keyword, not starting with a digit. */
export function memberName(name: string): string {
  const s = functionPart(name);
  if (/^[0-9]/.test(s)) return `n${s}`;
  return KEYWORDS.has(s) ? `${s}_` : s;
}

/** The identifiers of one scope (a header, or a struct's members). */
export class NameScope {
  private readonly taken = new Set<string>();

  constructor(private readonly what: string) {}

  /** `name`, or `name_2`, `name_3`, … if taken. */
  unique(name: string): string {
    return this.family(name, (b) => [b]);
  }

  /**
   * Several names built from one base (`ETNAVIV_ADD` → `ETNAVIV_ADD__MATCH0`, `etnaviv_add_pack`, …):
   * the first of `base`, `base_2`, … for which none is taken. Returns that base; its names are taken.
   */
  family(base: string, build: (base: string) => string[]): string {
    for (let n = 1; ; n++) {
      const chosen = n === 1 ? base : `${base}_${n}`;
      const names = build(chosen);
      if (names.every((x) => !this.taken.has(x)) && new Set(names).size === names.length) {
        for (const x of names) this.taken.add(x);
        return chosen;
      }
    }
  }

  /** `name` exactly; a repeat is an error (names a source defines cannot be changed). */
  exact(name: string): string {
    if (this.taken.has(name))
      throw new Error(`C header for ${this.what}: the name ${name} is defined twice`);
    this.taken.add(name);
    return name;
  }
}
