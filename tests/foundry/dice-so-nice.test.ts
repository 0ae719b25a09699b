// Dice So Nice (issue 34, scope 5) against a stand-in of its registration API (DSN docs: api/dice-system, dice-preset,
// colorset): when DSN is ready, Flex's dice are in its list as the system "Flex" (not forced on anyone), one preset per
// die of the ladder with core's faces; and the cards DSN animates carry their rolls as core Rolls. Every roll a card
// shows is thrown once on each client that may see it: the roller's own card by DSN itself, a GM creature's defence the
// GM adds at Apply by the GM's client, to the card's audience (scope 5).
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attackCardAction } from "../../src/automation/combat";
import { acting, as, createActor, createScene, messages, placeToken, queueDice, resetWorld, settle, target, type Clients } from "../harness";
import { installFakeDiceSoNice, rollKey } from "../harness/dice-so-nice";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;
let dsn: ReturnType<typeof installFakeDiceSoNice>;
const calls = () => dsn.calls;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));

beforeAll(() => {
  dsn = installFakeDiceSoNice();
});

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
  dsn.animations.length = 0;
});

describe("Flex's dice in Dice So Nice's list", () => {
  it("a dice system 'Flex' (default, not preferred), a preset for each of W4 … W12 with the numbers 1 … n, a purple colour set", () => {
    expect(calls().systems).toEqual([{ id: "flex", name: "Flex", mode: "default" }]);
    expect(calls().presets.map((p) => [p.type, p.system, p.labels.length, p.labels[0], p.labels.at(-1)])).toEqual([
      ["d4", "flex", 4, "1", "4"],
      ["d6", "flex", 6, "1", "6"],
      ["d8", "flex", 8, "1", "8"],
      ["d10", "flex", 10, "1", "10"],
      ["d12", "flex", 12, "1", "12"],
    ]);
    expect(calls().colorsets).toEqual([expect.objectContaining({ name: "flex", category: "Flex", background: "#4a3466", mode: "default" })]);
  });

  it("a check's card carries its roll as a core Roll on the message (what DSN animates), with core's faces", async () => {
    const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ge: 8 } } })) as Any;
    queueDice([{ faces: 8, result: 5 }]);
    await as(clients.players[0], () => hero.rollAttribute("ge"));
    const [message] = messages() as Any[];
    expect(message.rolls).toHaveLength(1);
    expect(message.rolls[0].dice.map((d: Any) => d.faces)).toEqual([8]);
  });
});

describe("each roll a card shows is thrown once on each client that may see it", () => {
  /** Player 1's Alrik (Klingenwaffen 4, a short sword) and the GM's goblin who rolls its defence (GE W8), on one scene. */
  async function duel() {
    await g.game.settings.set("flex", "creatureDefence", "roll");
    const alrik = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ge: 10 } } })) as Any;
    await alrik.createEmbeddedDocuments("Item", [
      { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 4, kategorie: "kampfart" } },
      { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6+2", aktionen: 1 } },
    ]);
    const gob = (await createActor({ name: "Goblin", type: "creature", system: { attributes: { ge: 8 }, ausweichen: 9, leben: { value: 12, max: 12 } } })) as Any;
    const scene = await createScene();
    await placeToken(scene, alrik, { col: 0 });
    target(clients.players[0], await placeToken(scene, gob, { col: 1 }));
    return alrik;
  }
  const everyone = () => clients.all.map((u: Any) => u.id).sort();

  it("the attack and its damage on every client from the card, the GM's defence die at Apply from the GM's client to all, and a second Apply throws nothing", async () => {
    clients = resetWorld({ gms: 2, players: 3 });
    const alrik = await duel();
    rolls([10, 4], [6, 1]);
    await acting(clients.players[0], () => alrik.items.getName("Kurzschwert").roll({}));
    const card = messages()[0] as Any;
    for (const roll of card.rolls) expect(dsn.throwersOf(roll)).toEqual(everyone());
    rolls([8, 2]);
    expect(await acting(clients.players[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "applied" });
    const defence = card.rolls[2];
    expect(rollKey(defence)).toBe("1d8 [2]");
    expect(dsn.throwersOf(defence)).toEqual(everyone());
    // Thrown by the active GM's client, tied to the card.
    expect(calls().showForRoll.at(-1)).toMatchObject({ by: clients.gms[0].id, synchronize: true, whisper: null, blind: false, chatMessageID: card.id });
    const thrown = dsn.animations.length;
    await acting(clients.players[0], () => attackCardAction(card, ["t1"], "undo"));
    await acting(clients.players[0], () => attackCardAction(card, ["t1"], "apply"));
    expect(dsn.animations.length).toBe(thrown);
  });

  it("a GM roll attack: the GM's defence die is thrown for the GMs and the attacker only, as the card's first dice were", async () => {
    clients = resetWorld({ gms: 2, players: 3 });
    const alrik = await duel();
    await g.game.settings.set("core", "rollMode", "gmroll");
    rolls([10, 4], [6, 1]);
    await acting(clients.players[0], () => alrik.items.getName("Kurzschwert").roll({}));
    const card = messages()[0] as Any;
    const audience = [...clients.gms, clients.players[0]].map((u: Any) => u.id).sort();
    expect(card.whisper.length).toBeGreaterThan(0);
    expect(dsn.throwersOf(card.rolls[0])).toEqual(audience);
    rolls([8, 2]);
    await acting(clients.gms[0], () => attackCardAction(card, ["t1"], "apply"));
    expect(dsn.throwersOf(card.rolls[2])).toEqual(audience);
  });

  it("a blind attack: the GM's defence die is thrown for the GMs alone", async () => {
    clients = resetWorld({ gms: 2, players: 3 });
    const alrik = await duel();
    await g.game.settings.set("core", "rollMode", "blindroll");
    rolls([10, 4], [6, 1]);
    await acting(clients.players[0], () => alrik.items.getName("Kurzschwert").roll({}));
    const card = messages()[0] as Any;
    expect(card.blind).toBe(true);
    rolls([8, 2]);
    await acting(clients.gms[1], () => attackCardAction(card, ["t1"], "apply"));
    expect(dsn.throwersOf(card.rolls[2])).toEqual(clients.gms.map((u: Any) => u.id).sort());
  });

  it("R-WATER-3: the breath die a spell forces, which goes on no card, is thrown from the caster's client for everyone, once", async () => {
    clients = resetWorld({ gms: 1, players: 2 });
    const caster = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { kl: 8 } } })) as Any;
    await caster.createEmbeddedDocuments("Item", [
      { name: "Elementarmagie", type: "talent", system: { attribut: "kl", uebungswert: 3, kategorie: "zauberschule" } },
      { name: "Feuerstrahl", type: "spell", system: { zauberschule: "Elementarmagie" } },
    ]);
    await caster.toggleStatusEffect("underwater", { active: true });
    await settle();
    rolls([6, 2], [8, 7]); // the breath die: 2; Elementarmagie: 7
    await acting(clients.players[0], () => caster.items.getName("Feuerstrahl").roll({}));
    const card = messages()[0] as Any;
    expect(card.rolls.map(rollKey)).toEqual(["1d8 + 3 [7]"]);
    const breath = dsn.animations.filter((a) => a.roll !== "1d8 + 3 [7]");
    expect(new Set(breath.map((a) => a.roll)).size).toBe(1);
    expect(breath.map((a) => a.userId).sort()).toEqual(clients.all.map((u: Any) => u.id).sort());
    expect(calls().showForRoll.at(-1)).toMatchObject({ by: clients.players[0].id, synchronize: true });
  });
});
