import { toCount } from "./count";

/** R-CORE-6 (Decision): Aktionen per KR; the system reads `CONFIG.FLEX.actionsPerRound` and passes it in. */
export const ACTIONS_PER_ROUND = 3;
/** R-CORE-6 (Decision): Reaktionen (RE) per KR. */
export const REACTIONS_PER_ROUND = 1;

/** R-CORE-6: the Aktionen still open this KR; never negative. */
export function remainingActions(spent: number, perRound = ACTIONS_PER_ROUND): number {
  return Math.max(0, toCount(perRound) - toCount(spent));
}

/** R-CORE-6: whether an action costing `cost` still fits into this KR. */
export function canAfford(spent: number, cost: number, perRound = ACTIONS_PER_ROUND): boolean {
  return toCount(cost) <= remainingActions(spent, perRound);
}
