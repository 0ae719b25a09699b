import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FALL_CHECK,
  FALL_DODGE,
  chooseLanding,
  fallDamage,
  fallHeight,
  fallPreview,
  isLandedOn,
  mayDodge,
  planFall,
  resolveFall,
  sharedSquares,
  targetAtRisk,
  type Footprint,
  type LandingCandidate,
} from "../../src/rules";

describe("R-FALL-1 a fall of more than 2 Schritt: Athletik against SW = height × 3, else 1W4 per Schritt", () => {
  it.each([
    // drop, falls, sw, dice, formula
    [0, false, 0, 0, ""],
    [1, false, 0, 0, ""],
    [2, false, 0, 0, ""],
    [3, true, 9, 3, "3d4"],
    [5, true, 15, 5, "5d4"],
    [10, true, 30, 10, "10d4"],
  ])("a drop of %i Schritt → falls %s, SW %i, %i W4", (drop, falls, sw, dice, formula) => {
    expect(planFall(drop)).toEqual({ height: drop, falls, sw, dice, formula, rules: ["R-FALL-1"] });
  });

  it("exactly 2 Schritt is no fall; 2.9 Schritt rounds down to 2 and is none either (Decision)", () => {
    expect(planFall(2).falls).toBe(false);
    expect(planFall(2.9)).toMatchObject({ height: 2, falls: false });
    expect(planFall(3.99)).toMatchObject({ height: 3, falls: true, sw: 9, formula: "3d4" });
  });

  it.each([
    [-4, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [4.5, 4],
  ])("height of a drop of %d is %i whole Schritt", (drop, height) => {
    expect(fallHeight(drop)).toBe(height);
  });

  it("the faller's check is Athletik, falling back to KK", () => {
    expect(FALL_CHECK).toEqual({ talent: "Athletik", attribute: "kk" });
  });

  it("the damage is the sum of the W4, one per Schritt", () => {
    expect(fallDamage(5, [1, 2, 3, 4, 4])).toBe(14);
    expect(fallDamage(3, [1, 1, 1])).toBe(3);
  });

  it("dice that do not fit the fall are a caller error", () => {
    expect(() => fallDamage(5, [1, 2, 3])).toThrow(RangeError);
    expect(() => fallDamage(3, [1, 5, 1])).toThrow(RangeError);
    expect(() => fallDamage(3, [1, 1.5, 1])).toThrow(RangeError);
  });

  it("a success means no damage; a failure takes the W4 sum", () => {
    expect(resolveFall({ height: 5, athletik: true, landing: "ground" })).toEqual({ height: 5, sw: 15, falls: true, fallerDamage: 0, target: null, rules: ["R-FALL-1"] });
    expect(resolveFall({ height: 5, athletik: false, damageDice: [4, 4, 4, 4, 4], landing: "ground" })).toMatchObject({ fallerDamage: 20, target: null, rules: ["R-FALL-1"] });
  });

  it("no fall, no damage, whatever the check said", () => {
    expect(resolveFall({ height: 2, athletik: false, landing: "creature", dodge: false })).toMatchObject({ falls: false, fallerDamage: 0, target: null });
  });

  it("property: SW is always 3 × the whole height and the damage lies in [height, 4 × height]", () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 60 }), fc.double({ min: 0, max: 0.999, noNaN: true }), fc.integer({ min: 1, max: 4 }), (h, frac, face) => {
        const plan = planFall(h + frac);
        expect(plan.sw).toBe(3 * h);
        const dmg = fallDamage(h, Array.from({ length: h }, () => face));
        expect(dmg).toBeGreaterThanOrEqual(h);
        expect(dmg).toBeLessThanOrEqual(4 * h);
      }),
    );
  });
});

describe("R-FALL-2 landing on a creature or a destructible object: it takes the same damage when the faller fails", () => {
  it.each([
    // athletik, landing, at risk
    [true, "creature", false],
    [true, "object", false],
    [false, "creature", true],
    [false, "object", true],
    [false, "ground", false],
  ] as const)("faller succeeded %s, landing on %s → target at risk %s", (athletik, landing, risk) => {
    expect(targetAtRisk(athletik, landing)).toBe(risk);
  });

  it("a destructible object takes exactly the faller's damage", () => {
    const out = resolveFall({ height: 4, athletik: false, damageDice: [1, 2, 3, 4], landing: "object" });
    expect(out.fallerDamage).toBe(10);
    expect(out.target).toEqual({ kind: "object", atRisk: true, dodged: false, damage: 10 });
    expect(out.rules).toEqual(["R-FALL-1", "R-FALL-2"]);
  });

  it("a faller who lands well spares the target too", () => {
    const out = resolveFall({ height: 4, athletik: true, landing: "creature", dodge: false });
    expect(out.target).toEqual({ kind: "creature", atRisk: false, dodged: false, damage: 0 });
    expect(out.rules).toEqual(["R-FALL-1"]);
  });

  const spot: Footprint = { col: 2, row: 2, cols: 1, rows: 1, elevation: 0 };
  it.each([
    // other token, landed on?
    [{ col: 2, row: 2, cols: 1, rows: 1, elevation: 0 }, true],
    [{ col: 1, row: 1, cols: 2, rows: 2, elevation: 0 }, true], // a large creature covering the square
    [{ col: 3, row: 2, cols: 1, rows: 1, elevation: 0 }, false], // next square
    [{ col: 2, row: 2, cols: 1, rows: 1, elevation: 0.5 }, true], // within 0.5 Schritt
    [{ col: 2, row: 2, cols: 1, rows: 1, elevation: 0.6 }, false],
    [{ col: 2, row: 2, cols: 1, rows: 1, elevation: -3 }, false], // far below
  ])("a token at %o is landed on: %s", (other, landed) => {
    expect(isLandedOn(spot, other)).toBe(landed);
  });

  it("counts shared squares", () => {
    expect(sharedSquares({ col: 0, row: 0, cols: 2, rows: 2, elevation: 0 }, { col: 1, row: 1, cols: 2, rows: 2, elevation: 0 })).toBe(1);
    expect(sharedSquares({ col: 0, row: 0, cols: 3, rows: 3, elevation: 0 }, { col: 1, row: 1, cols: 1, rows: 1, elevation: 0 })).toBe(1);
    expect(sharedSquares({ col: 0, row: 0, cols: 1, rows: 1, elevation: 0 }, { col: 1, row: 0, cols: 1, rows: 1, elevation: 0 })).toBe(0);
  });

  it("chooses the token sharing most squares, a creature before an object on a tie, and nothing when none is there", () => {
    const big: Footprint = { col: 0, row: 0, cols: 2, rows: 2, elevation: 0 };
    const at = (col: number, row: number, elevation = 0): Footprint => ({ col, row, cols: 1, rows: 1, elevation });
    const c = (ref: string, footprint: Footprint, kind: "creature" | "object"): LandingCandidate<string> => ({ ref, footprint, kind });
    expect(chooseLanding(big, [c("crate", at(0, 0), "object"), c("wolf", at(1, 1), "creature")])?.ref).toBe("wolf");
    expect(chooseLanding(big, [c("rat", at(0, 0), "creature"), c("ogre", { col: 0, row: 0, cols: 2, rows: 2, elevation: 0 }, "creature")])?.ref).toBe("ogre");
    expect(chooseLanding(big, [c("crate", at(0, 0), "object")])?.ref).toBe("crate");
    expect(chooseLanding(big, [c("bird", at(0, 0, 4), "creature"), c("far", at(5, 5), "creature")])).toBeNull();
    expect(chooseLanding(big, [])).toBeNull();
  });
});

describe("R-FALL-3 a creature that would be hit may dodge with Ausweichen (Decision: same SW)", () => {
  it("only a creature may dodge; its check is Ausweichen, falling back to GE", () => {
    expect(mayDodge("creature")).toBe(true);
    expect(mayDodge("object")).toBe(false);
    expect(mayDodge("ground")).toBe(false);
    expect(FALL_DODGE).toEqual({ talent: "Ausweichen", attribute: "ge" });
  });

  it.each([
    // dodge, target damage, dodged, rules
    [true, 0, true, ["R-FALL-1", "R-FALL-2", "R-FALL-3"]],
    [false, 12, false, ["R-FALL-1", "R-FALL-2", "R-FALL-3"]],
    [null, 12, false, ["R-FALL-1", "R-FALL-2"]],
  ] as const)("dodge %s → the creature takes %i", (dodge, damage, dodged, rules) => {
    const out = resolveFall({ height: 3, athletik: false, damageDice: [4, 4, 4], landing: "creature", dodge });
    expect(out.fallerDamage).toBe(12);
    expect(out.target).toEqual({ kind: "creature", atRisk: true, dodged, damage });
    expect(out.rules).toEqual(rules);
  });

  it("an object's 'dodge' is ignored: it cannot get out of the way", () => {
    const out = resolveFall({ height: 3, athletik: false, damageDice: [1, 1, 1], landing: "object", dodge: true });
    expect(out.target).toMatchObject({ dodged: false, damage: 3 });
    expect(out.rules).not.toContain("R-FALL-3");
  });
});

describe("R-FALL-1 before the fall: what the height field means (the fall dialog's live line)", () => {
  it.each([
    // typed, preview
    [0, { kind: "noFall", height: 0, rules: ["R-FALL-1"] }],
    [2, { kind: "noFall", height: 2, rules: ["R-FALL-1"] }],
    ["2", { kind: "noFall", height: 2, rules: ["R-FALL-1"] }],
    [3, { kind: "fall", height: 3, sw: 9, formula: "3d4", average: 7.5, rules: ["R-FALL-1"] }],
    [" 4 ", { kind: "fall", height: 4, sw: 12, formula: "4d4", average: 10, rules: ["R-FALL-1"] }],
    [10, { kind: "fall", height: 10, sw: 30, formula: "10d4", average: 25, rules: ["R-FALL-1"] }],
    // Fractions round down (Decision), so 2.9 is no fall and 3.5 a fall of 3.
    [2.9, { kind: "noFall", height: 2, rules: ["R-FALL-1"] }],
    ["3.5", { kind: "fall", height: 3, sw: 9, formula: "3d4", average: 7.5, rules: ["R-FALL-1"] }],
    // A rise is no fall.
    [-5, { kind: "noFall", height: 0, rules: ["R-FALL-1"] }],
  ] as const)("%j", (typed, preview) => {
    expect(fallPreview(typed)).toEqual(preview);
  });

  it.each([[""], ["   "], ["drei"], [Number.NaN], [Number.POSITIVE_INFINITY], [null], [undefined], [true]])("%j is no height at all", (typed) => {
    expect(fallPreview(typed)).toEqual({ kind: "invalid" });
  });
});
