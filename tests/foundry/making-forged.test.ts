// Every GM handler of making and earning as a hostile player would use it: a forged sender, someone else's
// character, a malformed payload, numbers the GM must not believe. Each is refused, or derives its numbers itself,
// and a refusal writes nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { askActiveGM } from "../../src/automation/gm-relay";
import { as, createActor, dice, messages, resetWorld, state, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const flex = () => g.game.flex;
let clients: Clients;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

/** What a hacked client can do: send any payload to the active GM's query handler. */
function forge(player: Any, message: Record<string, unknown>): Promise<Any> {
  return as(player, () => g.game.users.activeGM.query("flex", message, { timeout: 5000 }));
}
const refusedWith = (answer: Any, reason: string) => expect(answer).toEqual({ flexRefused: reason });

/** Rikka (player 1) with a paid project, a ripe field and a work talent; the GM's own bag of gold beside her. */
async function world() {
  const owner = clients.players[0];
  const rikka = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [owner.id]: 3 }, system: { geld: 500, level: 5, attributes: { ff: 10 } } })) as Any;
  await rikka.createEmbeddedDocuments("Item", [{ name: "Schmieden", type: "talent", system: { attribut: "ff", uebungswert: 3 } }]);
  const source = await g.Item.create({ name: "Dolch", type: "weapon", system: { preis: 40 } });
  const project = await as(owner, () => flex().making.createProject(rikka, source, { talent: "Schmieden" }));
  const [plot] = await as(owner, () => rikka.createEmbeddedDocuments("Item", [{ name: "Acker", type: "plot", system: { parzellen: 2 } }]));
  const npc = (await createActor({ name: "Händlerin", type: "character", system: { geld: 1000 } })) as Any;
  await npc.createEmbeddedDocuments("Item", [{ name: "Schmieden", type: "talent", system: { attribut: "ff", uebungswert: 3 } }]);
  const npcProject = await flex().making.createProject(npc, source, { talent: "Schmieden" });
  return { rikka, project, plot, npc, npcProject };
}

const HANDLERS = ["craftPay", "craftWork", "plotSow", "plotHarvest", "work", "rewardPay"] as const;

function payloadFor(type: (typeof HANDLERS)[number], w: Any): Record<string, unknown> {
  switch (type) {
    case "craftPay":
    case "craftWork":
      return { itemUuid: w.project.uuid, amount: 5 };
    case "plotSow":
    case "plotHarvest":
      return { itemUuid: w.plot.uuid };
    case "work":
      return { actor: { actorUuid: w.rikka.uuid, tokenUuid: null }, talent: "Schmieden", duration: "week" };
    case "rewardPay":
      return { actorIds: [w.rikka.id, w.npc.id], quests: 1 };
  }
}

describe("forged senders are refused with 0 writes", () => {
  it.each(HANDLERS)("%s: a player naming a GM (or another player) as the sender", async (type) => {
    const w = await world();
    const before = state.writes.length;
    const cards = messages().length;
    refusedWith(await forge(clients.players[1], { type, requestId: `f-${type}-1`, requester: clients.gms[0].id, payload: payloadFor(type, w) }), "unconfirmed");
    refusedWith(await forge(clients.players[1], { type, requestId: `f-${type}-2`, requester: clients.gms[1].id, payload: payloadFor(type, w) }), "unconfirmed");
    refusedWith(await forge(clients.players[1], { type, requestId: `f-${type}-3`, requester: clients.players[0].id, payload: payloadFor(type, w) }), "unconfirmed");
    expect(state.writes.length).toBe(before);
    expect(messages().length).toBe(cards);
  });

  it.each(HANDLERS)("%s: a malformed payload", async (type) => {
    await world();
    const before = state.writes.length;
    for (const payload of [{}, { itemUuid: "Actor.nothing0000000000.Item.nothing000000000" }, { itemUuid: 42, actor: "x", actorIds: "all" }]) {
      const answer = await as(clients.players[0], () => askActiveGM(type, payload));
      // rewardPay refuses a player before it reads the payload; the others find nothing to act on.
      expect(answer).toBeNull();
    }
    expect(state.writes.length).toBe(before);
  });
});

describe("a confirmed player acting on what is not theirs is refused with 0 writes", () => {
  it.each([
    ["craftPay", (w: Any) => ({ itemUuid: w.npcProject.uuid })],
    ["craftWork", (w: Any) => ({ itemUuid: w.npcProject.uuid, amount: 3 })],
    ["plotSow", (w: Any) => ({ itemUuid: w.plot.uuid })],
    ["plotHarvest", (w: Any) => ({ itemUuid: w.plot.uuid })],
    ["work", (w: Any) => ({ actor: { actorUuid: w.npc.uuid, tokenUuid: null }, talent: "Schmieden", duration: "week" })],
    ["rewardPay", (w: Any) => ({ actorIds: [w.rikka.id], quests: 1 })],
  ] as const)("%s", async (type, payload) => {
    const w = await world();
    const before = state.writes.length;
    // Player 2 owns neither the GM's merchant nor Rikka, and is no GM.
    const answer = await as(clients.players[1], () => askActiveGM(type, payload(w)));
    expect(answer).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.players[1].id, message: "Das darfst du nicht – es wurde nichts geändert." });
  });
});

describe("numbers in a payload are never believed", () => {
  it("a cost, an EW, a pay or a reward in the payload change nothing: the GM derives them", async () => {
    const w = await world();
    const owner = clients.players[0];
    await as(owner, () => askActiveGM("craftPay", { itemUuid: w.project.uuid, cost: 0, material: 0 }));
    expect(w.rikka.system.geld).toBe(480);
    dice(10, 1);
    await as(owner, () => askActiveGM("craftWork", { itemUuid: w.project.uuid, amount: 1, ew: 99, ews: [99], gain: 99 }));
    expect(w.project.system.ew).toBe(0);
    dice(10, 1);
    await as(owner, () => askActiveGM("work", { actor: { actorUuid: w.rikka.uuid, tokenUuid: null }, talent: "Schmieden", duration: "4h", ew: 500, pay: 99999 }));
    expect(w.rikka.system.geld).toBe(484);
    // A session of a million blocks is a week of blocks at most.
    dice(10, ...Array.from({ length: 42 }, () => 1));
    const answer = await as(owner, () => askActiveGM("craftWork", { itemUuid: w.project.uuid, amount: 1e6 }));
    expect(answer).toMatchObject({ ok: true, gain: 0 });
    expect(w.project.system.bloecke).toBe(43);
    // A GM's reward comes from the Levels (Level 5 → 1,000 ¥), not from the request.
    await askActiveGM("rewardPay", { actorIds: [w.rikka.id], quests: 1, amount: 1e9, shares: [1e9] });
    expect(w.rikka.system.geld).toBe(1484);
  });
});
