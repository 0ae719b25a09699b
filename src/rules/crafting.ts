// RULES.md §9 crafting (R-CRAFT-1 … 4) and the workday crafting of R-DOWN-2 (the Russian seed). Pure: the
// EW of each 4-hour block comes in, the outcome says what it added and which rule decided it.
import type { RuleId } from "./ids";

/** R-CRAFT-3: how advanced or complex the making is, easiest first. */
export const CRAFT_COMPLEXITIES = ["einfach", "fortgeschritten", "komplex", "meisterlich"] as const;
export type CraftComplexity = (typeof CRAFT_COMPLEXITIES)[number];

/** R-CRAFT-3: the SW of every check of the project: 12, 15, 18 or 21. */
export const CRAFT_SW: Readonly<Record<CraftComplexity, number>> = { einfach: 12, fortgeschritten: 15, komplex: 18, meisterlich: 21 };

export function isCraftComplexity(value: unknown): value is CraftComplexity {
  return typeof value === "string" && (CRAFT_COMPLEXITIES as readonly string[]).includes(value);
}

/** R-CRAFT-3: the SW for a complexity; anything unknown is the easiest. */
export function craftSW(complexity: unknown): number {
  return CRAFT_SW[isCraftComplexity(complexity) ? complexity : "einfach"];
}

export interface CraftTargetRow {
  /** The highest original price (¥) of the row, inclusive. */
  maxPrice: number;
  /** The total EW to reach. */
  target: number;
}

/** R-CRAFT-4: total EW by the item's original price, up to 4,000 ¥. */
export const CRAFT_TARGET_TABLE: readonly CraftTargetRow[] = [
  { maxPrice: 50, target: 15 },
  { maxPrice: 100, target: 25 },
  { maxPrice: 250, target: 50 },
  { maxPrice: 500, target: 100 },
  { maxPrice: 1000, target: 150 },
  { maxPrice: 2000, target: 200 },
  { maxPrice: 4000, target: 250 },
];

/** R-CRAFT-4 (Decision): above the table, each doubling of the price adds this much. */
export const CRAFT_TARGET_PER_DOUBLING = 50;

/** A price from any input: NaN and negatives are 0, +Infinity stays (it is above every row). */
const priceOf = (price: number) => (Number.isNaN(price) || price < 0 ? 0 : price);

/**
 * R-CRAFT-4: the total EW a project must accumulate. ≤ 50 ¥ → 15 … ≤ 4,000 ¥ → 250; Decision: above 4,000 ¥
 * +50 per doubling begun (4,001–8,000 → 300, 8,001–16,000 → 350, …). An unusable price counts as 0 ¥.
 */
export function craftTarget(price: number): number {
  const p = priceOf(price);
  for (const row of CRAFT_TARGET_TABLE) if (p <= row.maxPrice) return row.target;
  const last = CRAFT_TARGET_TABLE[CRAFT_TARGET_TABLE.length - 1];
  if (!Number.isFinite(p)) return Number.MAX_SAFE_INTEGER;
  // Whole doublings by multiplication, so 8,000 is exactly one doubling (no floating log2).
  let doublings = 0;
  for (let ceiling = last.maxPrice; ceiling < p; ceiling *= 2) doublings += 1;
  return last.target + doublings * CRAFT_TARGET_PER_DOUBLING;
}

/** Whether R-CRAFT-4's printed table covers the price, or the Decision above 4,000 ¥ does. */
export function craftTargetRule(price: number): { target: number; decision: boolean; rule: RuleId } {
  const p = priceOf(price);
  return { target: craftTarget(p), decision: p > CRAFT_TARGET_TABLE[CRAFT_TARGET_TABLE.length - 1].maxPrice, rule: "R-CRAFT-4" };
}

/** R-CRAFT-2: materials cost half the regular purchase price; Decision: rounded up to whole ¥. */
export function materialCost(price: number): number {
  const p = priceOf(price);
  return Number.isFinite(p) ? Math.ceil(p / 2) : Number.MAX_SAFE_INTEGER;
}

/** R-CRAFT-1 (R-TRAIN-1 semantics): the hours of one block of the accumulating check. */
export const CRAFT_BLOCK_HOURS = 4;

export interface CraftProgress {
  /** The EW accumulated so far. */
  accumulated: number;
  /** R-CRAFT-4: the total EW to reach. */
  target: number;
}

/**
 * What one block did: "added" (EW ≥ SW, its EW counts), "belowSW" (Decision, as R-TRAIN-1: a roll below SW
 * adds nothing) or "alreadyComplete" (the target was reached before; the block is not used).
 */
export type CraftBlockResult = "added" | "belowSW" | "alreadyComplete";

export interface CraftBlockOutcome {
  ew: number;
  sw: number;
  gain: number;
  before: number;
  accumulated: number;
  target: number;
  complete: boolean;
  result: CraftBlockResult;
  rules: RuleId[];
}

const whole = (n: number) => (Number.isFinite(n) ? Math.trunc(n) : 0);
const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** R-CRAFT-1: the project is complete once the accumulated EW reaches the target. */
export function craftComplete(progress: CraftProgress): boolean {
  return count(progress.accumulated) >= count(progress.target);
}

/**
 * R-CRAFT-1 / R-CRAFT-3: one 4-hour block of the accumulating check with the block's EW against the SW.
 * An EW at or above the SW adds itself; below it adds nothing (Decision, R-TRAIN-1 semantics).
 */
export function craftBlock(progress: CraftProgress, ew: number, sw: number): CraftBlockOutcome {
  const before = count(progress.accumulated);
  const target = count(progress.target);
  const e = whole(ew);
  const s = whole(sw);
  const base = { ew: e, sw: s, before, target };
  if (before >= target) return { ...base, gain: 0, accumulated: before, complete: true, result: "alreadyComplete", rules: ["R-CRAFT-1"] };
  const gain = e >= s ? Math.max(0, e) : 0;
  const accumulated = before + gain;
  return {
    ...base,
    gain,
    accumulated,
    complete: accumulated >= target,
    result: e >= s ? "added" : "belowSW",
    rules: ["R-CRAFT-1", "R-CRAFT-3", "R-TRAIN-1"],
  };
}

export interface CraftSessionOutcome {
  /** The blocks worked, in order; a session stops at the block that completes the project. */
  blocks: CraftBlockOutcome[];
  accumulated: number;
  complete: boolean;
  /** Blocks of the session left unworked because the project was complete. */
  unused: number;
}

/**
 * R-CRAFT-1: a session of blocks (one EW each, in order) until they run out or the project is complete.
 * The blocks after the completing one are not worked (their EWs are ignored and counted as unused).
 */
export function craftSession(progress: CraftProgress, ews: readonly number[], sw: number): CraftSessionOutcome {
  const blocks: CraftBlockOutcome[] = [];
  let current = { accumulated: count(progress.accumulated), target: count(progress.target) };
  for (const ew of ews) {
    if (craftComplete(current)) break;
    const block = craftBlock(current, ew, sw);
    blocks.push(block);
    current = { ...current, accumulated: block.accumulated };
  }
  return { blocks, accumulated: current.accumulated, complete: craftComplete(current), unused: ews.length - blocks.length };
}

// R-DOWN-2: crafting as a downtime activity of the full rest (Russian seed) -----------------------------

/** R-DOWN-2: the worth (in the system's one currency) one character crafts in one workday. */
export const WORKDAY_VALUE = 15;

/**
 * R-DOWN-2: workdays to craft items of this total price: price / 15, divided among the workers (the crafter
 * and its helpers). Decision: the quotient is rounded up once, at the end (no rounding before dividing among
 * the workers), and anything to make takes at least one day; several items are one total (their total ≤ 15
 * fits one day). A price of 0 takes one day too; an unusable number of workers counts as one.
 */
export function workdays(totalPrice: number, workers = 1): number {
  const p = priceOf(totalPrice);
  const w = Math.max(1, count(workers));
  if (!Number.isFinite(p)) return Number.MAX_SAFE_INTEGER;
  // A quotient that is a whole number is exact in floating point: 45 / 15 is 3, never 3.0000001.
  return Math.max(1, Math.ceil(p / (WORKDAY_VALUE * w)));
}

/** What a project costs and asks for, as the start dialog and the project sheet show it. */
export interface CraftPlan {
  /** The price of all the pieces. */
  total: number;
  /** R-CRAFT-2: the materials for all of them. */
  material: number;
  /** R-CRAFT-4: the total EW of the accumulating check. */
  goal: number;
  /** R-DOWN-2: the workdays, shared by the crafter and the helpers. */
  days: number;
}

/**
 * R-CRAFT-2 / R-CRAFT-4 / R-DOWN-2 for `quantity` pieces of an item of `price` made with `helpers`: the pieces are
 * one total price, from which materials, EW and workdays follow (one rule for the dialog and the project).
 */
export function craftPlan(price: number, quantity = 1, helpers = 0): CraftPlan {
  const total = priceOf(price) * Math.max(1, count(quantity));
  return { total, material: materialCost(total), goal: craftTarget(total), days: workdays(total, 1 + count(helpers)) };
}

/** R-DOWN-2: several items can be made in one workday while their total price is at most 15. */
export function fitsOneWorkday(prices: readonly number[]): boolean {
  return prices.reduce((sum, p) => sum + priceOf(p), 0) <= WORKDAY_VALUE;
}

export interface WorkdayProgress {
  /** Workdays done so far. */
  done: number;
  /** Workdays needed (workdays()). */
  needed: number;
}

/** R-DOWN-2: `days` more workdays on a project; complete when the days done reach the days needed. */
export function workdaySession(progress: WorkdayProgress, days: number): { done: number; used: number; complete: boolean; rules: RuleId[] } {
  const before = count(progress.done);
  const needed = Math.max(1, count(progress.needed));
  const used = Math.min(count(days), Math.max(0, needed - before));
  const done = before + used;
  return { done, used, complete: done >= needed, rules: ["R-DOWN-2"] };
}
