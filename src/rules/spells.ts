// RULES.md §0 R-CORE-13: spells. Pure: the caster's Fluss and the spell's cost come in.
import { toCount } from "./count";
import type { RuleId } from "./ids";

export interface CastInput {
  /** The caster's current Fluss. */
  fluss: number;
  /** The spell's Fluss cost. */
  cost: number;
}

export interface CastOutcome {
  allowed: boolean;
  /** Fluss after casting (unchanged when refused). */
  fluss: number;
  /** Fluss the caster lacks (0 when allowed). */
  missing: number;
  rules: RuleId[];
}

/**
 * R-CORE-13: casting costs the spell's Fluss, refused when Fluss is short (then nothing is spent).
 * Bad numbers count as 0 (toCount). Its actions are spent like any other (R-CORE-6, actionCost).
 */
export function castCost({ fluss, cost }: CastInput): CastOutcome {
  const have = toCount(fluss);
  const need = toCount(cost);
  if (have < need) return { allowed: false, fluss: have, missing: need - have, rules: ["R-CORE-13"] };
  return { allowed: true, fluss: have - need, missing: 0, rules: ["R-CORE-13"] };
}
