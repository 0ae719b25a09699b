// A die typed the way a player's language writes it is understood: W8 (German), d8 (English), к8 (Russian),
// in any case. The data stays in German notation; these are the readers of what a user types.
import { describe, expect, it } from "vitest";
import { coerceDie, damageFormula, damageRange, parseAttackCheck, parseDie } from "../../src/rules";

describe("R-CORE-1 a die typed as W8, d8 or к8 names the same die", () => {
  it.each(["W8", "w8", "d8", "D8", "к8", "К8", "1к8", " к 8 "])("%s → 8", (text) => {
    expect(parseDie(text)).toBe(8);
  });

  it("an off-ladder Russian die is repaired like any other (к9 → W8)", () => {
    expect(coerceDie("к9", 4)).toBe(8);
  });

  it.each(["кк8", "ж8", "к", "8к", "Wк8"])("%s is not a die", (text) => {
    expect(parseDie(text)).toBeNull();
  });
});

describe("R-CORE-10 a creature attack's check typed with к", () => {
  it.each([
    ["к8+3", { die: 8, bonus: 3 }],
    ["К10 − 1", { die: 10, bonus: -1 }],
    ["1к6", { die: 6, bonus: 0 }],
  ] as const)("%s → %o", (text, check) => {
    expect(parseAttackCheck(text)).toEqual(check);
  });
});

describe("R-CORE-7 damage typed with к rolls as with W or d", () => {
  it.each([
    ["1к6+2", "1d6 + 2"],
    ["2К4", "2d4"],
    ["к8 - 1", "1d8 - 1"],
    ["1W6+1к4", "1d6 + 1d4"],
  ])("%s → %s", (flex, formula) => {
    expect(damageFormula(flex)).toBe(formula);
  });

  it("the same range whichever letter: 2к6+2, 2W6+2 and 2d6+2 all roll 4 to 14", () => {
    for (const text of ["2к6+2", "2W6+2", "2d6+2"]) expect(damageRange(text)).toEqual({ min: 4, max: 14 });
  });

  it.each(["1ж6", "кк6", "к"])("%s is not damage", (text) => {
    expect(damageFormula(text)).toBeNull();
  });
});
