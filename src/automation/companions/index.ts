// Companions wired into Foundry (R-COMP-1 … R-COMP-8, R-TRAIN-1 … R-TRAIN-2): the GM's side of training and
// commands, the turn order, a companion's attack rolled from its sheet in a fight as its trainer's command, its free
// movement shown in the combat tracker (R-COMP-6), dangling trainer links cleaned by the active GM, and the
// trainer's sheet kept current.
import { itemRollerFor, registerItemRoller } from "../../documents/features";
import type { ItemRoller } from "../../documents/features";
import { attackWith } from "../combat/attack";
import type { AttackOptions } from "../combat/attack";
import { commandCompanion, registerCommandRelay } from "./command";
import type { CommandOptions } from "./command";
import { registerCompanionInitiative } from "./initiative";
import { cleanDanglingLinks, trainerOf } from "./link";
import { decorateCompanionMovement } from "./movement";
import { registerTrainingRelay, trainCompanion } from "./training";
import { attacksByCommand } from "./view";

export { commandCompanion } from "./command";
export type { CommandOptions, CommandReport, CommandRecord } from "./command";
export { trainCompanion } from "./training";
export type { TrainingReport, TrainingRequest, TrainingRecord } from "./training";
export { companionsOf, trainerOf, trainingCandidates, isCompanion, cleanDanglingLinks } from "./link";
export { companionSection, hasCompanionSection } from "./view";

/** Opens the training dialog (the applications layer passes it in: automation does not import it). */
export type TrainingDialogOpener = (options: { trainer: Actor.Implementation; creature?: Actor.Implementation | null }) => Promise<unknown>;

/** Re-renders the sheets of a companion's trainer (its companion section shows the companion). */
function rerenderTrainer(creature: Actor.Implementation): void {
  for (const app of Object.values(trainerOf(creature)?.apps ?? {})) void app.render(false);
}

/** R-COMP-4 / R-COMP-5: in a fight beside its trainer, a companion's attack from its own sheet is the trainer's command. */
function companionAttackRoller(previous: ItemRoller): ItemRoller {
  return (item, actor, options) => {
    if (attacksByCommand(actor)) return commandCompanion(actor, item, { targets: (options as AttackOptions).targets as CommandOptions["targets"], rollMode: options.rollMode as string | undefined });
    return previous(item, actor, options);
  };
}

let registered = false;

export function registerCompanions({ openTrainingDialog }: { openTrainingDialog?: TrainingDialogOpener } = {}): void {
  if (registered) return;
  registered = true;
  registerTrainingRelay();
  registerCommandRelay();
  registerCompanionInitiative();
  registerItemRoller("attack", companionAttackRoller(itemRollerFor("attack") ?? ((item, actor, options) => attackWith(item, actor, options as AttackOptions))));

  // A deleted trainer leaves no link behind; an old world's dangling links are cleaned once it is ready.
  Hooks.on("deleteActor", (actor) => {
    if (actor.type === "character") void cleanDanglingLinks();
  });
  Hooks.once("ready", () => void cleanDanglingLinks());
  Hooks.on("updateActor", (actor) => {
    if (actor.type === "creature") rerenderTrainer(actor);
  });
  // R-COMP-6: the companion's free movement on its row of the combat tracker, during its trainer's turn.
  Hooks.on("renderCombatTracker", (app, html) => decorateCompanionMovement((app as { viewed?: unknown }).viewed, html as HTMLElement));

  Hooks.once("setup", () => {
    // game.flex is set at init; the companion API joins it (src/types/config.d.ts declares it).
    Object.assign((game as unknown as Game).flex ?? {}, { trainCompanion, commandCompanion, openTrainingDialog });
  });
}
