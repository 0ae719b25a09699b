import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { HANDLING_TALENT, MISSTRAUEN_TABLE, clampMisstrauen, defaultMisstrauen, handlingTalent } from "../../src/rules/misstrauen";

describe("R-COMP-2 starting Misstrauen by Stufe: 0.25 → 12, 0.5 → 15, 1 → 18, 2 → 21, 3 → 24, 4 → 27", () => {
  it.each([
    [0.25, 12],
    [0.5, 15],
    [1, 18],
    [2, 21],
    [3, 24],
    [4, 27],
  ])("Stufe %d → %i", (stufe, misstrauen) => {
    expect(defaultMisstrauen(stufe)).toBe(misstrauen);
  });

  it.each([
    [5, 30],
    [6, 33],
    [10, 45],
    [4.5, 27],
    [5.5, 30],
  ])("Decision: above Stufe 4, +3 per Stufe: Stufe %d → %i", (stufe, misstrauen) => {
    expect(defaultMisstrauen(stufe)).toBe(misstrauen);
  });

  it.each([
    [0.3, 12],
    [0.75, 15],
    [1.5, 18],
    [2.99, 21],
    [3.5, 24],
  ])("between rows the highest row at or below the Stufe applies: Stufe %d → %i", (stufe, misstrauen) => {
    expect(defaultMisstrauen(stufe)).toBe(misstrauen);
  });

  it.each([
    [0.2, 12],
    [0, 12],
    [-1, 12],
    [Number.NaN, 12],
  ])("below Stufe 0.25: Stufe %d → %i", (stufe, misstrauen) => {
    expect(defaultMisstrauen(stufe)).toBe(misstrauen);
  });

  it("the printed table, for a sheet to show", () => {
    expect(MISSTRAUEN_TABLE.map((r) => [r.stufe, r.misstrauen])).toEqual([
      [0.25, 12],
      [0.5, 15],
      [1, 18],
      [2, 21],
      [3, 24],
      [4, 27],
    ]);
  });
});

describe("R-COMP-3 Misstrauen never falls below 10, not even by training", () => {
  it.each([
    [12, 12],
    [11, 11],
    [10, 10],
    [9, 10],
    [0, 10],
    [-5, 10],
    [Number.NaN, 10],
    [14.6, 14],
  ])("%d → %i", (value, misstrauen) => {
    expect(clampMisstrauen(value)).toBe(misstrauen);
  });

  it("property: a starting or clamped Misstrauen is a whole number ≥ 10", () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), (x) => {
        for (const value of [clampMisstrauen(x), defaultMisstrauen(x)]) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(10);
        }
      }),
    );
  });
});

describe("R-COMP-1 the handling check depends on the kind: animals → Mit Tieren umgehen, apparatuses → Kristalltechnik, others → the GM's talent", () => {
  it.each([
    ["tier", "Mit Tieren umgehen"],
    ["apparatur", "Kristalltechnik"],
    ["andere", "Überreden"],
  ] as const)("%s → %s", (kind, talent) => {
    expect(handlingTalent(kind, "Überreden")).toBe(talent);
  });

  it("animals and apparatuses ignore the custom talent", () => {
    expect(handlingTalent("tier", "Kristalltechnik")).toBe("Mit Tieren umgehen");
    expect(handlingTalent("apparatur", "Mit Tieren umgehen")).toBe("Kristalltechnik");
  });

  it("the fixed talents", () => {
    expect(HANDLING_TALENT).toEqual({ tier: "Mit Tieren umgehen", apparatur: "Kristalltechnik" });
  });
});
