import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fieldStatus,
  fieldWorkMinutes,
  GROWTH_DAYS,
  harvestTime,
  harvestYield,
  SECONDS_PER_DAY,
  SEED_COST_PER_PLOT,
  sowingCost,
  YIELD_PER_PLOT,
} from "../../src/rules/farming";

const DAY = SECONDS_PER_DAY;

describe("R-FARM-1 sowing a 1×1 Schritt plot costs 10 ¥ of seeds and about 10 minutes", () => {
  it.each([
    [1, 10, 10],
    [2, 20, 20],
    [12, 120, 120],
    [0, 0, 0],
    [-3, 0, 0],
    [2.7, 20, 20],
    [Number.NaN, 0, 0],
  ])("%d plots → %i ¥, %i minutes", (plots, cost, minutes) => {
    expect(sowingCost(plots)).toBe(cost);
    expect(fieldWorkMinutes(plots, "sow")).toBe(minutes);
  });

  it("10 ¥ per plot", () => {
    expect(SEED_COST_PER_PLOT).toBe(10);
  });
});

describe("R-FARM-2 harvest after 90 days of growth (world time), about 10 minutes per plot", () => {
  it("90 days of 24 hours", () => {
    expect(GROWTH_DAYS).toBe(90);
    expect(harvestTime(0)).toBe(90 * 86_400);
    expect(harvestTime(1000)).toBe(1000 + 90 * 86_400);
    expect(fieldWorkMinutes(3, "harvest")).toBe(30);
  });

  it.each([
    // [seconds after sowing] → [state, days left]
    [0, "growing", 90],
    [1, "growing", 90],
    [DAY, "growing", 89],
    [DAY + 1, "growing", 89],
    [89 * DAY, "growing", 1],
    [90 * DAY - 1, "growing", 1],
    [90 * DAY, "ready", 0],
    [90 * DAY + 1, "ready", 0],
    [10_000 * DAY, "ready", 0],
  ] as const)("%i s after sowing: %s, %i days left", (elapsed, state, daysLeft) => {
    const sownAt = 5_000;
    const status = fieldStatus(sownAt, sownAt + elapsed);
    expect(status).toEqual({ state, readyAt: sownAt + 90 * DAY, daysLeft, rules: ["R-FARM-2"] });
  });

  it("ready exactly 90 days after sowing, however the time got there", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.array(fc.integer({ min: 0, max: 40 * DAY }), { maxLength: 20 }), (sownAt, steps) => {
        let now = sownAt;
        for (const step of steps) now += step;
        expect(fieldStatus(sownAt, now).state).toBe(now - sownAt >= 90 * DAY ? "ready" : "growing");
      }),
    );
  });

  it("Decision (time): a field's 90 days are 90 × 24 hours, the days the rests count too, whatever the calendar", () => {
    expect(DAY).toBe(24 * 3600);
    expect(fieldStatus(0, 90 * 20 * 3600).state).toBe("growing");
    expect(fieldStatus(0, 90 * DAY - 1)).toMatchObject({ state: "growing", daysLeft: 1 });
    expect(fieldStatus(0, 90 * DAY).state).toBe("ready");
    expect(harvestTime(0)).toBe(90 * DAY);
  });

  it("time set back before the sowing still shows 90 days to go; nothing sown is fallow", () => {
    expect(fieldStatus(100 * DAY, 0)).toMatchObject({ state: "growing", daysLeft: 90 });
    expect(fieldStatus(null, 1e9)).toEqual({ state: "fallow", readyAt: null, daysLeft: 0, rules: [] });
    expect(fieldStatus(Number.NaN, 0).state).toBe("fallow");
  });
});

describe("R-FARM-3 the yield is the sown plant worth 50 ¥ per plot", () => {
  it.each([
    [1, 50],
    [2, 100],
    [12, 600],
    [0, 0],
    [-1, 0],
  ])("%d plots → %i ¥", (plots, worth) => {
    expect(harvestYield(plots)).toBe(worth);
  });

  it("50 ¥ per plot, five times the seeds", () => {
    expect(YIELD_PER_PLOT).toBe(50);
    expect(YIELD_PER_PLOT / SEED_COST_PER_PLOT).toBe(5);
  });
});
