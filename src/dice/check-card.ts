// The chat card of a check: what was rolled, what was kept, and how the EW came about (R-CORE-4/5).
import { dieLabel } from "../rules";
import type { CheckResult, Die } from "../rules";

export const CHECK_CARD_TEMPLATE = "systems/flex/templates/chat/check-card.hbs";

export type CheckCardData = {
  label: string;
  die: string;
  dice: { result: number; kept: boolean }[];
  result: CheckResult;
  vorteile: number;
  nachteile: number;
  outcome: "success" | "failure" | "open";
  rules: string;
  /** Why a Vorteil, Nachteil or modifier was added automatically (e.g. under water). */
  notes: string[];
};

export function checkCardData(label: string, die: Die, result: CheckResult, vorteile: number, nachteile: number, notes: string[] = [], adjustedBy: string[] = []): CheckCardData {
  const keptIndex = result.dice.indexOf(result.kept);
  return {
    label,
    die: dieLabel(die),
    dice: result.dice.map((r, i) => ({ result: r, kept: i === keptIndex })),
    result,
    vorteile,
    nachteile,
    outcome: result.success === null ? "open" : result.success ? "success" : "failure",
    rules: [...new Set([...result.rules, ...adjustedBy])].join(", "),
    notes,
  };
}

export async function renderCheckCard(data: CheckCardData): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(CHECK_CARD_TEMPLATE, data);
}
