// The fall card's Apply and Undo (R-FALL-1..3): who may click, which client writes, and that nothing is
// ever applied twice — with two GMs and three players connected. The DOM wiring is not tested here
// (the stand-in has no DOM); the handlers the buttons call are.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { fallCardAction } from "../../src/automation/falling";
import { as, createActor, createScene, disconnect, messageContentFor, messages, placeToken, resetWorld, settle, state, type Clients, writesSince } from "../harness";
import { d4s, resetFallSettings, roll } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;
const since = (n: number) => writesSince(n).map((w) => [w.action, w.documentName, w.userId]);
const card = () => messages()[0] as Any;
const fall = () => card().flags.flex.fall;
const acting = <T,>(user: Any, fn: () => Promise<T> | T) =>
  as(user, async () => {
    const out = await fn();
    await settle();
    return out;
  });

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  resetFallSettings();
});

/** Player 1's Alrik (30 Leben) drops 5 Schritt onto the GM's wolf (20 Leben); both fail: 10 damage each. */
async function fallOntoWolf({ autoApply = false } = {}) {
  await g.game.settings.set("flex", "fallAutoApply", autoApply);
  const scene = await createScene();
  const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { kk: 8 }, leben: { value: 30, max: 30 } } })) as Any;
  const beast = (await createActor({ name: "Wolf", type: "creature", system: { leben: { value: 20, max: 20 } } })) as Any;
  const token = (await placeToken(scene, hero, { elevation: 5 })) as Any;
  await placeToken(scene, beast, { col: 1 });
  roll([8, 1], ...d4s(2, 2, 2, 2, 2), [6, 1]);
  await acting(clients.players[0], () => token.move({ x: 100, elevation: 0 }));
  return { hero, beast, message: card() };
}

describe("R-FALL-2 with automatic application off, the card offers Apply for faller and target", () => {
  it("shows the damage and two Apply buttons; nothing is applied yet", async () => {
    const { hero, beast, message } = await fallOntoWolf();
    expect(fall().applied).toEqual({ faller: null, target: null });
    expect(message.content.match(/data-action="flexFallApply" data-key="(\w+)"/g)).toEqual(['data-action="flexFallApply" data-key="faller"', 'data-action="flexFallApply" data-key="target"']);
    expect(message.content).toContain("Schaden anwenden: Alrik (10)");
    expect(message.content).toContain("Schaden anwenden: Wolf (10)");
    expect([sys(hero).leben.value, sys(beast).leben.value]).toEqual([30, 20]);
  });

  it("the owner's click is carried out by the active GM, once: a second click is a no-op", async () => {
    const { hero, message } = await fallOntoWolf();
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => fallCardAction(message, "faller", "apply"))).toBe("applied");
    expect(sys(hero).leben.value).toBe(20);
    expect(since(before)).toEqual([
      ["update", "Actor", clients.gms[0].id],
      ["update", "ChatMessage", clients.gms[0].id],
    ]);
    expect(fall().applied.faller).toMatchObject({ taken: 10, by: clients.players[0].id });
    // Fall damage ignores Rüstung; the card gives the whole line (issue 25).
    // Alrik is a player's character: his Leben are the party's to see, in the content itself (automation/screen.ts).
    expect(parse(card().content).text).toContain("Alrik: 10 Schaden = −10 Leben, jetzt 20/30");
    expect(parse(await messageContentFor(card(), clients.players[0])).text).toContain("Alrik: 10 Schaden = −10 Leben, jetzt 20/30");

    const writes = state.writes.length;
    expect(await acting(clients.players[0], () => fallCardAction(message, "faller", "apply"))).toBe("already");
    expect(await acting(clients.gms[1], () => fallCardAction(message, "faller", "apply"))).toBe("already");
    expect(state.writes.length).toBe(writes);
    expect(sys(hero).leben.value).toBe(20);
    expect(state.notifications.at(-1)?.message).toBe("Dieser Schaden wurde bereits angewendet.");
  });

  it("with no GM online the player who owns the faller and posted the card applies it directly", async () => {
    const { hero, message } = await fallOntoWolf();
    for (const gm of clients.gms) disconnect(gm);
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => fallCardAction(message, "faller", "apply"))).toBe("applied");
    expect(since(before)).toEqual([
      ["update", "Actor", clients.players[0].id],
      ["update", "ChatMessage", clients.players[0].id],
    ]);
    expect(sys(hero).leben.value).toBe(20);
    expect(await acting(clients.players[0], () => fallCardAction(message, "faller", "undo"))).toBe("undone");
    expect(sys(hero).leben.value).toBe(30);
  });

  it("a player's faller onto a GM creature: the player's click is carried out by the active GM, once", async () => {
    const { beast, message } = await fallOntoWolf();
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => fallCardAction(message, "target", "apply"))).toBe("applied");
    expect(sys(beast).leben.value).toBe(10);
    expect(since(before)).toEqual([
      ["update", "Actor", clients.gms[0].id],
      ["update", "ChatMessage", clients.gms[0].id],
    ]);
    // Everyone else clicking afterwards changes nothing.
    const writes = state.writes.length;
    for (const user of clients.all) expect(await acting(user, () => fallCardAction(message, "target", "apply"))).not.toBe("applied");
    expect(state.writes.length).toBe(writes);
    expect(sys(beast).leben.value).toBe(10);
  });

  it("clicks on five clients at once apply each effect exactly once", async () => {
    const { hero, beast, message } = await fallOntoWolf();
    const before = state.writes.length;
    const results = await Promise.all(
      clients.all.flatMap((user) => (["faller", "target"] as const).map((key) => as(user, () => fallCardAction(message, key, "apply")))),
    );
    await settle();
    expect(results.filter((r) => r === "applied")).toHaveLength(2);
    // The rest: "already" — or "refused" for the two players who neither own a creature nor posted the card.
    expect(results.filter((r) => r === "already")).toHaveLength(4);
    expect(results.filter((r) => r === "refused")).toHaveLength(4);
    expect([sys(hero).leben.value, sys(beast).leben.value]).toEqual([20, 10]);
    expect(state.writes.slice(before).filter((w) => w.documentName === "Actor")).toHaveLength(2);
  });

  it("Undo gives the Leben back and offers Apply again; undoing twice does nothing", async () => {
    const { beast, message } = await fallOntoWolf();
    await beast.update({ "system.leben.value": 8 });
    await acting(clients.gms[0], () => fallCardAction(message, "target", "apply"));
    expect(sys(beast).leben.value).toBe(0);
    expect([...beast.statuses]).toEqual(["dead"]);

    expect(await acting(clients.gms[1], () => fallCardAction(message, "target", "undo"))).toBe("undone");
    expect(sys(beast).leben.value).toBe(8);
    expect([...beast.statuses]).toEqual([]);
    expect(fall().applied.target).toBeNull();
    expect(card().content).toContain("Schaden anwenden: Wolf (10)");
    expect(await acting(clients.gms[1], () => fallCardAction(message, "target", "undo"))).toBe("notApplied");
    expect(sys(beast).leben.value).toBe(8);
  });

  it("a player who neither owns the creature nor rolled the fall may not apply or undo it", async () => {
    const { hero, beast, message } = await fallOntoWolf();
    const before = state.writes.length;
    expect(await acting(clients.players[1], () => fallCardAction(message, "target", "apply"))).toBe("refused");
    expect(await acting(clients.players[1], () => fallCardAction(message, "faller", "apply"))).toBe("refused");
    expect(state.writes.length).toBe(before);
    expect([sys(hero).leben.value, sys(beast).leben.value]).toEqual([30, 20]);
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", userId: clients.players[1].id, message: "Du darfst diesen Schaden nicht anwenden." });
  });

  it("the owner of a creature who did not post the card goes through the GM; with no GM online nothing is applied", async () => {
    const { hero, beast, message } = await fallOntoWolf();
    // Player 2 co-owns Alrik but did not post the card, so cannot edit it.
    await hero.update({ [`ownership.${clients.players[1].id}`]: 3 });
    const before = state.writes.length;
    expect(await acting(clients.players[1], () => fallCardAction(message, "faller", "apply"))).toBe("applied");
    expect(since(before).map(([, , user]) => user)).toEqual([clients.gms[0].id, clients.gms[0].id]);
    expect(await acting(clients.players[1], () => fallCardAction(message, "faller", "undo"))).toBe("undone");

    for (const gm of clients.gms) disconnect(gm);
    const writes = state.writes.length;
    expect(await acting(clients.players[1], () => fallCardAction(message, "faller", "apply"))).toBe("noGM");
    expect(await acting(clients.players[0], () => fallCardAction(message, "target", "apply"))).toBe("noGM");
    expect(state.writes.length).toBe(writes);
    expect([sys(hero).leben.value, sys(beast).leben.value]).toEqual([30, 20]);
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", userId: clients.players[0].id, message: "Keine Spielleitung online – die Aktion wurde nicht ausgeführt." });
  });
});

describe("R-FALL-3 applied at once (the default), with two GMs and three players connected", () => {
  it("exactly one client applies each effect: the player its own character, the active GM the wolf", async () => {
    g.game.settings.values.delete("flex.fallAutoApply");
    const scene = await createScene();
    const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { kk: 8 }, leben: { value: 30, max: 30 } } })) as Any;
    const beast = (await createActor({ name: "Wolf", type: "creature", system: { leben: { value: 20, max: 20 } } })) as Any;
    const token = (await placeToken(scene, hero, { elevation: 5 })) as Any;
    await placeToken(scene, beast, { col: 1 });
    const before = state.writes.length;
    roll([8, 1], ...d4s(2, 2, 2, 2, 2), [6, 1]);
    await acting(clients.players[0], () => token.move({ x: 100, elevation: 0 }));

    const byUser = (id: string) => state.writes.slice(before).filter((w) => w.userId === id).map((w) => [w.action, w.documentName, w.ids]);
    expect(byUser(clients.players[0].id)).toEqual([
      ["update", "Token", [token.id]],
      ["update", "Actor", [hero.id]],
      ["create", "ChatMessage", [card().id]],
    ]);
    // The wolf's damage in a journalled task: the hold write (with the GM's record of the fall), the wolf, the release.
    expect(byUser(clients.gms[0].id)).toEqual([
      ["update", "User", [clients.gms[0].id]],
      ["update", "Actor", [beast.id]],
      ["update", "User", [clients.gms[0].id]],
    ]);
    for (const other of [clients.gms[1], clients.players[1], clients.players[2]]) expect(byUser(other.id)).toEqual([]);
    expect([sys(hero).leben.value, sys(beast).leben.value]).toEqual([20, 10]);
    expect(card().content.match(/flexFall(Apply|Undo)/g)).toEqual(["flexFallUndo", "flexFallUndo"]);

    // Nothing is applied twice: Apply on every client is a no-op.
    const writes = state.writes.length;
    for (const user of clients.all) for (const key of ["faller", "target"] as const) await acting(user, () => fallCardAction(card(), key, "apply"));
    expect(state.writes.length).toBe(writes);
  });

  it("with no GM online the wolf's dodge and damage are not resolved, and the card says so", async () => {
    g.game.settings.values.delete("flex.fallAutoApply");
    const scene = await createScene();
    const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { kk: 8 }, leben: { value: 30, max: 30 } } })) as Any;
    const beast = (await createActor({ name: "Wolf", type: "creature", system: { leben: { value: 20, max: 20 } } })) as Any;
    const token = (await placeToken(scene, hero, { elevation: 5 })) as Any;
    await placeToken(scene, beast, { col: 1 });
    for (const gm of clients.gms) disconnect(gm);
    roll([8, 1], ...d4s(2, 2, 2, 2, 2));
    await acting(clients.players[0], () => token.move({ x: 100, elevation: 0 }));

    expect(sys(hero).leben.value).toBe(20);
    expect(sys(beast).leben.value).toBe(20);
    expect(card().rolls).toHaveLength(2);
    expect(card().content).toContain("Keine Spielleitung online: Ausweichen und Schaden für Wolf wurden nicht abgehandelt.");
    expect(fall().target).toMatchObject({ unresolved: true });
    expect(card().content.match(/flexFall(Apply|Undo)/g)).toEqual(["flexFallUndo"]);
    expect(await acting(clients.players[0], () => fallCardAction(card(), "target", "apply"))).toBe("missing");
  });
});
