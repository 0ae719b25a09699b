import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { MISSION_REWARD_TABLE, isWorkDuration, missionReward, payFrom, receive, rewardSuggestion, splitReward, WORK_DURATIONS, WORK_HOURS, workPay, nextRewardShare } from "../../src/rules/money";

describe("R-MONEY-1 reward for the mission to the next level: Level 1–3 500 ¥, 4–7 1,000 ¥, 8–11 2,000 ¥, 12+ 4,000 ¥", () => {
  it.each([
    [1, 500],
    [2, 500],
    [3, 500],
    [4, 1000],
    [6, 1000],
    [7, 1000],
    [8, 2000],
    [11, 2000],
    [12, 4000],
    [20, 4000],
  ])("Level %i → %i ¥", (level, reward) => {
    expect(missionReward(level)).toBe(reward);
  });

  it("a character just at Level 6 gets about 1,000 ¥ for the mission to Level 7", () => {
    expect(missionReward(6)).toBe(1000);
  });

  it.each([
    [0, 500],
    [-2, 500],
    [Number.NaN, 500],
    [3.9, 500],
    [Number.POSITIVE_INFINITY, 4000],
  ])("Level %d → %i ¥ (read as a whole Level ≥ 1)", (level, reward) => {
    expect(missionReward(level)).toBe(reward);
  });

  it("the table a sheet shows has the four printed rows", () => {
    expect(MISSION_REWARD_TABLE).toEqual([
      { minLevel: 1, maxLevel: 3, reward: 500 },
      { minLevel: 4, maxLevel: 7, reward: 1000 },
      { minLevel: 8, maxLevel: 11, reward: 2000 },
      { minLevel: 12, maxLevel: null, reward: 4000 },
    ]);
  });
});

describe("R-MONEY-2 work pays 4 h → EW ¥, 1 day → EW × 3 ¥, 1 week → EW × 20 ¥", () => {
  it.each([
    [12, "4h", 12],
    [12, "day", 36],
    [12, "week", 240],
    [1, "4h", 1],
    [1, "day", 3],
    [1, "week", 20],
    [0, "week", 0],
    [-3, "4h", 0],
    [-3, "day", 0],
    [-3, "week", 0],
    [Number.NaN, "day", 0],
  ] as const)("EW %d for %s → %i ¥", (ew, duration, pay) => {
    expect(workPay(ew, duration)).toBe(pay);
  });
});

describe("R-MONEY-1 the reward may be split over smaller quests (4 quests of 250 ¥ instead of one of 1,000 ¥)", () => {
  it.each([
    [1000, 4, [250, 250, 250, 250]],
    [1000, 1, [1000]],
    [1000, 3, [334, 333, 333]],
    [500, 3, [167, 167, 166]],
    [2000, 7, [286, 286, 286, 286, 286, 285, 285]],
    [4000, 2, [2000, 2000]],
    [500, 0, [500]],
    [500, Number.NaN, [500]],
    [500, 2.9, [250, 250]],
    [0, 2, [0, 0]],
  ])("%i ¥ over %d quests → %j (Decision: whole ¥, larger shares first, the sum is the reward)", (total, quests, shares) => {
    expect(splitReward(total, quests)).toEqual(shares);
  });

  it("the shares always add up to the reward and differ by at most 1 ¥", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 50 }), (total, n) => {
        const shares = splitReward(total, n);
        expect(shares).toHaveLength(n);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it.each([
    [1, 1, 500, [500]],
    [3, 2, 500, [250, 250]],
    [4, 4, 1000, [250, 250, 250, 250]],
    [6, 4, 1000, [250, 250, 250, 250]],
    [7, 1, 1000, [1000]],
    [8, 2, 2000, [1000, 1000]],
    [11, 3, 2000, [667, 667, 666]],
    [12, 4, 4000, [1000, 1000, 1000, 1000]],
    [30, 1, 4000, [4000]],
  ])("Level %i over %i quests: %i ¥ → %j", (level, quests, reward, shares) => {
    expect(rewardSuggestion(level, quests)).toEqual({ level, reward, shares });
  });
});

describe("R-MONEY-2 a job takes its time: 4 h, a day, a week", () => {
  it("Decision: a day is 24 hours, a week 7 days", () => {
    expect(WORK_HOURS).toEqual({ "4h": 4, day: 24, week: 168 });
    expect(WORK_DURATIONS).toEqual(["4h", "day", "week"]);
    expect(WORK_DURATIONS.every(isWorkDuration)).toBe(true);
    expect(isWorkDuration("month")).toBe(false);
    expect(isWorkDuration(4)).toBe(false);
  });
});

describe("money never goes negative", () => {
  it.each([
    [100, 40, { ok: true, balance: 60, missing: 0 }],
    [100, 100, { ok: true, balance: 0, missing: 0 }],
    [100, 101, { ok: false, balance: 100, missing: 1 }],
    [0, 10, { ok: false, balance: 0, missing: 10 }],
    [35, 50.5, { ok: false, balance: 35, missing: 16 }],
    [10, 0, { ok: true, balance: 10, missing: 0 }],
    [10, -5, { ok: true, balance: 10, missing: 0 }],
    [-20, 5, { ok: false, balance: 0, missing: 5 }],
  ])("%i ¥ paying %d ¥ → %j", (balance, cost, outcome) => {
    expect(payFrom(balance, cost)).toEqual(outcome);
  });

  it("a payment either happens in full or not at all", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 1e6 }), (balance, cost) => {
        const out = payFrom(balance, cost);
        expect(out.balance).toBeGreaterThanOrEqual(0);
        expect(out.ok ? out.balance + cost : out.balance + out.missing).toBe(out.ok ? balance : cost);
      }),
    );
  });

  it("money received is held to the purse's limit", () => {
    expect(receive(10, 5)).toBe(15);
    expect(receive(10, -5)).toBe(10);
    expect(receive(990, 50, 1000)).toBe(1000);
    expect(receive(Number.NaN, 7)).toBe(7);
  });
});

describe("R-MONEY-1 (Decision, issue 25): a mission's reward is paid quest by quest, never more than the reward", () => {
  it.each([
    // reward, quests, received → share, quest, remaining, complete
    [1000, 4, 0, 250, 1, 1000, false],
    [1000, 4, 250, 250, 2, 750, false],
    [1000, 3, 0, 334, 1, 1000, false],
    [1000, 3, 334, 333, 2, 666, false],
    [1000, 3, 667, 333, 3, 333, false],
    [1000, 3, 1000, 0, 4, 0, true],
    [1000, 2, 667, 333, 2, 333, false],
    [1000, 1, 0, 1000, 1, 1000, false],
    [1000, 1, 1200, 0, 2, 0, true],
    [500, 4, -5, 125, 1, 500, false],
  ])("reward %i over %i quests, %i received → next %i (quest %i), %i left, complete %s", (reward, quests, received, share, quest, remaining, complete) => {
    expect(nextRewardShare(reward, quests, received)).toEqual({ share, quest, remaining, complete });
  });
});
