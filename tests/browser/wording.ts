// The gallery's wording check: what a page in each language must not show, read from the page's visible text and
// its tooltips (gallery.test.ts collects that text; tests/project/gallery-wording.test.ts checks the check).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";

/** German talent names the talent compendium translates: an English or Russian page must not show them. */
const TALENT_SOURCES = join(import.meta.dirname, "..", "..", "packs", "_source", "talente");
export const GERMAN_TALENTS = readdirSync(TALENT_SOURCES)
  .filter((f) => f.endsWith(".yml"))
  .map((f) => yaml.load(readFileSync(join(TALENT_SOURCES, f), "utf8")) as { name: string; flags: { flex: { i18n: Record<string, { name: string }> } } })
  .filter((t) => ["en", "ru"].every((lang) => t.flags.flex.i18n[lang]?.name !== t.name))
  .map((t) => t.name);

const word = (w: string) => new RegExp(`(?<![\\p{L}\\p{N}])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "u");

/** The die letter each language writes (W8, d8, к8); a die written with another one is a wording problem. */
const DIE_LETTER: Record<string, string> = { de: "W", en: "d", ru: "к" };

/**
 * A die in a text: an optional count, the letter, the faces, and Foundry's keep suffix ("3d8kh"), standing alone
 * (not inside a word or an id: "Stand6", "a1d2f" are no dice).
 */
const dice = (letter: string) => new RegExp(`(?<![\\p{L}\\p{N}])\\d*${letter}\\d+(?:k[hl]?\\d*)?(?![\\p{L}\\p{N}])`, "gu");

/**
 * Numbers written with an ASCII hyphen-minus (issue 25, Done when): a minus sign before a number ("-5", "→ -3") is
 * "−" (U+2212), and a range or a difference between two numbers ("4-11", "W8-1") is written with an en dash or
 * " − ". A hyphen inside a word ("KO-Probe", "R-REST-1", "W6-Würfel") is none of these.
 */
const ASCII_MINUS = /(?<![\p{L}\p{N}-])-\d+(?:[.,]\d+)?/gu;
const ASCII_RANGE = /(?<![\p{L}\p{N}-])\p{N}+(?:[.,]\d+)?(?:-\d+|\s+-\s+\p{N}+)/gu;
const ASCII_FORMULA = /(?<![\p{L}\p{N}])\d*[Wdк]\d+(?:k[hl]?\d*)?\s*-\s*\d+/gu;

/**
 * What a page must not show (issue 28 scope 1 and 5, issue 25 Done when): on every page, a number with an ASCII
 * minus or a range with a hyphen, and a die written with another language's letter; on an English or Russian page,
 * a German talent name (those the talent compendium translates) and a rule ID outside a card's "Regeln" line and
 * the rules journal; on a Russian page, Latin EW / SW.
 */
export function wordingProblems(text: string, lang: string): string[] {
  const found: string[] = [];
  for (const m of text.match(ASCII_MINUS) ?? []) found.push(`ASCII minus "${m}"`);
  for (const m of text.match(ASCII_RANGE) ?? []) found.push(`hyphen between numbers "${m}"`);
  for (const m of text.match(ASCII_FORMULA) ?? []) found.push(`ASCII minus in "${m}"`);
  for (const letter of Object.values(DIE_LETTER).filter((l) => l !== (DIE_LETTER[lang] ?? "d"))) {
    for (const m of text.match(dice(letter)) ?? []) found.push(`dice "${m}"`);
  }
  if (lang !== "de") {
    for (const name of GERMAN_TALENTS) if (word(name).test(text)) found.push(`German talent "${name}"`);
    for (const m of text.match(/\bR-[A-Z]+(?:-[A-Z0-9]+)*\b/g) ?? []) found.push(`rule ID ${m}`);
  }
  if (lang === "ru") for (const m of text.match(/\b(?:EW|SW)\b/g) ?? []) found.push(`Latin "${m}"`);
  return [...new Set(found)];
}
