// RULES.md §4: training a creature (R-TRAIN-1, R-TRAIN-2). Pure: the EW of each block's handling check comes in.
import { clampMisstrauen, MIN_MISSTRAUEN } from "./misstrauen";
import type { RuleId } from "./ids";

/** R-TRAIN-1: the accumulated EW that completes the training (R-TRAIN-2's "completed block"). */
export const TRAINING_GOAL = 100;
/** R-TRAIN-1: what one 4-hour block of training costs (feed, crystal-tech parts, …), in ¥. */
export const TRAINING_BLOCK_COST = 10;
/** R-TRAIN-1: the hours one block of training takes. */
export const TRAINING_BLOCK_HOURS = 4;
/** Decision: at most this many 4-hour blocks in one session (a week of six blocks a day). */
export const TRAINING_MAX_BLOCKS = 42;

/** What one 4-hour block did: its EW, whether it met the SW, what it added, the progress after it. */
export interface TrainingBlock {
  ew: number;
  success: boolean;
  added: number;
  progress: number;
}

export interface TrainingRun {
  /** The accumulated EW before the session. */
  before: number;
  /** The blocks trained, in order; the session stops at the block that completes the training. */
  blocks: TrainingBlock[];
  /** The accumulated EW after the session: 0 again once it completed (Decision: the excess is not kept). */
  progress: number;
  /** The accumulated EW reached 100 in this session. */
  completed: boolean;
  /** 10 ¥ for every block trained. */
  cost: number;
  /** 4 hours for every block trained. */
  hours: number;
  rules: RuleId[];
}

const whole = (n: number) => (Number.isFinite(n) ? Math.trunc(n) : 0);

/** R-TRAIN-1: the cost of `blocks` 4-hour blocks. */
export function trainingCost(blocks: number): number {
  return Math.max(0, whole(blocks)) * TRAINING_BLOCK_COST;
}

/** R-TRAIN-1: whether `geld` pays for `blocks` blocks, and what is left after paying. */
export function trainingAffordable(geld: number, blocks: number): { allowed: boolean; cost: number; left: number } {
  const cost = trainingCost(blocks);
  const money = Math.max(0, whole(geld));
  return { allowed: money >= cost, cost, left: money - cost };
}

/**
 * R-TRAIN-1: one block: the handling check against SW = Misstrauen. An EW that meets the SW is added to the
 * accumulated EW; (Decision) a roll below the SW adds nothing.
 */
export function trainingBlock(progress: number, ew: number, sw: number): TrainingBlock {
  const value = whole(ew);
  const success = value >= whole(sw);
  const added = success ? Math.max(0, value) : 0;
  return { ew: value, success, added, progress: Math.max(0, whole(progress)) + added };
}

/**
 * R-TRAIN-1: a session of blocks as a pure function of their EWs: each block in turn until the accumulated EW
 * reaches 100 (the rest are not trained, nor paid for); a block costs 10 ¥ and takes 4 hours.
 */
export function trainingRun({ progress, misstrauen, ews }: { progress: number; misstrauen: number; ews: readonly number[] }): TrainingRun {
  const before = Math.max(0, whole(progress));
  const sw = clampMisstrauen(misstrauen);
  const blocks: TrainingBlock[] = [];
  let current = before;
  let completed = current >= TRAINING_GOAL;
  for (const ew of ews) {
    if (completed) break;
    const block = trainingBlock(current, ew, sw);
    blocks.push(block);
    current = block.progress;
    completed = current >= TRAINING_GOAL;
  }
  return {
    before,
    blocks,
    progress: completed ? 0 : current,
    completed,
    cost: trainingCost(blocks.length),
    hours: blocks.length * TRAINING_BLOCK_HOURS,
    rules: completed ? ["R-TRAIN-1", "R-TRAIN-2"] : ["R-TRAIN-1"],
  };
}

/** R-TRAIN-2: what a creature that is already the trainer's companion gains from a completed block. */
export type TrainingReward = "misstrauen" | "lernen";
export const TRAINING_REWARDS: readonly TrainingReward[] = ["misstrauen", "lernen"];

/** The creature and the trainer: no trainer yet, the trainer's companion, or someone else's companion. */
export type TrainingRelation = "wild" | "companion" | "other";

export interface TrainingCompletion {
  /** "companion": it becomes the trainer's companion; "misstrauen": Misstrauen − 1; "lernen": a new attack or passive. */
  kind: "companion" | TrainingReward;
  misstrauen: { before: number; after: number };
  rules: RuleId[];
}

/** R-TRAIN-2 / R-COMP-3: whether "Misstrauen − 1" still lowers anything (never below 10). */
export function canLowerMisstrauen(misstrauen: number): boolean {
  return clampMisstrauen(misstrauen) > MIN_MISSTRAUEN;
}

/**
 * R-TRAIN-2: a completed block makes an uncontrolled creature the trainer's companion; for its companion, the
 * chosen reward: Misstrauen − 1, never below 10 (R-COMP-3), or one new passive or attack.
 * Throws a RangeError for someone else's companion or an unknown reward (caller errors).
 */
export function trainingCompletion({ relation, misstrauen, reward }: { relation: TrainingRelation; misstrauen: number; reward: TrainingReward | null }): TrainingCompletion {
  const before = clampMisstrauen(misstrauen);
  if (relation === "other") throw new RangeError("Someone else's companion cannot be trained");
  if (relation === "wild") return { kind: "companion", misstrauen: { before, after: before }, rules: ["R-TRAIN-2"] };
  if (reward === "misstrauen") return { kind: "misstrauen", misstrauen: { before, after: clampMisstrauen(before - 1) }, rules: ["R-TRAIN-2", "R-COMP-3"] };
  if (reward === "lernen") return { kind: "lernen", misstrauen: { before, after: before }, rules: ["R-TRAIN-2"] };
  throw new RangeError(`A companion's completed block needs a reward (misstrauen or lernen), got ${String(reward)}`);
}
