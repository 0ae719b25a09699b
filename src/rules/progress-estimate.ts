// R-TRAIN-1 / R-CRAFT-1: how long an accumulating check takes to its goal, for the dialogs' "≈ n Einheiten".
// Pure: the chance of each EW of one Einheit's check comes in (checkEwChances).
import type { EwChance } from "./checks";
import type { RuleId } from "./ids";

/** Decision: the estimate looks at most this far (far beyond any goal R-TRAIN-1 or R-CRAFT-4 sets). */
export const MAX_ESTIMATED_EW = 100_000;

export interface ProgressEstimate {
  /** The expected number of Einheiten to the goal, rounded up. */
  einheiten: number;
  /** `hoursPerEinheit` each (4: training's TRAINING_BLOCK_HOURS, crafting's CRAFT_BLOCK_HOURS). */
  hours: number;
  /** What they cost at `costPerEinheit` each (10 ¥ for training, R-TRAIN-1; 0 where an Einheit costs nothing). */
  cost: number;
  rules: RuleId[];
}

const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.min(MAX_ESTIMATED_EW, Math.floor(n)) : 0);

/**
 * R-TRAIN-1 / R-CRAFT-1: the expected number of Einheiten until the accumulated EW covers `remaining`, when each
 * Einheit's EW counts in full if it meets `sw` and adds nothing otherwise (Decision, R-TRAIN-1). Exact, not the
 * quotient remaining ÷ mean: with E(0) = 0, E(r) = (1 + Σ p(g) · E(max(0, r − g))) ÷ (1 − p(0)) over the gains g > 0.
 * Null when no EW can meet the SW (the goal is out of reach).
 */
export function progressEstimate({ remaining, sw, chances, hoursPerEinheit, costPerEinheit = 0 }: { remaining: number; sw: number; chances: readonly EwChance[]; hoursPerEinheit: number; costPerEinheit?: number }): ProgressEstimate | null {
  const rules: RuleId[] = ["R-TRAIN-1", "R-CRAFT-1"];
  const gains = new Map<number, number>();
  let nothing = 0;
  for (const { ew, p } of chances) {
    if (!(p > 0)) continue;
    const gain = ew >= sw ? Math.max(0, Math.trunc(ew)) : 0;
    if (gain > 0) gains.set(gain, (gains.get(gain) ?? 0) + p);
    else nothing += p;
  }
  const progress = [...gains.values()].reduce((s, p) => s + p, 0);
  if (progress <= 1e-12) return null;
  // The chances as given, scaled to add up to 1 (rounding in the caller's sums cannot skew the estimate).
  const total = progress + nothing;
  const steps = [...gains].map(([gain, p]) => [gain, p / total] as const);
  const advance = progress / total;
  const goal = count(remaining);
  const expected = new Float64Array(goal + 1);
  for (let r = 1; r <= goal; r++) {
    let sum = 1;
    for (const [gain, p] of steps) sum += p * expected[Math.max(0, r - gain)]!;
    expected[r] = sum / advance;
  }
  // A whole number in floating point stays that number: 18.000000000004 is 18 Einheiten, not 19.
  const einheiten = Math.max(0, Math.ceil(expected[goal]! - 1e-9));
  const price = Number.isFinite(costPerEinheit) && costPerEinheit > 0 ? costPerEinheit : 0;
  return { einheiten, hours: einheiten * hoursPerEinheit, cost: einheiten * price, rules };
}
