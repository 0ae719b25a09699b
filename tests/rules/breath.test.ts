import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { BREATH_SW, breathChanged, breathCheck, breathDie, breathFormula, breathRecover, breathRound, needsBreathRoll, storedBreathDie } from "../../src/rules/breath";
import { DIE_LADDER, type Die } from "../../src/rules/dice";

const die = fc.constantFrom(...DIE_LADDER);
const fresh = (d: Die) => ({ die: d, drowning: false });

describe("R-BREATH-1 under water: a breath check against SW 3 every KR, the bare breath die", () => {
  it("SW is 3 and the formula is one breath die, no talent, no malus", () => {
    expect(BREATH_SW).toBe(3);
    expect(DIE_LADDER.map(breathFormula)).toEqual(["1d4", "1d6", "1d8", "1d10", "1d12"]);
  });

  it.each([
    [12, 3, "held"], [12, 12, "held"], [10, 3, "held"], [8, 3, "held"], [6, 6, "held"], [4, 3, "held"], [4, 4, "held"],
    [12, 2, "lowered"], [12, 1, "lowered"], [8, 2, "lowered"], [6, 1, "lowered"],
  ] as const)("W%i showing %i → %s", (d, roll, result) => {
    expect(breathCheck(fresh(d), roll).result).toBe(result);
  });

  it("a roll of 3 or more keeps the die", () => {
    fc.assert(
      fc.property(die, fc.nat(), (d, n) => {
        const roll = BREATH_SW + (n % (d - BREATH_SW + 1));
        const out = breathCheck(fresh(d), roll);
        expect(out.state).toEqual(fresh(d));
        expect(out.rules).toEqual(["R-BREATH-1"]);
      }),
    );
  });

  it("a roll that a die cannot show is a programmer error, not a result", () => {
    expect(() => breathCheck(fresh(6), 7)).toThrow(RangeError);
    expect(() => breathCheck(fresh(6), 0)).toThrow(RangeError);
    expect(() => breathCheck(fresh(6), 2.5)).toThrow(RangeError);
    expect(() => breathCheck(fresh(6), null)).toThrow(RangeError);
  });

  it("only a creature under water that still has air rolls", () => {
    expect(needsBreathRoll(fresh(8), true)).toBe(true);
    expect(needsBreathRoll(fresh(8), false)).toBe(false);
    expect(needsBreathRoll({ die: 4, drowning: true }, true)).toBe(false);
  });
});

describe("R-BREATH-2 the breath die starts as the KO die; each failed check lowers it one step", () => {
  it.each([
    [12, 10], [10, 8], [8, 6], [6, 4],
  ] as const)("W%i fails → W%i", (from, to) => {
    const out = breathCheck(fresh(from), 1);
    expect(out.state).toEqual({ die: to, drowning: false });
    expect(out.rules).toEqual(["R-BREATH-1", "R-BREATH-2"]);
  });

  it.each([
    [null, 8, 8], [undefined, 10, 10], ["", 6, 6], [6, 8, 6], [4, 12, 4], [8, 8, 8],
    // never above the KO die (the KO die may have dropped since), bad data snaps down or falls back
    [10, 6, 6], [7, 8, 6], ["W6", 8, 6], ["kaputt", 8, 8], [-3, 8, 4],
  ] as const)("stored %s with KO W%i → breath die W%i", (stored, ko, expected) => {
    expect(breathDie(stored, ko)).toBe(expected);
  });

  it("stores null while the breath die is the full KO die", () => {
    expect(storedBreathDie(8, 8)).toBeNull();
    expect(storedBreathDie(6, 8)).toBe(6);
  });

  it("a failure never raises the die and never drops more than one step", () => {
    fc.assert(
      fc.property(die, fc.constantFrom(1, 2), (d, roll) => {
        const out = breathCheck(fresh(d), roll);
        const steps = DIE_LADDER.indexOf(d) - DIE_LADDER.indexOf(out.state.die);
        expect(steps).toBe(d === 4 ? 0 : 1);
      }),
    );
  });
});

describe("R-BREATH-3 a 1 or 2 while the breath die is already W4: out of air, drowning", () => {
  it.each([1, 2])("W4 showing %i → drowning", (roll) => {
    const out = breathCheck(fresh(4), roll);
    expect(out.result).toBe("drowning");
    expect(out.state).toEqual({ die: 4, drowning: true });
    expect(out.rules).toEqual(["R-BREATH-1", "R-BREATH-3"]);
    expect(breathChanged(out)).toBe(true);
  });

  it.each([3, 4])("W4 showing %i → still breathing", (roll) => {
    expect(breathCheck(fresh(4), roll).state.drowning).toBe(false);
  });

  it("a 1 or 2 on a larger die is not drowning yet", () => {
    for (const d of [6, 8, 10, 12] as const) for (const roll of [1, 2]) expect(breathCheck(fresh(d), roll).state.drowning).toBe(false);
  });

  it("a drowning creature has no air to check: no roll, it stays drowning under water", () => {
    const out = breathRound({ state: { die: 4, drowning: true }, ko: 8, underwater: true, roll: null });
    expect(out).toMatchObject({ result: "stillDrowning", roll: null, state: { die: 4, drowning: true } });
    expect(breathChanged(out)).toBe(false);
  });

  it("from a fresh W8, failures take exactly three rounds to W4 and the fourth failure drowns", () => {
    let state = fresh(8);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const out = breathCheck(state, 1);
      seen.push(out.result);
      state = out.state;
    }
    expect(seen).toEqual(["lowered", "lowered", "drowning", "stillDrowning"]);
  });
});

describe("R-BREATH-4 ending a KR in the air gives the KO die back", () => {
  it.each([
    [{ die: 4, drowning: false }, 8, "recovered", ["R-BREATH-4"]],
    [{ die: 6, drowning: false }, 12, "recovered", ["R-BREATH-4"]],
    [{ die: 4, drowning: true }, 8, "recovered", ["R-BREATH-4", "R-BREATH-3"]],
    [{ die: 8, drowning: false }, 8, "unchanged", []],
  ] as const)("%o with KO W%i → %s", (state, ko, result, rules) => {
    const out = breathRecover(state, ko);
    expect(out.result).toBe(result);
    expect(out.state).toEqual({ die: ko, drowning: false });
    expect(out.rules).toEqual(rules);
    expect(breathChanged(out)).toBe(result !== "unchanged");
  });

  it("air always ends drowning and restores the KO die", () => {
    fc.assert(
      fc.property(die, die, fc.boolean(), (d, ko, drowning) => {
        const out = breathRound({ state: { die: d, drowning }, ko, underwater: false, roll: null });
        expect(out.state).toEqual({ die: ko, drowning: false });
      }),
    );
  });
});
