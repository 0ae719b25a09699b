// A count with its unit in the world's language, by that language's plural rules: "1 pace" / "4 paces",
// "1 шаг" / "2 шага" / "5 шагов" / "21 шаг", "4 Schritt", "1 Tag" / "3 Tage". The forms are the keys
// FLEX.Unit.<unit>.<category> with Intl.PluralRules' categories (one, few, many, other); a language
// without a category uses "other".

/** The units Flex counts in (keys under FLEX.Unit): distances, days, the durations of effects, Fluss spent, hit dice, kit charges and characters. */
export type Unit = "Schritt" | "Tag" | "Arbeitstag" | "Aktion" | "Block" | "Einheit" | "Treffer" | "Round" | "Turn" | "Second" | "Minute" | "Hour" | "Fluss" | "Trefferwuerfel" | "Ladung" | "Charakter";

const rulesCache = new Map<string, Intl.PluralRules>();
const numberCache = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, lang: string, make: (lang: string) => T): T {
  let value = cache.get(lang);
  if (!value) {
    // A language tag Intl does not know (a module's own code) falls back to English rules.
    try {
      value = make(lang);
    } catch {
      value = make("en");
    }
    cache.set(lang, value);
  }
  return value;
}

/** `n` with `unit` in the world's language: "4 Schritt", "4 paces", "4 шага". */
export function unitText(unit: Unit, n: number): string {
  const i18n = game.i18n!;
  const lang = i18n.lang || "en";
  const value = Number.isFinite(n) ? n : 0;
  const category = cached(rulesCache, lang, (l) => new Intl.PluralRules(l)).select(value);
  const key = `FLEX.Unit.${unit}.${category}`;
  const count = cached(numberCache, lang, (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 2, useGrouping: false })).format(value);
  return i18n.format(i18n.has(key, false) ? key : `FLEX.Unit.${unit}.other`, { n: count });
}

/**
 * A whole or decimal number as the language writes it, a negative one with the minus sign "−" (U+2212), never the
 * hyphen-minus Intl and String() write in German and English: "−3", "12", "1,5" (issue 25: an EW of −1 on a card).
 */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return "";
  const lang = game.i18n?.lang || "en";
  const digits = cached(numberCache, lang, (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 2, useGrouping: false })).format(Math.abs(n));
  return n < 0 && digits !== "0" ? `−${digits}` : digits;
}

/** The fractions a Stufe takes below 1 (RULES.md: Stufe ¼ and ½ creatures), written as Flex's tables write them. */
const STUFE_FRACTIONS = new Map([[0.25, "¼"], [0.5, "½"], [0.75, "¾"]]);

/** A creature's Stufe as the tables write it: "¼", "½", "1", "2"; a whole part with a fraction "1½". */
export function stufeText(value: number): string {
  const whole = Math.floor(value);
  const fraction = STUFE_FRACTIONS.get(value - whole);
  if (fraction) return whole > 0 ? `${whole}${fraction}` : fraction;
  const lang = game.i18n?.lang || "en";
  return cached(numberCache, lang, (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 2, useGrouping: false })).format(value);
}

/** The Handlebars helper `{{flexUnit "Schritt" n}}`. */
export function registerUnitHelper(): void {
  const hb = (globalThis as unknown as { Handlebars: typeof Handlebars }).Handlebars;
  hb.registerHelper("flexUnit", (unit: Unit, n: unknown) => unitText(unit, Number(n)));
  // A number with a true minus sign (an EW below 0); anything that is not a number passes through.
  hb.registerHelper("flexNumber", (n: unknown) => (typeof n === "number" ? numberText(n) : n === null || n === undefined ? "" : String(n)));
  // A Stufe as the tables write it (¼, ½); anything that is not a number passes through.
  hb.registerHelper("flexStufe", (n: unknown) => (typeof n === "number" && Number.isFinite(n) ? stufeText(n) : n === null || n === undefined ? "" : String(n)));
}

/** A chance (0 … 1) as a whole percentage in the world's language: "45 %", "45%". */
export function percentText(chance: number): string {
  const lang = game.i18n?.lang || "en";
  return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(Number.isFinite(chance) ? chance : 0);
}
