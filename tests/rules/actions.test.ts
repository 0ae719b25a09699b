import { describe, it, expect } from "vitest";
import { ACTIONS_PER_ROUND, REACTIONS_PER_ROUND, canAfford, remainingActions } from "../../src/rules/actions";

describe("R-CORE-6 in a KR a creature has 3 Aktionen and 1 RE", () => {
  it("3 Aktionen and 1 RE per KR by default", () => {
    expect(ACTIONS_PER_ROUND).toBe(3);
    expect(REACTIONS_PER_ROUND).toBe(1);
  });

  it.each([
    [0, 3],
    [1, 2],
    [2, 1],
    [3, 0],
    [4, 0],
    [-1, 3],
    [Number.NaN, 3],
  ])("%d spent → %i left (never negative)", (spent, left) => {
    expect(remainingActions(spent)).toBe(left);
  });

  it.each([
    [0, 3, true],
    [0, 4, false],
    [1, 2, true],
    [2, 2, false],
    [2, 1, true],
    [3, 1, false],
    [3, 0, true],
  ])("%i spent, costs %i → affordable: %s", (spent, cost, ok) => {
    expect(canAfford(spent, cost)).toBe(ok);
  });

  it("a world with 4 Aktionen per KR (CONFIG.FLEX.actionsPerRound) passes it in", () => {
    expect(remainingActions(3, 4)).toBe(1);
    expect(canAfford(2, 2, 4)).toBe(true);
    expect(canAfford(3, 2, 4)).toBe(false);
  });
});
