// Dice as each language writes them: W8 / 1W6+2 in German, d8 / 1d6+2 in English, к8 / 1к6+2 in Russian.
// The data and the rules keep the German notation; only what a user reads goes through localDice. Foundry
// roll formulas ("3d8kh") never do: they are not Flex notation.
import { dieLabel } from "../rules";
import type { Die } from "../rules";

// A die letter is W (or к, which a Russian player may type) directly before a number and not inside a word:
// "W8", "2W6+1", "(W10 + 4)", "W8+W4" — but never the W of "Wasser", "Waffe", "RW 4" or "SW12".
const DIE_LETTER = /(?<![\p{L}\p{N}_])(\d*)[WwКк](?=\d)/gu;

/** The die letter of the world's language (FLEX.Dice.Letter); W when the key is missing. */
export function dieLetter(): string {
  const key = "FLEX.Dice.Letter";
  const letter = game.i18n?.localize(key);
  return letter && letter !== key ? letter : "W";
}

/** `text` with every die letter in dice notation written as the language writes it; nothing else changes. */
export function localDice(text: unknown, letter: string = dieLetter()): string {
  if (text === null || text === undefined) return "";
  return String(text).replace(DIE_LETTER, (_m, count: string) => `${count}${letter}`);
}

/**
 * A Foundry roll formula as the table reads it: "1d8 + 3" → "W8 + 3", "3d8kh + 2 - 1" → "3W8 (höchster) + 2 − 1" in
 * the language's die letter and with a true minus sign; for a check whose formula is shown (short combat, the check
 * dialog), never for Flex's own notation.
 */
export function localFormula(formula: unknown, letter: string = dieLetter()): string {
  if (formula === null || formula === undefined) return "";
  const keep = (k: string) => game.i18n?.localize(k === "kh" ? "FLEX.Dice.KeepHighest" : "FLEX.Dice.KeepLowest") ?? k;
  return String(formula)
    .replace(/(\d*)d(\d+)(kh|kl)?/g, (_m, n: string, faces: string, k?: string) => `${n === "1" ? "" : n}${letter}${faces}${k ? ` (${keep(k)})` : ""}`)
    .replace(/(^|[\s(])-(?=\s*\d)/g, "$1−");
}

/** One die of the ladder as the language writes it: W8, d8, к8. */
export function localDie(die: Die): string {
  return localDice(dieLabel(die));
}

/** The Handlebars helper `{{flexDice text}}` the sheets, dialogs and cards use (escaped like any `{{value}}`). */
export function registerDiceHelper(): void {
  const hb = (globalThis as unknown as { Handlebars: typeof Handlebars }).Handlebars;
  hb.registerHelper("flexDice", (text: unknown) => (typeof text === "string" || typeof text === "number" ? localDice(text) : ""));
  hb.registerHelper("flexFormula", (text: unknown) => (typeof text === "string" ? localFormula(text) : ""));
}
