// R-COMP-6 on screen: in a started combat, a companion's row in the combat tracker shows its free movement during
// its trainer's turn ("Bewegung frei: 6 Schritt"), and its tooltip the whole rule: its speed on its own, and its
// speed again each time the trainer spends actions to move. Nothing is counted or limited here: the table moves
// the token. Nothing here writes.
import { unitText } from "../../helpers/units";
import { companionMovement } from "../../rules";
import { startedCombatOf } from "../combat/tracker";
import { trainerOf } from "./link";

const LINE_CLASS = "flex-companion-move";

export interface MovementLine {
  text: string;
  tooltip: string;
}

/** R-COMP-6: the line of a companion's row now, or null (not a companion, its trainer not fighting, not their turn). */
export function companionMovementLine(combat: Combat.Implementation, combatant: Combatant.Implementation): MovementLine | null {
  const creature = combatant.actor;
  const trainer = trainerOf(creature);
  if (!creature || !trainer) return null;
  const trainerCombatant = combat.combatants.find((c) => c.actor?.uuid === trainer.uuid);
  if (!trainerCombatant) return null;
  // R-COMP-4: the companion's place in the turn order is right after its trainer's, part of the trainer's turn.
  const current = combat.combatant;
  const trainersTurn = !!current && (current.id === trainerCombatant.id || current.id === combatant.id);
  const move = companionMovement({ speed: Number((creature.system as { geschwindigkeit?: unknown }).geschwindigkeit), trainersTurn });
  if (!move.now) return null;
  const data = { name: combatant.name || creature.name, trainer: trainerCombatant.name || trainer.name, schritt: unitText("Schritt", move.schritt) };
  return { text: game.i18n!.format("FLEX.Companion.Movement.Label", data), tooltip: game.i18n!.format("FLEX.Companion.Movement.Tooltip", data) };
}

/** Adds the line to the companion's row of the tracker (replacing one from an earlier render). */
export function decorateCompanionMovement(viewed: unknown, html: HTMLElement): void {
  const combat = startedCombatOf(viewed);
  if (!combat) return;
  const escape = foundry.utils.escapeHTML;
  for (const row of html.querySelectorAll("li.combatant[data-combatant-id]")) {
    row.querySelector(`.${LINE_CLASS}`)?.remove();
    const combatant = combat.combatants.get(row.getAttribute("data-combatant-id") ?? "");
    const line = combatant ? companionMovementLine(combat, combatant) : null;
    if (!line) continue;
    const span = `<span class="${LINE_CLASS}" role="note" aria-label="${escape(line.tooltip)}" data-tooltip="${escape(line.tooltip)}">${escape(line.text)}</span>`;
    // After the Aktionen line (combat/tracker.ts), else under the name, else at the end of the row.
    const after = row.querySelector(".flex-combat-actions") ?? row.querySelector(".token-name > .name");
    if (after) after.insertAdjacentHTML("afterend", span);
    else (row.querySelector(".token-name") ?? row).insertAdjacentHTML("beforeend", span);
  }
}
