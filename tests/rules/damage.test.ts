import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyHit, damageFormula, damageRange } from "../../src/rules";

describe("R-CORE-7 Rüstung reduces each incoming hit", () => {
  it.each([
    // leben, ruestung, damage, leben after, taken, absorbed
    [10, 2, 5, 7, 3, 2],
    [10, 2, 2, 10, 0, 2],
    [10, 2, 1, 10, 0, 1],
    [10, 0, 4, 6, 4, 0],
    [10, 5, 12, 3, 7, 5],
  ])("Leben %i, Rüstung %i, hit %i → Leben %i", (leben, ruestung, damage, after, taken, absorbed) => {
    const out = applyHit({ leben, ruestung, damage });
    expect(out).toMatchObject({ leben: after, taken, absorbed });
    expect(out.rules).toContain("R-CORE-7");
  });

  it("damage that ignores armour (a fall) is taken in full", () => {
    expect(applyHit({ leben: 10, ruestung: 5, damage: 6, ignoreArmor: true })).toMatchObject({ leben: 4, taken: 6, absorbed: 0 });
  });
});

describe("R-CORE-8 at 0 Leben one is dying, and Leben never goes below 0", () => {
  it("a hit that empties Leben downs the target", () => {
    const out = applyHit({ leben: 3, ruestung: 1, damage: 9 });
    expect(out).toMatchObject({ leben: 0, taken: 3, downed: true });
    expect(out.rules).toContain("R-CORE-8");
  });
  it("a hit that leaves 1 Leben does not", () => {
    expect(applyHit({ leben: 3, ruestung: 0, damage: 2 })).toMatchObject({ leben: 1, downed: false });
  });
  it("a target already at 0 is not downed again", () => {
    expect(applyHit({ leben: 0, ruestung: 0, damage: 5 }).downed).toBe(false);
  });
  it("garbage numbers count as 0 and never heal", () => {
    expect(applyHit({ leben: 8, ruestung: Number.NaN, damage: -4 })).toMatchObject({ leben: 8, taken: 0 });
  });
  it("property: Leben after a hit is within 0..Leben before", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 50 }), fc.integer({ min: -50, max: 300 }), (leben, ruestung, damage) => {
        const out = applyHit({ leben, ruestung, damage });
        return out.leben >= 0 && out.leben <= leben && out.taken + out.leben === leben;
      }),
    );
  });
});

describe("R-CORE-7 damage in Flex notation becomes a Foundry formula", () => {
  it.each([
    ["1W6+2", "1d6 + 2"],
    ["2W4", "2d4"],
    ["W8", "1d8"],
    ["1w10 - 1", "1d10 - 1"],
    ["2W6+1W4", "2d6 + 1d4"],
    ["3", "3"],
  ])("%s → %s", (flex, formula) => {
    expect(damageFormula(flex)).toBe(formula);
  });
  it.each(["", "Feuer", "1W", "2W6*2", "1W6+", "@leben"])("%j is not a damage formula", (flex) => {
    expect(damageFormula(flex)).toBeNull();
  });
});

describe("R-CORE-12 the range a damage entry can roll (what the GM accepts from a card)", () => {
  it.each([
    ["1W6+2", 3, 8],
    ["2W6", 2, 12],
    ["W8 - 1", 0, 7],
    ["3", 3, 3],
    ["1W4+1W6", 2, 10],
    ["2W4-3", 0, 5],
  ])("%s → %i…%i", (flex, min, max) => {
    expect(damageRange(flex)).toEqual({ min, max });
  });
  it("is null for what is no dice expression", () => {
    expect(damageRange("abc")).toBeNull();
    expect(damageRange("")).toBeNull();
  });
});
