import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { consumeOne } from "../../src/rules/consumables";

describe("R-CORE-15 using an Alchemikum spends one of its quantity; at 0 the item stays, marked empty", () => {
  it.each([
    // quantity before, allowed, quantity after, empty
    [3, true, 2, false],
    [2, true, 1, false],
    [1, true, 0, true],
    [0, false, 0, true],
    [-2, false, 0, true],
    [Number.NaN, false, 0, true],
    [2.7, true, 1, false],
  ])("quantity %d → allowed: %s, quantity %i, empty: %s", (quantity, allowed, after, empty) => {
    expect(consumeOne({ quantity })).toEqual({ allowed, quantity: after, charges: null, empty, rules: ["R-CORE-15"] });
  });

  it("an item with neither quantity nor charges has nothing to spend", () => {
    expect(consumeOne({})).toMatchObject({ allowed: false, quantity: null, charges: null, empty: true });
    expect(consumeOne({ quantity: null, charges: null })).toMatchObject({ allowed: false, quantity: null, empty: true });
  });

  it("property: n uses empty a quantity of n, and the next one is refused without change", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (n) => {
        let quantity: number | null = n;
        for (let i = 0; i < n; i++) {
          const out = consumeOne({ quantity });
          expect(out.allowed).toBe(true);
          expect(out.empty).toBe(i === n - 1);
          quantity = out.quantity;
        }
        expect(quantity).toBe(0);
        expect(consumeOne({ quantity })).toMatchObject({ allowed: false, quantity: 0, empty: true });
      }),
    );
  });
});

describe("R-CORE-15 using equipment with charges spends one charge (max > 0), not its quantity; at 0 it is refused and stays", () => {
  it.each([
    // charges before, quantity, allowed, charges after, empty
    [{ value: 3, max: 5 }, 1, true, { value: 2, max: 5 }, false],
    [{ value: 1, max: 5 }, 1, true, { value: 0, max: 5 }, true],
    [{ value: 0, max: 5 }, 4, false, { value: 0, max: 5 }, true],
    [{ value: 5, max: 5 }, 0, true, { value: 4, max: 5 }, false],
    [{ value: 7, max: 5 }, 1, true, { value: 4, max: 5 }, false],
    [{ value: -1, max: 5 }, 1, false, { value: 0, max: 5 }, true],
    [{ value: Number.NaN, max: 3 }, 1, false, { value: 0, max: 3 }, true],
  ])("charges %j, quantity %i → allowed: %s, charges %j, empty: %s; the quantity is untouched", (charges, quantity, allowed, after, empty) => {
    expect(consumeOne({ quantity, charges })).toEqual({ allowed, quantity, charges: after, empty, rules: ["R-CORE-15"] });
  });

  it.each([
    [{ value: 0, max: 0 }, 3, true, 2],
    [{ value: 2, max: 0 }, 3, true, 2],
    [{ value: 2, max: Number.NaN }, 1, true, 0],
    [null, 2, true, 1],
    [{ value: 0, max: 0 }, 0, false, 0],
  ])("charges %j (max 0: no charges) → its quantity %i is spent: allowed %s, quantity %i", (charges, quantity, allowed, after) => {
    const out = consumeOne({ quantity, charges });
    expect(out).toMatchObject({ allowed, quantity: after });
    if (charges) expect(out.charges).toEqual({ value: 0, max: 0 });
  });

  it("property: charges never drop below 0 nor rise, and a refusal changes nothing", () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 12 }), fc.integer({ min: 1, max: 10 }), fc.nat(5), (value, max, quantity) => {
        const out = consumeOne({ quantity, charges: { value, max } });
        const before = Math.min(max, Math.max(0, value));
        expect(out.quantity).toBe(quantity);
        expect(out.charges).toEqual({ value: out.allowed ? before - 1 : before, max });
        expect(out.allowed).toBe(before > 0);
        expect(out.empty).toBe(out.charges?.value === 0);
      }),
    );
  });
});
