// Cards are claims; the GM keeps its own record (ARCHITECTURE.md, "Trust model"; issue 33), tried as a hostile player
// would at a table of 2 GMs and 3 players: a hand-made fall card that names the GM's dragon and another player's
// character, a fall card edited before Apply, an attack card retargeted to a hidden creature on another scene, an Undo
// on a card that copies another card's record, and a dodge request that names its own fall damage. Each must leave
// the victims as they were; the legitimate click next to it still works.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { attackCardAction } from "../../src/automation/combat";
import { fallCardAction } from "../../src/automation/falling";
import { healCardAction } from "../../src/automation/healing";
import { askActiveGM } from "../../src/automation/gm-relay";
import { acting, as, createActor, createScene, messageContentFor, messages, placeToken, queueDice, resetWorld, settle, state, target, type Clients } from "../harness";
import { d4s, resetFallSettings, roll } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));
const actorWrites = (from: number) => state.writes.slice(from).filter((w) => w.documentName === "Actor");
const last = () => messages().at(-1) as Any;

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  resetFallSettings();
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  return () => warn.mockRestore();
});

/** Player 1's Alrik (a short sword 1W6+2), player 2's Bela, the GM's goblin and dragon; all on one scene. */
async function table() {
  const alrik = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ge: 10, kk: 8 }, leben: { value: 30, max: 30 } } })) as Any;
  await alrik.createEmbeddedDocuments("Item", [
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 4, kategorie: "kampfart" } },
    { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6+2", aktionen: 1 } },
  ]);
  const bela = (await createActor({ name: "Bela", type: "character", ownership: { default: 0, [clients.players[1].id]: 3 }, system: { attributes: { ge: 12 }, leben: { value: 20, max: 20 } } })) as Any;
  const goblin = (await createActor({ name: "Goblin", type: "creature", system: { ausweichen: 2, parade: 2, ruestung: 0, leben: { value: 20, max: 20 } } })) as Any;
  const dragon = (await createActor({ name: "Drache", type: "creature", system: { ausweichen: 30, parade: 30, ruestung: 5, leben: { value: 200, max: 200 } } })) as Any;
  const scene = await createScene();
  const tokens = { alrik: await placeToken(scene, alrik, { col: 0 }), bela: await placeToken(scene, bela, { col: 1 }), goblin: await placeToken(scene, goblin, { col: 2 }), dragon: await placeToken(scene, dragon, { col: 3 }) };
  return { alrik, bela, goblin, dragon, scene, tokens };
}

/** Alrik hits the goblin: EW 11 against Ausweichen 2, damage 4 + 2 = 6. */
async function alrikHitsGoblin(t: Awaited<ReturnType<typeof table>>) {
  target(clients.players[0], t.tokens.goblin);
  rolls([10, 7], [6, 4]);
  await acting(clients.players[0], () => t.alrik.items.getName("Kurzschwert").roll({}));
  return last();
}

/** A message posted by `user` with exactly these flags and rolls (what a console or a module can post). */
async function handMade(user: Any, flags: Any, extra: Any = {}) {
  return as(user, () => g.ChatMessage.create({ content: "…", flags, ...extra }));
}

describe("a hand-made fall card (N1): the GM writes nothing", () => {
  it("a player who owns nothing names the GM's dragon and another player's character with 999 damage: Apply writes nothing", async () => {
    const t = await table();
    await g.game.settings.set("flex", "fallAutoApply", false);
    const ref = (a: Any, tok: Any) => ({ actorUuid: a.uuid, tokenUuid: tok.uuid });
    const check = { label: "Athletik", die: "W8", dice: [], result: { ew: 1, sw: 15, success: false, rules: [] }, vorteile: 0, nachteile: 0, outcome: "failure", rules: "", notes: [], bare: false };
    const forged = (faller: Any, victim: Any) => ({
      flex: {
        fall: {
          id: `forged-${victim.actorUuid}`,
          height: 5,
          sw: 15,
          source: "call",
          faller: { ...faller, name: "X", check, damage: 999, formula: "5d4", dice: [] },
          target: { ...victim, kind: "creature", name: "Y", atRisk: true, check: null, dodged: false, damage: 999, unresolved: false },
          applied: { faller: null, target: null },
          rules: ["R-FALL-1"],
        },
      },
    });
    const mallory = clients.players[2];
    const before = state.writes.length;
    for (const [faller, victim] of [
      [ref(t.bela, t.tokens.bela), ref(t.dragon, t.tokens.dragon)],
      [ref(t.dragon, t.tokens.dragon), ref(t.bela, t.tokens.bela)],
    ]) {
      const card = await handMade(mallory, forged(faller, victim));
      for (const key of ["faller", "target"] as const) expect(await acting(mallory, () => fallCardAction(card, key, "apply"))).not.toBe("applied");
    }
    expect(actorWrites(before)).toEqual([]);
    expect([sys(t.dragon).leben.value, sys(t.bela).leben.value]).toEqual([200, 20]);
  });

  it("the same forged card clicked by a GM: the card is still the player's claim, and the GM writes nothing (mutant: the faller-owner check)", async () => {
    const t = await table();
    await g.game.settings.set("flex", "fallAutoApply", false);
    const check = { label: "Athletik", die: "W8", dice: [], result: { ew: 1, sw: 15, success: false, rules: [] }, vorteile: 0, nachteile: 0, outcome: "failure", rules: "", notes: [], bare: false };
    const card = await handMade(clients.players[2], {
      flex: { fall: { id: "forged", height: 5, sw: 15, source: "call", faller: { actorUuid: t.dragon.uuid, tokenUuid: t.tokens.dragon.uuid, name: "Drache", check, damage: 12, formula: "5d4", dice: [] }, target: null, applied: { faller: null, target: null }, rules: ["R-FALL-1"] } },
    });
    const before = state.writes.length;
    expect(await acting(clients.gms[0], () => fallCardAction(card, "faller", "apply"))).toBe("refused");
    expect(actorWrites(before)).toEqual([]);
    expect(sys(t.dragon).leben.value).toBe(200);
  });
});

/** Alrik (player 1, no Athletik) falls 5 Schritt onto the GM's wolf; Apply at once is off. */
async function alrikFallsOnWolf() {
  await g.game.settings.set("flex", "fallAutoApply", false);
  const scene = await createScene();
  const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { kk: 8, ge: 6 }, leben: { value: 30, max: 30 } } })) as Any;
  const wolf = (await createActor({ name: "Wolf", type: "creature", system: { attributes: { ge: 6 }, leben: { value: 20, max: 20 } } })) as Any;
  const token = (await placeToken(scene, hero, { elevation: 5 })) as Any;
  await placeToken(scene, wolf, { col: 2 });
  // Alrik's bare KK W8 shows 1; the GM rolls the fall damage 5d4 = 10 and the wolf's bare GE W6 shows 1.
  roll([8, 1], ...d4s(2, 2, 2, 2, 2), [6, 1]);
  await acting(clients.players[0], () => token.move({ x: 200, elevation: 0 }));
  return { hero, wolf, card: last() };
}

describe("a fall onto the GM's creature: the GM rolls what hurts it, and its record decides (N1, N8)", () => {
  it("the author edits the target's damage to 999 before Apply: the wolf takes the 10 the GM rolled", async () => {
    const { wolf, card } = await alrikFallsOnWolf();
    expect(card.flags.flex.fall.target).toMatchObject({ damage: 10, dodged: false });
    await as(clients.players[0], () => card.update({ "flags.flex.fall.target.damage": 999, "flags.flex.fall.faller.damage": 999 }));
    expect(await acting(clients.players[0], () => fallCardAction(card, "target", "apply"))).toBe("applied");
    expect(sys(wolf).leben.value).toBe(10);
  });

  it("the author points the card's target at the GM's dragon: refused, the dragon keeps its Leben (mutant: the GM-record lookup)", async () => {
    const { wolf, card } = await alrikFallsOnWolf();
    const dragon = (await createActor({ name: "Drache", type: "creature", system: { leben: { value: 200, max: 200 } } })) as Any;
    await as(clients.players[0], () => card.update({ "flags.flex.fall.target.actorUuid": dragon.uuid, "flags.flex.fall.target.tokenUuid": null }));
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => fallCardAction(card, "target", "apply"))).toBe("refused");
    expect(actorWrites(before)).toEqual([]);
    expect([sys(dragon).leben.value, sys(wolf).leben.value]).toEqual([200, 20]);
  });

  it("a dodge request that names its own damage (400) is rolled by the GM all the same: at most 4 per Schritt", async () => {
    const scene = await createScene();
    const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { leben: { value: 30, max: 30 } } })) as Any;
    const wolf = (await createActor({ name: "Wolf", type: "creature", system: { attributes: { ge: 6 }, leben: { value: 500, max: 500 } } })) as Any;
    const heroToken = (await placeToken(scene, hero, { col: 2, elevation: 0 })) as Any;
    const wolfToken = (await placeToken(scene, wolf, { col: 2 })) as Any;
    roll(...d4s(1, 1, 1, 1, 1), [6, 1]); // the GM's 5d4 = 5, the wolf's bare GE 1
    const reply = await as(clients.players[0], () =>
      askActiveGM<Any>("fallDodge", { fallId: "mine", faller: { actorUuid: hero.uuid, tokenUuid: heroToken.uuid }, target: { actorUuid: wolf.uuid, tokenUuid: wolfToken.uuid }, height: 5, damage: 400, apply: true }),
    );
    await settle();
    expect(reply.applied.taken).toBe(5);
    expect(sys(wolf).leben.value).toBe(495);
    // The same fall id asked again by another player: refused, nothing more taken.
    const again = await as(clients.players[1], () => askActiveGM<Any>("fallDodge", { fallId: "mine", faller: { actorUuid: hero.uuid, tokenUuid: heroToken.uuid }, target: { actorUuid: wolf.uuid, tokenUuid: wolfToken.uuid }, height: 5, apply: true }));
    await settle();
    expect(again).toBeNull();
    expect(sys(wolf).leben.value).toBe(495);
  });

  it("a copied fall id on a second card of another player: its Undo gives nothing back", async () => {
    const { wolf, card } = await alrikFallsOnWolf();
    expect(await acting(clients.players[0], () => fallCardAction(card, "target", "apply"))).toBe("applied");
    expect(sys(wolf).leben.value).toBe(10);
    const copy = await handMade(clients.players[1], { flex: { fall: card.flags.flex.fall } });
    expect(await acting(clients.players[1], () => fallCardAction(copy, "target", "undo"))).toBe("refused");
    expect(sys(wolf).leben.value).toBe(10);
  });
});

describe("a fall onto the GM's creature with an Ausweichen value: its value stays behind the screen (N7)", () => {
  it("the card's content and flags, the dodge reply and the GM's record hold no Ausweichen 9; the GM's client draws it", async () => {
    await g.game.settings.set("flex", "fallAutoApply", false);
    const scene = await createScene();
    const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { kk: 8 }, leben: { value: 30, max: 30 } } })) as Any;
    const wolf = (await createActor({ name: "Wolf", type: "creature", system: { ausweichen: 9, leben: { value: 20, max: 20 } } })) as Any;
    const token = (await placeToken(scene, hero, { elevation: 5 })) as Any;
    await placeToken(scene, wolf, { col: 2 });
    // Alrik's KK W8 shows 1; the GM's 5d4 = 10; the wolf dodges with its value 9 against SW 15: it fails.
    roll([8, 1], ...d4s(2, 2, 2, 2, 2));
    await acting(clients.players[0], () => token.move({ x: 200, elevation: 0 }));
    const card = last();
    const publicData = JSON.stringify({ content: card.content, flags: card.flags, gm: clients.gms[0].flags });
    expect(publicData).not.toMatch(/Ausweichen-Wert 9|EW 9\b|"ew":9/);
    const gmView = (await messageContentFor(card, clients.gms[0])).toString();
    expect(gmView).toContain("Wolf verteidigt sich mit seinem Ausweichen-Wert 9");
    const playerView = (await messageContentFor(card, clients.players[0])).toString();
    expect(playerView).not.toContain("Ausweichen-Wert 9");
  });
});

describe("an attack card is checked once against its owners, then the GM's record decides (N2)", () => {
  it("retargeted to a hidden creature on another scene: the GM applies nothing there (mutant: the requester-may-target check)", async () => {
    const t = await table();
    const card = await alrikHitsGoblin(t);
    const elsewhere = await createScene({ name: "Anderswo" });
    const hidden = (await createActor({ name: "Lich", type: "creature", system: { ausweichen: 0, parade: 0, leben: { value: 20, max: 20 } } })) as Any;
    const hiddenToken = (await placeToken(elsewhere, hidden, { hidden: true })) as Any;
    const targets = card.flags.flex.attack.targets.map((x: Any) => ({ ...x, ref: { actorUuid: hidden.uuid, tokenUuid: hiddenToken.uuid }, name: "Lich" }));
    await as(clients.players[0], () => card.update({ "flags.flex.attack.targets": targets }));
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "refused" });
    expect(actorWrites(before)).toEqual([]);
    expect(sys(hidden).leben.value).toBe(20);
  });

  it("retargeted to a visible creature on the same scene after its first Apply: the GM's record keeps the first target (mutant: the GM-record lookup)", async () => {
    const t = await table();
    const card = await alrikHitsGoblin(t);
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "applied" });
    expect(sys(t.goblin).leben.value).toBe(14);
    // Undo, then point t1 at the dragon and apply again: the record still says the goblin.
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "undo"))).toEqual({ t1: "undone" });
    const targets = card.flags.flex.attack.targets.map((x: Any) => ({ ...x, ref: { actorUuid: t.dragon.uuid, tokenUuid: t.tokens.dragon.uuid } }));
    await as(clients.players[0], () => card.update({ "flags.flex.attack.targets": targets, "flags.flex.attack.damage.total": 12 }));
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "applied" });
    expect([sys(t.goblin).leben.value, sys(t.dragon).leben.value]).toEqual([14, 200]);
  });

  it("a card that copies another card's record (no rolls): its Undo gives the goblin nothing back", async () => {
    const t = await table();
    const card = await alrikHitsGoblin(t);
    expect(await acting(clients.gms[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "applied" });
    expect(sys(t.goblin).leben.value).toBe(14);
    const copy = await handMade(clients.players[0], { flex: { attack: card.flags.flex.attack } });
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => attackCardAction(copy, ["t1"], "undo"))).toEqual({ t1: "notApplied" });
    expect(actorWrites(before)).toEqual([]);
    expect(sys(t.goblin).leben.value).toBe(14);
    // The real card's Undo still works.
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "undo"))).toEqual({ t1: "undone" });
    expect(sys(t.goblin).leben.value).toBe(20);
  });

  it("the GM's record rides in the journal's hold write: an Apply costs one Actor write and the journal's two User writes", async () => {
    const t = await table();
    const card = await alrikHitsGoblin(t);
    const before = state.writes.length;
    await acting(clients.players[0], () => attackCardAction(card, ["t1"], "apply"));
    expect(state.writes.slice(before).map((w) => [w.action, w.documentName, w.userId])).toEqual([
      ["update", "User", clients.gms[0].id],
      ["update", "Actor", clients.gms[0].id],
      ["update", "ChatMessage", clients.gms[0].id],
      ["update", "User", clients.gms[0].id],
    ]);
    const record = Object.values(clients.gms[0].getFlag("flex", "cards") as Any) as Any[];
    expect(record).toHaveLength(1);
    expect(record[0]).toMatchObject({ kind: "attack", id: card.id, author: clients.players[0].id, claim: { damage: 6, targets: [{ key: "t1", ref: { actorUuid: t.goblin.uuid } }] } });
  });
});

describe("a heal card copying another's record (N2): its Undo takes nothing back", () => {
  it("Bela's player copies Alrik's heal card; Undo on the copy leaves Alrik's Leben", async () => {
    const t = await table();
    await t.alrik.update({ "system.leben.value": 10 });
    const { healFromSheet } = await import("../../src/automation/healing");
    await acting(clients.players[0], () => healFromSheet(t.alrik, 5));
    expect(sys(t.alrik).leben.value).toBe(15);
    const real = last();
    const copy = await handMade(clients.players[0], { flex: { heal: real.flags.flex.heal } });
    expect(await acting(clients.players[0], () => healCardAction(copy, "undo"))).toBe("notApplied");
    expect(sys(t.alrik).leben.value).toBe(15);
  });
});
