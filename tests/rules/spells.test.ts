import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { castCost } from "../../src/rules/spells";

describe("R-CORE-13 casting costs the spell's Fluss, refused with a message when Fluss is short", () => {
  it.each([
    // fluss, cost, allowed, fluss after, missing
    [10, 4, true, 6, 0],
    [4, 4, true, 0, 0],
    [5, 4, true, 1, 0],
    [3, 4, false, 3, 1],
    [0, 1, false, 0, 1],
    [0, 0, true, 0, 0],
    [5, 0, true, 5, 0],
    [2, 9, false, 2, 7],
  ])("Fluss %i, cost %i → allowed: %s, Fluss %i, missing %i", (fluss, cost, allowed, after, missing) => {
    expect(castCost({ fluss, cost })).toEqual({ allowed, fluss: after, missing, rules: ["R-CORE-13"] });
  });

  it.each([
    // bad numbers count as 0 (toCount)
    [Number.NaN, 2, false, 0, 2],
    [-3, 2, false, 0, 2],
    [5, -2, true, 5, 0],
    [5, Number.NaN, true, 5, 0],
    [5.9, 5.5, true, 0, 0],
    [Number.POSITIVE_INFINITY, 3, false, 0, 3],
  ])("bad numbers: Fluss %d, cost %d → allowed: %s, Fluss %i, missing %i", (fluss, cost, allowed, after, missing) => {
    expect(castCost({ fluss, cost })).toMatchObject({ allowed, fluss: after, missing });
  });

  it("property: allowed exactly when Fluss ≥ cost; then cost is spent, else nothing is and missing = cost − Fluss", () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), (fluss, cost) => {
        const out = castCost({ fluss, cost });
        expect(out.allowed).toBe(fluss >= cost);
        if (out.allowed) expect([out.fluss, out.missing]).toEqual([fluss - cost, 0]);
        else expect([out.fluss, out.missing]).toEqual([fluss, cost - fluss]);
        expect(out.fluss).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
