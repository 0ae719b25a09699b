// The water statuses: which to add going under water, and R-WATER-5 for the token HUD's manual toggle:
// switching "underwater" on adds "wet".
import { addStatuses } from "../../helpers/status-effects";
import { statusesEnteringWater } from "../../rules";

/** R-WATER-5: the statuses to add to an actor going under water ("underwater" and "wet", minus those it has). */
export function enteringWater(actor: Actor.Implementation): string[] {
  return statusesEnteringWater(actor.statuses);
}

/**
 * R-WATER-5: whoever switches "underwater" on (token HUD, macro) makes the creature wet as well. Only the
 * client of the user who made the change acts, so exactly one client writes.
 */
export function registerWetWithUnderwater(): void {
  Hooks.on("createActiveEffect", (effect: ActiveEffect.Implementation, options: unknown, userId: string) => {
    // Writes that already add both (the water region) say so; no need to wait for the hook.
    if (userId !== game.user?.id || (options as { flexWaterStatuses?: boolean } | null)?.flexWaterStatuses) return;
    const actor = effect.parent;
    if (!(actor instanceof Actor) || !effect.statuses.has("underwater")) return;
    void addStatuses(actor as Actor.Implementation, ["wet"]);
  });
}
