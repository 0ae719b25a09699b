// R-CORE-14 in the turn order: initiative first, ties by the higher GE value, then by the random tiebreak
// each combatant drew when it was created. The roll itself is FlexCombatant#getInitiativeRoll.
import { registerCombatantSortKey } from "../../documents/combat";
import type { CombatantSortKey } from "../../documents/combat";
import { storedTiebreak } from "../../documents/combatant";
import { attributeValue, parseDie } from "../../rules";

/** R-CORE-1: the GE value (the GE die's faces); 0 without an actor or a usable die. */
export function geValueOf(combatant: Combatant.Implementation): number {
  const die = parseDie(combatant.actor?.flexSystem.attributes?.ge);
  return die ? attributeValue(die) : 0;
}

/**
 * R-CORE-14: a combatant's place in the turn order. Companions (R-COMP-4) will take their trainer's entry
 * with `after: 1` by registering a function that wraps this one.
 */
export function initiativeSortKey(combatant: Combatant.Implementation): CombatantSortKey {
  return {
    entry: { initiative: combatant.initiative ?? null, ge: geValueOf(combatant), tiebreak: storedTiebreak(combatant.flags.flex?.tiebreak) ?? 0 },
    after: 0,
  };
}

export function registerInitiative(): void {
  registerCombatantSortKey(initiativeSortKey);
}
