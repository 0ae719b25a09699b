// The fight itself (R-CORE-10 … R-CORE-13): attack, defence, damage and Apply / Undo, with two GMs and three
// players connected. What a table notices: one card, who wrote what, Leben before and after.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { attackCardAction, defendAgainst } from "../../src/automation/combat";
import { as, createActor, createScene, messageContentFor, messages, placeToken, queueDice, resetWorld, settle, state, target, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));
const since = (n: number) => state.writes.slice(n).map((w) => [w.action, w.documentName, w.userId, w.ids.length]);
const acting = <T,>(user: Any, fn: () => Promise<T> | T) =>
  as(user, async () => {
    const out = await fn();
    await settle();
    return out;
  });

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

/** The card as the active GM's client draws it (with the values kept from players). */
const gmView = (card: Any) => messageContentFor(card, clients.gms[0]);

/** Player 1's Alrik (GE W10, Klingenwaffen 4) with a short sword (1W6+2), facing what the test places. */
async function hero({ fluss = 10 } = {}) {
  const actor = (await createActor({
    name: "Alrik",
    type: "character",
    ownership: { default: 0, [clients.players[0].id]: 3 },
    system: { attributes: { ge: 10, kl: 8 }, fluss: { value: fluss, max: 20 }, leben: { value: 30, max: 30 } },
  })) as Any;
  await actor.createEmbeddedDocuments("Item", [
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 4, kategorie: "kampfart" } },
    { name: "Elementarmagie", type: "talent", system: { attribut: "kl", uebungswert: 3, kategorie: "zauberschule" } },
    { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6+2", aktionen: 1 } },
    { name: "Feuerstrahl", type: "spell", system: { zauberschule: "Elementarmagie", fluss: 4, aktionen: 2, schaden: "2W6", schadensart: "feuer" } },
  ]);
  return actor;
}

async function goblin(name = "Goblin", { ausweichen = 9, ruestung = 1, leben = 12 } = {}) {
  return (await createActor({ name, type: "creature", system: { ausweichen, parade: 5, ruestung, leben: { value: leben, max: leben } } })) as Any;
}

async function onScene(...actors: Any[]) {
  const scene = await createScene();
  const tokens: Any[] = [];
  for (const [i, a] of actors.entries()) tokens.push(await placeToken(scene, a, { col: i }));
  return tokens;
}

const item = (actor: Any, name: string) => actor.items.getName(name);

describe("R-CORE-10 / R-CORE-11 / R-CORE-12 a player's attack on the GM's goblin", () => {
  it("one card with EW against the goblin's Ausweichen; Apply by the active GM, once; Undo gives back exactly", async () => {
    const alrik = await hero();
    const gob = await goblin();
    const [, gobToken] = await onScene(alrik, gob);
    target(clients.players[0], gobToken);
    rolls([10, 7], [6, 4]); // Klingenwaffen: 7 + 4 = EW 11 against Ausweichen 9: a hit; damage 4 + 2 = 6
    const before = state.writes.length;
    const result = await acting(clients.players[0], () => item(alrik, "Kurzschwert").roll({}));

    expect(messages()).toHaveLength(1);
    expect(since(before)).toEqual([["create", "ChatMessage", clients.players[0].id, 1]]);
    expect(result.record).toMatchObject({ ew: 11, damage: { total: 6 }, targets: [{ name: "Goblin", status: "hit", defence: { kind: "ausweichen" } }] });
    const card = messages()[0] as Any;
    // The goblin's Ausweichen is the GM's to know (automation/screen.ts): drawn on the GM's client only.
    expect(parse(await gmView(card)).querySelector(".flex-target-status")!.text).toBe("Treffer · Ausweichen 9");
    expect(card.content).toContain("EW 11");
    expect(card.content).toContain("Treffer");
    expect(card.content).toContain("6 Schaden");
    expect(card.rolls.map((r: Any) => r.total)).toEqual([11, 6]);

    // Five clients click Apply at once: applied once, by the active GM, Rüstung 1 subtracted.
    const clicks = state.writes.length;
    await Promise.all(clients.all.map((u) => acting(u, () => attackCardAction(card, ["t1"], "apply"))));
    expect(sys(gob).leben.value).toBe(7);
    const applyWrites = since(clicks);
    expect(applyWrites.filter((w) => w[1] === "Actor")).toEqual([["update", "Actor", clients.gms[0].id, 1]]);
    expect(applyWrites.every((w) => w[2] === clients.gms[0].id)).toBe(true);
    // The whole arithmetic on the row (issue 25): damage − Rüstung = Leben lost, and Leben now.
    // The goblin is the GM's: its arithmetic is drawn on the GM's client (automation/screen.ts), the table reads "−5 Leben".
    expect(parse(card.content).querySelector(".flex-applied")!.text.trim()).toBe("−5 Leben");
    expect(parse(await gmView(card)).querySelector(".flex-applied")!.text.trim()).toBe("6 Schaden − 1 Rüstung = −5 Leben, jetzt 7/12");

    const undoAt = state.writes.length;
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "undo"))).toEqual({ t1: "undone" });
    expect(sys(gob).leben.value).toBe(12);
    expect(since(undoAt).filter((w) => w[1] === "Actor")).toEqual([["update", "Actor", clients.gms[0].id, 1]]);
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "undo"))).toEqual({ t1: "notApplied" });
    expect(sys(gob).leben.value).toBe(12);
  });

  it("a tie goes to the defender: EW 9 against Ausweichen 9 is defended, no damage is rolled", async () => {
    const alrik = await hero();
    const gob = await goblin();
    const [, gobToken] = await onScene(alrik, gob);
    target(clients.players[0], gobToken);
    rolls([10, 5]);
    const result = await acting(clients.players[0], () => item(alrik, "Kurzschwert").roll({}));
    expect(result.record.targets[0].status).toBe("defended");
    expect(result.record.damage).toBeNull();
    expect(messages()[0].rolls).toHaveLength(1);
  });
});

describe("R-CORE-11 three targets: one character defends, one fails, one creature", () => {
  it("the right two take the damage minus their Rüstung, in one write", async () => {
    const alrik = await hero();
    const bela = (await createActor({ name: "Bela", type: "character", ownership: { default: 0, [clients.players[1].id]: 3 }, system: { attributes: { ge: 6 }, ruestung: 2, leben: { value: 20, max: 20 } } })) as Any;
    await bela.createEmbeddedDocuments("Item", [{ name: "Ausweichen", type: "talent", system: { attribut: "ge", uebungswert: 2 } }]);
    const cora = (await createActor({ name: "Cora", type: "character", ownership: { default: 0, [clients.players[2].id]: 3 }, system: { attributes: { ge: 8 }, leben: { value: 20, max: 20 } } })) as Any;
    await cora.createEmbeddedDocuments("Item", [{ name: "Parade", type: "talent", system: { attribut: "ge", uebungswert: 1 } }]);
    const gob = await goblin("Goblin", { ausweichen: 4, ruestung: 1 });
    const [, belaToken, coraToken, gobToken] = await onScene(alrik, bela, cora, gob);
    target(clients.players[0], belaToken, coraToken, gobToken);
    rolls([10, 6], [6, 5]); // EW 10; damage 7
    const { record } = await acting(clients.players[0], () => item(alrik, "Kurzschwert").roll({}));
    expect(record.targets.map((t: Any) => [t.name, t.status])).toEqual([
      ["Bela", "pending"],
      ["Cora", "pending"],
      ["Goblin", "hit"],
    ]);
    const card = messages()[0] as Any;
    // A summary line for the table, and each Apply button says how much (issue 25).
    const html = parse(card.content);
    expect(html.querySelector(".flex-attack-summary")!.text).toBe("Getroffen: 1 · Verteidigung offen: 2");
    expect(html.querySelector("[data-action=flexAttackApply]")!.text.trim()).toBe("Anwenden: 7 Schaden");

    rolls([6, 3]); // Bela: 3 + 2 = 5 < 10: hit
    expect(await acting(clients.players[1], () => defendAgainst(card, "t1", "ausweichen"))).toBe("hit");
    rolls([8, 8]); // Cora: 8 + 1 = 9 < 10 … 
    expect(await acting(clients.players[2], () => defendAgainst(card, "t2", "parade"))).toBe("hit");
    expect(attack(card).targets.map((t: Any) => t.status)).toEqual(["hit", "hit", "hit"]);
    // A third defence on the same target is refused: it is decided.
    expect(await acting(clients.players[1], () => defendAgainst(card, "t1", "parade"))).toBe("already");

    const before = state.writes.length;
    expect(await acting(clients.players[0], () => attackCardAction(card, "all", "apply"))).toEqual({ t1: "applied", t2: "applied", t3: "applied" });
    expect(state.writes.slice(before).filter((w) => w.documentName === "Actor")).toEqual([expect.objectContaining({ action: "update", userId: clients.gms[0].id, ids: [bela.id, cora.id, gob.id] })]);
    expect([sys(bela).leben.value, sys(cora).leben.value, sys(gob).leben.value]).toEqual([15, 13, 6]);
  });

  it("a defence that holds: the defender's check card, the attack card marks it defended; Apply does nothing there", async () => {
    const alrik = await hero();
    const bela = (await createActor({ name: "Bela", type: "character", ownership: { default: 0, [clients.players[1].id]: 3 }, system: { attributes: { ge: 12 }, leben: { value: 20, max: 20 } } })) as Any;
    await bela.createEmbeddedDocuments("Item", [{ name: "Ausweichen", type: "talent", system: { attribut: "ge", uebungswert: 3 } }]);
    const [, belaToken] = await onScene(alrik, bela);
    target(clients.players[0], belaToken);
    rolls([10, 6], [6, 5]);
    await acting(clients.players[0], () => item(alrik, "Kurzschwert").roll({}));
    const card = messages()[0] as Any;
    rolls([12, 7]); // 7 + 3 = 10: a tie, the defender's
    expect(await acting(clients.players[1], () => defendAgainst(card, "t1", "ausweichen"))).toBe("defended");
    expect(messages()).toHaveLength(2);
    expect(messages()[1].author.id).toBe(clients.players[1].id);
    // Bela's values are her player's and the GM's to see (automation/screen.ts): the table reads "Abgewehrt".
    expect(card.content).toContain("Abgewehrt");
    expect(parse(await gmView(card)).querySelector(".flex-target-status")!.text).toBe("Abgewehrt · Ausweichen 10");
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "defended" });
    expect(state.writes.length).toBe(before);
    expect(sys(bela).leben.value).toBe(20);
  });
});

const attack = (card: Any) => card.flags.flex.attack;

describe("R-CORE-13 spells cost Fluss", () => {
  it("a spell with too little Fluss is refused and writes nothing", async () => {
    const alrik = await hero({ fluss: 3 });
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => item(alrik, "Feuerstrahl").roll({}))).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.players[0].id, message: "Alrik hat zu wenig Fluss für Feuerstrahl: nötig 4, vorhanden 3." });
  });

  it("a spell rolls its Zauberschule, takes its Fluss and rolls its damage", async () => {
    const alrik = await hero({ fluss: 10 });
    const gob = await goblin("Goblin", { ausweichen: 3 });
    const [, gobToken] = await onScene(alrik, gob);
    target(clients.players[0], gobToken);
    rolls([8, 6], [6, 2], [6, 3]); // Elementarmagie: 6 + 3 = 9; 2W6 = 5
    const { record } = await acting(clients.players[0], () => item(alrik, "Feuerstrahl").roll({}));
    expect(sys(alrik).fluss.value).toBe(6);
    expect(record).toMatchObject({ mode: "spell", ew: 9, damage: { total: 5 }, item: { damageType: "feuer" } });
    expect(record.rules).toContain("R-CORE-13");
  });
});

describe("R-CORE-10 a creature's attack rolls its own check", () => {
  it("W8+3 against a character, who then defends", async () => {
    const wolf = (await createActor({ name: "Wolf", type: "creature", system: { leben: { value: 15, max: 15 } } })) as Any;
    await wolf.createEmbeddedDocuments("Item", [{ name: "Biss", type: "attack", system: { angriff: "W8+3", schaden: "1W6", aktionen: 2 } }]);
    const alrik = await hero();
    const [, alrikToken] = await onScene(wolf, alrik);
    target(clients.gms[0], alrikToken);
    rolls([8, 5], [6, 6]);
    const { record } = await acting(clients.gms[0], () => item(wolf, "Biss").roll({}));
    expect(record).toMatchObject({ mode: "attack", ew: 8, damage: { total: 6 }, targets: [{ name: "Alrik", status: "pending" }] });
    expect(messages()[0].rolls[0].formula).toBe("1d8 + 3");
  });
});

describe("forged requests: a player's hacked client gets nothing applied", () => {
  it("a defence for another's character, or with another card's roll, is refused: 0 writes", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const alrik = await hero();
    const bela = (await createActor({ name: "Bela", type: "character", ownership: { default: 0, [clients.players[1].id]: 3 }, system: { attributes: { ge: 6 }, leben: { value: 20, max: 20 } } })) as Any;
    const [, belaToken] = await onScene(alrik, bela);
    target(clients.players[0], belaToken);
    rolls([10, 6], [6, 5]);
    await acting(clients.players[0], () => item(alrik, "Kurzschwert").roll({}));
    const card = messages()[0] as Any;
    // Player 3 rolls a check of their own and claims it as Bela's defence; Bela's owner claims an unrelated roll.
    rolls([6, 6]);
    const other = await as(clients.players[2], () => g.ChatMessage.create({ content: "x", rolls: [] }));
    const { askActiveGM } = await import("../../src/automation/gm-relay");
    const before = state.writes.length;
    expect(await acting(clients.players[2], () => askActiveGM("attackDefend", { messageId: card.id, key: "t1", kind: "ausweichen", defenceMessageId: other.id }))).toBeNull();
    expect(await acting(clients.players[1], () => askActiveGM("attackDefend", { messageId: card.id, key: "t1", kind: "ausweichen", defenceMessageId: other.id }))).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(attack(card).targets[0].status).toBe("pending");
    warn.mockRestore();
  });

  it("an Apply on a card the player may not apply: refused, 0 writes", async () => {
    await g.game.settings.set("flex", "damageApply", "gm");
    const alrik = await hero();
    const gob = await goblin();
    const [, gobToken] = await onScene(alrik, gob);
    target(clients.players[0], gobToken);
    rolls([10, 7], [6, 4]);
    await acting(clients.players[0], () => item(alrik, "Kurzschwert").roll({}));
    const card = messages()[0] as Any;
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "refused" });
    expect(state.writes.length).toBe(before);
    expect(sys(gob).leben.value).toBe(12);
  });

  it("a card written by hand, claiming a hit for 999 with the GM's dragon's claws: refused, 0 writes", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const alrik = await hero();
    const dragon = await goblin("Drache", { ausweichen: 30, leben: 200 });
    await dragon.createEmbeddedDocuments("Item", [{ name: "Klauen", type: "attack", system: { angriff: "W12+9", schaden: "10W12" } }]);
    const gob = await goblin();
    const [, , gobToken] = await onScene(alrik, dragon, gob);
    const claws = item(dragon, "Klauen");
    const forged = (ew: number, damage: number, itemUuid: string) => ({
      id: "forged",
      mode: "weapon",
      attacker: { actorUuid: alrik.uuid, tokenUuid: null, name: "Alrik", img: "" },
      item: { uuid: itemUuid, name: "Kurzschwert", img: "", damage: "1W6+2", damageType: "physisch", healing: null, actions: 1, fluss: 0 },
      check: { label: "x", die: "W10", dice: [], result: {}, vorteile: 0, nachteile: 0, outcome: "open", rules: "", notes: [] },
      ew,
      damage: { formula: "1d6 + 2", total: damage },
      healing: null,
      targets: [{ key: "t1", ref: { actorUuid: gob.uuid, tokenUuid: gobToken.uuid }, name: "Goblin", img: "", kind: "creature", status: "hit", defence: { kind: "ausweichen", ew: 9, source: "fixed", messageId: null } }],
      applied: {},
      notes: [],
      rules: [],
    });
    const post = (record: Any) => as(clients.players[0], () => g.ChatMessage.create({ content: "x", flags: { flex: { attack: record } } }));
    const cards = [await post(forged(11, 999, item(alrik, "Kurzschwert").uuid)), await post(forged(11, 8, claws.uuid)), await post(forged(3, 6, item(alrik, "Kurzschwert").uuid))];
    const before = state.writes.length;
    for (const card of cards) expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "refused" });
    expect(state.writes.length).toBe(before);
    expect(sys(gob).leben.value).toBe(12);
    expect(warn.mock.calls.map((c) => String(c[0])).join("\n")).toMatch(/not Alrik's[\s\S]*no check roll that says so/);
    warn.mockRestore();
  });
});

describe("R-CORE-12 healing from a card: up to the maximum, and above 0 it ends dying", () => {
  it("a healing spell aimed at a dying friend heals once, ends dying; Undo takes it back", async () => {
    const alrik = await hero();
    await alrik.createEmbeddedDocuments("Item", [{ name: "Heilende Hände", type: "spell", system: { zauberschule: "Elementarmagie", fluss: 1, heilung: "1W6+1" } }]);
    const bela = (await createActor({ name: "Bela", type: "character", system: { leben: { value: 0, max: 20 } } })) as Any;
    await bela.toggleStatusEffect("dying", { active: true });
    const [, belaToken] = await onScene(alrik, bela);
    target(clients.players[0], belaToken);
    rolls([8, 4], [6, 5]); // check 4 + 3; healing 5 + 1 = 6
    const { record } = await acting(clients.players[0], () => item(alrik, "Heilende Hände").roll({}));
    expect(record).toMatchObject({ healing: { total: 6 }, damage: null, targets: [{ name: "Bela", status: "hit", defence: null }] });
    const card = messages()[0] as Any;
    expect(card.content).toContain("Wird geheilt");
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "heal"))).toEqual({ t1: "healed" });
    expect(sys(bela).leben.value).toBe(6);
    expect(bela.statuses.has("dying")).toBe(false);
    expect(await acting(clients.gms[1], () => attackCardAction(card, ["t1"], "heal"))).toEqual({ t1: "already" });
    expect(sys(bela).leben.value).toBe(6);
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "undo"))).toEqual({ t1: "undone" });
    expect(sys(bela).leben.value).toBe(0);
    // R-CORE-8: back at 0 Leben, Bela is dying again.
    expect(bela.statuses.has("dying")).toBe(true);
  });

  it("with nothing targeted a healing spell heals its caster; healing stops at the maximum", async () => {
    const alrik = await hero();
    await alrik.update({ "system.leben.value": 27 });
    await alrik.createEmbeddedDocuments("Item", [{ name: "Heilende Hände", type: "spell", system: { zauberschule: "Elementarmagie", fluss: 1, heilung: "1W6+1" } }]);
    rolls([8, 4], [6, 5]);
    const { record } = await acting(clients.players[0], () => item(alrik, "Heilende Hände").roll({ targets: [] }));
    expect(record.targets.map((t: Any) => t.name)).toEqual(["Alrik"]);
    await acting(clients.players[0], () => attackCardAction(messages()[0] as Any, ["t1"], "heal"));
    expect(sys(alrik).leben.value).toBe(30);
  });
});

describe("R-CORE-15 using an Alchemikum or a charge spends one; at 0 the item stays, empty", () => {
  it("a healing potion: menge 2 → 1 → 0, then refused; the item is still there", async () => {
    const alrik = await hero();
    const [potion] = await alrik.createEmbeddedDocuments("Item", [{ name: "Heiltrank", type: "alchemical", system: { menge: 2 } }]);
    expect(await acting(clients.players[0], () => potion.use())).toEqual({ empty: false, left: 1 });
    expect(await acting(clients.players[0], () => potion.use())).toEqual({ empty: true, left: 0 });
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => potion.use())).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(alrik.items.getName("Heiltrank")).toBeTruthy();
    expect(messages().map((m: Any) => m.content).join("")).toContain("das war das letzte");
  });

  it("a healer's kit spends charges, a rope is not used up", async () => {
    const alrik = await hero();
    const [kit, rope] = await alrik.createEmbeddedDocuments("Item", [
      { name: "Heilerset", type: "equipment", system: { verbrauch: "ladung", ladungen: { value: 10, max: 10 } } },
      { name: "Seil", type: "equipment", system: { verbrauch: "keiner" } },
    ]);
    expect(await acting(clients.players[0], () => kit.use())).toEqual({ empty: false, left: 9 });
    expect(sys(kit).ladungen.value).toBe(9);
    expect(await acting(clients.players[0], () => rope.use())).toBeNull();
  });
});

describe("R-CORE-8 at 0 Leben: a creature is dead and defeated in the tracker; a character is dying", () => {
  it("a goblin struck down in a started combat is marked defeated, in one more write", async () => {
    const alrik = await hero();
    const gob = await goblin("Goblin", { ausweichen: 2, ruestung: 0, leben: 4 });
    const [alrikToken, gobToken] = await onScene(alrik, gob);
    const combat = await g.Combat.create({});
    await combat.createEmbeddedDocuments("Combatant", [alrikToken, gobToken].map((t: Any) => ({ actorId: t.actorId, tokenId: t.id, sceneId: t.parent.id })));
    await combat.startCombat();
    await settle();
    target(clients.players[0], gobToken);
    rolls([10, 5], [6, 6]); // EW 9 > 2; damage 8
    await acting(clients.players[0], () => item(alrik, "Kurzschwert").roll({}));
    await acting(clients.players[0], () => attackCardAction(messages().at(-1) as Any, ["t1"], "apply"));
    expect(sys(gob).leben.value).toBe(0);
    expect(gob.statuses.has("dead")).toBe(true);
    expect(combat.combatants.find((c: Any) => c.actorId === gob.id).defeated).toBe(true);
    expect(combat.combatants.find((c: Any) => c.actorId === alrik.id).defeated).toBe(false);
    // The card says it: 8 damage, 4 Leben lost, 0 left, and the goblin is defeated.
    const row = parse(await gmView(messages().at(-1) as Any)).querySelector(".flex-applied")!;
    expect(row.text.replace(/\s+/g, " ").trim()).toBe("8 Schaden: Leben 4 → 0/4 (4 verfallen) besiegt");
    expect(row.querySelector(".flex-tag-state")!.text).toBe("besiegt");
  });
});

describe("world setting: creatures roll their defence around their value (value − ⌊GE/2⌋ + GE die)", () => {
  it("Ausweichen 9 with GE W8 rolling 2 defends with 7: EW 8 hits; the GM's goblin's die is the active GM's roll, at the first Apply (issue 33)", async () => {
    await g.game.settings.set("flex", "creatureDefence", "roll");
    const alrik = await hero();
    const gob = (await createActor({ name: "Goblin", type: "creature", system: { attributes: { ge: 8 }, ausweichen: 9, leben: { value: 12, max: 12 } } })) as Any;
    const [, gobToken] = await onScene(alrik, gob);
    target(clients.players[0], gobToken);
    rolls([10, 4], [6, 1]); // EW 8; damage 3 — the player's client rolls no die for the GM's goblin
    const { record } = await acting(clients.players[0], () => item(alrik, "Kurzschwert").roll({}));
    expect(record.targets[0]).toMatchObject({ status: "pending", defence: { source: "gm" } });
    expect(messages()[0].rolls.map((r: Any) => r.formula)).toEqual(["1d10 + 4", "1d6 + 2"]);
    expect(messages()[0].content).toContain("Die Spielleitung würfelt die Verteidigung von Goblin, wenn der Treffer angewendet wird.");
    expect(messages()[0].content).toContain('data-action="flexAttackApply" data-key="t1"');
    // The player applies (the world's default lets the attacker): the active GM rolls the GE die (2): 9 − 4 + 2 = 7 < 8, a hit.
    rolls([8, 2]);
    expect(await acting(clients.players[0], () => attackCardAction(messages()[0] as Any, ["t1"], "apply"))).toEqual({ t1: "applied" });
    expect(sys(gob).leben.value).toBe(9);
    const card = messages()[0] as Any;
    expect(card.rolls.map((r: Any) => r.formula)).toEqual(["1d10 + 4", "1d6 + 2", "1d8"]);
    expect(card.flags.flex.attack.targets[0]).toMatchObject({ status: "hit", defence: { source: "roll", rollIndex: 2 } });
    expect(parse(await gmView(card)).querySelector(".flex-target-status")!.text).toBe("Treffer · Ausweichen 7");
    // A second Apply (after an Undo) uses the GM's record: no new die.
    await acting(clients.players[0], () => attackCardAction(card, ["t1"], "undo"));
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "applied" });
    expect(card.rolls).toHaveLength(3);
  });

  it("a GE die the GM rolled that defends: nothing is applied, and asking again rolls no new die", async () => {
    await g.game.settings.set("flex", "creatureDefence", "roll");
    const alrik = await hero();
    const gob = (await createActor({ name: "Goblin", type: "creature", system: { attributes: { ge: 8 }, ausweichen: 9, leben: { value: 12, max: 12 } } })) as Any;
    const [, gobToken] = await onScene(alrik, gob);
    target(clients.players[0], gobToken);
    rolls([10, 4], [6, 1]);
    await acting(clients.players[0], () => item(alrik, "Kurzschwert").roll({}));
    rolls([8, 8]); // 9 − 4 + 8 = 13 ≥ 8: defended
    const card = messages()[0] as Any;
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "defended" });
    rolls([8, 1]);
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "defended" });
    expect(sys(gob).leben.value).toBe(12);
    expect(card.rolls).toHaveLength(3);
    expect(card.flags.flex.attack.targets[0].status).toBe("defended");
  });
});
