import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { DIE_LADDER, attributeValue, coerceDie, dieLabel, isDie, parseDie, stepDown, stepUp } from "../../src/rules/dice";
import type { Die } from "../../src/rules/dice";

const anyDie = fc.constantFrom<Die>(...DIE_LADDER);

describe("R-CORE-1 each attribute is a die on the ladder W4 → W6 → W8 → W10 → W12", () => {
  it("the ladder is exactly W4, W6, W8, W10, W12 in order", () => {
    expect([...DIE_LADDER]).toEqual([4, 6, 8, 10, 12]);
  });

  it.each([4, 6, 8, 10, 12])("W%i is a die", (faces) => {
    expect(isDie(faces)).toBe(true);
  });

  it.each([0, 2, 3, 5, 7, 9, 11, 13, 20, 8.5, -8, Number.NaN, "8", "W8", null, undefined, {}])(
    "%o is not a die",
    (value) => {
      expect(isDie(value)).toBe(false);
    },
  );

  it.each([
    [4, "W4"],
    [8, "W8"],
    [12, "W12"],
  ] as const)("W%i is written %s (German notation)", (die, label) => {
    expect(dieLabel(die)).toBe(label);
  });
});

describe("R-CORE-1 an attribute's value is its die's number of faces (KO W8 → KO-Wert 8)", () => {
  it.each([
    [4, 4],
    [6, 6],
    [8, 8],
    [10, 10],
    [12, 12],
  ] as const)("W%i → value %i", (die, value) => {
    expect(attributeValue(die)).toBe(value);
  });
});

describe("R-CORE-2 one die type lower moves one step down the ladder; W4 is the floor", () => {
  it.each([
    [12, 10],
    [10, 8],
    [8, 6],
    [6, 4],
    [4, 4],
  ] as const)("W%i → W%i", (from, to) => {
    expect(stepDown(from)).toBe(to);
  });

  it.each([
    [12, 2, 8],
    [12, 4, 4],
    [12, 9, 4],
    [8, 0, 8],
    [8, -1, 8],
    [8, Number.NaN, 8],
    [8, 1.9, 6],
  ] as const)("W%i down %d steps → W%i", (from, steps, to) => {
    expect(stepDown(from, steps)).toBe(to);
  });

  it.each([
    [4, 6],
    [6, 8],
    [8, 10],
    [10, 12],
    [12, 12],
  ] as const)("one step up: W%i → W%i, W12 is the ceiling", (from, to) => {
    expect(stepUp(from)).toBe(to);
  });

  it.each([
    [4, 2, 8],
    [4, 10, 12],
    [8, -3, 8],
    [8, Number.NaN, 8],
  ] as const)("W%i up %d steps → W%i", (from, steps, to) => {
    expect(stepUp(from, steps)).toBe(to);
  });

  it("rejects a die that is not on the ladder (caller error)", () => {
    expect(() => stepDown(7 as Die)).toThrow(RangeError);
  });

  it("property: a die never steps below W4 or above W12", () => {
    fc.assert(
      fc.property(anyDie, fc.integer({ min: -20, max: 20 }), (die, steps) => {
        for (const result of [stepDown(die, steps), stepUp(die, steps)]) {
          expect(isDie(result)).toBe(true);
          expect(result).toBeGreaterThanOrEqual(4);
          expect(result).toBeLessThanOrEqual(12);
        }
      }),
    );
  });

  it("property: stepDown(stepUp(d)) is d for every die below the ceiling", () => {
    fc.assert(
      fc.property(fc.constantFrom<Die>(4, 6, 8, 10), (die) => {
        expect(stepDown(stepUp(die))).toBe(die);
        expect(stepUp(die)).not.toBe(die);
      }),
    );
  });
});

describe("R-CORE-1 a die is read from a number or from W/d notation", () => {
  it.each([
    [8, 8],
    ["8", 8],
    ["W8", 8],
    ["w8", 8],
    ["d8", 8],
    ["D8", 8],
    [" W 8 ", 8],
    ["1W8", 8],
    ["1d8", 8],
    ["W4", 4],
    ["d12", 12],
    [12, 12],
  ] as const)("%o → W%i", (input, die) => {
    expect(parseDie(input)).toBe(die);
  });

  it.each([7, "W7", "7", 3, 14, 8.5, "2d8", "W", "", "abc", "W8x", "x8", Number.NaN, null, undefined, true, {}, [8]])(
    "%o → null",
    (input) => {
      expect(parseDie(input)).toBeNull();
    },
  );
});

describe("R-CORE-2 bad stored dice are repaired onto the ladder, snapping down", () => {
  it.each([
    [7, 6],
    [3, 4],
    [2, 4],
    [0, 4],
    [-5, 4],
    [20, 12],
    [13, 12],
    [11, 10],
    [9.9, 8],
    ["W9", 8],
    ["W7", 6],
    ["7", 6],
    ["d3", 4],
    ["20", 12],
    ["1W11", 10],
    ["W8", 8],
    [10, 10],
    ["W10.0", 10],
    ["6.0", 6],
    [" w 4.5 ", 4],
  ] as const)("%o → W%i", (input, die) => {
    expect(coerceDie(input, 8)).toBe(die);
  });

  it.each([null, undefined, "abc", "", "W", Number.NaN, Number.POSITIVE_INFINITY, {}, [], true])(
    "%o → the fallback",
    (input) => {
      expect(coerceDie(input, 10)).toBe(10);
      expect(coerceDie(input, 4)).toBe(4);
    },
  );

  it("property: coerceDie always returns a ladder die", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.double(), fc.string(), fc.integer().map((n) => `W${n}`)), anyDie, (input, fallback) => {
        expect(isDie(coerceDie(input, fallback))).toBe(true);
      }),
    );
  });
});
