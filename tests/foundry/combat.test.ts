// FlexCombat's hook points: core runs them on the active GM's client only, and only moving forward.
import { beforeEach, describe, expect, it } from "vitest";
import { registerCombatAutomation } from "../../src/documents/combat";
import { resetWorld, settle, state, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const calls: { hook: string; round: number; userId: string }[] = [];

registerCombatAutomation({
  id: "test-recorder",
  async onStartRound(_c, ctx) { calls.push({ hook: "startRound", round: ctx.round, userId: state.currentUserId }); },
  async onEndRound(_c, ctx) { calls.push({ hook: "endRound", round: ctx.round, userId: state.currentUserId }); },
});

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  calls.length = 0;
});

describe("FlexCombat round hook points", () => {
  it("runs each round's handlers once, on the active GM, with five clients connected", async () => {
    const combat = await (globalThis as Any).Combat.create({});
    await combat.startCombat();
    await combat.nextRound();
    await settle();
    expect(calls).toEqual([
      { hook: "startRound", round: 1, userId: clients.gms[0].id },
      { hook: "endRound", round: 1, userId: clients.gms[0].id },
      { hook: "startRound", round: 2, userId: clients.gms[0].id },
    ]);
  });

  it("a failing automation is reported and does not stop the others", async () => {
    registerCombatAutomation({ id: "broken", async onStartRound() { throw new Error("boom"); } });
    const combat = await (globalThis as Any).Combat.create({});
    await combat.startCombat();
    await settle();
    registerCombatAutomation({ id: "broken" });
    expect(calls.map((c) => c.hook)).toEqual(["startRound"]);
    expect(state.notifications.some((n) => n.type === "error" && n.message.includes("broken"))).toBe(true);
  });
});
