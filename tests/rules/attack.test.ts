import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actionCost, attackCheckLabel, creatureAttackInput, evaluateAttack, parseAttackCheck } from "../../src/rules/attack";
import { checkFormula, evaluateCheck } from "../../src/rules/checks";
import { DIE_LADDER, type Die } from "../../src/rules/dice";

describe("R-CORE-10 a creature's attack item carries its own attack check, a die and a bonus (W8+3)", () => {
  it.each([
    ["W8+3", 8, 3],
    ["w8 + 3", 8, 3],
    ["d10-1", 10, -1],
    ["W6", 6, 0],
    ["1W8+2", 8, 2],
    ["1d12", 12, 0],
    ["  W4  ", 4, 0],
    ["W10 − 1", 10, -1],
    ["W12+0", 12, 0],
    ["W8+03", 8, 3],
  ])("%j → W%i with bonus %i", (text, die, bonus) => {
    expect(parseAttackCheck(text)).toEqual({ die, bonus });
  });

  it.each([
    ["W9+1", 8, 1],
    ["W7", 6, 0],
    ["W11-2", 10, -2],
    ["W20", 12, 0],
    ["W2", 4, 0],
    ["d5+4", 4, 4],
  ])("off the ladder %j snaps down like coerceDie → W%i, bonus %i", (text, die, bonus) => {
    expect(parseAttackCheck(text)).toEqual({ die, bonus });
  });

  it("a bonus of -0 is a plain 0", () => {
    expect(Object.is(parseAttackCheck("W8-0")?.bonus, 0)).toBe(true);
  });

  it.each([
    "", " ", "abc", "2W6", "W8+W4", "W8+3+1", "W8+", "+3", "8", "8+3", "W", "W0", "W8.5", "W8+1.5", "W8*2", "3W8", "W8+99999999999999999999",
  ])("%j is not an attack check → null", (text) => {
    expect(parseAttackCheck(text)).toBeNull();
  });

  it.each([null, undefined, 8, { die: 8, bonus: 3 }, ["W8"]])("non-text %j → null", (value) => {
    expect(parseAttackCheck(value)).toBeNull();
  });

  it.each<[Die, number, string]>([
    [8, 3, "W8+3"],
    [6, 0, "W6"],
    [10, -1, "W10-1"],
    [12, -0, "W12"],
    [4, 2.9, "W4+2"],
    [4, Number.NaN, "W4"],
  ])("label of W%i with bonus %d is %s", (die, bonus, label) => {
    expect(attackCheckLabel({ die, bonus })).toBe(label);
  });

  it("a die off the ladder in a label is a programmer error", () => {
    expect(() => attackCheckLabel({ die: 9 as Die, bonus: 1 })).toThrow(RangeError);
  });

  it("property: a label reads back as the same check", () => {
    fc.assert(
      fc.property(fc.constantFrom(...DIE_LADDER), fc.integer({ min: -100, max: 100 }), (die, bonus) => {
        expect(parseAttackCheck(attackCheckLabel({ die, bonus }))).toEqual({ die, bonus });
      }),
    );
  });
});

describe("R-CORE-10 an attack is a check: the creature's die, its bonus as modifier, no Übungswert, no Erschöpfung", () => {
  it("W8+3 with 1 Vorteil and +1 from the dialog → 2d8kh + 4, EW = best die + 4", () => {
    const input = creatureAttackInput({ check: { die: 8, bonus: 3 }, modifier: 1, vorteile: 1, sw: 9 });
    expect(input).toEqual({ kind: "talent", die: 8, uebungswert: 0, modifier: 4, vorteile: 1, nachteile: 0, erschoepfung: 0, sw: 9 });
    expect(checkFormula(input)).toBe("2d8kh + 4");
    expect(evaluateCheck(input, [2, 6])).toMatchObject({ kept: 6, ew: 10, success: true, malus: 0 });
  });

  it("W10-1 alone → 1d10 - 1, an open check", () => {
    const input = creatureAttackInput({ check: { die: 10, bonus: -1 } });
    expect(checkFormula(input)).toBe("1d10 - 1");
    expect(evaluateCheck(input, [1]).ew).toBe(0);
    expect(input.sw).toBeNull();
  });

  it("a W6 attack with 2 Nachteile and a −2 modifier keeps the lowest", () => {
    const input = creatureAttackInput({ check: { die: 6, bonus: 0 }, modifier: -2, nachteile: 2 });
    expect(checkFormula(input)).toBe("3d6kl - 2");
    expect(evaluateCheck(input, [5, 3, 4]).ew).toBe(1);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])("an unusable SW (%d) makes an open check", (sw) => {
    expect(creatureAttackInput({ check: { die: 8, bonus: 0 }, sw }).sw).toBeNull();
  });

  it("an unusable modifier counts as 0", () => {
    expect(creatureAttackInput({ check: { die: 8, bonus: 2 }, modifier: Number.NaN }).modifier).toBe(2);
  });

  it("a die off the ladder is a programmer error (parse first)", () => {
    expect(() => creatureAttackInput({ check: { die: 7 as Die, bonus: 0 } })).toThrow(RangeError);
  });

  it("the attack's result cites R-CORE-10 before the check's rules", () => {
    const input = creatureAttackInput({ check: { die: 8, bonus: 3 }, vorteile: 1 });
    expect(evaluateAttack(input, [4, 7])).toMatchObject({ ew: 10, rules: ["R-CORE-10", "R-CORE-4", "R-CORE-5"] });
  });
});

describe("R-CORE-10 an attack costs the weapon's or spell's actions (R-CORE-6): at least 1", () => {
  it.each<[unknown, number]>([
    [1, 1], [2, 2], [3, 3], [5, 5], [2.7, 2],
    [0, 1], [-2, 1], [0.5, 1], [Number.NaN, 1], [Number.POSITIVE_INFINITY, 1],
    ["2", 2], [" 3 ", 3], ["", 1], ["abc", 1], [null, 1], [undefined, 1], [true, 1],
  ])("%j → %i", (value, cost) => {
    expect(actionCost(value)).toBe(cost);
  });

  it("property: always a whole number ≥ 1", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const cost = actionCost(value);
        expect(Number.isInteger(cost) && cost >= 1).toBe(true);
      }),
    );
  });
});
