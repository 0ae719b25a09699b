// The owners' rest dialogs stay open until their player answers, late or never (the stand-in's DialogV2 with
// stayOpen, as v13's dialogs): each closes at the GM's deadline, also for a player with two characters in one
// rest (audit N9: one dialog id per character), and who did not answer gets the defaults.
import { beforeEach, describe, expect, it } from "vitest";
import { as, resetWorld, state, type Clients } from "../harness";
import { DialogV2, flex, party } from "./rest-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
  DialogV2().answers.length = 0;
  DialogV2().prompts.length = 0;
  DialogV2().stayOpen = true;
});

async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(test()).toBe(true);
}

describe("a player with two characters in one rest", () => {
  it("gets two dialogs, one per character; nobody answers, and both close at the deadline with the defaults", async () => {
    const [a, b] = await party(clients, 2);
    const resting = flex().rest({ type: "shortRest", actors: [a.id, b.id], answerSeconds: 1 });
    await until(() => DialogV2().open.size === 2);
    const ids = DialogV2().prompts.map((p: Any) => p.id);
    expect(new Set(ids).size).toBe(2);
    expect([...g.foundry.applications.instances.keys()].filter((k: string) => k.startsWith("flex-rest-answer-"))).toHaveLength(2);
    const report = await resting;
    // Both dialogs are gone from the player's screen (each at its own timer), each telling the player why.
    await until(() => DialogV2().open.size === 0);
    expect(state.notifications.filter((n) => n.userId === clients.players[0].id && n.message.includes("abgelaufen"))).toHaveLength(2);
    expect(report.entries.map((e: Any) => e.defaulted)).toEqual([true, true]);
  });

  it("answers one dialog late, before the deadline: that character rests as chosen, the other with the defaults", async () => {
    const [a, b] = await party(clients, 2);
    const resting = flex().rest({ type: "shortRest", actors: [a.id, b.id], answerSeconds: 1 });
    await until(() => DialogV2().open.size === 2);
    await new Promise((r) => setTimeout(r, 300));
    await as(clients.players[0], () => DialogV2().answerOpen(DialogV2().prompts.find((p: Any) => p.id.endsWith(a.id)).id, { activity: "heavy", hitDice: "0", talent: "" }));
    const report = await resting;
    await until(() => DialogV2().open.size === 0);
    const byId = Object.fromEntries(report.entries.map((e: Any) => [e.actorId, e]));
    expect([byId[a.id].defaulted, byId[b.id].defaulted]).toEqual([false, true]);
  });
});
