// Who an attack hit, as the active GM reads it before applying (ARCHITECTURE.md, "Trust model"): every fact from
// the party that owns it, never from what the attack card's author wrote about others.
// - The attack's EW and its damage: the attack card's own rolls (the author is the attacker's owner).
// - A character's defence: its own defence card, the earliest one an owner of the defender posted for this attack
//   and target; without one the target is still pending (only a GM applies to it).
// - A creature's defence: its data and the world setting; a rolled defence is the creature's own GE die on the card.
//   A character in a creature's form defends as that creature: the form's values from its snapshot (R-POLY-2).
import { CheckRoll } from "../../dice/check-roll";
import { creatureDefenceMode } from "../../helpers/settings";
import { documentFromUuid } from "../../helpers/uuid";
import { bestCreatureDefence, damageFormula, damageRange, resolveDefence, rolledDefenceEW } from "../../rules";
import type { DefenceKind, StoredCreatureDefence } from "../../rules";
import { resolveActor } from "../actor-ref";
import { creatureDefenceDice, fixedDefenceOf } from "./creature-defence";
import type { AttackRecord, AttackTarget, TargetStatus } from "./record";

/** The talent each defence uses; without it, a bare GE check. */
export const DEFENCE_TALENT: Record<DefenceKind, string> = { ausweichen: "Ausweichen", parade: "Parade" };

interface CheckFlag {
  talent?: string | null;
  attribute?: string;
  sw?: number | null;
  defends?: { messageId?: unknown; key?: unknown; kind?: unknown };
}

/** The EW of a defence card if it is a valid defence of `actor` against EW `attackEW`, else null. */
export function defenceEW(card: ChatMessage.Implementation, actor: Actor.Implementation, attackEW: number): { ew: number; kind: DefenceKind } | null {
  const check = card.getFlag("flex", "check") as CheckFlag | undefined;
  const kind = check?.defends?.kind === "parade" ? "parade" : check?.defends?.kind === "ausweichen" ? "ausweichen" : null;
  const author = card.author;
  if (!check || !kind || !author || !actor.testUserPermission(author, "OWNER") || check.sw !== attackEW) return null;
  const talent = actor.findTalent(DEFENCE_TALENT[kind]);
  const madeFor = talent ? check.talent === talent.id : !check.talent && check.attribute === "ge";
  const ew = card.rolls[0]?.total;
  return madeFor && typeof ew === "number" ? { ew, kind } : null;
}

/** The defender's own card for this attack and target: the first valid one (a second roll changes nothing). */
export function defenceCardOf(message: ChatMessage.Implementation, target: AttackTarget, actor: Actor.Implementation, attackEW: number): { card: ChatMessage.Implementation; ew: number; kind: DefenceKind } | null {
  for (const card of game.messages!.contents as ChatMessage.Implementation[]) {
    const defends = (card.getFlag("flex", "check") as CheckFlag | undefined)?.defends;
    if (defends?.messageId !== message.id || defends?.key !== target.key) continue;
    const found = defenceEW(card, actor, attackEW);
    if (found) return { card, ...found };
  }
  return null;
}

/** R-CORE-11: a creature's (or a form's) defence EW from its values, or (world setting) its GE die rolled on the card. Null: no usable roll. */
function creatureDefenceEW(message: ChatMessage.Implementation, target: AttackTarget, actor: Actor.Implementation, stored: StoredCreatureDefence): number | null {
  const best = bestCreatureDefence(stored);
  if (creatureDefenceMode() !== "roll") return best.ew;
  // The dice this defence throws now (R-WATER-1's Nachteil under water included), as the attack rolled them.
  const dice = creatureDefenceDice(actor, best.kind, best.ew);
  const roll = message.rolls[Number(target.defence?.rollIndex)];
  if (!roll || roll.formula !== new Roll(dice.formula).formula || typeof roll.total !== "number") return null;
  return rolledDefenceEW(dice, roll.total);
}

/** R-CORE-11: whether the attack hit this target, read from the owners of the facts. Null: the target is gone. */
export function verdictFor(message: ChatMessage.Implementation, record: AttackRecord, target: AttackTarget): TargetStatus | null {
  const actor = resolveActor(target.ref);
  if (!actor) return null;
  const stored = fixedDefenceOf(actor);
  const defence = stored ? creatureDefenceEW(message, target, actor, stored) : (defenceCardOf(message, target, actor, record.ew)?.ew ?? null);
  if (defence === null) return "pending";
  return resolveDefence({ attackEW: record.ew, defenceEW: defence }).hit ? "hit" : "defended";
}

/** The attack's EW is its check roll's, or the card is not believed. */
export function checkRollMatches(message: ChatMessage.Implementation, record: AttackRecord): boolean {
  const roll = message.rolls[0];
  return roll instanceof CheckRoll && roll.total === record.ew;
}

/**
 * R-CORE-12: the damage (or healing) the card rolled, if its own roll says so: the formula is the item's (the
 * card's when the item is gone), a roll on the card with that formula shows the total, and the formula can roll it.
 */
export function rolledAmount(message: ChatMessage.Implementation, record: AttackRecord, part: "damage" | "healing"): number | null {
  const rolled = record[part];
  if (!rolled) return null;
  const item = documentFromUuid(record.item.uuid) as Item.Implementation | null;
  const own = (item?.system as { schaden?: string; heilung?: string } | undefined)?.[part === "damage" ? "schaden" : "heilung"];
  const formula = item ? (typeof own === "string" ? own.trim() : "") : ((part === "damage" ? record.item.damage : record.item.healing) ?? "");
  const expected = damageFormula(formula);
  const range = damageRange(formula);
  if (!expected || !range || typeof rolled.formula !== "string") return null;
  // Formulas compared as Foundry writes them out (spacing and the like).
  const written = new Roll(expected).formula;
  if (new Roll(rolled.formula).formula !== written) return null;
  const total = Math.trunc(Number(rolled.total));
  const candidates = typeof rolled.rollIndex === "number" ? [message.rolls[rolled.rollIndex]] : message.rolls.slice(1);
  const shown = candidates.some((r) => !!r && r.formula === written && Math.max(0, r.total ?? 0) === total);
  return shown && total >= range.min && total <= range.max ? total : null;
}
