// The values an attack card keeps from players (screen.ts), drawn on the clients that may see them at render time:
// what an Apply did, from the mark the GM wrote on the target (its arithmetic), and the defence EW, from the target's
// own defence card (a character) or its data and the card's rolled GE die (a creature, as verdict.ts reads it).
import { numberText } from "../../helpers/units";
import { bestCreatureDefence, rolledDefenceEW } from "../../rules";
import type { DefenceKind } from "../../rules";
import { resolveActor } from "../actor-ref";
import { revealScreened, seesValues } from "../screen";
import { creatureDefenceDice, fixedDefenceOf } from "./creature-defence";
import { appliedText, attackMark } from "./record";
import type { AppliedView, AttackRecord, AttackTarget } from "./record";
import { defenceCardOf } from "./verdict";

/** What the Apply did to this target, with its arithmetic: the target's mark, else what the card recorded. */
function appliedViewOf(actor: Actor.Implementation, message: ChatMessage.Implementation, record: AttackRecord, key: string): AppliedView | null {
  const mark = actor.appliedMark(attackMark(message.id!, key));
  if (mark && mark.leben !== undefined && mark.max !== undefined) {
    return { taken: mark.taken, downed: mark.downed, by: mark.by, damage: mark.damage, absorbed: mark.absorbed, leben: mark.leben, max: mark.max, state: mark.status };
  }
  return record.applied?.[key] ?? null;
}

/** The defence this target made, read from its owner as the GM reads it; null when there is none to show. */
function defenceOf(message: ChatMessage.Implementation, record: AttackRecord, target: AttackTarget, actor: Actor.Implementation): { kind: DefenceKind; ew: number } | null {
  if (!target.defence) return null;
  if (target.kind === "character") return defenceCardOf(message, target, actor, record.ew);
  const stored = fixedDefenceOf(actor);
  if (!stored) return null;
  const best = bestCreatureDefence(stored);
  if (target.defence.source !== "roll") return { kind: best.kind, ew: best.ew };
  const roll = message.rolls[Number(target.defence.rollIndex)];
  if (!roll || typeof roll.total !== "number") return null;
  return { kind: best.kind, ew: rolledDefenceEW(creatureDefenceDice(actor, best.kind, best.ew), roll.total) };
}

/** Fills the screened spots of an attack card for `user`, where it may see the target's values. */
export function drawAttackValues(message: ChatMessage.Implementation, record: AttackRecord, html: HTMLElement, user: User.Implementation): void {
  revealScreened(html, (slot, key) => {
    const target = record.targets.find((t) => t.key === key);
    const actor = target ? resolveActor(target.ref) : null;
    if (!target || !actor || !seesValues(user, actor)) return null;
    if (slot === "applied") {
      const view = appliedViewOf(actor, message, record, key);
      return view ? appliedText(target.name, view) : null;
    }
    if (slot === "defence") {
      const defence = defenceOf(message, record, target, actor);
      return defence ? ` · ${game.i18n!.localize(`FLEX.Defence.${defence.kind}`)} ${numberText(defence.ew)}` : null;
    }
    return null;
  });
}
