// What a heal card keeps from players (screen.ts), drawn on the clients that may see it at render time: the healed
// actor's Leben after and its maximum, from the mark the healing left on the actor (else what the card recorded).
import { resolveActor } from "../actor-ref";
import { revealScreened, seesValues } from "../screen";
import { healedText } from "./card";
import { healMark } from "./record";
import type { HealRecord } from "./record";

export function drawHealValues(message: ChatMessage.Implementation, record: HealRecord, html: HTMLElement, user: User.Implementation): void {
  revealScreened(html, (slot) => {
    const actor = slot === "heal" ? resolveActor(record.target) : null;
    if (!actor || !seesValues(user, actor)) return null;
    const mark = actor.appliedMark(healMark(message.id!));
    if (mark && mark.leben !== undefined && mark.max !== undefined) return healedText({ healed: -mark.taken, leben: mark.leben, max: mark.max });
    return record.applied ? healedText(record.applied) : null;
  });
}
