// RULES.md §0 R-CORE-12: healing, and damage of several hits. Pure: the rolled amounts come in.
import { toCount } from "./count";
import { applyHit } from "./damage";
import type { HitOutcome } from "./damage";
import type { RuleId } from "./ids";

export interface HealingInput {
  leben: number;
  max: number;
  amount: number;
}

export interface HealingOutcome {
  leben: number;
  /** Leben actually gained. */
  healed: number;
  /** R-CORE-8: Leben was 0 and is above 0 now, which ends *dying* (not drowning: only air does, R-BREATH-3). */
  revived: boolean;
  rules: RuleId[];
}

/**
 * R-CORE-12: healing raises Leben up to its maximum and ends *dying* when Leben rises above 0. Bad numbers
 * count as 0 (toCount); healing never lowers Leben, even one above its maximum.
 */
export function applyHealing({ leben, max, amount }: HealingInput): HealingOutcome {
  const before = toCount(leben);
  const after = Math.max(before, Math.min(toCount(max), before + toCount(amount)));
  const revived = before === 0 && after > 0;
  const rules: RuleId[] = revived ? ["R-CORE-12", "R-CORE-8"] : ["R-CORE-12"];
  return { leben: after, healed: after - before, revived, rules };
}

export interface HitsInput {
  leben: number;
  ruestung: number;
  /** The damage of each hit, in the order they land. */
  hits: readonly number[];
}

export interface HitsOutcome {
  leben: number;
  /** Leben lost over all hits. */
  taken: number;
  /** Damage the armour stopped over all hits. */
  absorbed: number;
  /** R-CORE-8: one of the hits brought Leben to 0. */
  downed: boolean;
  perHit: HitOutcome[];
  rules: RuleId[];
}

/**
 * R-CORE-11 / R-CORE-12 (several hits, as R-SHORT-4 deals them): each hit is applied on its own, Rüstung
 * subtracted from each (R-CORE-7, never below 0), Leben stopping at 0 (R-CORE-8).
 */
export function applyHits({ leben, ruestung, hits }: HitsInput): HitsOutcome {
  if (!Array.isArray(hits)) throw new RangeError(`hits must be an array of damage values, got ${String(hits)}`);
  const perHit: HitOutcome[] = [];
  const rules = new Set<RuleId>(["R-CORE-12"]);
  let current = toCount(leben);
  for (const damage of hits) {
    const outcome = applyHit({ leben: current, ruestung, damage });
    perHit.push(outcome);
    for (const rule of outcome.rules) rules.add(rule);
    current = outcome.leben;
  }
  return {
    leben: current,
    taken: perHit.reduce((sum, h) => sum + h.taken, 0),
    absorbed: perHit.reduce((sum, h) => sum + h.absorbed, 0),
    downed: perHit.some((h) => h.downed),
    perHit,
    rules: [...rules],
  };
}
