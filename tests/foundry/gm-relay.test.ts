// The GM relay as a hostile player and a hurried GM would use it: forged payloads sent straight to the active
// GM's query handler (one test per GM handler: 0 writes), timeouts, a GM who drops mid-request, a handler that
// throws. A refusal writes nothing, warns on the GM's console and tells the asking user.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fallCardAction } from "../../src/automation/falling";
import { askActiveGM, registerRelay } from "../../src/automation/gm-relay";
import { as, createActor, createScene, disconnect, messages, placeToken, queryCount, queueDice, resetWorld, settle, state, takeErrors, type Clients } from "../harness";
import { d4s, resetFallSettings, roll } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  resetFallSettings();
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  g.CONFIG.FLEX.queryTimeout = 30_000;
});

/** What a player's hacked client can do: send any payload to the active GM's "flex" query handler. */
function forge(player: Any, message: Record<string, unknown>): Promise<Any> {
  return as(player, () => g.game.users.activeGM.query("flex", message, { timeout: 5000 }));
}

const refusedWith = (answer: Any, reason: string) => expect(answer).toEqual({ flexRefused: reason });

async function partyOf(n: number) {
  const actors: Any[] = [];
  for (let i = 0; i < n; i++) actors.push(await createActor({ name: `Held ${i + 1}`, type: "character", system: { versorgung: { essen: false, trinken: false, schlaf: false } } }));
  return actors;
}

describe("forged requests are refused with 0 writes", () => {
  it("end of day: a player naming a GM as the requester (the GM's client does not confirm it)", async () => {
    const actors = await partyOf(3);
    const before = state.writes.length;
    const answer = await forge(clients.players[0], { type: "endOfDay", requestId: "forged-1", requester: clients.gms[0].id, payload: { actorIds: actors.map((a) => a.id) } });
    refusedWith(answer, "unconfirmed");
    expect(state.writes.length).toBe(before);
    expect(messages()).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("did not confirm"));
  });

  it("end of day: a player naming the second GM, or itself", async () => {
    const actors = await partyOf(2);
    const before = state.writes.length;
    refusedWith(await forge(clients.players[1], { type: "endOfDay", requestId: "forged-2", requester: clients.gms[1].id, payload: { actorIds: actors.map((a) => a.id) } }), "unconfirmed");
    // Naming itself, the player is who it says, and is no GM.
    refusedWith(await forge(clients.players[1], { type: "endOfDay", requestId: "forged-3", requester: clients.players[1].id, payload: { actorIds: actors.map((a) => a.id) } }), "unconfirmed");
    expect(state.writes.length).toBe(before);
    // Through the system's own path the player's own client does confirm, and the GM refuses: no GM.
    const answer = await as(clients.players[1], () => askActiveGM("endOfDay", { actorIds: actors.map((a) => a.id) }));
    expect(answer).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.players[1].id, message: "Das darfst du nicht – es wurde nichts geändert." });
  });

  it("malformed and unknown requests", async () => {
    const before = state.writes.length;
    refusedWith(await forge(clients.players[0], { type: "nope", requestId: "x1", requester: clients.players[0].id, payload: {} }), "unknown");
    refusedWith(await forge(clients.players[0], { type: "endOfDay", requestId: { toString: 1 }, requester: clients.players[0].id, payload: {} }), "malformed");
    refusedWith(await forge(clients.players[0], { type: "endOfDay", requestId: "x2", requester: clients.players[0].id, payload: [1, 2] }), "malformed");
    refusedWith(await forge(clients.players[0], { type: "endOfDay", requestId: "x3" }), "malformed");
    expect(state.writes.length).toBe(before);
  });

  it("a request that reaches a GM who is not the active one", async () => {
    const actors = await partyOf(1);
    const before = state.writes.length;
    const answer = await as(clients.players[0], () => clients.gms[1].query("flex", { type: "endOfDay", requestId: "x4", requester: clients.gms[0].id, payload: { actorIds: [actors[0].id] } }));
    refusedWith(answer, "notActiveGM");
    expect(state.writes.length).toBe(before);
  });

  it("breath outside combat: only a GM may advance it", async () => {
    const [hero] = await partyOf(1);
    await hero.toggleStatusEffect("underwater", { active: true });
    await settle();
    const before = state.writes.length;
    refusedWith(await forge(clients.players[0], { type: "breathAdvance", requestId: "b1", requester: clients.gms[1].id, payload: { uuids: [hero.uuid] } }), "unconfirmed");
    const answer = await as(clients.players[0], () => askActiveGM("breathAdvance", { uuids: [hero.uuid] }));
    expect(answer).toBeNull();
    expect(state.writes.length).toBe(before);
  });

  it("a private breath advance or rest (the self-test's) asked for by a player: refused, 0 writes, no card", async () => {
    const [hero] = await partyOf(1);
    await hero.toggleStatusEffect("underwater", { active: true });
    await settle();
    const before = state.writes.length;
    const cards = messages().length;
    // Through the player's own client, so the GM confirms who asked: a player, and no GM.
    expect(await as(clients.players[0], () => askActiveGM("breathAdvance", { uuids: [hero.uuid], private: true }))).toBeNull();
    expect(await as(clients.players[0], () => askActiveGM("rest", { type: "shortRest", actorIds: [hero.id], answers: {}, private: true }))).toBeNull();
    refusedWith(await forge(clients.players[0], { type: "rest", requestId: "p1", requester: clients.gms[1].id, payload: { type: "shortRest", actorIds: [hero.id], private: true } }), "unconfirmed");
    expect(state.writes.length).toBe(before);
    expect(messages()).toHaveLength(cards);
    expect(state.notifications.filter((n) => n.userId === clients.players[0].id).map((n) => n.message)).toEqual(["Das darfst du nicht – es wurde nichts geändert.", "Das darfst du nicht – es wurde nichts geändert."]);
  });
});

/** Player 1's Alrik (30 Leben) stands 5 Schritt above the GM's dragon (200 Leben). */
async function heroAboveDragon() {
  const scene = await createScene();
  const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { kk: 8 }, leben: { value: 30, max: 30 } } })) as Any;
  const dragon = (await createActor({ name: "Drache", type: "creature", system: { leben: { value: 200, max: 200 } } })) as Any;
  const heroToken = (await placeToken(scene, hero, { elevation: 5 })) as Any;
  const dragonToken = (await placeToken(scene, dragon, { col: 3 })) as Any;
  return { scene, hero, dragon, heroToken, dragonToken };
}

const ref = (actor: Any, token: Any = null) => ({ actorUuid: actor.uuid, tokenUuid: token?.uuid ?? null });

describe("a flood of forged requests (audit N13)", () => {
  it("costs the GM one confirm query each only up to the limit; then none, until the minute is over; a real request meanwhile is told the GM is flooded", async () => {
    const actors = await partyOf(1);
    const { count } = g.CONFIG.FLEX.unconfirmedLimit;
    const before = state.writes.length;
    const sent = queryCount.sent;
    // Each forged request: the player's own query to the GM, and the GM's confirm query to the named GM.
    const flood = (n: number, from: number) => Promise.all(Array.from({ length: n }, (_, i) => forge(clients.players[0], { type: "endOfDay", requestId: `flood-${from + i}`, requester: clients.gms[1].id, payload: { actorIds: [actors[0].id] } })));
    for (const answer of await flood(count, 0)) refusedWith(answer, "unconfirmed");
    expect(queryCount.sent - sent).toBe(2 * count);
    const mark = queryCount.sent;
    for (const answer of await flood(50, count)) refusedWith(answer, "flooded");
    // 50 forged queries reached the GM; it sent no confirm query for any of them.
    expect(queryCount.sent - mark).toBe(50);
    expect(state.writes.length).toBe(before);
    // The second GM's real request is refused without a round trip, and told why.
    expect(await as(clients.gms[1], () => askActiveGM("endOfDay", { actorIds: [actors[0].id] }))).toBeNull();
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.gms[1].id, message: "Gerade kommen zu viele unbestätigte Anfragen bei der Spielleitung an – es wurde nichts geändert. Versuch es in einer Minute noch einmal." });
    expect(state.writes.length).toBe(before);
    // A minute later the GM confirms again, and the real request is carried out.
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ["Date"] });
    try {
      const report = await as(clients.gms[1], () => askActiveGM<Any>("endOfDay", { actorIds: [actors[0].id] }));
      expect(report?.entries).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the active GM's own requests need no confirm query and are never held up by a flood", async () => {
    const actors = await partyOf(1);
    const { count } = g.CONFIG.FLEX.unconfirmedLimit;
    await Promise.all(Array.from({ length: count }, (_, i) => forge(clients.players[0], { type: "endOfDay", requestId: `flood-${i}`, requester: clients.gms[1].id, payload: { actorIds: [actors[0].id] } })));
    const report = await askActiveGM<Any>("endOfDay", { actorIds: [actors[0].id] });
    expect(report?.entries).toHaveLength(1);
  });
});

describe("forged fall requests onto the GM's dragon", () => {
  it("a dodge request with sw 999 and damage 100000: the GM reads neither, it rolls the dodge against SW 9 and 3d4 itself", async () => {
    const { hero, dragon, heroToken, dragonToken } = await heroAboveDragon();
    await heroToken.update({ x: 300, elevation: 0 }, { flexNoFall: true });
    // The GM's own dice: 3d4 = 4 + 4 + 4, the dragon's bare GE W6 shows 1 (against SW 9 from the height, not 999).
    queueDice([4, 4, 4, 1].map((result, i) => ({ faces: i < 3 ? 4 : 6, result })));
    // Even confirmed by the player's own client (the relay's own path), the numbers are the GM's to derive.
    const answer = (await as(clients.players[0], () =>
      askActiveGM("fallDodge", { fallId: "f1", faller: ref(hero, heroToken), target: ref(dragon, dragonToken), height: 3, sw: 999, damage: 100000, apply: true }),
    )) as Any;
    await settle();
    expect(answer.check.result.sw).toBe(9);
    expect(answer.applied.taken).toBe(12);
    expect(sys(dragon).leben.value).toBe(188);
  });

  it("a dodge request for a creature the faller does not land on is refused", async () => {
    const { hero, dragon, heroToken, dragonToken } = await heroAboveDragon();
    const before = state.writes.length;
    // Alrik stands at (0, 0); the dragon is three squares away.
    const answer = await as(clients.players[0], () => askActiveGM("fallDodge", { fallId: "f2", faller: ref(hero, heroToken), target: ref(dragon, dragonToken), height: 5, damage: 12, apply: true }));
    expect(answer).toBeNull();
    expect(sys(dragon).leben.value).toBe(200);
    expect(state.writes.length).toBe(before);
  });

  it("a dodge request for a faller the player does not own is refused", async () => {
    const { dragon, dragonToken } = await heroAboveDragon();
    const other = (await createActor({ name: "Fremder", type: "character" })) as Any;
    const before = state.writes.length;
    const answer = await as(clients.players[0], () => askActiveGM("fallDodge", { fallId: "f3", faller: ref(other), target: ref(dragon, dragonToken), height: 5, damage: 12, apply: true }));
    expect(answer).toBeNull();
    expect(state.writes.length).toBe(before);
  });

  it("a resolution request with a forged height or onto the dragon from afar lands where the token really is", async () => {
    const { hero, dragon, heroToken, dragonToken } = await heroAboveDragon();
    const before = state.writes.length;
    refusedWith(await forge(clients.players[0], { type: "fallResolve", requestId: "r1", requester: clients.gms[0].id, payload: { fallId: "r1", faller: ref(hero, heroToken), height: 3 } }), "unconfirmed");
    expect(await as(clients.players[0], () => askActiveGM("fallResolve", { fallId: "r2", faller: ref(hero, heroToken), height: 1e9, source: "call" }))).toBeNull();
    expect(state.writes.length).toBe(before);
    // A real height, but "onto" the dragon three squares away: the GM lands Alrik on the bare ground.
    roll([8, 1], ...d4s(1, 1, 1));
    const report = (await as(clients.players[0], () => askActiveGM("fallResolve", { fallId: "r3", faller: ref(hero, heroToken), height: 3, onto: dragonToken.uuid, source: "call" }))) as Any;
    await settle();
    expect(report).toMatchObject({ fell: true });
    expect(report.record.target).toBeNull();
    expect(sys(dragon).leben.value).toBe(200);
  });

  it("an Apply forged by a player who was refused Apply on the card is refused", async () => {
    const { heroToken } = await heroAboveDragon();
    await g.game.settings.set("flex", "fallAutoApply", false);
    roll([8, 1], ...d4s(2, 2, 2, 2, 2));
    await as(clients.players[0], async () => {
      await heroToken.move({ x: 100, elevation: 0 });
      await settle();
    });
    const message = messages()[0] as Any;
    const before = state.writes.length;
    // Player 2 owns nothing here and did not post the card.
    expect(await as(clients.players[1], () => fallCardAction(message, "faller", "apply"))).toBe("refused");
    refusedWith(await forge(clients.players[1], { type: "fallApply", requestId: "a1", requester: clients.players[0].id, payload: { messageId: message.id, key: "faller", action: "apply" } }), "unconfirmed");
    refusedWith(await forge(clients.players[1], { type: "fallApply", requestId: "a2", requester: clients.gms[0].id, payload: { messageId: message.id, key: "faller", action: "apply" } }), "unconfirmed");
    expect(await as(clients.players[1], () => askActiveGM("fallApply", { messageId: message.id, key: "faller", action: "apply" }))).toBeNull();
    expect(state.writes.length).toBe(before);
  });
});

describe("timeouts, a GM who drops, a handler that throws: a notice, never an unhandled rejection", () => {
  it("a GM who does not answer in time: the player is told it may still happen, nothing is written yet", async () => {
    registerRelay("testHang", () => new Promise(() => undefined), { facts: { request: "gm" } });
    g.CONFIG.FLEX.queryTimeout = 30;
    const before = state.writes.length;
    const answer = await as(clients.players[0], () => askActiveGM("testHang", {}));
    expect(answer).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.players[0].id, message: "Die Spielleitung hat noch nicht geantwortet – die Aktion wird vielleicht noch ausgeführt. Ein erneuter Versuch führt sie nicht doppelt aus." });
  });

  it("the GM drops mid-request: the player is told at once (not that nothing changed), and the GM's unfinished work writes nothing", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    registerRelay("testSlow", async () => {
      await gate;
      await g.Actor.create({ name: "Zu spät", type: "character" });
    }, { facts: { request: "gm" } });
    const asked = as(clients.players[0], () => askActiveGM("testSlow", {}));
    await new Promise((r) => setTimeout(r, 5));
    disconnect(clients.gms[0]);
    expect(await asked).toBeNull();
    release();
    await settle();
    expect(g.game.actors.getName("Zu spät")).toBeUndefined();
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.players[0].id, message: "Die Spielleitung hat die Verbindung verloren – ob die Aktion ausgeführt wurde, zeigt der Chat. Ein erneuter Versuch führt sie nicht doppelt aus." });
  });

  it("a handler that throws: the player gets a notice; the error is the GM client's", async () => {
    registerRelay("testThrow", async () => {
      throw new Error("boom");
    }, { facts: { request: "gm" } });
    const answer = await as(clients.players[0], () => askActiveGM("testThrow", {}));
    expect(answer).toBeNull();
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.players[0].id, type: "warn" });
    await settle();
    expect(takeErrors().map((e) => (e as Error).message)).toEqual(["boom"]);
  });

  it("no GM online: a clear notice and no query at all", async () => {
    for (const gm of clients.gms) disconnect(gm);
    const sent = queryCount.sent;
    expect(await as(clients.players[0], () => askActiveGM("endOfDay", { actorIds: [] }))).toBeNull();
    expect(queryCount.sent).toBe(sent);
    expect(state.notifications.at(-1)?.message).toBe("Keine Spielleitung online – die Aktion wurde nicht ausgeführt.");
  });
});
