// The link between a creature and its trainer (R-COMP-1): the creature names its trainer (system.trainer, an Actor
// uuid); a character's companions are the creatures that name it. A link to an actor that is gone is no link:
// every reader here ignores it, so a dangling link changes nothing anywhere while it waits to be cleaned; the
// active GM clears such links in one batched write when an actor is deleted and once when the world is ready.
import { documentFromUuid } from "../../helpers/uuid";
import { companionRelation } from "../../rules";
import type { TrainingRelation } from "../../rules";
import { visibleTo } from "../actor-ref";
import { writeActorChanges } from "../actor-writes";
import { runOnGMQueue } from "../gm-queue";

interface CompanionSystem {
  trainer?: unknown;
  trainierbar?: unknown;
  derived?: { misstrauen?: number; umgangTalent?: string };
}

const systemOf = (actor: Actor.Implementation | null | undefined): CompanionSystem => (actor?.system ?? {}) as CompanionSystem;

/** The uuid a creature names as its trainer, whether or not that actor still exists. */
export function linkedTrainerUuid(creature: Actor.Implementation | null | undefined): string | null {
  if (creature?.type !== "creature") return null;
  const uuid = systemOf(creature).trainer;
  return typeof uuid === "string" && uuid ? uuid : null;
}

/** R-COMP-1: the creature's trainer, a character that still exists; null for no trainer or a dangling link. */
export function trainerOf(creature: Actor.Implementation | null | undefined): Actor.Implementation | null {
  const doc = documentFromUuid(linkedTrainerUuid(creature)) as Actor.Implementation | null;
  return doc?.documentName === "Actor" && doc.type === "character" ? doc : null;
}

/** R-COMP-8: a trained companion (its trainer exists). */
export function isCompanion(creature: Actor.Implementation | null | undefined): boolean {
  return trainerOf(creature) !== null;
}

/** R-COMP-1 / R-TRAIN-2: how the creature stands to `trainer`: wild, its companion, or someone else's. */
export function relationTo(creature: Actor.Implementation, trainer: Actor.Implementation): TrainingRelation {
  return companionRelation(trainerOf(creature)?.uuid ?? null, trainer.uuid);
}

/** The creatures of the world, and those of unlinked tokens (their data lives in the token). */
function allCreatures(): Actor.Implementation[] {
  const world = (game.actors?.contents ?? []) as Actor.Implementation[];
  const tokens = (game.scenes?.contents ?? []).flatMap((scene) =>
    scene.tokens.contents.filter((t) => !t.actorLink && t.actor).map((t) => t.actor as Actor.Implementation),
  );
  return [...world, ...tokens].filter((a) => a.type === "creature");
}

/** R-COMP-1: a character's companions, by name. */
export function companionsOf(trainer: Actor.Implementation): Actor.Implementation[] {
  if (trainer.type !== "character") return [];
  return allCreatures()
    .filter((c) => linkedTrainerUuid(c) === trainer.uuid)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Creatures `trainer` could train, as this user sees them: its companions, and trainable creatures without a
 * trainer that the user can see (permission, a token not hidden on the viewed scene, or a target). A hidden token is
 * the GM's secret (audit N4): never offered, counted or named to a player (visibleTo, as the GM's check).
 */
export function trainingCandidates(trainer: Actor.Implementation, user: User.Implementation = game.user!): Actor.Implementation[] {
  const own = companionsOf(trainer);
  const scene = game.scenes?.viewed ?? game.scenes?.active ?? null;
  const seen = (t: TokenDocument.Implementation | null | undefined) => !!t?.actor && visibleTo(user, t.actor, t);
  const onScene = new Set((scene?.tokens.contents ?? []).filter(seen).map((t) => t.actor!.uuid));
  const targeted = new Set([...((user.targets ?? []) as Iterable<{ document?: TokenDocument.Implementation }>)].map((t) => t.document).filter(seen).map((t) => t!.actor!.uuid));
  const wild = allCreatures().filter((c) => {
    if (systemOf(c).trainierbar !== true || trainerOf(c)) return false;
    return c.testUserPermission(user, "LIMITED") || onScene.has(c.uuid) || targeted.has(c.uuid);
  });
  return [...own, ...wild.sort((a, b) => a.name.localeCompare(b.name))];
}

/** Creatures naming a trainer that no longer exists (a world actor or token that is gone). */
export function danglingLinks(): Actor.Implementation[] {
  return allCreatures().filter((c) => {
    const uuid = linkedTrainerUuid(c);
    return !!uuid && !uuid.startsWith("Compendium.") && documentFromUuid(uuid) === null;
  });
}

/** Clears the trainer of every creature whose trainer is gone: one batched write, on the active GM only. */
export async function cleanDanglingLinks(): Promise<number> {
  if (!game.users?.activeGM?.isSelf) return 0;
  return runOnGMQueue(`companionLinks:${foundry.utils.randomID()}`, async () => {
    const dangling = danglingLinks();
    await writeActorChanges(dangling.map((actor) => ({ actor, changes: { "system.trainer": null } })));
    return dangling.length;
  });
}
