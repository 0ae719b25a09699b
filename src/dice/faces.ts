// R-CORE-12 on the card: a damage or healing total written with the faces it came from, "6 Schaden (1W6+1: 5 + 1)",
// so that every number a card shows can be checked from the card (issue 36, review C-4).
import { numberText } from "../helpers/units";

/** What a card keeps of a rolled amount: the faces of its dice (kept ones only) and what the formula adds to them. */
export interface RolledFaces {
  faces: number[];
  bonus: number;
}

type RollLike = { total?: number | null; dice: { results: { result: number; active?: boolean; discarded?: boolean }[] }[] };

/** The faces of a rolled Foundry roll and the constant that makes up its total; null for a roll without dice. */
export function facesOf(roll: RollLike): RolledFaces | null {
  const faces = roll.dice.flatMap((d) => d.results.filter((r) => r.active !== false && !r.discarded).map((r) => r.result));
  if (!faces.length) return null;
  const total = Number(roll.total ?? 0);
  return { faces, bonus: total - faces.reduce((s, f) => s + f, 0) };
}

/** "5 + 1", "3 + 2 + 4 + 1", "6 − 1": the faces and the constant as the card writes them. */
export function facesText(rolled: RolledFaces | null | undefined): string {
  if (!rolled?.faces.length) return "";
  const bonus = rolled.bonus ? ` ${rolled.bonus > 0 ? "+" : "−"} ${numberText(Math.abs(rolled.bonus))}` : "";
  return `${rolled.faces.map((f) => numberText(f)).join(" + ")}${bonus}`;
}

/** "1W6+1: 5 + 1": the formula as the item writes it, then its faces (the formula alone for an older card). */
export function formulaWithFaces(formula: string, rolled: RolledFaces | null | undefined): string {
  const faces = facesText(rolled);
  return faces ? `${formula}: ${faces}` : formula;
}
