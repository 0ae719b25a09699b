// The heal card (the Heilen dialog's) and the healing row of an Alchemikum's use card: the amount, then either
// the Apply button carrying it or what was applied ("+5 Leben, jetzt 12/30") with Undo.
import { localDice } from "../../helpers/dice-text";
import { formulaWithFaces } from "../../dice/faces";
import { renderUseCard } from "../use-card";
import { resolveActor } from "../actor-ref";
import { valuesPublic } from "../screen";
import type { HealRecord, HealView } from "./record";

export const HEAL_CARD_TEMPLATE = "systems/flex/templates/chat/heal-card.hbs";
export const HEAL_ROW_TEMPLATE = "systems/flex/templates/chat/heal-row.hbs";

/** "+5 Leben, jetzt 12/30". */
export const healedText = (view: Pick<HealView, "healed" | "leben" | "max">): string =>
  game.i18n!.format("FLEX.Attack.HealedNow", { n: String(view.healed), leben: String(view.leben), max: String(view.max) });

/**
 * The healing row's strings, computed once: the partial only places them. An actor whose values players may not see
 * (screen.ts) gets "+5 Leben"; the GM's and its owners' clients draw "jetzt 12/30" at render time (card-values.ts).
 */
export function healRowContext(record: HealRecord): Record<string, unknown> {
  const i18n = game.i18n!;
  const view = record.applied;
  const screened = !valuesPublic(resolveActor(record.target));
  const tags = view
    ? [
        ...(view.revived ? [{ label: i18n.localize("FLEX.Heal.Revives"), cls: "flex-tag-state flex-tag-ok" }] : []),
        ...(view.capped ? [{ label: i18n.localize("FLEX.Heal.Capped"), cls: "" }] : []),
      ]
    : [];
  return {
    id: record.id,
    amountLine: record.formula ? i18n.format("FLEX.Attack.Healing", { total: String(record.amount), formula: formulaWithFaces(localDice(record.formula), record.rolled) }) : null,
    applied: view ? { text: screened ? i18n.format("FLEX.Attack.Healed", { n: String(view.healed) }) : healedText(view), tags, screen: screened ? "heal" : null } : null,
    applyLabel: i18n.format("FLEX.Heal.Apply", { n: String(record.amount) }),
    undone: !view && !!record.undone,
  };
}

/** The card as it stands: the use card of the Alchemikum that brought the healing, else the heal card. */
export function renderHealCard(record: HealRecord): Promise<string> {
  const heal = healRowContext(record);
  const rules = record.applied?.revived ? [...new Set([...record.rules, "R-CORE-8"])] : record.rules;
  if (record.use) return renderUseCard({ ...record.use, rules }, { heal });
  return foundry.applications.handlebars.renderTemplate(HEAL_CARD_TEMPLATE, {
    target: record.target,
    title: game.i18n!.format("FLEX.Heal.CardTitle", { n: String(record.amount) }),
    heal,
    rules: rules.join(", "),
  });
}
