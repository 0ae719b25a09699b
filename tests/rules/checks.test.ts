import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { checkEwChances, checkFormula, checkOutlook, diceCount, evaluateCheck, netAdvantage } from "../../src/rules/checks";
import type { CheckInput } from "../../src/rules/checks";
import type { Die } from "../../src/rules/dice";

const talent = (over: Partial<CheckInput> = {}): CheckInput => ({
  kind: "talent",
  die: 8,
  uebungswert: 0,
  modifier: 0,
  vorteile: 0,
  nachteile: 0,
  erschoepfung: 0,
  sw: null,
  ...over,
});
const attribute = (over: Partial<CheckInput> = {}): CheckInput => talent({ kind: "attribute", ...over });

describe("R-CORE-5 Vorteile and Nachteile count and cancel: net = Vorteile − Nachteile", () => {
  it.each([
    [0, 0, 0],
    [2, 0, 2],
    [0, 3, -3],
    [2, 2, 0],
    [3, 1, 2],
    [1, 4, -3],
    [-2, 1, -1],
    [Number.NaN, 2, -2],
    [2.9, 0, 2],
  ])("%d Vorteile, %d Nachteile → net %i", (vorteile, nachteile, net) => {
    expect(netAdvantage(vorteile, nachteile)).toBe(net);
  });

  it.each([
    [0, 1],
    [1, 2],
    [2, 3],
    [-1, 2],
    [-3, 4],
  ])("net %i → roll %i dice", (net, count) => {
    expect(diceCount(net)).toBe(count);
  });

  it("property: one more Vorteil and one more Nachteil change nothing", () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), fc.nat(50), (v, n, k) => {
        expect(netAdvantage(v + k, n + k)).toBe(netAdvantage(v, n));
      }),
    );
  });
});

describe("R-CORE-4 talent check EW = die + Übungswert + modifiers − malus; attribute check EW = die + modifiers − ⌊Erschöpfung/2⌋", () => {
  it.each<[string, CheckInput, string]>([
    ["talent W8, 2 Vorteile, Übungswert 2, Erschöpfung 1", talent({ vorteile: 2, uebungswert: 2, erschoepfung: 1 }), "3d8kh + 2 - 1"],
    ["W6 with 1 Nachteil", talent({ die: 6, nachteile: 1 }), "2d6kl"],
    ["plain W8", talent(), "1d8"],
    ["W10, modifier −3", talent({ die: 10, modifier: -3 }), "1d10 - 3"],
    ["W12, Übungswert 3, modifier +2", talent({ die: 12, uebungswert: 3, modifier: 2 }), "1d12 + 3 + 2"],
    ["attribute W8, Erschöpfung 3 → malus 1", attribute({ erschoepfung: 3 }), "1d8 - 1"],
    ["attribute W8, Erschöpfung 1 → no malus", attribute({ erschoepfung: 1 }), "1d8"],
    ["attribute check ignores Übungswert", attribute({ uebungswert: 4, modifier: 1 }), "1d8 + 1"],
    ["3 Nachteile, 1 Vorteil, all terms", talent({ die: 4, vorteile: 1, nachteile: 3, uebungswert: 1, modifier: -1, erschoepfung: 2 }), "3d4kl + 1 - 1 - 2"],
    ["Vorteil and Nachteil cancel to one die", talent({ vorteile: 2, nachteile: 2 }), "1d8"],
    ["negative Übungswert and a fractional modifier are cleaned", talent({ uebungswert: -2, modifier: 2.7 }), "1d8 + 2"],
  ])("%s → %s", (_name, input, formula) => {
    expect(checkFormula(input)).toBe(formula);
  });

  it("talent check: 5 on W8 + Übungswert 2 + modifier 1 − Erschöpfung 2 → EW 6", () => {
    const result = evaluateCheck(talent({ uebungswert: 2, modifier: 1, erschoepfung: 2, sw: 6 }), [5]);
    expect(result).toEqual({
      formula: "1d8 + 2 + 1 - 2",
      dice: [5],
      kept: 5,
      net: 0,
      uebungswert: 2,
      modifier: 1,
      malus: 2,
      ew: 6,
      sw: 6,
      success: true,
      rules: ["R-CORE-4", "R-EXH-2"],
    });
  });

  it("attribute check: Übungswert ignored, half the Erschöpfung (5 → 2)", () => {
    const result = evaluateCheck(attribute({ uebungswert: 3, erschoepfung: 5, sw: 4 }), [6]);
    expect(result).toMatchObject({ uebungswert: 0, malus: 2, ew: 4, success: true });
  });

  it.each([
    [0, 0],
    [1, 0],
    [2, 1],
    [3, 1],
    [5, 2],
  ])("attribute check, Erschöpfung %i → malus %i on the EW", (erschoepfung, malus) => {
    const result = evaluateCheck(attribute({ erschoepfung }), [7]);
    expect(result.malus).toBe(malus);
    expect(result.ew).toBe(7 - malus);
    expect(result.rules.includes("R-EXH-2")).toBe(malus > 0);
  });

  it.each([
    [8, 7, true],
    [8, 8, true],
    [8, 9, false],
  ])("EW %i against SW %i succeeds: %s (EW ≥ SW)", (roll, sw, success) => {
    expect(evaluateCheck(talent({ sw }), [roll]).success).toBe(success);
  });

  it("an open check has no SW: success is null", () => {
    const result = evaluateCheck(talent({ uebungswert: 1 }), [3]);
    expect(result.sw).toBeNull();
    expect(result.success).toBeNull();
    expect(result.ew).toBe(4);
  });

  it("a negative modifier lowers the EW", () => {
    expect(evaluateCheck(talent({ die: 10, modifier: -3, sw: 5 }), [7])).toMatchObject({
      formula: "1d10 - 3",
      ew: 4,
      success: false,
      rules: ["R-CORE-4"],
    });
  });
});

describe("R-CORE-5 with net ≠ 0 roll 1 + |net| dice and keep the highest (net > 0) or the lowest (net < 0)", () => {
  it("2 Vorteile: keeps the highest of 3", () => {
    const result = evaluateCheck(talent({ vorteile: 2, uebungswert: 2, erschoepfung: 1, sw: 9 }), [2, 7, 4]);
    expect(result).toMatchObject({ formula: "3d8kh + 2 - 1", kept: 7, net: 2, ew: 8, success: false });
    expect(result.rules).toEqual(["R-CORE-4", "R-CORE-5", "R-EXH-2"]);
  });

  it("1 Nachteil: keeps the lowest of 2", () => {
    const result = evaluateCheck(talent({ die: 6, nachteile: 1 }), [5, 2]);
    expect(result).toMatchObject({ formula: "2d6kl", kept: 2, net: -1, ew: 2 });
    expect(result.rules).toEqual(["R-CORE-4", "R-CORE-5"]);
  });

  it("cancelled Vorteil and Nachteil: a single die, no R-CORE-5", () => {
    const result = evaluateCheck(talent({ vorteile: 1, nachteile: 1 }), [3]);
    expect(result).toMatchObject({ kept: 3, net: 0, rules: ["R-CORE-4"] });
  });

  it.each<[string, readonly number[], number]>([
    ["too few dice for net 2", [4, 5], 2],
    ["too many dice for net 0", [4, 5], 0],
    ["a 0", [0, 3, 3], 2],
    ["a 9 on a W8", [9, 3, 3], 2],
    ["a fraction", [2.5, 3, 3], 2],
    ["NaN", [Number.NaN, 3, 3], 2],
  ])("throws a RangeError for %s", (_name, rolled, vorteile) => {
    expect(() => evaluateCheck(talent({ vorteile }), rolled)).toThrow(RangeError);
  });

  it("the result's dice are a copy, not the caller's array", () => {
    const rolled = [1, 8];
    const result = evaluateCheck(talent({ vorteile: 1 }), rolled);
    expect(result.dice).toEqual([1, 8]);
    expect(result.dice).not.toBe(rolled);
  });

  const dieAndDice = fc
    .tuple(fc.constantFrom<Die>(4, 6, 8, 10, 12), fc.integer({ min: 1, max: 4 }))
    .chain(([die, k]) =>
      fc.tuple(fc.constant(die), fc.constant(k), fc.array(fc.integer({ min: 1, max: die }), { minLength: k + 1, maxLength: k + 1 })),
    );

  it("property: the kept die is within 1..die and is one of the rolled dice", () => {
    fc.assert(
      fc.property(dieAndDice, fc.boolean(), ([die, k, dice], advantage) => {
        const input = talent({ die, vorteile: advantage ? k : 0, nachteile: advantage ? 0 : k });
        const { kept } = evaluateCheck(input, dice);
        expect(kept).toBeGreaterThanOrEqual(1);
        expect(kept).toBeLessThanOrEqual(die);
        expect(dice).toContain(kept);
      }),
    );
  });

  it("property: the same dice give an EW with Vorteil ≥ the EW with Nachteil", () => {
    fc.assert(
      fc.property(dieAndDice, fc.integer({ min: 0, max: 5 }), fc.integer({ min: -5, max: 5 }), ([die, k, dice], uebungswert, modifier) => {
        const base = { die, uebungswert, modifier };
        const withVorteil = evaluateCheck(talent({ ...base, vorteile: k }), dice);
        const withNachteil = evaluateCheck(talent({ ...base, nachteile: k }), dice);
        expect(withVorteil.ew).toBeGreaterThanOrEqual(withNachteil.ew);
      }),
    );
  });
});

describe("R-CORE-4 / R-CORE-5 ahead of the roll: the EW a check can reach and its chance", () => {
  const base: CheckInput = { kind: "talent", die: 8, uebungswert: 3, modifier: 0, vorteile: 0, nachteile: 0, erschoepfung: 0, sw: 8 };
  it.each([
    ["W8 + 3 against SW 8: the faces 5–8", {}, { min: 4, max: 11, chance: 0.5 }],
    ["SW 12 is out of reach (11 at most)", { sw: 12 }, { min: 4, max: 11, chance: 0 }],
    ["SW 11 needs the highest face", { sw: 11 }, { min: 4, max: 11, chance: 1 / 8 }],
    ["SW 4 is met by every face", { sw: 4 }, { min: 4, max: 11, chance: 1 }],
    ["SW 0 (far below) is met by every face", { sw: 0 }, { min: 4, max: 11, chance: 1 }],
    ["1 Vorteil: the higher of 2 dice", { vorteile: 1 }, { min: 4, max: 11, chance: 0.75 }],
    ["2 Vorteile: the highest of 3 dice", { vorteile: 2 }, { min: 4, max: 11, chance: 1 - 0.125 }],
    ["1 Nachteil: the lower of 2 dice", { nachteile: 1 }, { min: 4, max: 11, chance: 0.25 }],
    ["Vorteil and Nachteil cancel", { vorteile: 1, nachteile: 1 }, { min: 4, max: 11, chance: 0.5 }],
    ["Erschöpfung 2 lowers a talent check by 2 (R-EXH-2)", { erschoepfung: 2 }, { min: 2, max: 9, chance: 0.25 }],
    ["an attribute check: no Übungswert, half the Erschöpfung", { kind: "attribute", erschoepfung: 3 }, { min: 0, max: 7, chance: 0 }],
    ["a modifier +2", { modifier: 2 }, { min: 6, max: 13, chance: 0.75 }],
    ["an open check has no chance", { sw: null }, { min: 4, max: 11, chance: null }],
  ] as const)("%s", (_name, over, outlook) => {
    expect(checkOutlook({ ...base, ...over } as CheckInput)).toEqual(outlook);
  });

  it("agrees with evaluateCheck over every roll of the dice (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom<Die>(4, 6, 8, 10, 12), fc.integer({ min: 0, max: 8 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 25 }), (die, uebungswert, modifier, vorteile, nachteile, sw) => {
        const input: CheckInput = { kind: "talent", die, uebungswert, modifier, vorteile, nachteile, erschoepfung: 0, sw };
        const k = diceCount(netAdvantage(vorteile, nachteile));
        let hits = 0;
        let all = 0;
        const faces = Array.from({ length: die }, (_, i) => i + 1);
        const walk = (rolled: number[]) => {
          if (rolled.length === k) {
            all += 1;
            if (evaluateCheck(input, rolled).success) hits += 1;
            return;
          }
          for (const f of faces) walk([...rolled, f]);
        };
        walk([]);
        expect(checkOutlook(input).chance).toBeCloseTo(hits / all, 10);
      }),
      { numRuns: 150 },
    );
  });
});

describe("R-CORE-4 / R-CORE-5 ahead of the roll: the chance of each EW", () => {
  const base: CheckInput = { kind: "talent", die: 6, uebungswert: 2, modifier: 0, vorteile: 0, nachteile: 0, erschoepfung: 0, sw: null };
  it("one W6 + 2: EW 3 to 8, each 1/6", () => {
    expect(checkEwChances(base)).toEqual([3, 4, 5, 6, 7, 8].map((ew) => ({ ew, p: 1 / 6 })));
  });

  it("1 Vorteil keeps the higher of two W4: 1/16, 3/16, 5/16, 7/16; 1 Nachteil the lower: the same backwards", () => {
    const w4 = { ...base, die: 4 as Die, uebungswert: 0 };
    expect(checkEwChances({ ...w4, vorteile: 1 }).map((c) => c.p * 16)).toEqual([1, 3, 5, 7]);
    expect(checkEwChances({ ...w4, nachteile: 1 }).map((c) => c.p * 16)).toEqual([7, 5, 3, 1]);
  });

  it("agrees with evaluateCheck over every roll of the dice (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom<Die>(4, 6, 8, 10, 12), fc.integer({ min: 0, max: 6 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 6 }), (die, uebungswert, modifier, vorteile, nachteile, erschoepfung) => {
        const input: CheckInput = { kind: "talent", die, uebungswert, modifier, vorteile, nachteile, erschoepfung, sw: null };
        const k = diceCount(netAdvantage(vorteile, nachteile));
        const counts = new Map<number, number>();
        let all = 0;
        const walk = (rolled: number[]) => {
          if (rolled.length === k) {
            all += 1;
            const { ew } = evaluateCheck(input, rolled);
            counts.set(ew, (counts.get(ew) ?? 0) + 1);
            return;
          }
          for (let f = 1; f <= die; f++) walk([...rolled, f]);
        };
        walk([]);
        const chances = checkEwChances(input);
        expect(chances.reduce((s, c) => s + c.p, 0)).toBeCloseTo(1, 10);
        for (const { ew, p } of chances) expect(p).toBeCloseTo((counts.get(ew) ?? 0) / all, 10);
      }),
      { numRuns: 100 },
    );
  });
});
