// What the sheets show of companions, as plain data: the trainer's section (each companion with its Misstrauen,
// handling talent by kind and attacks to command) and the tag on a commanded companion's attack rows. Read from
// the creatures as every client has them, so the trainer sees Misstrauen even with limited permission on the
// creature. Nothing here writes.
import { commandCost, TRAINING_GOAL } from "../../rules";
import { startedCombat } from "../combat/tracker";
import { companionsOf, trainerOf, trainingCandidates } from "./link";

export interface CompanionAttackView {
  id: string;
  name: string;
  actions: number;
  damage: string;
}

export interface CompanionView {
  uuid: string;
  name: string;
  img: string;
  kind: string;
  misstrauen: number;
  talent: string;
  /** The trainer has the handling talent (R-COMP-1); without it no command and no training. */
  hasTalent: boolean;
  progress: number;
  goal: number;
  leben: { value: number; max: number };
  ausweichen: number;
  parade: number;
  attacks: CompanionAttackView[];
}

export interface CompanionSectionView {
  companions: CompanionView[];
  /** The user may command and train for this trainer (owns it). */
  canCommand: boolean;
  /** Creatures the trainer could train now, besides its companions. */
  candidates: number;
}

interface CreatureView {
  art?: string;
  leben?: { value?: number; max?: number };
  ausweichen?: number;
  parade?: number;
  training?: { fortschritt?: number };
  derived?: { misstrauen?: number; umgangTalent?: string };
}

function companionView(trainer: Actor.Implementation, creature: Actor.Implementation): CompanionView {
  const sys = creature.system as CreatureView;
  const talent = String(sys.derived?.umgangTalent ?? "");
  return {
    uuid: creature.uuid,
    name: creature.token?.name || creature.name,
    img: creature.img ?? "",
    kind: (CONFIG.FLEX.creatureKinds as Record<string, string>)[sys.art ?? ""] ?? String(sys.art ?? ""),
    misstrauen: Number(sys.derived?.misstrauen) || 0,
    talent,
    hasTalent: !!talent && !!trainer.findTalent(talent),
    progress: Number(sys.training?.fortschritt) || 0,
    goal: TRAINING_GOAL,
    leben: { value: Number(sys.leben?.value) || 0, max: Number(sys.leben?.max) || 0 },
    ausweichen: Number(sys.ausweichen) || 0,
    parade: Number(sys.parade) || 0,
    attacks: creature.items.contents
      .filter((i) => i.type === "attack")
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name))
      .map((i) => {
        const item = i.system as { aktionen?: unknown; schaden?: unknown };
        return { id: i.id!, name: i.name, actions: commandCost(item.aktionen, false).amount, damage: String(item.schaden ?? "") };
      }),
  };
}

/** R-COMP-1: the trainer's companions section, for this user. */
export function companionSection(trainer: Actor.Implementation, user: User.Implementation = game.user!): CompanionSectionView {
  const companions = companionsOf(trainer);
  const candidates = trainingCandidates(trainer, user).filter((c) => !companions.includes(c)).length;
  return { companions: companions.map((c) => companionView(trainer, c)), canCommand: trainer.testUserPermission(user, "OWNER"), candidates };
}

/** Whether the trainer's sheet has anything to show about companions: a companion, or a creature to train. */
export function hasCompanionSection(trainer: Actor.Implementation, user: User.Implementation = game.user!): boolean {
  return trainer.type === "character" && trainingCandidates(trainer, user).length > 0;
}

/**
 * R-COMP-4 / R-COMP-5: whether an attack of this creature, rolled from its sheet, is its trainer's command: a
 * companion whose trainer fights beside it in the started combat has no actions of its own.
 */
export function attacksByCommand(creature: Actor.Implementation): Actor.Implementation | null {
  const trainer = trainerOf(creature);
  const combat = startedCombat();
  if (!trainer || !combat) return null;
  const fights = (a: Actor.Implementation) => combat.combatants.some((c) => c.actor?.uuid === a.uuid);
  return fights(trainer) && fights(creature) ? trainer : null;
}
