// Trust model: roll modes follow the requester (N5), and a private card never sits in the GM's journal (N14). A card
// the active GM's client makes for a player's request (work, crafting, a command, a fall the GM rolls) goes to whom
// the player's roll mode says: Self and GM roll to the player and the GMs, Blind to the GMs only, Public to all. Core's
// "selfroll" on the GM's client would whisper to that GM alone (foundryvtt#11442). With 2 GMs and 3 players.
import { beforeEach, describe, expect, it } from "vitest";
import { commandCompanion } from "../../src/automation/companions";
import { audienceFor } from "../../src/helpers/roll-mode";
import { acting, as, createActor, createScene, messages, placeToken, queueDice, resetWorld, state, target, type Clients } from "../harness";
import { alrikOf, resetFallSettings } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const flex = () => g.game.flex;
let clients: Clients;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));
const player = () => clients.players[0];
const gmIds = () => clients.gms.map((u: Any) => u.id);

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  resetFallSettings();
});

/** The roll mode every client has chosen (the stand-in keeps client settings once for all clients). */
const chooseRollMode = (mode: string) => g.game.settings.set("core", "rollMode", mode);

/** What the GMs wrote on their own User documents since `from` (the journal, which every client reads). */
const journalWrites = (from: number) => JSON.stringify(state.writes.slice(from).filter((w) => w.documentName === "User").map((w) => w.data));

/** Who reads the card: its whisper list (empty: everyone) and whether it is blind. */
const audience = (card: Any) => ({ whisper: [...card.whisper].sort(), blind: card.blind === true });
const toPlayerAndGMs = () => ({ whisper: [player().id, ...gmIds()].sort(), blind: false });

/** A carpenter of the first player's: Handwerk ÜW 2 on FF W8. */
async function worker() {
  const actor = (await createActor({ name: "Zimmerin", type: "character", ownership: { default: 0, [player().id]: 3 }, system: { geld: 10, attributes: { ff: 8 } } })) as Any;
  await actor.createEmbeddedDocuments("Item", [{ name: "Handwerk", type: "talent", system: { attribut: "ff", uebungswert: 2 } }]);
  return actor;
}

async function work(mode: string) {
  const actor = await worker();
  await chooseRollMode(mode);
  rolls([8, 6]);
  const answer = await acting(player(), () => flex().making.requestWork(actor, { talent: "Handwerk", duration: "4h" }));
  expect(answer).toMatchObject({ ok: true, pay: 8 });
  const card = messages().at(-1) as Any;
  expect(card.author.id).toBe(clients.gms[0].id);
  return card;
}

describe("a card the GM makes for a player's request follows the player's roll mode", () => {
  it("Self: the work card is whispered to the player and the GMs, not to the GM alone", async () => {
    const card = await work("selfroll");
    expect(audience(card)).toEqual(toPlayerAndGMs());
    // The player's client shows its content; another player's shows it as a private roll only (v13: roll whispers reach every client).
    expect(await as(player(), () => card.isContentVisible)).toBe(true);
    expect(await as(clients.players[1], () => card.isContentVisible)).toBe(false);
  });

  it("Blind: to the GMs only, blind; GM roll: to the player and the GMs; Public: to everyone", async () => {
    expect(audience(await work("blindroll"))).toEqual({ whisper: [...gmIds()].sort(), blind: true });
    expect(audience(await work("gmroll"))).toEqual(toPlayerAndGMs());
    expect(audience(await work("publicroll"))).toEqual({ whisper: [], blind: false });
  });

  it("Self: the crafting card (materials paid) is whispered to the player and the GMs", async () => {
    const actor = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [player().id]: 3 }, system: { geld: 100, attributes: { ff: 10 } } })) as Any;
    await actor.createEmbeddedDocuments("Item", [{ name: "Schmieden", type: "talent", system: { attribut: "ff", uebungswert: 3 } }]);
    const dagger = await g.Item.create({ name: "Dolch", type: "weapon", system: { preis: 40, schaden: "1W4", talent: "Klingenwaffen" } });
    const project = await as(player(), () => flex().making.createProject(actor, dagger, { complexity: "einfach", talent: "Schmieden" }));
    await chooseRollMode("selfroll");
    await acting(player(), () => flex().making.payMaterials(project));
    const card = messages().at(-1) as Any;
    expect(card.flags.flex.making.kind).toBe("materials");
    expect(audience(card)).toEqual(toPlayerAndGMs());
  });

  it("Self: a command's card, and the companion's attack card, are whispered to the player and the GMs", async () => {
    const rikka = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [player().id]: 3 }, system: { attributes: { ch: 8 } } })) as Any;
    await rikka.createEmbeddedDocuments("Item", [{ name: "Mit Tieren umgehen", type: "talent", system: { attribut: "ch", uebungswert: 12 } }]);
    const wolf = (await createActor({ name: "Grauwolf", type: "creature", system: { stufe: 1, art: "tier", trainierbar: true, trainer: rikka.uuid, ausweichen: 12, parade: 8, leben: { value: 18, max: 18 } } })) as Any;
    await wolf.createEmbeddedDocuments("Item", [{ name: "Biss", type: "attack", system: { angriff: "W8+3", schaden: "1W8", aktionen: 2 } }]);
    const goblin = (await createActor({ name: "Goblin", type: "creature", system: { ausweichen: 9, parade: 5, leben: { value: 12, max: 12 } } })) as Any;
    const scene = await createScene();
    const goblinToken = await placeToken(scene, goblin, { col: 1 });
    await placeToken(scene, wolf, { col: 2 });
    await chooseRollMode("selfroll");
    target(player(), goblinToken);

    rolls([8, 2]); // 2 + 12 = 14 < Misstrauen 18: the command card
    expect(await acting(player(), () => commandCompanion(wolf, wolf.items.getName("Biss")))).toMatchObject({ status: "failed" });
    const failed = messages().at(-1) as Any;
    expect(failed.flags.flex.command).toBeDefined();
    expect(audience(failed)).toEqual(toPlayerAndGMs());

    rolls([8, 8], [8, 5]); // 8 + 12 = 20: the wolf bites
    expect(await acting(player(), () => commandCompanion(wolf, wolf.items.getName("Biss")))).toMatchObject({ status: "attacked" });
    const attack = messages().at(-1) as Any;
    expect(attack.flags.flex.attack).toBeDefined();
    expect(audience(attack)).toEqual(toPlayerAndGMs());
  });

  it("Self: a fall the GM rolls (world setting) is whispered to the player and the GMs", async () => {
    const hero = await alrikOf(player());
    await g.game.settings.set("flex", "fallRoller", "gm");
    await chooseRollMode("selfroll");
    rolls([8, 8]); // KK 8 ≥ SW 9? no: 8 < 9 → falls; the damage dice follow
    queueDice([1, 1, 1].map((result) => ({ faces: 4, result })));
    const report = await acting(player(), () => flex().fall(hero, 3, { onto: null }));
    expect(report).toMatchObject({ fell: true });
    const card = messages().at(-1) as Any;
    expect(card.author.id).toBe(clients.gms[0].id);
    expect(audience(card)).toEqual(toPlayerAndGMs());
  });

  it("a mode a request names that is no roll mode is public, never someone else's whisper", async () => {
    const card = await as(clients.gms[0], () => audienceFor("whisper:gm2", player()));
    expect(card).toEqual({ data: {} });
    // The GM's own card keeps core's handling of its own mode.
    expect(await as(clients.gms[0], () => audienceFor("selfroll", clients.gms[0]))).toEqual({ data: {}, rollMode: "selfroll" });
  });
});

describe("N14: a private card never sits in the GM's journal, which every client reads", () => {
  it("a Self work card's text is never in the GM's User flags while the task runs, and the card is posted once", async () => {
    const actor = await worker();
    await chooseRollMode("selfroll");
    rolls([8, 6]);
    const before = state.writes.length;
    await acting(player(), () => flex().making.requestWork(actor, { talent: "Handwerk", duration: "4h" }));
    const card = messages().at(-1) as Any;
    expect(messages().filter((m: Any) => m.id === card.id)).toHaveLength(1);
    expect(audience(card)).toEqual(toPlayerAndGMs());
    const journal = journalWrites(before);
    expect(journal).toContain(`"type":"work"`); // the task was journalled: its record went out without the card
    expect(journal).not.toContain("Verdient");
    expect(journal).not.toContain(card.id);
  });

  it("a public card still travels in the journal (a GM who drops leaves it to the next)", async () => {
    const actor = await worker();
    await chooseRollMode("publicroll");
    rolls([8, 6]);
    const before = state.writes.length;
    await acting(player(), () => flex().making.requestWork(actor, { talent: "Handwerk", duration: "4h" }));
    const journal = journalWrites(before);
    expect(journal).toContain("Verdient");
  });
});
