import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkEwChances, CRAFT_BLOCK_HOURS, progressEstimate, TRAINING_BLOCK_COST, TRAINING_BLOCK_HOURS, type CheckInput, type EwChance } from "../../src/rules";

/** An Einheit that gains `gain` EW with chance `p` and nothing otherwise (EW 0 against SW 1). */
const oneOrNothing = (gain: number, p: number): EwChance[] => [
  { ew: gain, p },
  { ew: 0, p: 1 - p },
];

describe("R-TRAIN-1 / R-CRAFT-1: the expected Einheiten of an accumulating check to its goal", () => {
  it("the review's training: 54 EW to go, 1 in 6 Einheiten reaches 18 → 3 successes, 18 Einheiten, 72 h, 180 ¥", () => {
    expect(progressEstimate({ remaining: 54, sw: 18, chances: oneOrNothing(18, 1 / 6), hoursPerEinheit: TRAINING_BLOCK_HOURS, costPerEinheit: TRAINING_BLOCK_COST })).toEqual({ einheiten: 18, hours: 72, cost: 180, rules: ["R-TRAIN-1", "R-CRAFT-1"] });
  });

  it("successes count whole: 46 EW to go still needs 3 of them (18 Einheiten), not 46 ÷ 3 ≈ 16", () => {
    expect(progressEstimate({ remaining: 46, sw: 18, chances: oneOrNothing(18, 1 / 6), hoursPerEinheit: TRAINING_BLOCK_HOURS })?.einheiten).toBe(18);
  });

  it.each([
    ["every Einheit gains 10, 25 to go", 25, oneOrNothing(10, 1), 3],
    ["every Einheit gains 10, exactly 30 to go", 30, oneOrNothing(10, 1), 3],
    ["half the Einheiten gain 10, 10 to go", 10, oneOrNothing(10, 0.5), 2],
    // E(10) = 1 + ½ E(5) + ½ E(0) = 1.5 → 2
    ["5 or 10, even odds, 10 to go", 10, [{ ew: 5, p: 0.5 }, { ew: 10, p: 0.5 }], 2],
  ])("%s → %i Einheiten", (_what, remaining, chances, einheiten) => {
    expect(progressEstimate({ remaining, sw: 1, chances, hoursPerEinheit: CRAFT_BLOCK_HOURS })?.einheiten).toBe(einheiten);
  });

  it("nothing left to go is 0 Einheiten, 0 h, 0 ¥; so is a remaining that is no number or below 0", () => {
    for (const remaining of [0, -5, Number.NaN]) expect(progressEstimate({ remaining, sw: 12, chances: oneOrNothing(12, 0.5), hoursPerEinheit: TRAINING_BLOCK_HOURS, costPerEinheit: 10 })).toMatchObject({ einheiten: 0, hours: 0, cost: 0 });
  });

  it("an EW below the SW adds nothing (Decision R-TRAIN-1); a check that can never meet the SW has no estimate", () => {
    const w6 = checkEwChances({ kind: "talent", die: 6, uebungswert: 3, modifier: 0, vorteile: 0, nachteile: 0, erschoepfung: 0, sw: null }); // EW 4 … 9
    expect(progressEstimate({ remaining: 100, sw: 10, chances: w6, hoursPerEinheit: CRAFT_BLOCK_HOURS })).toBeNull();
    // Against SW 9 only the 9 counts: 1 in 6 Einheiten adds 9, so 100 EW take 12 successes, 72 Einheiten.
    expect(progressEstimate({ remaining: 100, sw: 9, chances: w6, hoursPerEinheit: CRAFT_BLOCK_HOURS })).toMatchObject({ einheiten: 72, hours: 288, cost: 0 });
  });

  it("a craft of 200 EW with W8 + 4 against SW 12: only the 12 counts, once in 8 Einheiten", () => {
    const input: CheckInput = { kind: "talent", die: 8, uebungswert: 4, modifier: 0, vorteile: 0, nachteile: 0, erschoepfung: 0, sw: null };
    // 200 ÷ 12 → 17 successes, 8 Einheiten each on average.
    expect(progressEstimate({ remaining: 200, sw: 12, chances: checkEwChances(input), hoursPerEinheit: CRAFT_BLOCK_HOURS })?.einheiten).toBe(136);
  });

  it("property: more to go never takes fewer Einheiten, and never fewer than the best roll each time would", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 4, max: 20 }), fc.double({ min: 0.05, max: 1, noNaN: true }), (remaining, more, gain, p) => {
        const chances = oneOrNothing(gain, p);
        const a = progressEstimate({ remaining, sw: 1, chances, hoursPerEinheit: CRAFT_BLOCK_HOURS })!.einheiten;
        const b = progressEstimate({ remaining: remaining + more, sw: 1, chances, hoursPerEinheit: CRAFT_BLOCK_HOURS })!.einheiten;
        expect(b).toBeGreaterThanOrEqual(a);
        expect(a).toBeGreaterThanOrEqual(Math.ceil(remaining / gain));
      }),
    );
  });
});
