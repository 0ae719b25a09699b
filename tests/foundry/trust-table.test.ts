// ARCHITECTURE.md "Trust model", issue 33 scope 7: every request type the active GM carries out says, in the trust
// table, who owns each fact it reads; a type without its row is not wired at all.
import { describe, expect, it } from "vitest";
import { TRUST_TABLE } from "../../src/automation/card-record/facts";
import { registerRelay } from "../../src/automation/gm-relay";
import { resetWorld } from "../harness";

describe("the trust table", () => {
  it("a request type without a row (and without facts of its own) is refused at registration", () => {
    resetWorld();
    expect(() => registerRelay("unknownHandler", async () => null)).toThrow(/trust table/);
    expect(() => registerRelay("withFacts", async () => null, { facts: { request: "gm" } })).not.toThrow();
  });

  it("every row names an owner for every fact, and every handler of the system has a row", () => {
    for (const row of Object.values(TRUST_TABLE)) expect(Object.keys(row).length).toBeGreaterThan(1);
    // The system's own handlers were all registered at init (tests/harness/setup.ts starts the system): none threw.
    expect(Object.keys(TRUST_TABLE).sort()).toEqual(
      ["attackApply", "attackDefend", "breathAdvance", "combatActions", "companionCommand", "companionTraining", "craftPay", "craftWork", "endOfDay", "fallApply", "fallDodge", "fallResolve", "fallRider", "healApply", "plotHarvest", "plotSow", "rest", "rewardPay", "riding", "shortCombatGM", "shortCombatReport", "work"].sort(),
    );
  });
});
