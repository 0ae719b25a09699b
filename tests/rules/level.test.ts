import { describe, it, expect } from "vitest";
import { proficiencyBonus } from "../../src/rules/level";

describe("R-CORE-9 the proficiency bonus is 2 + ⌊(Level − 1) / 4⌋", () => {
  it.each([
    [1, 2],
    [4, 2],
    [5, 3],
    [8, 3],
    [9, 4],
    [12, 4],
    [13, 5],
    [16, 5],
    [17, 6],
    [20, 6],
  ])("Level %i → +%i", (level, bonus) => {
    expect(proficiencyBonus(level)).toBe(bonus);
  });

  it.each([
    [0, 2],
    [-3, 2],
    [Number.NaN, 2],
    [4.9, 2],
    [5.1, 3],
  ])("Level %d is read as a whole Level ≥ 1 → +%i", (level, bonus) => {
    expect(proficiencyBonus(level)).toBe(bonus);
  });
});
