// R-COMP-4 in the turn order: a companion takes its trainer's place, right after the trainer. The key is read from
// the trainer's combatant every time the turns are sorted, so a reroll of the trainer's initiative moves the
// companion with it, and the companion's own initiative roll changes nothing while its trainer fights.
import { registerCombatantSortKey } from "../../documents/combat";
import type { CombatantSortKey } from "../../documents/combat";
import { companionTurnPlace } from "../../rules";
import { initiativeSortKey } from "../combat/initiative";
import { trainerOf } from "./link";

/** The combatant of the companion's trainer in the same combat, if the trainer fights. */
function trainerCombatant(combatant: Combatant.Implementation): Combatant.Implementation | null {
  const trainer = trainerOf(combatant.actor);
  if (!trainer) return null;
  return combatant.combat?.combatants.find((c) => c !== combatant && c.actor?.uuid === trainer.uuid) ?? null;
}

/** R-COMP-4 / R-CORE-14: a companion's place is its trainer's, one after it; everyone else's is their own. */
export function companionSortKey(combatant: Combatant.Implementation): CombatantSortKey {
  const own = initiativeSortKey(combatant);
  const trainer = trainerCombatant(combatant);
  return companionTurnPlace(own, trainer ? initiativeSortKey(trainer) : null);
}

export function registerCompanionInitiative(): void {
  registerCombatantSortKey(companionSortKey);
}
