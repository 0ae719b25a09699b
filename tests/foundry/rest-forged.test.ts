// Forged payloads to every new handler of the rest (the relay's "rest", the owners' "flexRest" question):
// a hostile player writes nothing, and a GM's garbage is read as the rules allow.
import { beforeEach, describe, expect, it } from "vitest";
import { as, messages, queryCount, resetWorld, state, type Clients } from "../harness";
import { DialogV2, flex, giveKit, party, sys, worldTime } from "./rest-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const query = (user: Any, data: Record<string, unknown>) => user.query("flex", data, { timeout: 2000 }).catch((e: Error) => e);

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  DialogV2().answers.length = 0;
  DialogV2().prompts.length = 0;
});

describe('forged "rest" requests to the active GM write nothing', () => {
  it("a player naming a GM as requester: unconfirmed, 0 writes", async () => {
    const heroes = await party(clients, 2, () => ({ erschoepfung: { value: 4 } }));
    const before = state.writes.length;
    const t0 = worldTime();
    const answer = await as(clients.players[0], () =>
      query(clients.gms[0], { type: "rest", requestId: "forged-1xxxxxxxx", requester: clients.gms[1].id, payload: { type: "fullRest", actorIds: heroes.map((h) => h.id), healer: true, answers: {}, defaulted: [] } }),
    );
    expect(answer).toEqual({ flexRefused: "unconfirmed" });
    expect(state.writes.length).toBe(before);
    expect(worldTime()).toBe(t0);
    expect(sys(heroes[0]).erschoepfung.value).toBe(4);
  });

  it("a player naming themselves: confirmed, but no GM: forbidden, 0 writes", async () => {
    const heroes = await party(clients, 1);
    const before = state.writes.length;
    const { askActiveGM } = await import("../../src/automation/gm-relay");
    const out = await as(clients.players[0], () => askActiveGM("rest", { type: "longRest", actorIds: [heroes[0].id], answers: {}, defaulted: [] }));
    expect(out).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", userId: clients.players[0].id });
  });

  it.each([
    ["no payload", undefined],
    ["a payload that is an array", []],
    ["no rest type", { actorIds: [] }],
    ["an unknown rest type", { type: "nap", actorIds: [] }],
  ])("malformed (%s), even from a GM: 0 writes", async (_label, payload) => {
    await party(clients, 1);
    const before = state.writes.length;
    const { askActiveGM } = await import("../../src/automation/gm-relay");
    expect(await as(clients.gms[1], () => askActiveGM("rest", payload as Any))).toBeNull();
    expect(state.writes.length).toBe(before);
  });

  it("a GM's garbage: unknown actors, creatures and wild answers are read as the rules allow", async () => {
    const [hero] = await party(clients, 1, () => ({ level: 2, leben: { value: 1, max: 50 }, geld: 5 }));
    await giveKit(hero, 10);
    const beast = await (globalThis as Any).Actor.create({ name: "Wolf", type: "creature" });
    const { runRest } = await import("../../src/automation/rest");
    const report = await runRest(
      {
        type: "breather",
        actorIds: [hero.id, beast.id, "doesnotexist1234", 7, { $where: 1 }],
        healer: "yes",
        answers: { [hero.id]: { hitDice: 1e9, kit: true, talent: "toString", activity: "light", downtime: Array.from({ length: 100 }, () => ({ id: "zechen", amount: -5 })) }, [beast.id]: { hitDice: 5 } },
        defaulted: "all",
      },
      { requester: clients.gms[0], requestId: "garbage-rest-1" } as Any,
    );
    expect(report.entries.map((e: Any) => e.name)).toEqual(["Held 1"]);
    // R-REST-1: one hit die, whatever was asked; the kit, since "yes" is no healer; no talent; no downtime at a breather.
    expect(report.entries[0].hitDice).toMatchObject({ count: 1, care: "kit" });
    expect(report.entries[0].talent).toBeNull();
    expect(report.entries[0].downtime).toBeNull();
    expect(sys(hero).geld).toBe(5);
  });
});

describe('forged "flexRest" questions open nothing and write nothing', () => {
  it("to a GM, about an actor the player does not own, or garbage: no dialog, no answer", async () => {
    const [mine, theirs] = await party(clients, 2);
    const prompt = (actorId: string) => ({ restId: "forged-3xxxxxxxx", type: "longRest", actorId, healer: false, kitCharges: 0, seconds: 5 });
    const before = state.writes.length;
    const sent = queryCount.sent;
    // A player asks a GM's client, the other player's client about the first one's character, and sends garbage.
    expect(await as(clients.players[0], () => clients.gms[0].query("flexRest", prompt(mine.id)))).toBeNull();
    expect(await as(clients.players[0], () => clients.players[1].query("flexRest", prompt(mine.id)))).toBeNull();
    for (const garbage of [null, 5, "x", { type: "longRest" }, { ...prompt(mine.id), type: "nap" }, { ...prompt(mine.id), restId: "<script>" }]) {
      expect(await as(clients.players[1], () => clients.players[0].query("flexRest", garbage as Any))).toBeNull();
    }
    expect(queryCount.sent - sent).toBe(8);
    expect(DialogV2().prompts).toHaveLength(0);
    expect(state.writes.length).toBe(before);
    void theirs;
  });

  it("a player's wild answer is clamped by the active GM: the rest's dice, the activity limit, the money", async () => {
    const [hero] = await party(clients, 1, () => ({ level: 1, leben: { value: 1, max: 50 }, geld: 3 }));
    await giveKit(hero, 10);
    DialogV2().answers.push({
      activity: "sleepwalking",
      hitDice: "999",
      kit: "on",
      talent: "kreativeAtempause",
      "downtime.zechen.on": true,
      "downtime.einkaufen.on": true,
      "downtime.einkaufen.amount": "-100",
      "downtime.gluecksspiel.on": true,
      "downtime.gluecksspiel.amount": "1e9",
    });
    const report = await flex().rest({ type: "longRest", actors: [hero.id] });
    const entry = report.entries[0];
    // Unknown activity → light; the talent is no long-rest talent; hit dice: all remaining (1 at Level 1).
    expect(entry.answer.activity).toBe("light");
    expect(entry.talent).toMatchObject({ id: "kreativeAtempause", check: { allowed: false, reason: "restType" } });
    expect(entry.hitDice.count).toBe(1);
    // Carousing costs 4 > 3 money; buying at −100 is read as 0; gambling 1e9 is more than the money.
    expect(entry.downtime.accepted.map((a: Any) => [a.id, a.cost])).toEqual([["einkaufen", 0]]);
    expect(entry.downtime.refused.map((r: Any) => [r.id, r.reason])).toEqual([["gluecksspiel", "money"], ["zechen", "money"]]);
    expect(sys(hero).geld).toBe(3);
    expect(messages()).toHaveLength(1);
  });
});
