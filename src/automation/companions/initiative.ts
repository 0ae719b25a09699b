// R-COMP-4 in the turn order: a companion takes its trainer's place, right after the trainer. The key is read from
// the trainer's combatant every time the turns are sorted, so a reroll of the trainer's initiative moves the
// companion with it, and the companion's own initiative roll changes nothing while its trainer fights. A new trainer
// (or GE) mid-fight sets the turns up again.
import { registerCombatantSortKey, registerInitiativeFollower } from "../../documents/combat";
import { combatantActionStatus, registerTrackerFollower } from "../combat/tracker";
import type { FollowerRow } from "../combat/tracker";
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

/** Whether an actor change moves anyone in the turn order: a companion's trainer, or the GE that breaks ties (R-CORE-14). */
function changesOrder(changed: { system?: { trainer?: unknown; attributes?: { ge?: unknown } } }): boolean {
  return changed.system?.trainer !== undefined || changed.system?.attributes?.ge !== undefined;
}

/**
 * Every client: core sets the turns up again when a combatant changes, not when an actor the sort reads does; so the
 * combats this actor fights in set theirs up again (Crucible calls debounceSetup for the same reason).
 */
function onUpdateActor(actor: Actor.Implementation, changed: Parameters<typeof changesOrder>[0]): void {
  if (!changesOrder(changed)) return;
  for (const combat of (game.combats?.contents ?? []) as Combat.Implementation[]) {
    if (combat.combatants.some((c) => c.actor?.uuid === actor.uuid)) combat.debounceSetup();
  }
}

/** R-COMP-4 / R-COMP-7 in the tracker: "↳ Begleiter von Rikka · RE 1/1", no Aktionen of its own. */
function trackerRow(combatant: Combatant.Implementation): FollowerRow | null {
  const leader = trainerCombatant(combatant);
  if (!leader) return null;
  const { reactionsLeft, reactionsPerRound } = combatantActionStatus(combatant);
  const data = { trainer: leader.name || leader.actor?.name || "", reactions: String(reactionsLeft), reactionsMax: String(reactionsPerRound) };
  return { leader, label: { text: game.i18n!.format("FLEX.Actions.CompanionLabel", data), aria: game.i18n!.format("FLEX.Actions.CompanionAria", data) } };
}

export function registerCompanionInitiative(): void {
  registerCombatantSortKey(companionSortKey);
  // R-COMP-4: a companion whose trainer fights rolls no initiative: it takes the trainer's place (companionSortKey).
  registerInitiativeFollower((c) => trainerCombatant(c) !== null);
  registerTrackerFollower(trackerRow);
  Hooks.on("updateActor", (actor, changed) => onUpdateActor(actor, changed as Parameters<typeof changesOrder>[0]));
}
