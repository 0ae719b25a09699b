import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canLowerMisstrauen,
  TRAINING_BLOCK_COST,
  TRAINING_BLOCK_HOURS,
  TRAINING_GOAL,
  trainingAffordable,
  trainingBlock,
  trainingCompletion,
  trainingCost,
  trainingRun,
} from "../../src/rules/training";

describe("R-TRAIN-1 training is an accumulating check against SW = Misstrauen, 10 ¥ per 4-hour block, complete at 100", () => {
  it("the constants of the seed: 100 EW, 10 ¥ and 4 hours per block", () => {
    expect([TRAINING_GOAL, TRAINING_BLOCK_COST, TRAINING_BLOCK_HOURS]).toEqual([100, 10, 4]);
  });

  it.each([
    // progress, EW, SW → success, added, progress
    [0, 18, 18, true, 18, 18],
    [0, 25, 18, true, 25, 25],
    [40, 17, 18, false, 0, 40],
    [40, 1, 18, false, 0, 40],
    [90, 12, 12, true, 12, 102],
  ])("a block from %i with EW %i against SW %i: met %s, adds %i, progress %i", (progress, ew, sw, success, added, after) => {
    expect(trainingBlock(progress, ew, sw)).toEqual({ ew, success, added, progress: after });
  });

  it("Decision: a roll below the SW adds nothing (not even part of it)", () => {
    expect(trainingBlock(50, 17, 18).added).toBe(0);
  });

  it("a session stops at the block that completes: the rest are neither trained nor paid", () => {
    // Misstrauen 18: 20, 15 (below), 30, 25, 26 → 20, 20, 50, 75, 101: complete after 5 blocks.
    const run = trainingRun({ progress: 0, misstrauen: 18, ews: [20, 15, 30, 25, 26, 40, 40] });
    expect(run.blocks.map((b) => b.progress)).toEqual([20, 20, 50, 75, 101]);
    expect(run).toMatchObject({ before: 0, completed: true, progress: 0, cost: 50, hours: 20, rules: ["R-TRAIN-1", "R-TRAIN-2"] });
  });

  it("a session that does not reach 100 keeps the accumulated EW for the next one and pays every block", () => {
    const run = trainingRun({ progress: 46, misstrauen: 18, ews: [19, 10, 22] });
    expect(run).toMatchObject({ before: 46, progress: 87, completed: false, cost: 30, hours: 12, rules: ["R-TRAIN-1"] });
    expect(run.blocks.map((b) => b.success)).toEqual([true, false, true]);
  });

  it("the SW is the Misstrauen in force: never below 10 (R-COMP-3)", () => {
    expect(trainingRun({ progress: 0, misstrauen: 3, ews: [9, 10] }).blocks.map((b) => b.added)).toEqual([0, 10]);
  });

  it("Decision: the excess over 100 is not kept; the next training starts at 0", () => {
    expect(trainingRun({ progress: 95, misstrauen: 12, ews: [30] }).progress).toBe(0);
  });

  it("the outcome is a pure function of the rolls: blocks, cost and completion follow from the EWs alone", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 10, max: 40 }), fc.array(fc.integer({ min: -5, max: 60 }), { maxLength: 42 }), (progress, misstrauen, ews) => {
        const run = trainingRun({ progress, misstrauen, ews });
        expect(trainingRun({ progress, misstrauen, ews })).toEqual(run);
        expect(run.cost).toBe(run.blocks.length * 10);
        expect(run.hours).toBe(run.blocks.length * 4);
        const sum = progress + run.blocks.reduce((s, b) => s + b.added, 0);
        expect(run.completed).toBe(sum >= 100);
        // It stops exactly at the block that reaches 100, and only a successful block adds.
        if (run.completed) expect(progress + run.blocks.slice(0, -1).reduce((s, b) => s + b.added, 0)).toBeLessThan(100);
        else expect(run.blocks).toHaveLength(ews.length);
        for (const b of run.blocks) expect(b.added).toBe(b.ew >= misstrauen ? Math.max(0, b.ew) : 0);
      }),
    );
  });

  it.each([
    [100, 10, true, 100, 0],
    [99, 10, false, 100, -1],
    [1240, 3, true, 30, 1210],
    [0, 0, true, 0, 0],
  ])("money: %i ¥ for %i blocks → allowed %s, cost %i, left %i", (geld, blocks, allowed, cost, left) => {
    expect(trainingAffordable(geld, blocks)).toEqual({ allowed, cost, left });
    expect(trainingCost(blocks)).toBe(cost);
  });
});

describe("R-TRAIN-2 a completed block: an uncontrolled creature becomes a companion; a companion loses 1 Misstrauen or learns", () => {
  it("an uncontrolled creature becomes the trainer's companion; Misstrauen stays", () => {
    expect(trainingCompletion({ relation: "wild", misstrauen: 18, reward: null })).toEqual({ kind: "companion", misstrauen: { before: 18, after: 18 }, rules: ["R-TRAIN-2"] });
  });

  it.each([
    [18, 17],
    [11, 10],
    [10, 10],
  ])("R-COMP-3 Misstrauen − 1, never below 10: %i → %i", (before, after) => {
    expect(trainingCompletion({ relation: "companion", misstrauen: before, reward: "misstrauen" }).misstrauen).toEqual({ before, after });
  });

  it("or a new passive or attack, Misstrauen unchanged", () => {
    expect(trainingCompletion({ relation: "companion", misstrauen: 21, reward: "lernen" })).toMatchObject({ kind: "lernen", misstrauen: { before: 21, after: 21 } });
  });

  it("at Misstrauen 10 there is nothing left to lower", () => {
    expect([canLowerMisstrauen(11), canLowerMisstrauen(10), canLowerMisstrauen(4)]).toEqual([true, false, false]);
  });

  it("someone else's companion, or a companion without a chosen reward, is a caller error", () => {
    expect(() => trainingCompletion({ relation: "other", misstrauen: 18, reward: "lernen" })).toThrow(RangeError);
    expect(() => trainingCompletion({ relation: "companion", misstrauen: 18, reward: null })).toThrow(RangeError);
  });
});
