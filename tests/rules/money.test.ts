import { describe, it, expect } from "vitest";
import { MISSION_REWARD_TABLE, missionReward, workPay } from "../../src/rules/money";

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
