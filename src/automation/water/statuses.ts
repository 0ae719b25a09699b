// The water statuses: which to add going under water, and R-WATER-5 for the token HUD's manual toggle:
// switching "underwater" on adds "wet", and under water "wet" cannot be switched off (deleted or disabled).
import { addStatuses } from "../../helpers/status-effects";
import { mayDry, statusesEnteringWater } from "../../rules";

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

/** Whether the actor would be dry without this effect (no other active effect makes it wet). */
function driesWithout(effect: ActiveEffect.Implementation, actor: Actor.Implementation): boolean {
  return effect.statuses.has("wet") && !actor.effects.some((e) => e !== effect && !e.disabled && e.statuses.has("wet"));
}

/** R-WATER-5: a creature under water stays wet; the writer is told why its change did not happen. */
function refuseDrying(effect: ActiveEffect.Implementation): boolean {
  const actor = effect.parent;
  if (!(actor instanceof Actor) || !driesWithout(effect, actor as Actor.Implementation)) return false;
  if (mayDry({ underwater: actor.statuses.has("underwater") }).allowed) return false;
  ui.notifications?.warn(game.i18n!.format("FLEX.Water.StaysWet", { name: actor.name }));
  return true;
}

/** R-WATER-5: under water, "wet" is permanent: deleting or disabling the effect that makes the creature wet is refused. */
export function registerPermanentWet(): void {
  Hooks.on("preDeleteActiveEffect", (effect) => (refuseDrying(effect) ? false : undefined));
  Hooks.on("preUpdateActiveEffect", (effect, changes) => ((changes as { disabled?: unknown }).disabled === true && refuseDrying(effect) ? false : undefined));
}
