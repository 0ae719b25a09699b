// The water statuses (underwater, wet, drowning) as ActiveEffects: several added or removed per actor in
// one write, and R-WATER-5 for the token HUD's manual toggle: switching "underwater" on adds "wet".
import { statusesEnteringWater } from "../rules";

type StatusEffectClass = { fromStatusEffect(id: string): Promise<{ toObject(): Record<string, unknown> }> };

/** The actor's active effects that stand for exactly one of these statuses (as the token HUD makes them). */
function effectsOf(actor: Actor.Implementation, ids: readonly string[]): string[] {
  return actor.effects.filter((e) => e.statuses.size === 1 && ids.some((id) => e.statuses.has(id))).map((e) => e.id!);
}

/** Creates the missing statuses on one actor with a single request; nothing when all are there. */
export async function addStatuses(actor: Actor.Implementation, ids: readonly string[], options: Record<string, unknown> = {}): Promise<void> {
  const missing = ids.filter((id) => !actor.statuses.has(id));
  if (!missing.length) return;
  const cls = CONFIG.ActiveEffect.documentClass as unknown as StatusEffectClass;
  const data = await Promise.all(missing.map(async (id) => (await cls.fromStatusEffect(id)).toObject()));
  await actor.createEmbeddedDocuments("ActiveEffect", data as never, { keepId: true, ...options } as never);
}

/** Deletes the effects of these statuses from one actor with a single request; nothing when none is there. */
export async function removeStatuses(actor: Actor.Implementation, ids: readonly string[]): Promise<void> {
  const existing = effectsOf(actor, ids);
  if (existing.length) await actor.deleteEmbeddedDocuments("ActiveEffect", existing);
}

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
