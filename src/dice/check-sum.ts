// R-CORE-4 in one visible line, as every card writes a check: "W10 8 + 3 Übungswert − 1 Erschöpfung = EW 10".
// The die in the language's letter, each term named, a typographic minus.
import { localDice } from "../helpers/dice-text";
import type { CheckResult } from "../rules";

type SumTerms = Pick<CheckResult, "formula" | "kept" | "uebungswert" | "modifier" | "malus" | "ew">;

/** The die a check rolled ("W10"), read from its formula ("2d10kh + 3"). */
export function checkDie(formula: string): string {
  const m = /\d*d(\d+)/.exec(formula);
  return m ? `W${m[1]}` : "";
}

/** The line; `withEW: false` leaves out "= EW n" (a table with an EW column of its own). */
export function checkSumText(result: SumTerms, { withEW = true } = {}): string {
  const i18n = game.i18n!;
  const minus = (n: number) => `− ${Math.abs(n)}`;
  const terms = [`${localDice(checkDie(result.formula))} ${result.kept}`.trim()];
  if (result.uebungswert) terms.push(`+ ${result.uebungswert} ${i18n.localize("FLEX.Check.Uebungswert")}`);
  if (result.modifier) terms.push(`${result.modifier > 0 ? `+ ${result.modifier}` : minus(result.modifier)} ${i18n.localize("FLEX.Check.Modifier")}`);
  if (result.malus) terms.push(`${minus(result.malus)} ${i18n.localize("FLEX.Check.Malus")}`);
  return withEW ? `${terms.join(" ")} = ${i18n.localize("FLEX.Check.EWShort")} ${result.ew}` : terms.join(" ");
}

/** `{{flexCheckSum result}}` for cards that carry a check's result. */
export function registerCheckSumHelper(): void {
  const hb = (globalThis as unknown as { Handlebars: typeof Handlebars }).Handlebars;
  hb.registerHelper("flexCheckSum", (result: unknown, options?: { hash?: { ew?: boolean } }) =>
    result && typeof result === "object" && "formula" in result ? checkSumText(result as SumTerms, { withEW: options?.hash?.ew !== false }) : "",
  );
}
