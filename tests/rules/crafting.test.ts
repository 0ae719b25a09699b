import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CRAFT_BLOCK_HOURS,
  CRAFT_COMPLEXITIES,
  CRAFT_SW,
  CRAFT_TARGET_TABLE,
  craftBlock,
  craftPlan,
  craftComplete,
  craftSession,
  craftSW,
  craftTarget,
  craftTargetRule,
  fitsOneWorkday,
  isCraftComplexity,
  materialCost,
  WORKDAY_VALUE,
  workdays,
  workdaySession,
} from "../../src/rules/crafting";

describe("R-CRAFT-4 total EW by the original price: ≤ 50 → 15, ≤ 100 → 25, ≤ 250 → 50, ≤ 500 → 100, ≤ 1,000 → 150, ≤ 2,000 → 200, ≤ 4,000 → 250", () => {
  it.each([
    [0, 15],
    [1, 15],
    [49.99, 15],
    [50, 15],
    [50.01, 25],
    [51, 25],
    [100, 25],
    [100.01, 50],
    [101, 50],
    [250, 50],
    [251, 100],
    [500, 100],
    [501, 100 + 50],
    [1000, 150],
    [1001, 200],
    [2000, 200],
    [2001, 250],
    [4000, 250],
  ])("%d ¥ → %i", (price, target) => {
    expect(craftTarget(price)).toBe(target);
    expect(craftTargetRule(price)).toEqual({ target, decision: false, rule: "R-CRAFT-4" });
  });

  it("the printed table has its seven rows", () => {
    expect(CRAFT_TARGET_TABLE.map((r) => [r.maxPrice, r.target])).toEqual([
      [50, 15], [100, 25], [250, 50], [500, 100], [1000, 150], [2000, 200], [4000, 250],
    ]);
  });

  it.each([
    [4000.01, 300],
    [4001, 300],
    [8000, 300],
    [8000.01, 350],
    [8001, 350],
    [16_000, 350],
    [16_001, 400],
    [32_000, 400],
    [64_000, 450],
    [64_001, 500],
    [999_999_999, 250 + 50 * 18],
  ])("Decision above 4,000 ¥: +50 per doubling begun: %d ¥ → %i", (price, target) => {
    expect(craftTarget(price)).toBe(target);
    expect(craftTargetRule(price).decision).toBe(true);
  });

  it.each([
    [-5, 15],
    [Number.NaN, 15],
    [Number.NEGATIVE_INFINITY, 15],
  ])("an unusable price (%d) counts as 0 ¥ → %i", (price, target) => {
    expect(craftTarget(price)).toBe(target);
  });

  it("never falls as the price rises", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.double({ min: 0, max: 1e9, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(craftTarget(lo)).toBeLessThanOrEqual(craftTarget(hi));
      }),
    );
  });
});

describe("R-CRAFT-2 materials cost half the regular purchase price (Decision: rounded up to whole ¥)", () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [25, 13],
    [50, 25],
    [50.01, 26],
    [4000, 2000],
    [4001, 2001],
    [-10, 0],
    [Number.NaN, 0],
  ])("%d ¥ → %i ¥", (price, cost) => {
    expect(materialCost(price)).toBe(cost);
  });
});

describe("R-CRAFT-3 the SW is 12, 15, 18 or 21 by how advanced or complex the process is", () => {
  it.each([
    ["einfach", 12],
    ["fortgeschritten", 15],
    ["komplex", 18],
    ["meisterlich", 21],
  ] as const)("%s → SW %i", (complexity, sw) => {
    expect(craftSW(complexity)).toBe(sw);
    expect(CRAFT_SW[complexity]).toBe(sw);
    expect(isCraftComplexity(complexity)).toBe(true);
  });

  it("four choices, and anything else is the easiest", () => {
    expect(CRAFT_COMPLEXITIES).toHaveLength(4);
    expect(Object.values(CRAFT_SW)).toEqual([12, 15, 18, 21]);
    expect(craftSW("leicht")).toBe(12);
    expect(craftSW(undefined)).toBe(12);
    expect(isCraftComplexity("KOMPLEX")).toBe(false);
  });
});

describe("R-CRAFT-1 an accumulating check (R-TRAIN-1 semantics) in 4-hour blocks", () => {
  it("a block lasts 4 hours", () => {
    expect(CRAFT_BLOCK_HOURS).toBe(4);
  });

  it.each([
    // [accumulated, target, EW, SW] → [gain, accumulated, complete, result]
    [0, 15, 12, 12, 12, 12, false, "added"],
    [0, 15, 11, 12, 0, 0, false, "belowSW"],
    [12, 15, 3, 12, 0, 12, false, "belowSW"],
    [12, 15, 14, 12, 14, 26, true, "added"],
    [0, 15, 15, 15, 15, 15, true, "added"],
    [0, 15, 14, 15, 0, 0, false, "belowSW"],
    [0, 250, 21, 21, 21, 21, false, "added"],
    [15, 15, 20, 12, 0, 15, true, "alreadyComplete"],
  ] as const)("accumulated %i of %i, EW %i against SW %i: +%i → %i, complete %s (%s)", (acc, target, ew, sw, gain, after, complete, result) => {
    const out = craftBlock({ accumulated: acc, target }, ew, sw);
    expect(out).toMatchObject({ gain, accumulated: after, complete, result, before: acc, ew, sw, target });
  });

  it("Decision as R-TRAIN-1: a roll below the SW adds nothing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: -5, max: 40 }), fc.constantFrom(12, 15, 18, 21), (acc, ew, sw) => {
        const out = craftBlock({ accumulated: acc, target: 1000 }, ew, sw);
        expect(out.gain).toBe(ew >= sw ? ew : 0);
        expect(out.rules).toEqual(["R-CRAFT-1", "R-CRAFT-3", "R-TRAIN-1"]);
      }),
    );
  });

  it("complete once the accumulated EW reaches the target", () => {
    expect(craftComplete({ accumulated: 14, target: 15 })).toBe(false);
    expect(craftComplete({ accumulated: 15, target: 15 })).toBe(true);
    expect(craftComplete({ accumulated: 40, target: 15 })).toBe(true);
  });

  it("a session works its blocks in order and stops at the one that completes the project", () => {
    const out = craftSession({ accumulated: 0, target: 25 }, [13, 8, 14, 20, 20], 12);
    expect(out.blocks.map((b) => [b.gain, b.accumulated])).toEqual([[13, 13], [0, 13], [14, 27]]);
    expect(out).toMatchObject({ accumulated: 27, complete: true, unused: 2 });
  });

  it("a session on a complete project works no block", () => {
    const out = craftSession({ accumulated: 25, target: 25 }, [20, 20], 12);
    expect(out).toEqual({ blocks: [], accumulated: 25, complete: true, unused: 2 });
  });

  it("the blocks a project needs: exactly as many as it takes the EWs to reach the target", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 2, max: 30 }), { minLength: 1, maxLength: 60 }), fc.constantFrom(15, 25, 50, 100), fc.constantFrom(12, 15, 18, 21), (ews, target, sw) => {
        const out = craftSession({ accumulated: 0, target }, ews, sw);
        let sum = 0;
        let needed = ews.length;
        for (let i = 0; i < ews.length; i++) {
          if (ews[i] >= sw) sum += ews[i];
          if (sum >= target) {
            needed = i + 1;
            break;
          }
        }
        expect(out.blocks).toHaveLength(needed);
        expect(out.complete).toBe(sum >= target);
      }),
    );
  });
});

describe("R-DOWN-2 workday crafting: materials at half price, days = price / 15, several items a day while their total ≤ 15, helpers divide the time", () => {
  it("one workday makes 15 ¥ worth", () => {
    expect(WORKDAY_VALUE).toBe(15);
  });

  it.each([
    // [total price, workers] → days (Decision: rounded up once, at the end; at least one day)
    [0, 1, 1],
    [1, 1, 1],
    [15, 1, 1],
    [15.01, 1, 2],
    [16, 1, 2],
    [30, 1, 2],
    [31, 1, 3],
    [45, 1, 3],
    [100, 1, 7],
    [150, 1, 10],
    [150, 2, 5],
    [150, 4, 3],
    [100, 2, 4],
    [15, 4, 1],
    [4000, 1, 267],
    [4000, 4, 67],
    [100, 0, 7],
    [100, Number.NaN, 7],
    [-20, 1, 1],
  ])("%d ¥ with %d workers → %i days", (price, workers, days) => {
    expect(workdays(price, workers)).toBe(days);
  });

  it("several items fit one day while their total price is at most 15", () => {
    expect(fitsOneWorkday([5, 5, 5])).toBe(true);
    expect(fitsOneWorkday([5, 5, 5.01])).toBe(false);
    expect(fitsOneWorkday([15])).toBe(true);
    expect(fitsOneWorkday([16])).toBe(false);
    expect(workdays(5 + 5 + 5)).toBe(1);
  });

  it("materials cost half the price as in R-CRAFT-2", () => {
    expect(materialCost(30)).toBe(15);
  });

  it("workdays accumulate until the days needed are done; days beyond them are not used", () => {
    expect(workdaySession({ done: 0, needed: 7 }, 3)).toEqual({ done: 3, used: 3, complete: false, rules: ["R-DOWN-2"] });
    expect(workdaySession({ done: 5, needed: 7 }, 3)).toEqual({ done: 7, used: 2, complete: true, rules: ["R-DOWN-2"] });
    expect(workdaySession({ done: 7, needed: 7 }, 1)).toMatchObject({ done: 7, used: 0, complete: true });
    expect(workdaySession({ done: 0, needed: 1 }, -2)).toMatchObject({ done: 0, used: 0, complete: false });
  });

  it("more workers never take longer", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 20 }), (price, w) => {
        expect(workdays(price, w + 1)).toBeLessThanOrEqual(workdays(price, w));
        expect(workdays(price, w)).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe("a project's numbers from one rule: pieces and helpers change materials, EW and workdays (issue 25)", () => {
  it.each([
    // price, pieces, helpers → total, materials (R-CRAFT-2), EW (R-CRAFT-4), workdays (R-DOWN-2)
    [150, 1, 0, { total: 150, material: 75, goal: 50, days: 10 }],
    [150, 3, 0, { total: 450, material: 225, goal: 100, days: 30 }],
    [150, 3, 2, { total: 450, material: 225, goal: 100, days: 10 }],
    [75, 1, 0, { total: 75, material: 38, goal: 25, days: 5 }],
    [5, 3, 0, { total: 15, material: 8, goal: 15, days: 1 }],
    [0, 1, 0, { total: 0, material: 0, goal: 15, days: 1 }],
    // unusable numbers: one piece, no helpers
    [150, 0, -2, { total: 150, material: 75, goal: 50, days: 10 }],
    [150, Number.NaN, Number.NaN, { total: 150, material: 75, goal: 50, days: 10 }],
  ])("%i ¥ × %i with %i helpers", (price, pieces, helpers, plan) => {
    expect(craftPlan(price, pieces, helpers)).toEqual(plan);
  });
});
