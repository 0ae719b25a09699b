// RULES.md §4: companions in play (R-COMP-4 … R-COMP-8). Pure: the handling check's EW and the stored values come in.
import { actionCost } from "./attack";
import { toCount } from "./count";
import { bestCreatureDefence, creatureDefence } from "./defence";
import type { DefenceKind, StoredCreatureDefence } from "./defence";
import type { RuleId } from "./ids";
import { clampMisstrauen } from "./misstrauen";
import type { TrainingRelation } from "./training";

/**
 * R-COMP-1 / R-TRAIN-2: how a creature stands to a would-be trainer: no (live) trainer, this trainer's
 * companion, or someone else's. `linked` is the trainer the creature names, null when none or when it is gone.
 */
export function companionRelation(linked: string | null, trainer: string): TrainingRelation {
  if (!linked) return "wild";
  return linked === trainer ? "companion" : "other";
}

/** A place in the turn order: an initiative entry of any shape, and the rank among equal entries. */
export interface TurnPlace<E> {
  entry: E;
  after: number;
}

/**
 * R-COMP-4: a companion shares its trainer's initiative position: the trainer's entry, right after the trainer.
 * Without its trainer in the fight it keeps its own place.
 */
export function companionTurnPlace<E>(own: TurnPlace<E>, trainer: TurnPlace<E> | null): TurnPlace<E> {
  return trainer ? { entry: trainer.entry, after: trainer.after + 1 } : own;
}

/** R-COMP-5 / R-COMP-7: what a command costs the trainer: the attack's Aktionen, or one RE for a reaction. */
export interface CommandCost {
  kind: "actions" | "reaction";
  amount: number;
}

/** R-COMP-5 / R-COMP-7: the trainer pays the attack's action cost; a reaction command costs one RE instead. */
export function commandCost(attackActions: unknown, reaction: boolean): CommandCost {
  return reaction ? { kind: "reaction", amount: 1 } : { kind: "actions", amount: actionCost(attackActions) };
}

export interface CommandOutcome {
  success: boolean;
  /** The handling check's EW, and the SW it had to meet (Misstrauen). */
  ew: number;
  sw: number;
  /** R-COMP-5: the EW of the companion's attack on success (the handling check's EW); null on a failure. */
  attackEW: number | null;
  rules: RuleId[];
}

/**
 * R-COMP-5 / R-COMP-7: the trainer's handling check against Misstrauen. With EW ≥ Misstrauen the command
 * succeeds and that EW is the EW of the companion's attack (or lets it use a RE); otherwise nothing happens.
 */
export function companionCommand({ ew, misstrauen, reaction = false }: { ew: number; misstrauen: number; reaction?: boolean }): CommandOutcome {
  if (typeof ew !== "number" || !Number.isFinite(ew)) throw new RangeError(`A command needs the handling check's EW, got ${String(ew)}`);
  const sw = clampMisstrauen(misstrauen);
  const success = ew >= sw;
  const rules: RuleId[] = reaction ? ["R-COMP-1", "R-COMP-7"] : ["R-COMP-1", "R-COMP-5"];
  return { success, ew, sw, attackEW: success ? ew : null, rules };
}

/**
 * R-COMP-6: how often the companion may move its speed during the trainer's turn: once on its own, and once
 * more each time the trainer spends actions to move.
 */
export function companionMoves(trainerMoves: number): number {
  return 1 + toCount(trainerMoves);
}

export interface CompanionMovement {
  /** Whether the companion may move now: during its trainer's turn (its own place right after, R-COMP-4, is part of it). */
  now: boolean;
  /** Schritt the companion may move each time: its speed. */
  schritt: number;
  /** How often it may move them so far this turn (R-COMP-6: once, and once more per move the trainer spends actions on). */
  moves: number;
  rule: "R-COMP-6";
}

/**
 * R-COMP-6: the companion's free movement as the combat tracker shows it: during its trainer's turn (or the
 * companion's own place in the turn order, right after the trainer's, R-COMP-4) it may move its speed on its own,
 * and again its speed whenever the trainer spends actions to move.
 */
export function companionMovement({ speed, trainersTurn, trainerMoves = 0 }: { speed: number; trainersTurn: boolean; trainerMoves?: number }): CompanionMovement {
  return { now: trainersTurn, schritt: toCount(speed), moves: trainersTurn ? companionMoves(trainerMoves) : 0, rule: "R-COMP-6" };
}

/** R-COMP-7: attacked, a companion defends with its own stored Ausweichen or Parade value (the better one). */
export function companionDefence(stored: StoredCreatureDefence, kind?: DefenceKind): { kind: DefenceKind; ew: number; rules: RuleId[] } {
  if (kind) return { kind, ew: creatureDefence(stored, kind), rules: ["R-COMP-7", "R-CORE-11"] };
  const best = bestCreatureDefence(stored);
  return { kind: best.kind, ew: best.ew, rules: ["R-COMP-7", "R-CORE-11"] };
}

/**
 * R-COMP-7 / R-FALL-3: a companion a faller lands on avoids the damage with its stored Ausweichen value against
 * the fall's SW, instead of rolling (Decision: Ausweichen, the defence R-FALL-3 names).
 */
export function companionFallDodge(stored: StoredCreatureDefence, sw: number): { ew: number; success: boolean; rules: RuleId[] } {
  const ew = creatureDefence(stored, "ausweichen");
  return { ew, success: ew >= sw, rules: ["R-COMP-7", "R-FALL-3"] };
}

/** R-CORE-8 / R-COMP-8: at 0 Leben a character or a trained companion is dying; any other creature is dead. */
export function downedStatusOf({ character, companion }: { character: boolean; companion: boolean }): "dying" | "dead" {
  return character || companion ? "dying" : "dead";
}
