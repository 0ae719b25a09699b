// R-REST-NO-1 / R-REST-NO-2: the no-rest clock (Russian seed: "24 часа без отдыха"). Decision (2026-12-01, RULES.md):
// characters eat, drink and sleep about 8 h a day, and a night's sleep is rest, so the clock runs only while the
// GM has the party go without rest (the "ohne Schlaf" status): from when that began, or the last rest after it.
import { toCount } from "./count";
import type { RuleId } from "./ids";
import { HOUR } from "./rest";
import type { RestType } from "./rest";

export const NO_REST_FIRST = 24 * HOUR;
export const NO_REST_STEP = 6 * HOUR;
/** R-REST-NO-2: from this much Erschöpfung from lack of sleep the character hallucinates. */
export const HALLUCINATION_AT = 2;

/** R-REST-NO-1: Erschöpfung due after `elapsed` seconds without rest: 1 at 24 h, +1 every further 6 h. */
export function noRestExhaustion(elapsed: number): number {
  if (!Number.isFinite(elapsed) || elapsed < NO_REST_FIRST) return 0;
  return 1 + Math.floor((elapsed - NO_REST_FIRST) / NO_REST_STEP);
}

export interface NoRestOutcome {
  /** Erschöpfung due for this stretch without rest. */
  due: number;
  /** What to add now: due minus what was already counted (never negative: turning time back takes nothing). */
  gain: number;
  /** R-REST-NO-2: 2+ Erschöpfung from lack of sleep. */
  hallucinating: boolean;
  rules: RuleId[];
}

/**
 * R-REST-NO-1 / R-REST-NO-2: the no-rest clock. `lastRest` is when the last rest ended, `counted` what this
 * stretch has already given. A jump of any length gives exactly what is due, once.
 */
export function noRestClock({ lastRest, counted, now }: { lastRest: number; counted: number; now: number }): NoRestOutcome {
  const due = noRestExhaustion(now - lastRest);
  const already = toCount(counted);
  const gain = Math.max(0, due - already);
  const total = Math.max(due, already);
  const hallucinating = total >= HALLUCINATION_AT;
  const rules: RuleId[] = [];
  if (gain > 0) rules.push("R-REST-NO-1");
  if (hallucinating) rules.push("R-REST-NO-2");
  return { due: total, gain, hallucinating, rules };
}

/**
 * R-REST-NO-1 (Decision 2026-12-01): every rest of §11 restarts the no-rest clock when it ends, a breather included
 * (its Erschöpfung stays). Whether it also ends *Ohne Schlaf* is whether the character slept: a short rest sleeps 6 of
 * its 8 h (R-REST-2), long and full rests span nights; a breather is an hour's light activity, no sleep.
 */
export function restIncludesSleep(type: RestType): boolean {
  return type !== "breather";
}

/** Where a stretch without rest stands: when it began, and what it has given so far. */
export interface NoRestStretch {
  start: number;
  counted: number;
}

/**
 * R-REST-NO-1 (Decision 2026-12-01): the stretch the clock counts, or null when it does not run. It runs only while
 * the character goes without sleep (`sleeplessSince`, when the GM said so); it begins then, or at the last rest
 * after that (`lastRest`), and what was counted belongs to it only if it was counted for that same start.
 */
export function noRestStretch({ sleeplessSince, lastRest, counted }: { sleeplessSince: number | null; lastRest: number | null; counted: number }): NoRestStretch | null {
  if (sleeplessSince === null || !Number.isFinite(sleeplessSince)) return null;
  const own = lastRest !== null && Number.isFinite(lastRest) && lastRest >= sleeplessSince;
  return own ? { start: lastRest, counted: toCount(counted) } : { start: sleeplessSince, counted: 0 };
}
