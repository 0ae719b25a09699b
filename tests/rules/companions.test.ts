import { describe, expect, it } from "vitest";
import {
  commandCost,
  companionCommand,
  companionDefence,
  companionFallDodge,
  companionMovement,
  companionMoves,
  companionRelation,
  companionTurnPlace,
  downedStatusOf,
} from "../../src/rules/companions";

describe("R-COMP-1 a creature and its trainer", () => {
  it.each([
    [null, "Actor.rikka", "wild"],
    ["Actor.rikka", "Actor.rikka", "companion"],
    ["Actor.bela", "Actor.rikka", "other"],
  ] as const)("linked to %s, trained by %s: %s", (linked, trainer, relation) => {
    expect(companionRelation(linked, trainer)).toBe(relation);
  });
});

describe("R-COMP-4 a companion shares its trainer's initiative position", () => {
  const rikka = { entry: { initiative: 14, ge: 10, tiebreak: 0.3 }, after: 0 };
  const wolf = { entry: { initiative: 3, ge: 10, tiebreak: 0.9 }, after: 0 };

  it("it takes the trainer's entry and comes right after the trainer", () => {
    expect(companionTurnPlace(wolf, rikka)).toEqual({ entry: rikka.entry, after: 1 });
  });

  it("without its trainer in the fight, it keeps its own place", () => {
    expect(companionTurnPlace(wolf, null)).toBe(wolf);
  });
});

describe("R-COMP-5 a command: the trainer pays the attack's actions and rolls the handling check against Misstrauen", () => {
  it.each([
    [2, false, { kind: "actions", amount: 2 }],
    [3, false, { kind: "actions", amount: 3 }],
    ["x", false, { kind: "actions", amount: 1 }],
    [2, true, { kind: "reaction", amount: 1 }],
  ] as const)("an attack of %s Aktionen, reaction %s: costs %o", (actions, reaction, cost) => {
    expect(commandCost(actions, reaction)).toEqual(cost);
  });

  it.each([
    [18, 18, true, 18],
    [25, 18, true, 25],
    [17, 18, false, null],
    [9, 4, false, null], // the SW is the Misstrauen in force: never below 10
  ])("EW %i against Misstrauen %i: success %s, the attack's EW %s", (ew, misstrauen, success, attackEW) => {
    expect(companionCommand({ ew, misstrauen })).toMatchObject({ success, attackEW, ew, sw: Math.max(10, misstrauen), rules: ["R-COMP-1", "R-COMP-5"] });
  });

  it("an EW that is no number is a caller error", () => {
    expect(() => companionCommand({ ew: Number.NaN, misstrauen: 18 })).toThrow(RangeError);
  });
});

describe("R-COMP-6 the companion moves during its trainer's turn", () => {
  it.each([
    [0, 1],
    [1, 2],
    [3, 4],
  ])("the trainer moved %i times: the companion may move its speed %i times", (moves, n) => {
    expect(companionMoves(moves)).toBe(n);
  });

  it("during the trainer's turn it may move its speed (6 Schritt), and again per move of the trainer; outside it not", () => {
    expect(companionMovement({ speed: 6, trainersTurn: true })).toEqual({ now: true, schritt: 6, moves: 1, rule: "R-COMP-6" });
    expect(companionMovement({ speed: 6, trainersTurn: true, trainerMoves: 2 })).toMatchObject({ moves: 3 });
    expect(companionMovement({ speed: 6, trainersTurn: false })).toMatchObject({ now: false, moves: 0 });
    expect(companionMovement({ speed: Number.NaN, trainersTurn: true })).toMatchObject({ schritt: 0 });
  });
});

describe("R-COMP-7 a companion defends with its own stored Ausweichen or Parade value; its RE needs the trainer's RE and a check", () => {
  it("the better stored value, or the one asked for", () => {
    expect(companionDefence({ ausweichen: 12, parade: 8 })).toEqual({ kind: "ausweichen", ew: 12, rules: ["R-COMP-7", "R-CORE-11"] });
    expect(companionDefence({ ausweichen: 6, parade: 9 })).toMatchObject({ kind: "parade", ew: 9 });
    expect(companionDefence({ ausweichen: 12, parade: 8 }, "parade")).toMatchObject({ kind: "parade", ew: 8 });
  });

  it.each([
    [12, 9, true],
    [12, 12, true],
    [8, 9, false],
  ])("a fall onto it: stored Ausweichen %i against SW %i avoids the damage: %s", (ausweichen, sw, success) => {
    expect(companionFallDodge({ ausweichen, parade: 99 }, sw)).toEqual({ ew: ausweichen, success, rules: ["R-COMP-7", "R-FALL-3"] });
  });

  it("a reaction command: the trainer's RE and the handling check against Misstrauen", () => {
    expect(commandCost(3, true)).toEqual({ kind: "reaction", amount: 1 });
    expect(companionCommand({ ew: 20, misstrauen: 18, reaction: true })).toMatchObject({ success: true, rules: ["R-COMP-1", "R-COMP-7"] });
    expect(companionCommand({ ew: 10, misstrauen: 18, reaction: true })).toMatchObject({ success: false, attackEW: null });
  });
});

describe("R-COMP-8 a trained companion at 0 Leben is dying, not dead", () => {
  it.each([
    [true, false, "dying"],
    [false, true, "dying"],
    [false, false, "dead"],
  ])("character %s, companion %s: %s", (character, companion, status) => {
    expect(downedStatusOf({ character, companion })).toBe(status);
  });
});
