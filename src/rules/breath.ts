// RULES.md §2: breath under water (Atemluft). Pure: the natural roll of the breath die comes in.
import { DIE_LADDER, coerceDie, stepDown } from "./dice";
import type { Die } from "./dice";
import type { RuleId } from "./ids";

/** R-BREATH-1: the SW of every breath check. */
export const BREATH_SW = 3;

export interface BreathState {
  /** R-BREATH-2: the current breath die. */
  die: Die;
  /** R-BREATH-3: out of air. */
  drowning: boolean;
}

/**
 * What happened to one creature in one KR (or one extra check, R-WATER-3):
 * held (check passed) · lowered (failed, die one step down) · drowning (failed on W4) ·
 * stillDrowning (no air left, no check) · recovered (in the air again) · unchanged (in the air, nothing to regain).
 */
export type BreathResult = "held" | "lowered" | "drowning" | "stillDrowning" | "recovered" | "unchanged";

export interface BreathOutcome {
  before: BreathState;
  state: BreathState;
  /** The natural roll of the breath die; null when nothing was rolled. */
  roll: number | null;
  result: BreathResult;
  rules: RuleId[];
}

/**
 * R-BREATH-2 / R-BREATH-4: the breath die in force. Stored null (or anything unusable) means the full
 * KO die; a stored die is never above the KO die (the KO die may have dropped since).
 */
export function breathDie(stored: unknown, ko: Die): Die {
  if (stored === null || stored === undefined || stored === "") return ko;
  const die = coerceDie(stored, ko);
  return die > ko ? ko : die;
}

/** R-BREATH-1: the Foundry formula of a breath check: the bare breath die, no talent, no malus. */
export function breathFormula(die: Die): string {
  return `1d${die}`;
}

function checkRoll(die: Die, roll: number): number {
  if (!Number.isInteger(roll) || roll < 1 || roll > die) throw new RangeError(`A W${die} cannot show ${String(roll)}`);
  return roll;
}

/**
 * R-BREATH-1..3: one breath check against SW 3 with the natural roll of the breath die.
 * Success keeps the die; a failure lowers it one step (R-BREATH-2); a failure (1 or 2) on a W4 means the
 * creature is out of air and drowning (R-BREATH-3). A drowning creature has no air left to check.
 */
export function breathCheck(state: BreathState, roll: number | null): BreathOutcome {
  const before = { ...state };
  if (state.drowning) return { before, state: { ...state }, roll: null, result: "stillDrowning", rules: ["R-BREATH-3"] };
  if (roll === null) throw new RangeError("A breath check needs the roll of the breath die");
  const natural = checkRoll(state.die, roll);
  if (natural >= BREATH_SW) return { before, state: { ...state }, roll: natural, result: "held", rules: ["R-BREATH-1"] };
  if (state.die === DIE_LADDER[0]) return { before, state: { die: state.die, drowning: true }, roll: natural, result: "drowning", rules: ["R-BREATH-1", "R-BREATH-3"] };
  return { before, state: { die: stepDown(state.die), drowning: false }, roll: natural, result: "lowered", rules: ["R-BREATH-1", "R-BREATH-2"] };
}

/** R-BREATH-4: a creature that ends a KR in the air gets its KO die back, and air ends drowning (R-BREATH-3). */
export function breathRecover(state: BreathState, ko: Die): BreathOutcome {
  const before = { ...state };
  const after: BreathState = { die: ko, drowning: false };
  if (state.die === ko && !state.drowning) return { before, state: after, roll: null, result: "unchanged", rules: [] };
  return { before, state: after, roll: null, result: "recovered", rules: state.drowning ? ["R-BREATH-4", "R-BREATH-3"] : ["R-BREATH-4"] };
}

export interface BreathRoundInput {
  state: BreathState;
  ko: Die;
  underwater: boolean;
  /** The natural roll of the breath die; needed only under water and not drowning. */
  roll: number | null;
}

/** R-BREATH-1 / R-BREATH-4: the end of one KR for one creature: a check under water, recovery in the air. */
export function breathRound(input: BreathRoundInput): BreathOutcome {
  return input.underwater ? breathCheck(input.state, input.roll) : breathRecover(input.state, input.ko);
}

/** R-BREATH-1: whether this creature rolls its breath die at the end of the KR. */
export function needsBreathRoll(state: BreathState, underwater: boolean): boolean {
  return underwater && !state.drowning;
}

/** The value stored for a breath die: null while it is the full KO die (R-BREATH-4). */
export function storedBreathDie(die: Die, ko: Die): Die | null {
  return die === ko ? null : die;
}

/** Whether an outcome changes anything that has to be written. */
export function breathChanged(outcome: BreathOutcome): boolean {
  return outcome.before.die !== outcome.state.die || outcome.before.drowning !== outcome.state.drowning;
}
