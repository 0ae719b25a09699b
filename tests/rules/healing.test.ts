import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyHit } from "../../src/rules/damage";
import { applyHealing, applyHits } from "../../src/rules/healing";

describe("R-CORE-12 healing raises Leben up to its maximum and ends dying when Leben rises above 0", () => {
  it.each([
    // leben, max, amount, leben after, healed
    [5, 10, 3, 8, 3],
    [5, 10, 5, 10, 5],
    [5, 10, 9, 10, 5],
    [10, 10, 4, 10, 0],
    [9, 10, 1, 10, 1],
    [5, 10, 0, 5, 0],
    [0, 10, 1, 1, 1],
    [0, 10, 25, 10, 10],
    [12, 10, 3, 12, 0], // above its maximum (set by hand): healing never lowers Leben
  ])("Leben %i of %i healed by %i → %i (+%i)", (leben, max, amount, after, healed) => {
    const out = applyHealing({ leben, max, amount });
    expect(out).toMatchObject({ leben: after, healed });
    expect(out.rules[0]).toBe("R-CORE-12");
  });

  it.each([
    // bad input is coerced like toCount: NaN, negatives → 0, fractions round down
    [Number.NaN, 10, 4, 4, 4],
    [5, 10, -3, 5, 0],
    [5, 10, Number.NaN, 5, 0],
    [5, -1, 3, 5, 0],
    [5, Number.NaN, 3, 5, 0],
    [-4, 10, 2, 2, 2],
    [2.9, 10, 1.9, 3, 1],
    [5, 10, Number.POSITIVE_INFINITY, 5, 0],
  ])("bad numbers: Leben %d of %d healed by %d → %i (+%i)", (leben, max, amount, after, healed) => {
    expect(applyHealing({ leben, max, amount })).toMatchObject({ leben: after, healed });
  });

  it.each([
    [0, 10, 3, true],
    [0, 10, 0, false],
    [0, 0, 5, false],
    [1, 10, 3, false],
    [10, 10, 3, false],
  ])("Leben %i of %i healed by %i → revived (no longer dying, R-CORE-8): %s", (leben, max, amount, revived) => {
    const out = applyHealing({ leben, max, amount });
    expect(out.revived).toBe(revived);
    expect(out.rules).toEqual(revived ? ["R-CORE-12", "R-CORE-8"] : ["R-CORE-12"]);
  });

  it("property: Leben never negative, never above its maximum (unless it was already), never lowered", () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 200 }), fc.integer({ min: -20, max: 200 }), fc.integer({ min: -50, max: 300 }), (leben, max, amount) => {
        const out = applyHealing({ leben, max, amount });
        const before = Math.max(0, leben);
        expect(out.leben).toBeGreaterThanOrEqual(before);
        expect(out.leben).toBeLessThanOrEqual(Math.max(before, max));
        expect(out.healed).toBe(out.leben - before);
        expect(out.healed).toBeLessThanOrEqual(Math.max(0, amount));
      }),
    );
  });

  it("property: healing then damage keeps Leben within 0..max", () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), fc.nat(100), fc.nat(10), fc.nat(150), (start, extra, amount, ruestung, damage) => {
        const max = start + extra;
        const healed = applyHealing({ leben: start, max, amount });
        const hit = applyHit({ leben: healed.leben, ruestung, damage });
        expect(hit.leben).toBeGreaterThanOrEqual(0);
        expect(hit.leben).toBeLessThanOrEqual(max);
        expect(hit.downed).toBe(hit.leben === 0 && healed.leben > 0);
      }),
    );
  });
});

describe("R-CORE-12 Rüstung is subtracted from each hit, never below 0; several hits (R-SHORT-4, R-CORE-11) are applied one by one", () => {
  it("three hits of 3 against Rüstung 2 take 3 Leben (one each), not 7 as one hit of 9 would", () => {
    const out = applyHits({ leben: 10, ruestung: 2, hits: [3, 3, 3] });
    expect(out).toMatchObject({ leben: 7, taken: 3, absorbed: 6, downed: false });
    expect(out.perHit.map((h) => h.leben)).toEqual([9, 8, 7]);
    expect(applyHit({ leben: 10, ruestung: 2, damage: 9 }).leben).toBe(3);
  });

  it("hits smaller than the Rüstung take nothing, never heal", () => {
    expect(applyHits({ leben: 10, ruestung: 2, hits: [1, 2, 0] })).toMatchObject({ leben: 10, taken: 0, absorbed: 3 });
  });

  it("Leben stops at 0 (R-CORE-8): the hit that empties it downs the target, later hits take nothing", () => {
    const out = applyHits({ leben: 10, ruestung: 1, hits: [5, 20, 4] });
    expect(out).toMatchObject({ leben: 0, taken: 10, absorbed: 3, downed: true });
    expect(out.perHit.map((h) => [h.leben, h.taken, h.downed])).toEqual([
      [6, 4, false],
      [0, 6, true],
      [0, 0, false],
    ]);
    expect(out.rules).toEqual(["R-CORE-12", "R-CORE-7", "R-CORE-8"]);
  });

  it("a target already at 0 is not downed again", () => {
    expect(applyHits({ leben: 0, ruestung: 0, hits: [3, 3] }).downed).toBe(false);
  });

  it("no hits change nothing", () => {
    expect(applyHits({ leben: 7, ruestung: 3, hits: [] })).toEqual({ leben: 7, taken: 0, absorbed: 0, downed: false, perHit: [], rules: ["R-CORE-12"] });
  });

  it("bad numbers count as 0: a negative or NaN hit, a negative Rüstung, a NaN Leben", () => {
    expect(applyHits({ leben: 8, ruestung: 1, hits: [-5, Number.NaN, 3] })).toMatchObject({ leben: 6, taken: 2 });
    expect(applyHits({ leben: 8, ruestung: -3, hits: [3] })).toMatchObject({ leben: 5, absorbed: 0 });
    expect(applyHits({ leben: Number.NaN, ruestung: 0, hits: [3] })).toMatchObject({ leben: 0, taken: 0, downed: false });
  });

  it("hits that are not a list are a programmer error", () => {
    expect(() => applyHits({ leben: 8, ruestung: 1, hits: 5 as unknown as number[] })).toThrow(RangeError);
  });

  it("property: the same as applying each hit in turn; Leben within 0..start; taken + Leben = start", () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(8), fc.array(fc.integer({ min: -5, max: 40 }), { maxLength: 8 }), (leben, ruestung, hits) => {
        const out = applyHits({ leben, ruestung, hits });
        let current = leben;
        for (const damage of hits) current = applyHit({ leben: current, ruestung, damage }).leben;
        expect(out.leben).toBe(current);
        expect(out.leben).toBeGreaterThanOrEqual(0);
        expect(out.taken + out.leben).toBe(leben);
        expect(out.absorbed).toBeLessThanOrEqual(ruestung * hits.length);
        expect(out.perHit).toHaveLength(hits.length);
      }),
    );
  });
});
