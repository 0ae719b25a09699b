import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateCheck } from "../../src/rules/checks";
import {
  ALCHEMIKUM_EW,
  alchemikaBonus,
  alchemikumCounts,
  attacksWithin,
  bestAttackCheck,
  characterEW,
  creatureFleeInput,
  flussBonus,
  hitDamage,
  hitFormulas,
  hitsForDifference,
  resolveShortCombat,
  shareHits,
  shortCombatHits,
  spendFluss,
  strongestStufe,
  teamEW,
} from "../../src/rules/short-combat";

describe("R-SHORT-2 each team's EW is the highest EW among its members", () => {
  it.each([
    [[7, 12, 9], 12],
    [[3], 3],
    [[-2, -5], -2],
    [[null, 8, undefined], 8],
    [[], null],
    [[null, Number.NaN], null],
  ])("%j → %s", (ews, team) => {
    expect(teamEW(ews as (number | null | undefined)[])).toBe(team);
  });
});

describe("R-SHORT-2 enemies who do not want to fight use Ausweichen with 3 Vorteile", () => {
  it("a fleeing creature rolls its GE die with 3 Vorteile around its Ausweichen value (Decision)", () => {
    const input = creatureFleeInput(9, 8);
    expect(input).toMatchObject({ die: 8, vorteile: 3, nachteile: 0, modifier: 5, uebungswert: 0, erschoepfung: 0, sw: null });
    // 4d8kh: the highest of four dice, + 9 − 4.
    expect(evaluateCheck(input, [2, 7, 3, 1]).ew).toBe(12);
    expect(evaluateCheck(input, [1, 1, 1, 1]).ew).toBe(6);
  });

  it("a creature without Ausweichen still rolls (its value counts as 0)", () => {
    expect(creatureFleeInput(Number.NaN, 6).modifier).toBe(-3);
  });

  it("a fighting creature rolls its best attack check by average, W6 without a usable one (Decision)", () => {
    expect(bestAttackCheck(["W6+2", "W8+1", "W10"])).toEqual({ die: 10, bonus: 0 }); // all 5.5 on average: the bigger die
    expect(bestAttackCheck(["W6+4", "W10"])).toEqual({ die: 6, bonus: 4 });
    expect(bestAttackCheck(["", "abc", null])).toEqual({ die: 6, bonus: 0 });
    expect(bestAttackCheck([])).toEqual({ die: 6, bonus: 0 });
  });
});

describe("R-SHORT-3 the higher team EW wins, a tie goes to the characters; four outcomes", () => {
  it.each([
    // characters, enemies, stance, winner, outcome, attacked
    [15, 10, "flee", "characters", "goalReached", false],
    [10, 10, "flee", "characters", "goalReached", false],
    [15, 10, "fight", "characters", "goalAttacked", true],
    [10, 10, "fight", "characters", "goalAttacked", true],
    [9, 10, "flee", "enemies", "enemiesEscape", false],
    [9, 10, "fight", "enemies", "enemiesPrevail", true],
  ] as const)("characters %i vs enemies %i (%s) → %s, %s", (charactersEW, enemiesEW, stance, winner, outcome, attacked) => {
    const r = resolveShortCombat({ charactersEW, enemiesEW, stance });
    expect(r).toMatchObject({ winner, outcome, attacked, difference: charactersEW - enemiesEW });
    expect(r.rules).toContain("R-SHORT-3");
    if (!attacked) expect(r.hits).toBe(0);
  });

  it("fighting enemies who win attack with 6 hits; fleeing ones escape without any", () => {
    expect(resolveShortCombat({ charactersEW: 3, enemiesEW: 20, stance: "fight" }).hits).toBe(6);
    expect(resolveShortCombat({ charactersEW: 3, enemiesEW: 20, stance: "flee" }).hits).toBe(0);
    expect(resolveShortCombat({ charactersEW: 30, enemiesEW: 5, stance: "fight" })).toMatchObject({ hits: 0, outcome: "goalAttacked" });
  });

  it("caller mistakes throw", () => {
    expect(() => resolveShortCombat({ charactersEW: Number.NaN, enemiesEW: 1, stance: "fight" })).toThrow(RangeError);
    expect(() => resolveShortCombat({ charactersEW: 1, enemiesEW: 1, stance: "hide" as never })).toThrow(RangeError);
  });
});

describe("R-SHORT-4 hits by (characters' EW − enemies' EW): < 0 → 6; 0–2 → 4; 3–5 → 3; 6–8 → 2; 9–11 → 1; 12+ → 0", () => {
  it.each([
    [-100, 6],
    [-1, 6],
    [0, 4],
    [1, 4],
    [2, 4],
    [3, 3],
    [4, 3],
    [5, 3],
    [6, 2],
    [7, 2],
    [8, 2],
    [9, 1],
    [10, 1],
    [11, 1],
    [12, 0],
    [13, 0],
    [100, 0],
    [-0.5, 6],
    [2.5, 4],
    [11.9, 1],
  ])("difference %d → %i hits", (difference, hits) => {
    expect(hitsForDifference(difference)).toBe(hits);
  });

  it("never more hits for a better difference (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), (d) => {
        expect(hitsForDifference(d + 1)).toBeLessThanOrEqual(hitsForDifference(d));
      }),
    );
  });

  it("the table is used when the characters are attacked", () => {
    for (const [diff, hits] of [[0, 4], [2, 4], [3, 3], [5, 3], [6, 2], [8, 2], [9, 1], [11, 1], [12, 0]]) {
      expect(resolveShortCombat({ charactersEW: 20 + diff, enemiesEW: 20, stance: "fight" }).hits).toBe(hits);
    }
  });

  it("a difference that is not a number is a caller mistake", () => {
    expect(() => hitsForDifference(Number.NaN)).toThrow(RangeError);
  });
});

describe("R-SHORT-4 hits are shared out at random among the characters", () => {
  it("one die per hit with a face per character picks who takes it", () => {
    expect(shareHits(4, 3, [1, 3, 3, 2])).toEqual([0, 2, 2, 1]);
    expect(shareHits(0, 3, [])).toEqual([]);
    expect(shareHits(2, 1, [1, 1])).toEqual([0, 0]);
  });

  it("a roll that does not fit is a caller mistake", () => {
    expect(() => shareHits(2, 3, [1])).toThrow(RangeError);
    expect(() => shareHits(1, 3, [4])).toThrow(RangeError);
    expect(() => shareHits(1, 3, [0])).toThrow(RangeError);
    expect(() => shareHits(1, 0, [1])).toThrow(RangeError);
  });

  it("every hit lands on exactly one character (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.infiniteStream(fc.nat()), (characters, hits, stream) => {
        const rolls = [...stream.take(hits)].map((n) => (n % characters) + 1);
        const shares = shareHits(hits, characters, rolls);
        expect(shares).toHaveLength(hits);
        expect(shares.every((i) => i >= 0 && i < characters)).toBe(true);
      }),
    );
  });
});

describe("R-SHORT-4 one hit is the damage of one enemy attacking with 2 actions, every attack hitting (Decision)", () => {
  const biss = { name: "Biss", damage: "1W8", actions: 2 };
  const reissen = { name: "Reißen", damage: "2W4", actions: 3 };
  const klaue = { name: "Klaue", damage: "1W6+1", actions: 1 };

  it("the attacks that fit into 2 actions with the highest average: two 1-action claws beat one 2-action bite", () => {
    expect(attacksWithin([biss, klaue])).toEqual({ attacks: [klaue, klaue], average: 9, fallback: false });
    expect(attacksWithin([biss, reissen])).toEqual({ attacks: [biss], average: 4.5, fallback: false });
  });

  it("an enemy whose attacks all cost more than 2 actions uses its cheapest once; no usable attack is null", () => {
    expect(attacksWithin([reissen])).toEqual({ attacks: [reissen], average: 5, fallback: true });
    expect(attacksWithin([{ name: "Blick", damage: "", actions: 1 }])).toBeNull();
    expect(attacksWithin([])).toBeNull();
  });

  it("the strongest enemy (highest Stufe) deals the hit; on equal Stufe the harder-hitting one", () => {
    const enemies = [
      { name: "Goblin", stufe: 0.5, attacks: [klaue] },
      { name: "Wolf", stufe: 1, attacks: [biss, reissen] },
      { name: "Wolf 2", stufe: 1, attacks: [{ name: "Biss", damage: "1W4", actions: 2 }] },
      { name: "Geist", stufe: 3, attacks: [] },
    ];
    expect(hitDamage(enemies)).toMatchObject({ enemy: "Wolf", damage: "1W8", formulas: ["1d8"], average: 4.5, fallback: false, rules: ["R-SHORT-4"] });
    expect(hitDamage([{ name: "Ork", stufe: 2, attacks: [klaue] }])).toMatchObject({ damage: "1W6+1; 1W6+1", formulas: ["1d6 + 1", "1d6 + 1"] });
    expect(hitDamage([{ name: "Geist", stufe: 3, attacks: [] }])).toBeNull();
  });
});

describe("R-SHORT-4 one hit is every attack of the enemy's 2 actions hitting, Rüstung subtracted from each attack (Decision 2026-12-01)", () => {
  it("a wolf's hit is two bites of 1 action: Alrik (30 Leben, Rüstung 2) bitten for 4 and 4 ends at 26, not 24", () => {
    const biss1 = { name: "Biss", damage: "1W8", actions: 1 };
    expect(hitDamage([{ name: "Wolf", stufe: 1, attacks: [biss1] }])).toMatchObject({ damage: "1W8; 1W8", formulas: ["1d8", "1d8"] });
    const out = shortCombatHits({ leben: 30, ruestung: 2, hits: [[4, 4]] });
    expect(out).toMatchObject({ leben: 26, taken: 4, absorbed: 4 });
    expect(out.perHit.map((a) => a.taken)).toEqual([2, 2]);
  });

  it("Rüstung comes off each attack, so a bite below the Rüstung does nothing even when the sum is above it", () => {
    expect(shortCombatHits({ leben: 30, ruestung: 3, hits: [[2, 2]] })).toMatchObject({ leben: 30, taken: 0, absorbed: 4 });
    expect(shortCombatHits({ leben: 30, ruestung: 3, hits: [[2, 2], 9] })).toMatchObject({ leben: 24, taken: 6 });
  });

  it("the hit's notation lists each attack apart (\";\"); each part must be a dice expression", () => {
    expect(hitFormulas("1W8; 1W8+2")).toEqual(["1d8", "1d8 + 2"]);
    expect(hitFormulas("7")).toEqual(["7"]);
    expect(hitFormulas("1W8;")).toBeNull();
    expect(hitFormulas("drop table")).toBeNull();
  });
});

describe("R-SHORT-5 before rolling, each 4 Fluss spent is +1 EW, without limit", () => {
  it.each([
    [0, 0],
    [3, 0],
    [4, 1],
    [7, 1],
    [8, 2],
    [40, 10],
    [400, 100],
    [-4, 0],
    [Number.NaN, 0],
  ])("%d Fluss → +%i", (spent, bonus) => {
    expect(flussBonus(spent)).toBe(bonus);
  });

  it("spending is refused when Fluss is short; nothing is spent then", () => {
    expect(spendFluss(10, 2)).toEqual({ allowed: true, spent: 8, fluss: 2, bonus: 2, rules: ["R-SHORT-5"] });
    expect(spendFluss(8, 2)).toMatchObject({ allowed: true, fluss: 0 });
    expect(spendFluss(7, 2)).toMatchObject({ allowed: false, spent: 0, fluss: 7, bonus: 0 });
    expect(spendFluss(7, 0)).toMatchObject({ allowed: true, spent: 0, fluss: 7 });
  });
});

describe("R-SHORT-6 after rolling, each Alchemikum is +3 EW if its Stufe is at least the strongest enemy's", () => {
  it("the strongest enemy's Stufe", () => {
    expect(strongestStufe([0.5, 2, 1])).toBe(2);
    expect(strongestStufe([])).toBe(0);
    expect(strongestStufe([Number.NaN, -1])).toBe(0);
  });

  it.each([
    [2, 2, true],
    [3, 2, true],
    [1, 2, false],
    [0.5, 0.5, true],
    [0.25, 0.5, false],
  ])("Stufe %d against %d → %s", (stufe, strongest, counts) => {
    expect(alchemikumCounts(stufe, strongest)).toBe(counts);
  });

  it("each one that counts is +3; too weak ones are named and give nothing", () => {
    const out = alchemikaBonus([{ name: "Feuertrank", stufe: 2, count: 2 }, { name: "Heiltrank", stufe: 1, count: 1 }, { name: "Leer", stufe: 5, count: 0 }], 2);
    expect(out.bonus).toBe(2 * ALCHEMIKUM_EW);
    expect(out.counted.map((u) => u.name)).toEqual(["Feuertrank"]);
    expect(out.refused.map((u) => u.name)).toEqual(["Heiltrank"]);
  });

  it("a character's EW: the roll, +1 per 4 Fluss, +3 per Alchemikum that counts", () => {
    const out = characterEW({ roll: 11, flussSpent: 8, alchemika: [{ name: "Feuertrank", stufe: 2, count: 1 }], strongest: 1 });
    expect(out.ew).toBe(16);
    expect(out.rules).toEqual(["R-SHORT-2", "R-SHORT-5", "R-SHORT-6"]);
    expect(characterEW({ roll: 9, flussSpent: 0, alchemika: [], strongest: 1 })).toMatchObject({ ew: 9, rules: ["R-SHORT-2"] });
  });
});

describe("R-SHORT-1 a short combat never kills: a character stops at dying (0 Leben)", () => {
  it("hits one by one, Rüstung from each; Leben stops at 0 with the note's rule", () => {
    const out = shortCombatHits({ leben: 10, ruestung: 2, hits: [5, 6, 9] });
    expect(out).toMatchObject({ leben: 0, taken: 10, stoppedAtDying: true, downed: true });
    expect(out.perHit.map((h) => h.taken)).toEqual([3, 4, 3]);
    expect(out.rules).toEqual(expect.arrayContaining(["R-SHORT-4", "R-SHORT-1", "R-CORE-7", "R-CORE-8"]));
  });

  it("hits that leave Leben above 0 need no note", () => {
    const out = shortCombatHits({ leben: 20, ruestung: 1, hits: [4, 4] });
    expect(out).toMatchObject({ leben: 14, taken: 6, absorbed: 2, stoppedAtDying: false });
    expect(out.rules).not.toContain("R-SHORT-1");
  });

  it("a character already dying takes nothing more", () => {
    expect(shortCombatHits({ leben: 0, ruestung: 0, hits: [7] })).toMatchObject({ leben: 0, taken: 0, stoppedAtDying: true });
    expect(shortCombatHits({ leben: 0, ruestung: 0, hits: [] })).toMatchObject({ stoppedAtDying: false });
  });

  it("never below 0, whatever the hits (property)", () => {
    fc.assert(
      fc.property(fc.nat(60), fc.nat(10), fc.array(fc.nat(40), { maxLength: 8 }), (leben, ruestung, hits) => {
        const out = shortCombatHits({ leben, ruestung, hits });
        expect(out.leben).toBeGreaterThanOrEqual(0);
        expect(out.leben).toBe(leben - out.taken);
      }),
    );
  });
});
