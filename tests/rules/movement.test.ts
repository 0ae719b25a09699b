// R-CORE-6 with the Decision (2026-12-01, movement): one Aktion moves up to Geschwindigkeit Schritt; the ruler's bands.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { movementActions, speedBand } from "../../src/rules";

describe("R-CORE-6 one Aktion spent on moving moves up to Geschwindigkeit Schritt", () => {
  it.each([
    [0, 6, 0],
    [1, 6, 1],
    [6, 6, 1],
    [7, 6, 2],
    [12, 6, 2],
    [13, 6, 3],
    [18, 6, 3],
    [19, 6, 4],
    [3, 3, 1], // swimming at half of 6 (R-SWIM-1): 3 Schritt per Aktion
    [4, 3, 2],
    [20, 10, 2], // mounted on a horse of 10 (R-RIDE-4)
  ])("%s Schritt at %s per Aktion: %s Aktionen", (distance, speed, actions) => {
    expect(movementActions(distance, speed)).toBe(actions);
  });

  it("a creature of speed 0 cannot move (null), standing still costs nothing", () => {
    expect(movementActions(1, 0)).toBeNull();
    expect(movementActions(0, 0)).toBe(0);
  });

  it("never more Aktionen than needed, never fewer: (n − 1) × speed < distance ≤ n × speed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 60 }), (distance, speed) => {
        const n = movementActions(distance, speed)!;
        expect(n * speed).toBeGreaterThanOrEqual(distance);
        expect((n - 1) * speed).toBeLessThan(distance);
      }),
    );
  });
});

describe("the ruler's bands: affordable while the Aktionen left pay for the path", () => {
  it.each([
    [6, 6, 3, 1, true],
    [12, 6, 3, 2, true],
    [18, 6, 3, 3, true],
    [19, 6, 3, 4, false],
    [12, 6, 1, 2, false],
  ])("%s Schritt at %s, %s left: %s Aktionen, affordable %s", (distance, speed, left, actions, affordable) => {
    expect(speedBand(distance, speed, left)).toEqual({ actions, affordable, rule: "R-CORE-6" });
  });
});
