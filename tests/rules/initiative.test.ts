import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkFormula, evaluateCheck } from "../../src/rules/checks";
import type { Die } from "../../src/rules/dice";
import { compareInitiative, initiativeInput, type InitiativeEntry } from "../../src/rules/initiative";

describe("R-CORE-14 initiative is an IN attribute check (R-CORE-4), with the attribute-check malus of R-EXH-2, no SW", () => {
  it.each<[Die, number, string]>([
    [8, 0, "1d8"],
    [8, 1, "1d8"],
    [8, 2, "1d8 - 1"],
    [8, 3, "1d8 - 1"],
    [12, 5, "1d12 - 2"],
    [4, 0, "1d4"],
    [6, Number.NaN, "1d6"],
    [6, -4, "1d6"],
  ])("IN W%i, Erschöpfung %d → %s", (inDie, erschoepfung, formula) => {
    expect(checkFormula(initiativeInput({ inDie, erschoepfung }))).toBe(formula);
  });

  it("IN W10, Erschöpfung 4: a 7 gives initiative 5, an open check", () => {
    const input = initiativeInput({ inDie: 10, erschoepfung: 4 });
    expect(input).toEqual({ kind: "attribute", die: 10, uebungswert: 0, modifier: 0, vorteile: 0, nachteile: 0, erschoepfung: 4, sw: null });
    expect(evaluateCheck(input, [7])).toMatchObject({ ew: 5, malus: 2, sw: null, success: null, rules: ["R-CORE-4", "R-EXH-2"] });
  });

  it.each([
    [9, 8],
    [2, 4],
    [20, 12],
    ["W6", 6],
    ["kaputt", 4],
    [undefined, 4],
  ])("a stored IN die %j off the ladder snaps down → W%i", (inDie, die) => {
    expect(initiativeInput({ inDie: inDie as Die, erschoepfung: 0 }).die).toBe(die);
  });
});

const entry = (initiative: number | null, ge = 8, tiebreak = 0.5): InitiativeEntry => ({ initiative, ge, tiebreak });

describe("R-CORE-14 higher initiative first; ties are broken by the higher GE value, then at random (a stored tiebreak)", () => {
  it.each<[string, InitiativeEntry, InitiativeEntry, -1 | 0 | 1]>([
    ["higher initiative first", entry(12), entry(8), -1],
    ["lower initiative later", entry(3), entry(4), 1],
    ["negative initiative still before none", entry(-2), entry(null), -1],
    ["not rolled goes last", entry(null), entry(1), 1],
    ["a tie: higher GE first", entry(7, 10), entry(7, 8), -1],
    ["a tie: lower GE later", entry(7, 6), entry(7, 12), 1],
    ["a tie on both: higher tiebreak first", entry(7, 8, 0.9), entry(7, 8, 0.1), -1],
    ["a tie on both: lower tiebreak later", entry(7, 8, 0.2), entry(7, 8, 0.3), 1],
    ["GE decides before the tiebreak", entry(7, 6, 0.99), entry(7, 8, 0.01), 1],
    ["both not rolled: by GE", entry(null, 10), entry(null, 8), -1],
    ["all the same: equal", entry(5, 8, 0.4), entry(5, 8, 0.4), 0],
    ["NaN initiative counts as not rolled", entry(Number.NaN), entry(0), 1],
    ["NaN GE counts as 0", entry(5, Number.NaN), entry(5, 4), 1],
  ])("%s", (_name, a, b, sign) => {
    expect(Math.sign(compareInitiative(a, b))).toBe(sign);
    expect(Math.sign(compareInitiative(b, a))).toBe(-sign || 0);
  });

  it("sorts a table: Mira 14, Bär 9 (GE 12), Kai 9 (GE 8, tiebreak .7), Rus 9 (GE 8, tiebreak .2), Ida unrolled", () => {
    const list = [
      { name: "Ida", ...entry(null, 12) },
      { name: "Rus", ...entry(9, 8, 0.2) },
      { name: "Kai", ...entry(9, 8, 0.7) },
      { name: "Mira", ...entry(14, 4) },
      { name: "Bär", ...entry(9, 12) },
    ];
    expect(list.sort(compareInitiative).map((c) => c.name)).toEqual(["Mira", "Bär", "Kai", "Rus", "Ida"]);
  });

  const anyNumber = fc.oneof(fc.integer({ min: -5, max: 30 }), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY));
  const anyEntry = fc.record({
    initiative: fc.option(anyNumber),
    ge: fc.oneof(fc.constantFrom(4, 6, 8, 10, 12), anyNumber),
    tiebreak: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), anyNumber),
  });

  it("property: the comparator is a total order (reflexive, antisymmetric, transitive), whatever is stored", () => {
    fc.assert(
      fc.property(anyEntry, anyEntry, anyEntry, (a, b, c) => {
        expect(compareInitiative(a, a)).toBe(0);
        expect(Math.sign(compareInitiative(a, b))).toBe(-Math.sign(compareInitiative(b, a)) || 0);
        if (compareInitiative(a, b) <= 0 && compareInitiative(b, c) <= 0) expect(compareInitiative(a, c)).toBeLessThanOrEqual(0);
        if (compareInitiative(a, b) === 0 && compareInitiative(b, c) === 0) expect(compareInitiative(a, c)).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });

  it("property: the order does not depend on the order the combatants came in", () => {
    fc.assert(
      fc.property(fc.array(anyEntry, { maxLength: 8 }), fc.integer(), (entries, seed) => {
        const keyed = entries.map((e, i) => ({ ...e, tiebreak: Number.isFinite(e.tiebreak) ? e.tiebreak + i * 1000 : i * 1000 }));
        const shuffled = [...keyed].sort((x, y) => ((x.tiebreak * 7919 + seed) % 13) - ((y.tiebreak * 7919 + seed) % 13));
        expect([...shuffled].sort(compareInitiative)).toEqual([...keyed].sort(compareInitiative));
      }),
    );
  });
});
