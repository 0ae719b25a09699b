// R-CORE-4 in one visible line, as every card writes a check: "W10 8 + 3 Übungswert − 1 Erschöpfung = EW 10".
// The die in the language's letter, each term named, a typographic minus.
import { localDice } from "../helpers/dice-text";
import { numberText } from "../helpers/units";
import type { CheckResult } from "../rules";

type SumTerms = Pick<CheckResult, "formula" | "kept" | "uebungswert" | "modifier" | "malus" | "ew">;

/** The die a check rolled ("W10"), read from its formula ("2d10kh + 3"). */
export function checkDie(formula: string): string {
  const m = /\d*d(\d+)/.exec(formula);
  return m ? `W${m[1]}` : "";
}

/** The named terms after the die: "+ 3 Übungswert − 1 Erschöpfung" (or bare numbers: "+ 3 − 1"). */
function termsOf(result: SumTerms, named: boolean): string[] {
  const i18n = game.i18n!;
  const name = (key: string) => (named ? ` ${i18n.localize(key)}` : "");
  const minus = (n: number) => `− ${Math.abs(n)}`;
  const terms: string[] = [];
  if (result.uebungswert) terms.push(`+ ${result.uebungswert}${name("FLEX.Check.Uebungswert")}`);
  if (result.modifier) terms.push(`${result.modifier > 0 ? `+ ${result.modifier}` : minus(result.modifier)}${name("FLEX.Check.Modifier")}`);
  if (result.malus) terms.push(`${minus(result.malus)}${name("FLEX.Check.Malus")}`);
  return terms;
}

/**
 * The line; `withEW: false` leaves out "= EW n" (a table with an EW column of its own), `named: false` the terms'
 * names (a table row under a line that names them once: checkFormulaText).
 */
export function checkSumText(result: SumTerms, { withEW = true, named = true } = {}): string {
  const line = [`${localDice(checkDie(result.formula))} ${result.kept}`.trim(), ...termsOf(result, named)].join(" ");
  return withEW ? `${line} = ${game.i18n!.localize("FLEX.Check.EW")} ${numberText(result.ew)}` : line;
}

/** What every roll of a series adds to its die, named once: "W6 + 15 Übungswert − 3 Erschöpfung". */
export function checkFormulaText(result: SumTerms): string {
  return [localDice(checkDie(result.formula)), ...termsOf(result, true)].join(" ");
}

/** `{{flexCheckSum result}}` and `{{flexCheckFormula result}}` for cards that carry a check's result. */
export function registerCheckSumHelper(): void {
  const hb = (globalThis as unknown as { Handlebars: typeof Handlebars }).Handlebars;
  const isResult = (v: unknown): v is SumTerms => !!v && typeof v === "object" && "formula" in v;
  hb.registerHelper("flexCheckSum", (result: unknown, options?: { hash?: { ew?: boolean; named?: boolean } }) =>
    isResult(result) ? checkSumText(result, { withEW: options?.hash?.ew !== false, named: options?.hash?.named !== false }) : "",
  );
  hb.registerHelper("flexCheckFormula", (result: unknown) => (isResult(result) ? checkFormulaText(result) : ""));
}
