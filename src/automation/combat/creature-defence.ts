// R-CORE-11: the fixed defence of a creature, and of a character in a creature's form (R-POLY-2, Decision
// 2026-12-01: it defends exactly as its form would, with the form's Ausweichen / Parade kept in its snapshot).
// With the world setting "creatures roll their defence", the stored value is the average defence and the GE die
// makes it swing around that value (Decision, in the setting's hint: EW = value − ⌊GE value / 2⌋ + the GE die,
// never below 0), with the check adjustments of that defence (R-WATER-1: Ausweichen under water rolls 2 GE dice
// and keeps the lower). A real Roll, so Dice So Nice shows it on the card.
import { collectCheckAdjustments } from "../../documents/check-adjustments";
import { coerceDie, rolledDefence, rolledDefenceEW } from "../../rules";
import type { DefenceKind, RolledDefence, StoredCreatureDefence } from "../../rules";
import { snapshotOf } from "../polymorph/snapshot";

/**
 * The fixed Ausweichen / Parade values `actor` defends with: a creature's own, a transformed character's form's
 * (from its sealed snapshot, never from a card); null for a character, who rolls its own defence.
 */
export function fixedDefenceOf(actor: Actor.Implementation): StoredCreatureDefence | null {
  if (actor.type === "creature") return actor.system as StoredCreatureDefence;
  const form = snapshotOf(actor)?.form;
  return form ? { ausweichen: form.ausweichen, parade: form.parade } : null;
}

/**
 * What a creature's (or a form's) defence rolled around `value` throws, with the automatic adjustments of that
 * defence (R-WATER-1's Nachteil on Ausweichen under water), and the notes that name them for the card. The same
 * at the attack and at the GM's Apply, which checks the card's roll against it.
 */
export function creatureDefenceDice(actor: Actor.Implementation, kind: DefenceKind, value: number): RolledDefence & { notes: string[] } {
  const ge = coerceDie((actor.system as { attributes?: { ge?: unknown } }).attributes?.ge, CONFIG.FLEX.defaultAttributeDie);
  const adjustments = collectCheckAdjustments({ actor, talent: undefined, attribute: "ge", defence: kind });
  const sum = (k: "vorteile" | "nachteile" | "modifier") => adjustments.reduce((s, a) => s + (Math.trunc(Number(a[k])) || 0), 0);
  const dice = rolledDefence({ value, ge, vorteile: sum("vorteile"), nachteile: sum("nachteile"), modifier: sum("modifier") });
  return { ...dice, notes: adjustments.map((a) => a.note) };
}

export async function creatureDefenceRoll(actor: Actor.Implementation, kind: DefenceKind, value: number): Promise<{ roll: Roll; ew: number; notes: string[] }> {
  const dice = creatureDefenceDice(actor, kind, value);
  const roll = new Roll(dice.formula);
  await roll.evaluate();
  return { roll, ew: rolledDefenceEW(dice, roll.total ?? 0), notes: dice.notes };
}
