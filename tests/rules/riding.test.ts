import { describe, expect, it } from "vitest";
import {
  dismountCost,
  dismountSpot,
  hitTakenBy,
  mayMount,
  mountedMovement,
  onMount,
  ridingEvent,
  riderSpot,
  RIDING_COSTS,
  sizeStep,
  withinReach,
} from "../../src/rules";
import type { MountCandidate, RidingParty } from "../../src/rules";

const rikka: RidingParty = { id: "rikka", size: "mittel", down: false, riding: false, carrying: false };
const horse: MountCandidate = { id: "horse", size: "gross", down: false, riding: false, carrying: false, companion: true, ridable: true };
const near = { inReach: true };

describe("R-RIDE-1 a rider may ride a companion of at least its own size that can be ridden (GM decides)", () => {
  it("a ridable companion one size larger: allowed, costing 2 Aktionen", () => {
    expect(mayMount(rikka, horse, near)).toEqual({ allowed: true, reason: null, cost: 2, rules: ["R-RIDE-1", "R-RIDE-2"] });
  });

  it.each([
    ["mittel", "mittel", true],
    ["klein", "mittel", true],
    ["winzig", "riesig", true],
    ["gross", "mittel", false],
    ["mittel", "klein", false],
    ["riesig", "gross", false],
  ])("a %s rider on a %s mount: %s", (riderSize, mountSize, allowed) => {
    const decision = mayMount({ ...rikka, size: riderSize }, { ...horse, size: mountSize }, near);
    expect(decision.allowed).toBe(allowed);
    if (!allowed) expect(decision.reason).toBe("tooSmall");
  });

  it("an unknown size counts as mittel", () => {
    expect(sizeStep("W8")).toBe(sizeStep("mittel"));
    expect(mayMount({ ...rikka, size: undefined }, { ...horse, size: "klein" }, near).reason).toBe("tooSmall");
  });

  it.each([
    [{ companion: false }, "notCompanion"],
    [{ ridable: false }, "notRidable"],
    [{ down: true }, "mountDown"],
    [{ carrying: true }, "mountCarrying"],
    [{ riding: true }, "mountRiding"],
  ] as const)("a mount with %o is refused: %s", (change, reason) => {
    expect(mayMount(rikka, { ...horse, ...change }, near)).toMatchObject({ allowed: false, reason });
  });

  it.each([
    [{ down: true }, "riderDown"],
    [{ riding: true }, "riderRiding"],
    [{ carrying: true }, "riderCarrying"],
    [{ id: "horse" }, "self"],
  ] as const)("a rider with %o is refused: %s", (change, reason) => {
    expect(mayMount({ ...rikka, ...change }, horse, near)).toMatchObject({ allowed: false, reason });
  });

  it("out of reach is refused", () => {
    expect(mayMount(rikka, horse, { inReach: false })).toMatchObject({ allowed: false, reason: "tooFar" });
  });

  it.each([
    [{ col: 1, row: 0 }, true],
    [{ col: 2, row: 2 }, true],
    [{ col: 3, row: 0 }, false],
    [{ col: 0, row: 0, elevation: 1 }, true],
    [{ col: 0, row: 0, elevation: 2 }, false],
  ])("Decision: a 1×1 rider next to a 1×1 mount at 0,0 — rider at %o in reach: %s", (at, inReach) => {
    const mount = { col: 0, row: 0, cols: 1, rows: 1, elevation: 0 };
    expect(withinReach({ cols: 1, rows: 1, elevation: 0, ...at }, mount)).toBe(inReach);
  });
});

describe("R-RIDE-2 mounting costs 2 actions, dismounting 1", () => {
  it("the costs", () => {
    expect(RIDING_COSTS.mount).toBe(2);
    expect(mayMount(rikka, horse, near).cost).toBe(2);
    expect(dismountCost(true)).toEqual({ cost: 1, rules: ["R-RIDE-2"] });
  });
});

describe("R-RIDE-3 a trick or spell that moves the rider to another field dismounts it at no cost; the mount stays", () => {
  it("being moved off costs nothing", () => {
    expect(dismountCost(false)).toEqual({ cost: 0, rules: ["R-RIDE-3"] });
  });

  it("a rider moved to another field is off; moved within the mount's field it stays on", () => {
    expect(ridingEvent({ kind: "riderMoved", stillOnMount: false })).toEqual({ ends: true, riderFollows: false, cost: 0, rules: ["R-RIDE-3"] });
    expect(ridingEvent({ kind: "riderMoved", stillOnMount: true })).toMatchObject({ ends: false, cost: 0 });
  });

  const mount = { x: 200, y: 300, width: 1, height: 1, elevation: 0 };
  it.each([
    [{ x: 200, y: 280 }, true],
    [{ x: 240, y: 340 }, true],
    [{ x: 300, y: 280 }, false],
    [{ x: 200, y: 180 }, false],
    [{ x: 200, y: 280, elevation: 3 }, false],
  ])("a 1×1 rider at %o is on a mount at 200,300: %s", (at, on) => {
    expect(onMount({ width: 1, height: 1, elevation: 0, ...at }, mount, 100)).toBe(on);
  });
});

describe("R-RIDE-4 mounted, the rider uses the mount's speed and movement; the rider's token moves with the mount's", () => {
  it("the mount's speed and swimming speed replace the rider's", () => {
    expect(mountedMovement({ speed: 6, swim: 3 }, { speed: 12, swim: 6 })).toEqual({ speed: 12, swim: 6, mounted: true, rules: ["R-RIDE-4"] });
    expect(mountedMovement({ speed: 6, swim: 3 }, null)).toMatchObject({ speed: 6, swim: 3, mounted: false });
  });

  it("the mount moving carries the rider", () => {
    expect(ridingEvent({ kind: "mountMoved" })).toEqual({ ends: false, riderFollows: true, cost: 0, rules: ["R-RIDE-4"] });
  });

  it("the rider sits centred on its mount, a fifth of a field higher, at the mount's elevation", () => {
    expect(riderSpot({ x: 200, y: 300, width: 1, height: 1, elevation: 4 }, { width: 1, height: 1 }, 100)).toEqual({ x: 200, y: 280, elevation: 4 });
    expect(riderSpot({ x: 200, y: 300, width: 2, height: 2, elevation: 0 }, { width: 1, height: 1 }, 100)).toEqual({ x: 250, y: 330, elevation: 0 });
  });

  it("that spot is on the mount, for every mount and rider size and every position", () => {
    for (const [mw, rw] of [[1, 1], [2, 1], [3, 2], [2, 2], [4, 1]]) {
      for (const x of [0, 137, 1000]) {
        const mount = { x, y: x + 50, width: mw, height: mw, elevation: x / 100 };
        const spot = riderSpot(mount, { width: rw, height: rw }, 100);
        expect(onMount({ ...spot, width: rw, height: rw }, mount, 100)).toBe(true);
      }
    }
  });

  it("Decision: deleted rider or mount, or a mount at 0 Leben, ends the mount", () => {
    for (const kind of ["riderDeleted", "mountDeleted", "mountDown"] as const) expect(ridingEvent({ kind })).toMatchObject({ ends: true, cost: 0 });
  });
});

describe("R-RIDE-5 rider and mount remain separate creatures: own Leben, attacked separately, each defends itself", () => {
  it.each(["rider", "mount"] as const)("a hit on the %s is taken and defended by it alone", (who) => {
    expect(hitTakenBy(who)).toEqual({ takes: who, defends: who, rules: ["R-RIDE-5"] });
  });

  it("damage to either, or the rider dying, leaves the pair mounted", () => {
    expect(ridingEvent({ kind: "damaged", who: "rider" })).toMatchObject({ ends: false, rules: ["R-RIDE-5"] });
    expect(ridingEvent({ kind: "damaged", who: "mount" })).toMatchObject({ ends: false });
    expect(ridingEvent({ kind: "riderDown" })).toMatchObject({ ends: false });
  });
});

describe("R-RIDE-2 Decision: getting off, the rider steps onto a free field beside the mount", () => {
  const mount = { x: 200, y: 200, width: 1, height: 1, elevation: 2 };
  const at = (col: number, row: number, elevation = 2) => ({ col, row, cols: 1, rows: 1, elevation });
  it("to the right when free, at the mount's elevation", () => {
    expect(dismountSpot(mount, { width: 1, height: 1 }, [], 100)).toEqual({ x: 300, y: 200, elevation: 2 });
  });
  it("right taken: left; right and left taken: below; a token at another height takes nothing", () => {
    expect(dismountSpot(mount, { width: 1, height: 1 }, [at(3, 2)], 100)).toEqual({ x: 100, y: 200, elevation: 2 });
    expect(dismountSpot(mount, { width: 1, height: 1 }, [at(3, 2), at(1, 2)], 100)).toEqual({ x: 200, y: 300, elevation: 2 });
    expect(dismountSpot(mount, { width: 1, height: 1 }, [at(3, 2, 9)], 100)).toEqual({ x: 300, y: 200, elevation: 2 });
  });
  it("all eight taken: the right one", () => {
    const ring = [at(3, 2), at(1, 2), at(2, 3), at(2, 1), at(3, 1), at(1, 1), at(3, 3), at(1, 3)];
    expect(dismountSpot(mount, { width: 1, height: 1 }, ring, 100)).toEqual({ x: 300, y: 200, elevation: 2 });
  });
});
