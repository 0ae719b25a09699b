import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { endOfDay, exhaustionAfterGain, exhaustionLevel, exhaustionMalus, isDeadFromExhaustion } from "../../src/rules/exhaustion";
import type { DayInput } from "../../src/rules/exhaustion";

const day = (over: Partial<DayInput>): DayInput => ({
  erschoepfung: 0,
  koWert: 8,
  meal: true,
  water: true,
  sleep: true,
  gainedToday: false,
  ...over,
});

describe("R-EXH-2 malus equal to Erschöpfung on all checks; half of it (rounded down) on bare attribute checks", () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 3],
    [5, 5],
  ])("talent check, Erschöpfung %i → malus %i", (erschoepfung, malus) => {
    expect(exhaustionMalus(erschoepfung, "talent")).toBe(malus);
  });

  it.each([
    [0, 0],
    [1, 0],
    [2, 1],
    [3, 1],
    [5, 2],
    [6, 3],
  ])("bare attribute check, Erschöpfung %i → malus %i", (erschoepfung, malus) => {
    expect(exhaustionMalus(erschoepfung, "attribute")).toBe(malus);
  });

  it.each([
    [-3, "talent", 0],
    [-3, "attribute", 0],
    [Number.NaN, "talent", 0],
    [2.7, "talent", 2],
    [3.9, "attribute", 1],
  ] as const)("bad input %d on a %s check → malus %i (a malus never becomes a bonus)", (erschoepfung, kind, malus) => {
    expect(exhaustionMalus(erschoepfung, kind)).toBe(malus);
  });

  it("property: the malus is never negative and never exceeds Erschöpfung", () => {
    fc.assert(
      fc.property(fc.double(), fc.constantFrom("talent" as const, "attribute" as const), (erschoepfung, kind) => {
        const malus = exhaustionMalus(erschoepfung, kind);
        expect(malus).toBeGreaterThanOrEqual(0);
        // NaN counts as no Erschöpfung at all.
        expect(malus).toBeLessThanOrEqual(Number.isNaN(erschoepfung) ? 0 : Math.max(0, erschoepfung));
      }),
    );
  });
});

describe("R-EXH-3 Erschöpfung ≥ KO-Wert kills at once", () => {
  it.each([
    [7, 8, false],
    [8, 8, true],
    [9, 8, true],
    [3, 4, false],
    [4, 4, true],
    [11, 12, false],
    [12, 12, true],
    [0, 4, false],
  ])("Erschöpfung %i, KO-Wert %i → dead: %s", (erschoepfung, koWert, dead) => {
    expect(isDeadFromExhaustion(erschoepfung, koWert)).toBe(dead);
  });

  it("a day that brings Erschöpfung up to the KO-Wert is fatal", () => {
    const outcome = endOfDay(day({ erschoepfung: 7, koWert: 8, meal: false }));
    expect(outcome).toEqual({ erschoepfung: 8, gained: 1, recovered: 0, dead: true, rules: ["R-EXH-1", "R-EXH-3"] });
  });

  it.each([
    // before, gain, KO-Wert → after
    [0, 1, 8, 1],
    [6, 3, 8, 8],
    [7, 3, 8, 8],
    [8, 2, 8, 8],
    [12, 5, 8, 12],
    [3, 0, 8, 3],
  ])("Decision: Erschöpfung stops at death: %i + %i with KO-Wert %i → %i", (before, gain, koWert, after) => {
    expect(exhaustionAfterGain(before, gain, koWert)).toBe(after);
  });

  it("a day with every need missed, two below the KO-Wert: dead at the KO-Wert, not past it", () => {
    const outcome = endOfDay(day({ erschoepfung: 6, koWert: 8, meal: false, water: false, sleep: false }));
    expect(outcome).toMatchObject({ erschoepfung: 8, gained: 3, dead: true });
  });

  it("one below the KO-Wert is still alive", () => {
    const outcome = endOfDay(day({ erschoepfung: 6, koWert: 8, meal: false }));
    expect(outcome.erschoepfung).toBe(7);
    expect(outcome.dead).toBe(false);
    expect(outcome.rules).toEqual(["R-EXH-1"]);
  });
});

describe("R-EXH-1 at the end of a day, +1 Erschöpfung for each of no meal, no water, no sleep", () => {
  it.each([
    [true, true, true, 0],
    [false, true, true, 1],
    [true, false, true, 1],
    [true, true, false, 1],
    [false, false, true, 2],
    [false, true, false, 2],
    [true, false, false, 2],
    [false, false, false, 3],
  ])("meal %s, water %s, sleep %s → +%i", (meal, water, sleep, gained) => {
    const outcome = endOfDay(day({ erschoepfung: 2, koWert: 10, meal, water, sleep, gainedToday: true }));
    expect(outcome.gained).toBe(gained);
    expect(outcome.erschoepfung).toBe(2 + gained);
    expect(outcome.rules.includes("R-EXH-1")).toBe(gained > 0);
  });
});

describe("R-EXH-4 each time a character sleeps having gained no new Erschöpfung that day, it loses 1", () => {
  it("slept, ate, drank and gained nothing: −1", () => {
    expect(endOfDay(day({ erschoepfung: 3 }))).toEqual({
      erschoepfung: 2,
      gained: 0,
      recovered: 1,
      dead: false,
      rules: ["R-EXH-4"],
    });
  });

  it("already gained Erschöpfung today from another source: no recovery", () => {
    const outcome = endOfDay(day({ erschoepfung: 3, gainedToday: true }));
    expect(outcome.erschoepfung).toBe(3);
    expect(outcome.recovered).toBe(0);
    expect(outcome.rules).toEqual([]);
  });

  it("slept but missed a meal: +1, no recovery", () => {
    const outcome = endOfDay(day({ erschoepfung: 3, meal: false }));
    expect(outcome).toMatchObject({ erschoepfung: 4, gained: 1, recovered: 0 });
  });

  it("did not sleep: +1 for the sleep, no recovery", () => {
    const outcome = endOfDay(day({ erschoepfung: 3, sleep: false }));
    expect(outcome).toMatchObject({ erschoepfung: 4, gained: 1, recovered: 0 });
  });

  it("not below 0: a rested character at 0 stays at 0", () => {
    expect(endOfDay(day({ erschoepfung: 0 }))).toEqual({
      erschoepfung: 0,
      gained: 0,
      recovered: 0,
      dead: false,
      rules: [],
    });
  });

  it.each([
    [-4, 0],
    [Number.NaN, 0],
    [2.5, 1],
  ])("stored Erschöpfung %d is read as a whole count ≥ 0 → %i after a restful day", (stored, after) => {
    expect(endOfDay(day({ erschoepfung: stored })).erschoepfung).toBe(after);
  });

  it("property: endOfDay never yields negative Erschöpfung", () => {
    fc.assert(
      fc.property(
        fc.record({
          erschoepfung: fc.oneof(fc.integer({ min: -20, max: 20 }), fc.double()),
          koWert: fc.constantFrom(4, 6, 8, 10, 12),
          meal: fc.boolean(),
          water: fc.boolean(),
          sleep: fc.boolean(),
          gainedToday: fc.boolean(),
        }),
        (input) => {
          const outcome = endOfDay(input);
          expect(outcome.erschoepfung).toBeGreaterThanOrEqual(0);
          expect(outcome.recovered).toBeGreaterThanOrEqual(0);
          expect(outcome.recovered).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe("R-EXH-3 how the sheet shows Erschöpfung against the KO-Wert: deadly at or above it", () => {
  it.each([
    [0, 6, "rested"],
    [1, 6, "tired"],
    [3, 6, "tired"],
    [4, 6, "near"],
    [5, 6, "near"],
    [6, 6, "deadly"],
    [8, 6, "deadly"],
    [5, 8, "tired"],
    [6, 8, "near"],
    [-2, 6, "rested"],
  ] as const)("Erschöpfung %i, KO-Wert %i → %s", (value, ko, level) => {
    expect(exhaustionLevel(value, ko)).toBe(level);
  });
});
