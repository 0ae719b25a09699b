// Healing with a card (R-CORE-12, R-CORE-8, R-CORE-15): the Heilen dialog's heal card and a healing
// Alchemikum's use card (heal.ts), what they keep (record.ts), how they look (card.ts), their Apply and Undo
// (apply.ts); what it keeps from players, drawn per client (card-values.ts). Below combat: the use of an item (combat/consume.ts) asks here for its healing.
import { healCardAction, mayActOnHeal, registerHealApply } from "./apply";
import { drawHealValues } from "./card-values";
import { healRecordOf } from "./record";
import type { HealRecord } from "./record";
import { resolveActor } from "../actor-ref";
import { drawButtonPreview, healWhy, previewHeal } from "../loss-text";
import { seesValues } from "../screen";

export { healCardAction, mayActOnHeal } from "./apply";
export type { HealAction, HealActionStatus } from "./apply";
export { healFromSheet, rollItemHealing } from "./heal";
export { renderHealCard } from "./card";
export { healRecordOf } from "./record";
export type { HealRecord } from "./record";

/** C-1: the Apply says the Leben it will give now ("+26 Leben anwenden" from 4/30), by the click's own rules. */
function drawHealPreview(record: HealRecord, button: HTMLElement): void {
  const actor = resolveActor(record.target);
  if (!actor || !seesValues(game.user!, actor)) return;
  const heal = previewHeal(actor, record.amount);
  drawButtonPreview(button, game.i18n!.format("FLEX.Heal.Apply", { n: String(heal.healed) }), healWhy(heal));
}

/** Wires the card's Apply and Undo; a user who may not use them does not see them. */
function onRenderChatMessage(message: ChatMessage.Implementation, html: HTMLElement): void {
  const record = healRecordOf(message);
  if (!record) return;
  drawHealValues(message, record, html, game.user!);
  const may = mayActOnHeal(game.user!, message, record);
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-action^='flexHeal']")) {
    if (!may) {
      button.hidden = true;
      continue;
    }
    const action = button.dataset.action === "flexHealUndo" ? "undo" : "apply";
    if (action === "apply") drawHealPreview(record, button);
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void healCardAction(message, action).finally(() => (button.disabled = false));
    });
  }
}

export function registerHealing(): void {
  registerHealApply();
  Hooks.on("renderChatMessageHTML", onRenderChatMessage);
}
