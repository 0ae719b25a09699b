// The fight wired into Foundry (R-CORE-6, R-CORE-10 … R-CORE-15): weapons, spells and creature attacks roll
// an attack card; its buttons defend, apply, heal and undo; actions are counted per KR. What the card keeps from
// players is drawn per client (card-values.ts).
import { registerItemRoller, registerItemUse } from "../../documents/features";
import type { DefenceKind } from "../../rules";
import { registerActionTracking } from "./actions";
import { attackCardAction, mayApplyTo, registerAttackApply } from "./apply";
import type { AttackAction } from "./apply";
import { attackWith } from "./attack";
import type { AttackOptions } from "./attack";
import { defendAgainst, mayDefend, registerDefend } from "./defend";
import { useItem } from "./consume";
import { drawAttackValues } from "./card-values";
import { attackRecordOf } from "./record";
import type { AttackTarget } from "./record";
import { resolveActor } from "../actor-ref";
import { drawButtonPreview, healLabel, healWhy, lossLabel, lossWhy, previewHeal, previewLoss } from "../loss-text";
import { seesValues } from "../screen";
import type { AttackRecord } from "./record";

/** Whether this client shows a target's Apply / Heal button (the GM decides again on the click). */
const mayApplyToTarget = (user: User.Implementation, message: ChatMessage.Implementation, target: AttackTarget) => {
  const actor = resolveActor(target.ref);
  return !!actor && mayApplyTo(user, message, actor);
};

export { attackWith } from "./attack";
export { attackCardAction } from "./apply";
export { defendAgainst } from "./defend";

const ACTIONS: Record<string, AttackAction> = { flexAttackApply: "apply", flexAttackUndo: "undo", flexAttackHeal: "heal" };

/**
 * C-1: an Apply or Heal button says what it will do to its target, computed now by the function its click uses
 * (FlexActor#planDamage / #planHealing), drawn only where this user may see the target's values (screen.ts): a
 * screened creature's loss never reaches a player's client. Drawn again on hover, when Leben may have changed.
 */
function drawPreview(record: AttackRecord, button: HTMLElement, target: AttackTarget, user: User.Implementation): void {
  const actor = resolveActor(target.ref);
  if (!actor || !seesValues(user, actor)) return;
  if (button.dataset.action === "flexAttackApply" && record.damage) {
    const loss = previewLoss(actor, record.damage.total, { type: record.item.damageType });
    const why = target.status === "pending" ? `${lossWhy(loss)} ${game.i18n!.localize("FLEX.Attack.IfHit")}` : lossWhy(loss);
    drawButtonPreview(button, lossLabel(loss), why);
  } else if (button.dataset.action === "flexAttackHeal" && record.healing) {
    const heal = previewHeal(actor, record.healing.total);
    drawButtonPreview(button, healLabel(heal), healWhy(heal));
  }
}

/** Draws what this user may see of the targets' values, and wires the card's buttons; a user who may not use one does not see it. */
function onRenderChatMessage(message: ChatMessage.Implementation, html: HTMLElement): void {
  const record = attackRecordOf(message);
  if (!record) return;
  const user = game.user!;
  drawAttackValues(message, record, html, user);
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-action^='flexAttack']")) {
    const key = button.dataset.key ?? "";
    const target = record.targets.find((t) => t.key === key);
    let run: (() => Promise<unknown>) | null = null;
    if (button.dataset.action === "flexAttackDefend") {
      const kind: DefenceKind = button.dataset.kind === "parade" ? "parade" : "ausweichen";
      if (mayDefend(user, record, key)) run = () => defendAgainst(message, key, kind);
    } else if (button.dataset.action === "flexAttackApplyAll") {
      if (record.targets.some((t) => mayApplyToTarget(user, message, t))) run = () => attackCardAction(message, "all", "apply");
    } else {
      const action = ACTIONS[button.dataset.action ?? ""];
      if (action && target && mayApplyToTarget(user, message, target)) run = () => attackCardAction(message, [key], action);
    }
    if (!run) {
      button.hidden = true;
      continue;
    }
    const go = run;
    if (target) {
      drawPreview(record, button, target, user);
      button.addEventListener("mouseenter", () => drawPreview(record, button, target, user));
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void go().finally(() => (button.disabled = false));
    });
  }
}

export function registerCombat(): void {
  for (const type of ["weapon", "spell", "attack"]) {
    registerItemRoller(type, (item, actor, options) => attackWith(item, actor, options as AttackOptions));
  }
  for (const type of ["equipment", "alchemical"]) registerItemUse(type, useItem);
  registerAttackApply();
  registerDefend();
  registerActionTracking();
  Hooks.on("renderChatMessageHTML", onRenderChatMessage);
}
