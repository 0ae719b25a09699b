// RULES.md §8 growing plants (R-FARM-1 … 3). Pure: world time (in seconds) comes in; a day is 24 hours of it whatever
// the world's calendar (Decision 2026-12-01, time: rests and fields count the same days).
import type { RuleId } from "./ids";
import { DAY } from "./time";

/** R-FARM-1: seeds for one 1×1 Schritt plot of fertile soil (¥). */
export const SEED_COST_PER_PLOT = 10;
/** R-FARM-1: minutes to sow one plot. */
export const SOWING_MINUTES_PER_PLOT = 10;
/** R-FARM-2: days of growth (world time) before the harvest. */
export const GROWTH_DAYS = 90;
/** R-FARM-2: minutes to harvest one plot. */
export const HARVEST_MINUTES_PER_PLOT = 10;
/** R-FARM-3: the worth of the sown plant one plot yields (¥). */
export const YIELD_PER_PLOT = 50;
/** A day of world time: 24 hours (Decision 2026-12-01, time). */
export const SECONDS_PER_DAY = DAY;

const plotsOf = (plots: number) => (Number.isFinite(plots) && plots > 0 ? Math.floor(plots) : 0);

/** R-FARM-1: the seeds for `plots` plots cost 10 ¥ each. */
export function sowingCost(plots: number): number {
  return plotsOf(plots) * SEED_COST_PER_PLOT;
}

/** R-FARM-1 / R-FARM-2: minutes of work to sow or to harvest `plots` plots (10 each). */
export function fieldWorkMinutes(plots: number, work: "sow" | "harvest"): number {
  return plotsOf(plots) * (work === "sow" ? SOWING_MINUTES_PER_PLOT : HARVEST_MINUTES_PER_PLOT);
}

/** R-FARM-3: the harvest of `plots` plots is the sown plant worth 50 ¥ each. */
export function harvestYield(plots: number): number {
  return plotsOf(plots) * YIELD_PER_PLOT;
}

/** R-FARM-2: the world time at which a field sown at `sownAt` can be harvested: 90 days later. */
export function harvestTime(sownAt: number): number {
  return sownAt + GROWTH_DAYS * SECONDS_PER_DAY;
}

/** fallow: nothing sown · growing: sown, not yet 90 days · ready: 90 days or more since sowing. */
export type FieldState = "fallow" | "growing" | "ready";

export interface FieldStatus {
  state: FieldState;
  /** World time of the harvest; null while fallow. */
  readyAt: number | null;
  /** Whole days (begun) until the harvest; 0 when ready or fallow. */
  daysLeft: number;
  rules: RuleId[];
}

/**
 * R-FARM-2: a field's state at world time `now`. Ready exactly 90 days (of 24 hours) after sowing,
 * however the time got there (one big jump or many small steps). Time set back before the sowing shows the
 * full 90 days still to go. An unusable sowing time is a fallow field.
 */
export function fieldStatus(sownAt: number | null, now: number): FieldStatus {
  if (sownAt === null || !Number.isFinite(sownAt)) return { state: "fallow", readyAt: null, daysLeft: 0, rules: [] };
  const readyAt = harvestTime(sownAt);
  const t = Number.isFinite(now) ? now : sownAt;
  if (t >= readyAt) return { state: "ready", readyAt, daysLeft: 0, rules: ["R-FARM-2"] };
  const daysLeft = Math.min(GROWTH_DAYS, Math.ceil((readyAt - t) / SECONDS_PER_DAY));
  return { state: "growing", readyAt, daysLeft, rules: ["R-FARM-2"] };
}
