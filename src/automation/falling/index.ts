// Falling (R-FALL-1..3) wired into Foundry: the API (fall.ts), its triggers (triggers.ts), where a fall is
// resolved (resolve.ts), the card and its Apply / Undo (card.ts, apply.ts), the values it keeps from players,
// drawn per client (card-values.ts).
import { registerFallStarter } from "../../documents/features";
import { onHook } from "../../helpers/hooks";
import { fallCardAction, fallRecordOf, mayAct, registerFallApplyQuery } from "./apply";
import type { FallAction } from "./apply";
import { drawFallValues } from "./card-values";
import { effectOf } from "./card";
import type { FallEffectKey, FallRecord } from "./card";
import { resolveActor } from "../actor-ref";
import { drawButtonPreview, lossWhy, previewLoss } from "../loss-text";
import { numberText } from "../../helpers/units";
import { seesValues } from "../screen";
import { fall } from "./fall";
import type { FallOptions } from "./fall";
import { PIT_BEHAVIOR, PitBehaviorData, setPitEnterHandler } from "./pit-behavior";
import { registerFallResolveQueries } from "./resolve";
import { registerFallingSettings } from "./settings";
import { onMoveToken, onPitEnter } from "./triggers";

export type { FallReport } from "./resolve";
export type { FallRecord } from "./card";
export type { FallOptions } from "./fall";
export { fallCardAction } from "./apply";
export { fall } from "./fall";

export { PIT_BEHAVIOR } from "./pit-behavior";

/** C-1: an Apply says what it will take, by the click's own rules (no Rüstung against a fall), where this user may see it. */
function drawFallPreview(record: FallRecord, key: FallEffectKey, button: HTMLElement): void {
  const effect = effectOf(record, key);
  const actor = effect ? resolveActor(effect.ref) : null;
  if (!effect || !actor || !seesValues(game.user!, actor)) return;
  const loss = previewLoss(actor, effect.damage, { ignoreArmor: true });
  const label = loss.taken > 0 ? game.i18n!.format("FLEX.Fall.ApplyLoss", { name: effect.name, lost: numberText(-loss.taken) }) : game.i18n!.format("FLEX.Fall.ApplyNoLoss", { name: effect.name });
  drawButtonPreview(button, label, lossWhy(loss));
}

/** Draws what this user may see of the creatures' values, and wires the card's Apply / Undo buttons; a user who may not use one does not see it. */
function onRenderChatMessage(message: ChatMessage.Implementation, html: HTMLElement): void {
  const record = fallRecordOf(message);
  if (!record) return;
  drawFallValues(record, html, game.user!);
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-action^='flexFall']")) {
    const key: FallEffectKey = button.dataset.key === "target" || button.dataset.key === "rider" ? button.dataset.key : "faller";
    const action: FallAction = button.dataset.action === "flexFallUndo" ? "undo" : "apply";
    if (!mayAct(game.user!, message, key, action)) {
      button.hidden = true;
      continue;
    }
    if (action === "apply") drawFallPreview(record, key, button);
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void fallCardAction(message, key, action).finally(() => (button.disabled = false));
    });
  }
}

/** Registers settings, the pit region behaviour, the GM queries and the hooks of falling. Call at init. */
export function registerFalling(): void {
  registerFallStarter((actor, height, options) => fall(actor, height, options as FallOptions));
  registerFallingSettings();
  registerFallResolveQueries();
  registerFallApplyQuery();
  Object.assign(CONFIG.RegionBehavior.dataModels, { [PIT_BEHAVIOR]: PitBehaviorData });
  Object.assign(CONFIG.RegionBehavior.typeIcons, { [PIT_BEHAVIOR]: "fa-solid fa-person-falling" });
  setPitEnterHandler(onPitEnter);
  onHook("moveToken", onMoveToken);
  Hooks.on("renderChatMessageHTML", onRenderChatMessage);
}
