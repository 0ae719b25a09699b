// Flex's statuses as CONFIG.statusEffects entries (backed by ActiveEffects), localised, each with the system's own
// picture (game-icons.net, assets/icons/status/): the core statuses Flex keeps get one too.
import { flexIcon } from "./default-art";

const icon = (name: string) => flexIcon(`status/${name}`);

export const FLEX_STATUSES = [
  /** R-CORE-8, R-COMP-8 */
  { id: "dying", name: "FLEX.Status.dying", img: icon("dying") },
  /** R-BREATH-3: like dying, but only air saves. */
  { id: "drowning", name: "FLEX.Status.drowning", img: icon("drowning") },
  { id: "underwater", name: "FLEX.Status.underwater", img: icon("underwater") },
  /** R-WATER-5 */
  { id: "wet", name: "FLEX.Status.wet", img: icon("wet") },
  /** R-RIDE-4 */
  { id: "mounted", name: "FLEX.Status.mounted", img: icon("mounted") },
  /** R-POLY-1 */
  { id: "polymorphed", name: "FLEX.Status.polymorphed", img: icon("polymorphed") },
  /** R-REST-NO-2 */
  { id: "hallucinating", name: "FLEX.Status.hallucinating", img: icon("hallucinating") },
  /** R-REST-NO-1 (Decision 2026-12-01): the GM has the character go without sleep; only then the no-rest clock runs. */
  { id: "sleepless", name: "FLEX.Status.sleepless", img: icon("sleepless") },
] as const;

export type FlexStatusId = (typeof FLEX_STATUSES)[number]["id"];

/**
 * Core statuses that mean something in Flex, named by the system: core's names stay English unless a translation
 * module is installed. The others (shields, targets, up- and downgrades, …) stay defined, so effects that carry them
 * keep their names and icons, but leave the token HUD and the sheet.
 */
export const CORE_STATUSES_KEPT: ReadonlySet<string> = new Set([
  "dead", "unconscious", "sleep", "stun", "prone", "restrain", "paralysis", "fly", "blind", "deaf", "silence", "fear", "burning", "frozen", "poison", "bleeding", "disease", "invisible",
]);

/** Adds the Flex statuses to core's (dead, unconscious, …), replacing any of the same id; the kept core ones show Flex's pictures. */
export function registerStatusEffects(): void {
  const ids = new Set<string>(FLEX_STATUSES.map((s) => s.id));
  const core = CONFIG.statusEffects
    .filter((s) => !ids.has(s.id))
    .map((s) => (CORE_STATUSES_KEPT.has(s.id) ? { ...s, name: `FLEX.Status.core.${s.id}`, img: icon(s.id) } : { ...s, hud: false }));
  CONFIG.statusEffects = [...core, ...FLEX_STATUSES.map((s) => ({ ...s }))] as typeof CONFIG.statusEffects;
}

/** The actor's active effects that stand for exactly one of these statuses (as the token HUD makes them). */
function effectsOf(actor: Actor.Implementation, ids: readonly string[]): string[] {
  return actor.effects.filter((e) => e.statuses.size === 1 && ids.some((id) => e.statuses.has(id))).map((e) => e.id!);
}

/** Creates the missing statuses on one actor with a single request; nothing when all are there. */
export async function addStatuses(actor: Actor.Implementation, ids: readonly string[], options: Record<string, unknown> = {}): Promise<void> {
  const missing = ids.filter((id) => !actor.statuses.has(id));
  if (!missing.length) return;
  const data = await Promise.all(missing.map(async (id) => (await ActiveEffect.implementation.fromStatusEffect(id)).toObject()));
  await actor.createEmbeddedDocuments("ActiveEffect", data, { keepId: true, ...options });
}

/** Deletes the effects of these statuses from one actor with a single request; nothing when none is there. */
export async function removeStatuses(actor: Actor.Implementation, ids: readonly string[]): Promise<void> {
  const existing = effectsOf(actor, ids);
  if (existing.length) await actor.deleteEmbeddedDocuments("ActiveEffect", existing);
}
