import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bestCreatureDefence, creatureDefence, resolveDefence, rolledDefence, rolledDefenceEW, type DefenceKind } from "../../src/rules/defence";

describe("R-CORE-11 the attack's EW is the SW of the defence: it succeeds when its EW ≥ the attack's EW (a tie goes to the defender)", () => {
  it.each([
    // attackEW, defenceEW, hit, margin
    [8, 9, false, 1],
    [8, 8, false, 0],
    [8, 7, true, -1],
    [0, 0, false, 0],
    [12, 3, true, -9],
    [1, 15, false, 14],
    [-2, -3, true, -1],
    [-2, -2, false, 0],
  ])("attack EW %i, defence EW %i → hit: %s (margin %i)", (attackEW, defenceEW, hit, margin) => {
    expect(resolveDefence({ attackEW, defenceEW })).toEqual({ hit, defended: !hit, margin, rules: ["R-CORE-11"] });
  });

  it("no defence (null) is a hit", () => {
    expect(resolveDefence({ attackEW: 1, defenceEW: null })).toEqual({ hit: true, defended: false, margin: null, rules: ["R-CORE-11"] });
  });

  it.each([
    [Number.NaN, 5],
    [5, Number.NaN],
    [Number.POSITIVE_INFINITY, 5],
    [5, Number.NEGATIVE_INFINITY],
  ])("an EW that is not a finite number (%d vs %d) is a programmer error", (attackEW, defenceEW) => {
    expect(() => resolveDefence({ attackEW, defenceEW })).toThrow(RangeError);
  });

  it("property: defended exactly when defence EW ≥ attack EW, and then it is not a hit", () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 40 }), fc.option(fc.integer({ min: -20, max: 40 })), (attackEW, defenceEW) => {
        const out = resolveDefence({ attackEW, defenceEW });
        expect(out.defended).toBe(defenceEW !== null && defenceEW >= attackEW);
        expect(out.hit).toBe(!out.defended);
        expect(out.margin).toBe(defenceEW === null ? null : defenceEW - attackEW);
      }),
    );
  });
});

describe("R-CORE-11 a creature uses its fixed Ausweichen or Parade value as its defence EW", () => {
  it.each<[Record<string, unknown>, DefenceKind, number]>([
    [{ ausweichen: 5, parade: 3 }, "ausweichen", 5],
    [{ ausweichen: 5, parade: 3 }, "parade", 3],
    [{ ausweichen: 0 }, "ausweichen", 0],
    [{}, "parade", 0],
    [{ parade: "7" }, "parade", 7],
    [{ parade: " 4 " }, "parade", 4],
    [{ ausweichen: 4.9 }, "ausweichen", 4],
    [{ ausweichen: -3 }, "ausweichen", 0],
    [{ ausweichen: Number.NaN }, "ausweichen", 0],
    [{ ausweichen: Number.POSITIVE_INFINITY }, "ausweichen", 0],
    [{ parade: "abc" }, "parade", 0],
    [{ parade: "" }, "parade", 0],
    [{ parade: null }, "parade", 0],
    [{ parade: { value: 5 } }, "parade", 0],
  ])("%j, %s → EW %i", (stored, kind, ew) => {
    expect(creatureDefence(stored, kind)).toBe(ew);
  });

  it("a missing creature record defends with 0", () => {
    expect(creatureDefence(null as unknown as { parade?: unknown }, "parade")).toBe(0);
  });

  it("an unknown defence is a programmer error", () => {
    expect(() => creatureDefence({ ausweichen: 5 }, "block" as DefenceKind)).toThrow(RangeError);
  });

  it.each<[Record<string, unknown>, DefenceKind, number]>([
    [{ ausweichen: 6, parade: 4 }, "ausweichen", 6],
    [{ ausweichen: 3, parade: 7 }, "parade", 7],
    [{ ausweichen: 5, parade: 5 }, "ausweichen", 5],
    [{}, "ausweichen", 0],
    [{ ausweichen: "kaputt", parade: 2 }, "parade", 2],
    [{ ausweichen: -4, parade: 0 }, "ausweichen", 0],
  ])("the better of %j is %s (EW %i), Ausweichen on a tie", (stored, kind, ew) => {
    expect(bestCreatureDefence(stored)).toEqual({ kind, ew, rules: ["R-CORE-11"] });
  });

  it("a creature with Parade 7 parries an attack of EW 7 but not one of EW 8", () => {
    const parade = creatureDefence({ parade: 7 }, "parade");
    expect(resolveDefence({ attackEW: 7, defenceEW: parade }).defended).toBe(true);
    expect(resolveDefence({ attackEW: 8, defenceEW: parade }).hit).toBe(true);
  });
});

describe("R-CORE-11 (Decision: creatures roll their defence) with R-CORE-5: the GE die swings around the value", () => {
  it.each([
    // value, GE, Vorteile, Nachteile, modifier, formula, offset
    [9, 8, 0, 0, 0, "1d8", 5],
    [9, 8, 0, 1, 0, "2d8kl", 5],
    [9, 8, 1, 1, 0, "1d8", 5],
    [9, 8, 2, 0, 0, "3d8kh", 5],
    [7, 10, 0, 0, -2, "1d10", 0],
    [0, 4, 0, 0, 0, "1d4", -2],
  ] as const)("value %i, GE W%i, %i Vorteile, %i Nachteile, modifier %i → %s + %i", (value, ge, vorteile, nachteile, modifier, formula, offset) => {
    expect(rolledDefence({ value, ge, vorteile, nachteile, modifier })).toMatchObject({ formula, offset });
  });

  it("the EW is offset + the kept die, never below 0", () => {
    expect(rolledDefenceEW({ offset: 5 }, 3)).toBe(8);
    expect(rolledDefenceEW({ offset: -2 }, 1)).toBe(0);
  });
});
