import fc from "fast-check";
import { describe, it, expect } from "vitest";
import {
  ACTIONS_PER_ROUND, EMPTY_ACTION_STATE, REACTIONS_PER_ROUND, actionWindow, actionsLeft, canAfford, coerceActionState, reactionsLeft,
  refundActions, refundReaction, remainingActions, spendActions, spendReaction,
} from "../../src/rules/actions";
import type { ActionState } from "../../src/rules/actions";

describe("R-CORE-6 in a KR a creature has 3 Aktionen and 1 RE", () => {
  it("3 Aktionen and 1 RE per KR by default", () => {
    expect(ACTIONS_PER_ROUND).toBe(3);
    expect(REACTIONS_PER_ROUND).toBe(1);
  });

  it.each([
    [0, 3],
    [1, 2],
    [2, 1],
    [3, 0],
    [4, 0],
    [-1, 3],
    [Number.NaN, 3],
  ])("%d spent → %i left (never negative)", (spent, left) => {
    expect(remainingActions(spent)).toBe(left);
  });

  it.each([
    [0, 3, true],
    [0, 4, false],
    [1, 2, true],
    [2, 2, false],
    [2, 1, true],
    [3, 1, false],
    [3, 0, true],
  ])("%i spent, costs %i → affordable: %s", (spent, cost, ok) => {
    expect(canAfford(spent, cost)).toBe(ok);
  });

  it("a world with 4 Aktionen per KR (CONFIG.FLEX.actionsPerRound) passes it in", () => {
    expect(remainingActions(3, 4)).toBe(1);
    expect(canAfford(2, 2, 4)).toBe(true);
    expect(canAfford(3, 2, 4)).toBe(false);
  });
});

const fresh = (): ActionState => ({ ...EMPTY_ACTION_STATE });

describe("R-CORE-6 Aktionen come back at the start of the combatant's own turn; Reaktionen at the start of each KR", () => {
  it.each([
    // round, the combatant's turn index, the current turn, window
    [1, 0, 0, "1"],
    [1, 2, 0, "0"],
    [1, 2, 1, "0"],
    [1, 2, 2, "1"],
    [1, 2, 4, "1"],
    [2, 1, 0, "1"],
    [2, 1, 1, "2"],
    [2, 1, null, "1"],
    [3, 0, null, "2"],
  ] as const)("KR %i, own turn at %i, turn %s → window %s", (round, combatantTurnIndex, currentTurn, window) => {
    expect(actionWindow({ round, combatantTurnIndex, currentTurn })).toBe(window);
  });

  it("3 Aktionen spent in its turn of KR 1 stay spent until its turn in KR 2 starts", () => {
    const own = 2;
    const spent = spendActions(fresh(), { cost: 3, window: actionWindow({ round: 1, combatantTurnIndex: own, currentTurn: own }) }).state;
    expect(actionsLeft(spent, actionWindow({ round: 1, combatantTurnIndex: own, currentTurn: 3 }))).toBe(0);
    expect(actionsLeft(spent, actionWindow({ round: 2, combatantTurnIndex: own, currentTurn: 0 }))).toBe(0);
    expect(actionsLeft(spent, actionWindow({ round: 2, combatantTurnIndex: own, currentTurn: own }))).toBe(3);
  });

  it("the Reaktion of KR 1 is back in KR 2 before the combatant's own turn", () => {
    const state = spendReaction(fresh(), { round: 1 }).state;
    expect(reactionsLeft(state, 1)).toBe(0);
    expect(reactionsLeft(state, 2)).toBe(1);
    expect(spendReaction(state, { round: 2 }).allowed).toBe(true);
  });
});

describe("R-CORE-6 spending Aktionen: 3 per KR, refused past the limit unless a GM overrides", () => {
  it.each([
    // spent in this window, cost, allowed, remaining after
    [0, 1, true, 2],
    [0, 3, true, 0],
    [0, 4, false, 3],
    [1, 2, true, 0],
    [2, 2, false, 1],
    [3, 1, false, 0],
    [3, 0, true, 0],
  ])("%i spent, costs %i → allowed: %s, %i left", (spent, cost, allowed, remaining) => {
    const state: ActionState = { ...fresh(), window: "4", actions: spent };
    const out = spendActions(state, { cost, window: "4" });
    expect(out).toMatchObject({ allowed, remaining, overridden: false, rules: ["R-CORE-6"] });
    expect(out.state.actions).toBe(allowed ? spent + cost : spent);
  });

  it("a refusal changes nothing", () => {
    const state: ActionState = { window: "4", actions: 2, reactions: 1, reactionRound: 4 };
    expect(spendActions(state, { cost: 2, window: "4" }).state).toEqual(state);
  });

  it("a new window starts at 0, whatever the last one spent", () => {
    const state: ActionState = { window: "3", actions: 3, reactions: 0, reactionRound: null };
    const out = spendActions(state, { cost: 3, window: "4" });
    expect(out).toMatchObject({ allowed: true, remaining: 0, state: { window: "4", actions: 3 } });
  });

  it("a GM may spend past the limit: allowed and noted", () => {
    const state: ActionState = { ...fresh(), window: "1", actions: 3 };
    const out = spendActions(state, { cost: 2, window: "1", override: true });
    expect(out).toMatchObject({ allowed: true, overridden: true, remaining: 0, state: { actions: 5 } });
    expect(spendActions(fresh(), { cost: 1, window: "1", override: true }).overridden).toBe(false);
  });

  it("a world with 4 Aktionen per KR passes it in", () => {
    const state: ActionState = { ...fresh(), window: "1", actions: 3 };
    expect(spendActions(state, { cost: 1, window: "1", perRound: 4 })).toMatchObject({ allowed: true, remaining: 0 });
    expect(actionsLeft(state, "1", 4)).toBe(1);
  });

  it("stored garbage counts as nothing spent", () => {
    const state: ActionState = { window: "1", actions: Number.NaN, reactions: -2, reactionRound: 1 };
    expect(actionsLeft(state, "1")).toBe(3);
    expect(reactionsLeft(state, 1)).toBe(1);
  });

  it.each<[unknown, ActionState]>([
    [null, { window: null, actions: 0, reactions: 0, reactionRound: null }],
    ["3", { window: null, actions: 0, reactions: 0, reactionRound: null }],
    [{ window: "2", actions: 2, reactions: 1, reactionRound: 2 }, { window: "2", actions: 2, reactions: 1, reactionRound: 2 }],
    [{ window: 2, actions: "2", reactions: -1, reactionRound: Number.NaN }, { window: null, actions: 0, reactions: 0, reactionRound: null }],
    [{ window: "5", actions: 2.8 }, { window: "5", actions: 2, reactions: 0, reactionRound: null }],
  ])("a stored state %j reads as %j", (stored, state) => {
    expect(coerceActionState(stored)).toEqual(state);
  });
});

describe("R-CORE-6 spending the 1 RE of a KR: refused past the limit unless a GM overrides", () => {
  it("one Reaktion per KR, the second refused, a GM's allowed and noted", () => {
    const first = spendReaction(fresh(), { round: 3 });
    expect(first).toMatchObject({ allowed: true, remaining: 0, overridden: false, state: { reactions: 1, reactionRound: 3 } });
    const second = spendReaction(first.state, { round: 3 });
    expect(second).toMatchObject({ allowed: false, remaining: 0, overridden: false, rules: ["R-CORE-6"] });
    expect(second.state).toEqual(first.state);
    const forced = spendReaction(first.state, { round: 3, override: true });
    expect(forced).toMatchObject({ allowed: true, overridden: true, state: { reactions: 2 } });
  });

  it("spending a Reaktion does not touch the Aktionen, nor the other way round", () => {
    const state: ActionState = { window: "3", actions: 2, reactions: 0, reactionRound: null };
    expect(spendReaction(state, { round: 3 }).state).toMatchObject({ window: "3", actions: 2 });
    expect(spendActions({ ...state, reactions: 1, reactionRound: 3 }, { cost: 1, window: "3" }).state).toMatchObject({ reactions: 1, reactionRound: 3 });
  });

  it("2 Reaktionen per KR when the world says so", () => {
    const once = spendReaction(fresh(), { round: 1, perRound: 2 });
    expect(once.remaining).toBe(1);
    expect(spendReaction(once.state, { round: 1, perRound: 2 })).toMatchObject({ allowed: true, remaining: 0 });
  });
});

describe("R-CORE-6 an undo gives the Aktionen back, within the same window, never below 0", () => {
  it.each([
    // spent, refund, refunded, spent after
    [3, 2, 2, 1],
    [2, 2, 2, 0],
    [1, 5, 1, 0],
    [2, 0, 0, 2],
    [2, -1, 0, 2],
  ])("%i spent, undo %i → %i given back, %i spent", (spent, cost, refunded, after) => {
    const out = refundActions({ ...fresh(), window: "2", actions: spent }, { cost, window: "2" });
    expect(out).toMatchObject({ refunded, state: { actions: after }, rules: ["R-CORE-6"] });
  });

  it("after the window has passed nothing is given back", () => {
    const state: ActionState = { ...fresh(), window: "2", actions: 3 };
    expect(refundActions(state, { cost: 2, window: "3" })).toEqual({ state, refunded: 0, rules: ["R-CORE-6"] });
  });

  it("an undone Reaktion comes back in the same KR only", () => {
    const state: ActionState = { ...fresh(), reactions: 1, reactionRound: 2 };
    expect(refundReaction(state, { round: 2 })).toMatchObject({ refunded: 1, state: { reactions: 0 } });
    expect(refundReaction(state, { round: 3 })).toMatchObject({ refunded: 0, state });
    expect(refundReaction({ ...state, reactions: 0 }, { round: 2 }).refunded).toBe(0);
  });

  it("property: spending then refunding the same cost gives the state's Aktionen back", () => {
    fc.assert(
      fc.property(fc.nat(3), fc.nat(5), fc.constantFrom("1", "2"), fc.boolean(), (spent, cost, window, override) => {
        const state: ActionState = { ...fresh(), window: "1", actions: spent };
        const before = actionsLeft(state, window);
        const spend = spendActions(state, { cost, window, override });
        const back = spend.allowed ? refundActions(spend.state, { cost, window }).state : spend.state;
        expect(actionsLeft(back, window)).toBe(before);
      }),
    );
  });

  it("property: without an override, no sequence of spending goes past 3 per window; left is always 0..3", () => {
    const step = fc.record({ kind: fc.constantFrom("spend", "refund", "react"), cost: fc.integer({ min: -1, max: 4 }), window: fc.constantFrom("1", "2") });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), (steps) => {
        let state = fresh();
        for (const s of steps) {
          if (s.kind === "spend") state = spendActions(state, { cost: s.cost, window: s.window }).state;
          else if (s.kind === "refund") state = refundActions(state, { cost: s.cost, window: s.window }).state;
          else state = spendReaction(state, { round: Number(s.window) }).state;
          expect(state.actions).toBeLessThanOrEqual(ACTIONS_PER_ROUND);
          expect(state.actions).toBeGreaterThanOrEqual(0);
          expect(state.reactions).toBeLessThanOrEqual(REACTIONS_PER_ROUND);
          for (const w of ["1", "2"]) {
            expect(actionsLeft(state, w)).toBeGreaterThanOrEqual(0);
            expect(actionsLeft(state, w)).toBeLessThanOrEqual(ACTIONS_PER_ROUND);
          }
        }
      }),
    );
  });
});
