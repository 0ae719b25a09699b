// Requests bound to their content (ARCHITECTURE.md, "Trust model"), tried as a hostile player and a hurried GM
// would: a request id seen elsewhere carries nothing but what its sender asked; a question to a player has an id
// of its own; a player refused again and again is refused at once; a retry after a timeout goes out under the
// same id and is carried out once; a GM who drops is reported truthfully.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { trainCompanion } from "../../src/automation/companions";
import { askActiveGM, registerRelay } from "../../src/automation/gm-relay";
import { runOnGMQueue } from "../../src/automation/gm-queue";
import { as, createActor, disconnect, dropAfterWrites, messages, queueDice, resetWorld, settle, state, type Clients } from "../harness";
import { DialogV2, flex, party, sys } from "./rest-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  clients = resetWorld({ gms: 2, assistants: 1, players: 3 });
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  DialogV2().answers.length = 0;
  DialogV2().prompts.length = 0;
});
afterEach(() => {
  warn.mockRestore();
  g.CONFIG.FLEX.queryTimeout = 30_000;
});

/** What a player's hacked client can do: send any payload to the active GM's "flex" query handler. */
const forge = (player: Any, message: Record<string, unknown>) => as(player, () => g.game.users.activeGM.query("flex", message, { timeout: 5000 }));

/** A request type whose handler waits until the test opens the gate, counting its runs. */
function heldRequest() {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const runs = { n: 0 };
  registerRelay("testHeld", async () => {
    runs.n += 1;
    await gate;
    return { ok: true };
  }, { facts: { request: "gm" } });
  return { open, runs };
}

describe("a request is its id plus its content", () => {
  it("while GM 2's request is on its way, a player reuses its id for end of day or a reward naming GM 2: refused, 0 writes", async () => {
    const heroes = await party(clients, 3, () => ({ erschoepfung: { value: 1 }, versorgung: { essen: false, trinken: false, schlaf: false } }));
    const held = heldRequest();
    const asked = as(clients.gms[1], () => askActiveGM("testHeld", { what: "a rest" }, { requestId: "borrowed-id-0001" }));
    await new Promise((r) => setTimeout(r, 5));
    const before = state.writes.length;
    const ids = heroes.map((h) => h.id);
    for (const [type, payload] of [["endOfDay", { actorIds: ids, needs: {} }], ["rewardPay", { actorIds: ids, quests: 1 }]] as const) {
      expect(await forge(clients.players[0], { type, requestId: "borrowed-id-0001", requester: clients.gms[1].id, payload })).toEqual({ flexRefused: "unconfirmed" });
    }
    // The exact same content under that id is what GM 2 asked for: it runs once, not twice.
    const copy = forge(clients.players[0], { type: "testHeld", requestId: "borrowed-id-0001", requester: clients.gms[1].id, payload: { what: "a rest" } });
    held.open();
    expect(await asked).toEqual({ ok: true });
    expect(await copy).toEqual({ ok: true });
    expect(held.runs.n).toBe(1);
    expect(state.writes.length).toBe(before);
    expect(heroes.map((h) => sys(h).erschoepfung.value)).toEqual([1, 1, 1]);
    expect(messages()).toHaveLength(0);
    expect(warn.mock.calls.map((c) => String(c[0])).join("\n")).toContain("did not confirm sending it with this content");
  });

  it("with one GM: the GM's own request in flight, the same id forged for end of day is refused", async () => {
    clients = resetWorld({ gms: 1, players: 2 });
    const heroes = await party(clients, 2, () => ({ erschoepfung: { value: 1 }, versorgung: { essen: false, trinken: false, schlaf: false } }));
    const held = heldRequest();
    const asked = askActiveGM("testHeld", { what: "a rest" }, { requestId: "borrowed-id-0002" });
    await new Promise((r) => setTimeout(r, 5));
    const before = state.writes.length;
    expect(await forge(clients.players[0], { type: "endOfDay", requestId: "borrowed-id-0002", requester: clients.gms[0].id, payload: { actorIds: heroes.map((h) => h.id) } })).toEqual({ flexRefused: "unconfirmed" });
    held.open();
    await asked;
    expect(state.writes.length).toBe(before);
    expect(heroes.map((h) => sys(h).erschoepfung.value)).toEqual([1, 1]);
  });

  it("the issue's case: while the GM's long rest is being written, a player replays its ids (the question's, and the request's read from the GM's journal) for end of day and a reward: refused, 0 writes", async () => {
    const heroes = await party(clients, 3, () => ({ erschoepfung: { value: 1 }, geld: 0, versorgung: { essen: false, trinken: false, schlaf: false } }));
    const seen: string[] = [];
    const answer = g.CONFIG.queries.flexRest;
    g.CONFIG.queries.flexRest = (prompt: Any) => {
      if (g.game.user.id === clients.players[0].id) seen.push(prompt.restId);
      return answer(prompt);
    };
    const forged: Promise<Any>[] = [];
    const hook = g.Hooks.on("updateActor", (_actor: Any, _changed: Any, options: Any) => {
      if (g.game.user.id !== clients.players[0].id || !options.flexRest || forged.length) return;
      // The GM's journal is on its user, which every client can read: the request's id is there.
      const journal = Object.values(clients.gms[0].getFlag("flex", "journal") ?? {}) as Any[];
      const ids = [...seen, ...journal.map((r) => String(r.id).replace(/^rest:/, ""))];
      for (const requestId of ids) {
        forged.push(forge(clients.players[0], { type: "endOfDay", requestId, requester: clients.gms[0].id, payload: { actorIds: heroes.map((h) => h.id), needs: {} } }));
        forged.push(forge(clients.players[0], { type: "rewardPay", requestId, requester: clients.gms[0].id, payload: { actorIds: heroes.map((h) => h.id), quests: 1 } }));
      }
    });
    try {
      for (let i = 0; i < 3; i++) DialogV2().answers.push({ activity: "light" });
      const report = await flex().rest({ type: "longRest", actors: heroes.map((h) => h.id) });
      expect(report.entries).toHaveLength(3);
    } finally {
      g.Hooks.off("updateActor", hook);
      g.CONFIG.queries.flexRest = answer;
    }
    expect(forged.length).toBe(4);
    for (const answerOf of await Promise.all(forged)) expect(answerOf).toEqual({ flexRefused: "unconfirmed" });
    await settle();
    // Only the rest: Erschöpfung 1 → 0 (R-REST-3), no end of day (it would add 3), no reward.
    expect(heroes.map((h) => sys(h).erschoepfung.value)).toEqual([0, 0, 0]);
    expect(heroes.map((h) => sys(h).geld)).toEqual([0, 0, 0]);
    expect(messages()).toHaveLength(1);
  });

  it("the rest's question to each owner has an id of its own, never the rest's request id", async () => {
    const [hero] = await party(clients, 1);
    const seen: string[] = [];
    const answer = g.CONFIG.queries.flexRest;
    g.CONFIG.queries.flexRest = (prompt: Any) => {
      seen.push(prompt.restId);
      return answer(prompt);
    };
    try {
      DialogV2().answers.push({ activity: "light" });
      await flex().rest({ type: "shortRest", actors: [hero.id], requestId: "the-rest-request" });
    } finally {
      g.CONFIG.queries.flexRest = answer;
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toBe("the-rest-request");
  });
});

describe("refusals are counted per user; one refused too often is refused at once for a while", () => {
  it("a player refused 10 times in a minute is refused at once, even for what it may do; the GM it named is never locked out", async () => {
    const [hero] = await party(clients, 1, () => ({ geld: 5 }));
    await hero.createEmbeddedDocuments("Item", [{ name: "Handwerk", type: "talent", system: { attribut: "ff", uebungswert: 2 } }]);
    const stranger = await createActor({ name: "Fremder", type: "character" });
    // Ten forbidden requests from player 1's own client (confirmed: it is who it says).
    for (let i = 0; i < 10; i++) expect(await as(clients.players[0], () => askActiveGM("work", { actor: { actorUuid: stranger.uuid, tokenUuid: null }, talent: "Handwerk", duration: "4h" }))).toBeNull();
    // Its own character's work is now refused too, without being looked at.
    queueDice([{ faces: 6, result: 6 }]);
    expect(await as(clients.players[0], () => flex().making.requestWork(hero, { talent: "Handwerk", duration: "4h" }))).toBeNull();
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.players[0].id, message: "Zu viele abgelehnte Anfragen – die Spielleitung nimmt eine Minute lang keine von dir an." });
    expect(sys(hero).geld).toBe(5);
    // Forgeries naming GM 2 are logged, not counted against GM 2: its own requests still go through.
    for (let i = 0; i < 12; i++) await forge(clients.players[1], { type: "rewardPay", requestId: `f${i}`, requester: clients.gms[1].id, payload: { actorIds: [hero.id] } });
    const paid = await as(clients.gms[1], () => flex().making.payRewards([hero.id], 1));
    expect(paid).toMatchObject({ ok: true });
    expect(sys(hero).geld).toBeGreaterThan(5);
  });
});

/** Player 1's character with no money and Handwerk on FF W8 + 2. */
async function worker() {
  const [hero] = await party(clients, 1, () => ({ geld: 0, attributes: { ff: 8 } }));
  await hero.createEmbeddedDocuments("Item", [{ name: "Handwerk", type: "talent", system: { attribut: "ff", uebungswert: 2 } }]);
  return hero;
}

describe("a retry of the same action reuses its request id, and is carried out once", () => {
  it("work that times out (the GM is busy) and is asked again: one payment, one card, and the player told it may still happen", async () => {
    const hero = await worker();
    // The active GM's queue is busy until the gate opens.
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const busy = as(clients.gms[0], () => runOnGMQueue("busy", () => gate));
    g.CONFIG.FLEX.queryTimeout = 20;
    queueDice([{ faces: 8, result: 6 }, { faces: 8, result: 1 }]);
    expect(await as(clients.players[0], () => flex().making.requestWork(hero, { talent: "Handwerk", duration: "day" }))).toBeNull();
    expect(state.notifications.at(-1)?.message).toBe("Die Spielleitung hat noch nicht geantwortet – die Aktion wird vielleicht noch ausgeführt. Ein erneuter Versuch führt sie nicht doppelt aus.");
    // Asked again at once: the same id, still queued behind the first.
    expect(await as(clients.players[0], () => flex().making.requestWork(hero, { talent: "Handwerk", duration: "day" }))).toBeNull();
    g.CONFIG.FLEX.queryTimeout = 30_000;
    open();
    await busy;
    await settle();
    await as(clients.gms[0], () => runOnGMQueue("after", async () => undefined));
    expect(sys(hero).geld).toBe(24); // EW 8 × 3, once
    expect(messages()).toHaveLength(1);
    // Asked a third time, now that the GM answers: the same id again, and the GM answers what it did then.
    const third = await as(clients.players[0], () => flex().making.requestWork(hero, { talent: "Handwerk", duration: "day" }));
    expect(third).toMatchObject({ ok: true, pay: 24, messageId: messages()[0].id });
    expect(sys(hero).geld).toBe(24);
    expect(messages()).toHaveLength(1);
    // Known now: the next identical request is a new piece of work.
    queueDice([{ faces: 8, result: 2 }]);
    expect(await as(clients.players[0], () => flex().making.requestWork(hero, { talent: "Handwerk", duration: "day" }))).toMatchObject({ ok: true, already: false, pay: 12 });
  });

  it("the GM drops right after journalling a player's work: the player is told it will be finished; GM 2 finishes it, once", async () => {
    const hero = await worker();
    queueDice([{ faces: 8, result: 6 }]);
    dropAfterWrites(clients.gms[0], 1);
    expect(await as(clients.players[0], () => flex().making.requestWork(hero, { talent: "Handwerk", duration: "day" }))).toBeNull();
    expect(state.notifications.filter((n) => n.userId === clients.players[0].id).at(-1)?.message).toBe("Die Spielleitung hat die Anfrage erhalten; sie wird abgeschlossen, sobald eine Spielleitung verbunden ist.");
    await settle();
    await as(clients.gms[1], () => runOnGMQueue("after", async () => undefined));
    expect(sys(hero).geld).toBe(24);
    expect(messages()).toHaveLength(1);
    expect(messages()[0].author.id).toBe(clients.gms[1].id);
  });

  it("the GM drops in the middle of a long rest and clicks Rast again: GM 2 finished the first (clock and card), the second is refused by the rest's limit", async () => {
    const heroes = await party(clients, 2, () => ({ erschoepfung: { value: 3 } }));
    const t0 = g.game.time.worldTime;
    dropAfterWrites(clients.gms[0], 2); // the journal record and the party's write; the clock and the card are left
    await flex().rest({ type: "longRest", actors: heroes.map((h) => h.id), ask: false });
    await settle();
    await as(clients.gms[1], () => runOnGMQueue("after", async () => undefined));
    expect(heroes.map((h) => sys(h).erschoepfung.value)).toEqual([2, 2]);
    expect(g.game.time.worldTime).toBe(t0 + 24 * 3600);
    expect(messages().filter((m: Any) => m.flags?.flex?.rest)).toHaveLength(1);
    // GM 2 clicks Rast again: R-REST-3 allows it, once more this week … and the third is refused.
    await as(clients.gms[1], () => flex().rest({ type: "longRest", actors: heroes.map((h) => h.id), ask: false }));
    await as(clients.gms[1], () => flex().rest({ type: "longRest", actors: heroes.map((h) => h.id), ask: false }));
    expect(heroes.map((h) => sys(h).erschoepfung.value)).toEqual([1, 1]);
    expect(messages().filter((m: Any) => m.flags?.flex?.rest)).toHaveLength(2);
  });

  it("the GM drops before it wrote anything: the player is told nothing was done", async () => {
    const hero = await worker();
    queueDice([{ faces: 8, result: 6 }]);
    dropAfterWrites(clients.gms[0], 0);
    expect(await as(clients.players[0], () => flex().making.requestWork(hero, { talent: "Handwerk", duration: "day" }))).toBeNull();
    expect(state.notifications.filter((n) => n.userId === clients.players[0].id).at(-1)?.message).toBe("Die Spielleitung hat die Verbindung verloren – die Aktion wurde nicht ausgeführt. Du kannst es noch einmal versuchen.");
    await settle();
    expect(sys(hero).geld).toBe(0);
    expect(messages()).toHaveLength(0);
  });
});

describe("marks that outlive the journal (the mutants that once went unnoticed)", () => {
  it("a training request replayed on a new GM, long after (the journal has forgotten it): 'already', no second charge, no second card", async () => {
    const hero = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ch: 8 }, geld: 100 } })) as Any;
    await hero.createEmbeddedDocuments("Item", [{ name: "Mit Tieren umgehen", type: "talent", system: { attribut: "ch", uebungswert: 14 } }]);
    const wolf = (await createActor({ name: "Grauwolf", type: "creature", ownership: { default: 1 }, system: { stufe: 1, art: "tier", trainierbar: true } })) as Any;
    queueDice([{ faces: 8, result: 6 }, { faces: 8, result: 6 }]);
    const first = await as(clients.players[0], () => trainCompanion({ trainer: hero, creature: wolf, blocks: 2, requestId: "training-replay-1" }));
    expect(first).toMatchObject({ status: "trained", run: { cost: 20 } });
    disconnect(clients.gms[0]);
    (clients.gms[0] as Any).flags.flex.journalDone = [];
    queueDice([{ faces: 8, result: 8 }, { faces: 8, result: 8 }]);
    const again = await as(clients.players[0], () => trainCompanion({ trainer: hero, creature: wolf, blocks: 2, requestId: "training-replay-1" }));
    await settle();
    expect(again).toMatchObject({ status: "already" });
    // Sent straight to the GM (a client that does not look first): the creature's mark answers there too.
    const payload = { trainer: { actorUuid: hero.uuid, tokenUuid: null }, creature: { actorUuid: wolf.uuid, tokenUuid: null }, blocks: 2, reward: null, rollMode: "publicroll" };
    queueDice([{ faces: 8, result: 8 }, { faces: 8, result: 8 }]);
    expect(await as(clients.players[0], () => askActiveGM("companionTraining", payload, { requestId: "training-replay-1" }))).toMatchObject({ status: "already" });
    await settle();
    expect(sys(hero).geld).toBe(80);
    expect(messages()).toHaveLength(1);
  });

  it("the GM's queue knows a request it has answered: the same request again gets the first answer (not 'already')", async () => {
    const heroes = await party(clients, 2, () => ({ erschoepfung: { value: 1 } }));
    const request = { requestId: "same-day-000001", actorIds: heroes.map((h) => h.id) };
    const first = await flex().requestEndOfDay(request);
    const second = await flex().requestEndOfDay(request);
    expect(second).toEqual(first);
    expect(second.entries).toHaveLength(2);
    expect(messages()).toHaveLength(1);
  });
});
