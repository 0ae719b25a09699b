import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { rolledDefence, rolledDefenceEW } from "../../src/rules/defence";
import { damageEffectsApply, isWet, landSpeed, mayDry, rangedAttack, spellBreathChecks, statusesEnteringWater, swimCost, swimSpeed, walkCost, waterCheckAdjustment } from "../../src/rules/water";

describe("R-SWIM-1 swim speed is half the speed, rounded down", () => {
  it.each([
    [0, 0], [1, 0], [2, 1], [5, 2], [6, 3], [7, 3], [8, 4], [13, 6],
    [-4, 0], [Number.NaN, 0], [Number.POSITIVE_INFINITY, 0], [6.9, 3],
  ])("speed %d → swims %i", (speed, swim) => {
    expect(swimSpeed(speed)).toBe(swim);
  });

  it.each([
    [24, 24], [8, 8], [7, 7], [0, 0], [-3, 0], [Number.NaN, 0],
  ])("Decision (issue 35): a creature with schwimmt swims at its speed: %d → %i", (speed, swim) => {
    expect(swimSpeed(speed, true)).toBe(swim);
    expect(swimCost(3, true)).toBe(3);
  });

  it.each([
    [24, 1], [8, 1], [1, 1], [0, 0], [-3, 0], [Number.NaN, 0],
  ])("Decision (B-7): a creature that lives only in water moves 1 Schritt per Aktion on land: speed %d → %i", (speed, land) => {
    expect(landSpeed(speed, true)).toBe(land);
  });

  it("every other creature walks at its speed", () => {
    expect(landSpeed(24)).toBe(24);
    expect(landSpeed(7.9)).toBe(7);
    expect(landSpeed(-2)).toBe(0);
  });

  it("half speed: a Schritt swum costs two", () => {
    expect(swimCost(1)).toBe(2);
    expect(swimCost(3)).toBe(6);
    expect(swimCost(0)).toBe(0);
    expect(swimCost(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY); // impassable stays impassable
  });

  it("never more than half, never negative", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 1000 }), (speed) => {
        const swim = swimSpeed(speed);
        expect(swim).toBeGreaterThanOrEqual(0);
        expect(swim * 2).toBeLessThanOrEqual(Math.max(0, speed));
      }),
    );
  });
});

describe("R-WATER-1 under water, Ausweichen checks get one Nachteil", () => {
  it.each([
    ["Ausweichen", true, 1],
    ["ausweichen", true, 1],
    [" AUSWEICHEN ", true, 1],
    ["Ausweichen", false, 0],
    ["Athletik", true, 0],
    ["Parade", true, 0],
    [null, true, 0],
    [undefined, true, 0],
  ] as const)("%s, under water %s → %i Nachteil", (talent, underwater, nachteile) => {
    const out = waterCheckAdjustment({ talent, underwater });
    expect(out?.nachteile ?? 0).toBe(nachteile);
    if (out) expect(out.rule).toBe("R-WATER-1");
  });

  it.each([
    ["ausweichen", true, 1],
    ["ausweichen", false, 0],
    ["parade", true, 0],
  ] as const)("a creature's %s rolled around its value, under water %s → %i Nachteil", (defence, underwater, nachteile) => {
    expect(waterCheckAdjustment({ talent: undefined, defence, underwater })?.nachteile ?? 0).toBe(nachteile);
  });

  it("a creature's Ausweichen 9 (GE W8) rolled under water keeps the lower of two GE dice: 8 and 3 give EW 8, not 13", () => {
    const adjustment = waterCheckAdjustment({ talent: undefined, defence: "ausweichen", underwater: true });
    const dice = rolledDefence({ value: 9, ge: 8, nachteile: adjustment?.nachteile ?? 0 });
    expect(dice).toMatchObject({ formula: "2d8kl", offset: 5 });
    expect(rolledDefenceEW(dice, Math.min(8, 3))).toBe(8);
    expect(rolledDefence({ value: 9, ge: 8 }).formula).toBe("1d8");
  });
});

describe("R-WATER-2 under water, ranged weapons cannot exceed their range", () => {
  it.each([
    // underwater, range, distance, allowed, limited
    [true, 10, 10, true, true],
    [true, 10, 11, false, true],
    [true, 10, 3, true, true],
    [true, 10, null, true, true],
    [true, 0, 30, true, false], // melee: not a ranged weapon
    [false, 10, 30, true, false], // on land beyond range is the GM's Erschwernis, not refused
    [true, 10, Number.NaN, true, true],
  ] as const)("under water %s, range %i, distance %s → allowed %s", (underwater, reichweite, distance, allowed, limited) => {
    const out = rangedAttack({ underwater, reichweite, distance });
    expect(out).toMatchObject({ allowed, limited });
    expect(out.rule).toBe(limited ? "R-WATER-2" : null);
  });

  it("refused exactly when under water, ranged and beyond range", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 100 }), (underwater, reichweite, distance) => {
        expect(rangedAttack({ underwater, reichweite, distance }).allowed).toBe(!(underwater && reichweite > 0 && distance > reichweite));
      }),
    );
  });
});

describe("R-WATER-3 a spell not cast Still under water costs one more breath check", () => {
  it.each([
    [true, false, 1],
    [true, true, 0],
    [false, false, 0],
    [false, true, 0],
  ])("under water %s, still %s → %i extra check", (underwater, still, n) => {
    expect(spellBreathChecks({ underwater, still })).toBe(n);
  });
});

describe("R-WATER-4 under water the effects of (F) and (Lava) damage do not occur", () => {
  it.each([
    ["feuer", true, false],
    ["lava", true, false],
    ["Feuer", true, false],
    ["feuer", false, true],
    ["lava", false, true],
    ["eis", true, true],
    ["physisch", true, true],
    [undefined, true, true],
  ] as const)("%s damage, under water %s → effects %s", (type, underwater, effects) => {
    const out = damageEffectsApply({ type, underwater });
    expect(out.effects).toBe(effects);
    expect(out.rule).toBe(effects ? null : "R-WATER-4");
  });
});

describe("R-WATER-5 every creature under water counts as wet", () => {
  it.each([
    [true, false, true],
    [true, true, true],
    [false, true, true],
    [false, false, false],
  ])("under water %s, wet %s → wet %s", (underwater, wet, expected) => {
    expect(isWet({ underwater, wet })).toBe(expected);
  });

  it.each([
    [[], ["underwater", "wet"]],
    [["wet"], ["underwater"]],
    [["underwater"], ["wet"]],
    [["underwater", "wet", "dying"], []],
  ])("going under water with %j adds %j", (current, added) => {
    expect(statusesEnteringWater(current)).toEqual(added);
  });
});

describe("R-WATER-5 under water, wet cannot be switched off", () => {
  it.each([
    [true, false],
    [false, true],
  ])("under water %s → may dry %s", (underwater, allowed) => {
    expect(mayDry({ underwater })).toEqual({ allowed, rule: underwater ? "R-WATER-5" : null });
  });
});


describe("B-7 (Decision) a creature that lives only in water walks 1 Schritt per Aktion", () => {
  it.each([
    // cost on foot, Geschwindigkeit, lives only in water → cost
    [1, 24, true, 24], [3, 24, true, 72], [2, 6, true, 12],
    // A Geschwindigkeit of 1 or less is slow enough already.
    [3, 1, true, 3], [3, 0, true, 3],
    // Everyone else, and what is no cost, keep the cost on foot.
    [3, 24, false, 3], [0, 24, true, 0], [-2, 24, true, -2], [Number.POSITIVE_INFINITY, 24, true, Number.POSITIVE_INFINITY], [3, Number.NaN, true, 3],
  ])("%d on foot, speed %d, water-only %s → %d", (cost, speed, waterOnly, expected) => {
    expect(walkCost(cost, speed, waterOnly)).toBe(expected);
  });

  it("one Aktion of walking covers the creature's land speed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 60 }), (speed) => {
        expect(walkCost(landSpeed(speed, true), speed, true)).toBe(speed);
      }),
    );
  });
});
