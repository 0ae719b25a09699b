// Outcomes believed only from their owner (ARCHITECTURE.md, "Trust model"), tried as a hostile player would: an
// attacker edits their own attack card, writes one by hand, rewrites its damage, or posts a defence card for the
// defender; a player names the GM's creature as their attacker. Each must write nothing to the defender.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { attackCardAction, defendAgainst } from "../../src/automation/combat";
import { askActiveGM } from "../../src/automation/gm-relay";
import { acting, as, createActor, createScene, messages, placeToken, queueDice, resetWorld, state, target, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));
const attack = (card: Any) => card.flags.flex.attack;
const actorWrites = (from: number) => state.writes.slice(from).filter((w) => w.documentName === "Actor");

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  clients = resetWorld({ gms: 2, assistants: 1, players: 3 });
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  return () => warn.mockRestore();
});

/** Player 2's Alrik (GE W10, Klingenwaffen 4, a short sword 1W6+2) and player 1's Bela (GE W12, Ausweichen 3). */
async function duel() {
  const alrik = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[1].id]: 3 }, system: { attributes: { ge: 10 }, leben: { value: 30, max: 30 } } })) as Any;
  await alrik.createEmbeddedDocuments("Item", [
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 4, kategorie: "kampfart" } },
    { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6+2", aktionen: 1 } },
  ]);
  const bela = (await createActor({ name: "Bela", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ge: 12 }, leben: { value: 20, max: 20 } } })) as Any;
  await bela.createEmbeddedDocuments("Item", [{ name: "Ausweichen", type: "talent", system: { attribut: "ge", uebungswert: 3 } }]);
  const dragon = (await createActor({ name: "Drache", type: "creature", system: { ausweichen: 30, parade: 30, ruestung: 0, leben: { value: 200, max: 200 } } })) as Any;
  await dragon.createEmbeddedDocuments("Item", [{ name: "Klauen", type: "attack", system: { angriff: "W12+9", schaden: "10W12" } }]);
  const scene = await createScene();
  const [alrikToken, belaToken, dragonToken] = [await placeToken(scene, alrik, { col: 0 }), await placeToken(scene, bela, { col: 1 }), await placeToken(scene, dragon, { col: 2 })];
  return { alrik, bela, dragon, alrikToken, belaToken, dragonToken };
}

/** Alrik (player 2) attacks Bela: EW 10, damage 1W6+2 = 7. */
async function alrikAttacksBela(t: Awaited<ReturnType<typeof duel>>) {
  target(clients.players[1], t.belaToken);
  rolls([10, 6], [6, 5]);
  await acting(clients.players[1], () => t.alrik.items.getName("Kurzschwert").roll({}));
  return messages().at(-1) as Any;
}

describe("a character's defence is read from the defender's own card, never from the attack card", () => {
  it("Bela defends; the attacker edits their card to 'hit' and clicks Apply: Bela takes nothing, the card is set right", async () => {
    const t = await duel();
    const card = await alrikAttacksBela(t);
    rolls([12, 9]); // Bela: 9 + 3 = 12 ≥ 10: defended
    expect(await acting(clients.players[0], () => defendAgainst(card, "t1", "ausweichen"))).toBe("defended");
    // The attacker owns the card: they may write its flags.
    const edited = attack(card).targets.map((x: Any) => ({ ...x, status: "hit", defence: null }));
    await as(clients.players[1], () => card.update({ "flags.flex.attack.targets": edited }));
    const before = state.writes.length;
    expect(await acting(clients.players[1], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "defended" });
    expect(actorWrites(before)).toEqual([]);
    expect(sys(t.bela).leben.value).toBe(20);
    // The GM wrote back what Bela's own card says.
    expect(attack(card).targets[0].status).toBe("defended");
  });

  it("the attacker posts a defence card 'for' Bela (speaker Bela, a failed roll): the GM does not take it (mutant: the defender's-owner check)", async () => {
    const t = await duel();
    const card = await alrikAttacksBela(t);
    const talent = t.bela.items.getName("Ausweichen");
    // Player 2 writes a check card in Bela's name: EW 2 against the attack's 10, made "for" this attack.
    const fake = await as(clients.players[1], () =>
      g.ChatMessage.create({
        content: "Ausweichen",
        speaker: { actor: t.bela.id, alias: "Bela" },
        rolls: [JSON.stringify({ class: "Roll", formula: "1d12 + 3", terms: [], total: 2, evaluated: true })],
        flags: { flex: { check: { talent: talent.id, attribute: "ge", sw: 10, ew: 2, defends: { messageId: card.id, key: "t1", kind: "ausweichen" } } } },
      }),
    );
    const before = state.writes.length;
    expect(await as(clients.players[1], () => askActiveGM("attackDefend", { messageId: card.id, key: "t1", kind: "ausweichen", defenceMessageId: fake.id }))).toBeNull();
    expect(attack(card).targets[0].status).toBe("pending");
    // Apply as the attacker: still pending (only a GM applies to a pending target), nothing written to Bela.
    expect(await acting(clients.players[1], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "defended" });
    expect(actorWrites(before)).toEqual([]);
    expect(sys(t.bela).leben.value).toBe(20);
  });

  it("the attacker forwards Bela's own (real) defence card as the defence request: refused, only Bela's owner may say she defended", async () => {
    const t = await duel();
    const card = await alrikAttacksBela(t);
    rolls([12, 2]);
    const own = await acting(clients.players[0], () => t.bela.rollCheck({ talent: "Ausweichen", sw: 10, defends: { messageId: card.id, key: "t1", kind: "ausweichen" } }));
    expect(await as(clients.players[1], () => askActiveGM("attackDefend", { messageId: card.id, key: "t1", kind: "ausweichen", defenceMessageId: own.message.id }))).toBeNull();
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.players[1].id, message: "Das darfst du nicht – es wurde nichts geändert." });
    expect(attack(card).targets[0].status).toBe("pending");
  });

  it("the defender rolls again after a failure: the first card counts", async () => {
    const t = await duel();
    const card = await alrikAttacksBela(t);
    rolls([12, 2]); // 2 + 3 = 5 < 10: hit
    expect(await acting(clients.players[0], () => defendAgainst(card, "t1", "ausweichen"))).toBe("hit");
    // A second roll straight from the owner's client (the card refuses a second defence; a hacked client does not ask).
    rolls([12, 12]);
    await acting(clients.players[0], () => t.bela.rollCheck({ talent: "Ausweichen", sw: 10, defends: { messageId: card.id, key: "t1", kind: "ausweichen" } }));
    expect(await acting(clients.players[1], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "applied" });
    expect(sys(t.bela).leben.value).toBe(13);
  });
});

describe("the attack's own rolls are its facts: a card written or rewritten by hand is not believed", () => {
  it("a hand-made card with no rolls claims a hit on the GM's dragon, its defence 'rolled' or the dragon 'a character': refused, 0 writes", async () => {
    const t = await duel();
    const sword = t.alrik.items.getName("Kurzschwert");
    const forged = (over: Any) => ({
      id: "forged",
      mode: "weapon",
      attacker: { actorUuid: t.alrik.uuid, tokenUuid: null, name: "Alrik", img: "" },
      item: { uuid: sword.uuid, name: "Kurzschwert", img: "", damage: "1W6+2", damageType: "physisch", healing: null, actions: 1, fluss: 0 },
      check: { label: "x", die: "W10", dice: [], result: {}, vorteile: 0, nachteile: 0, outcome: "open", rules: "", notes: [] },
      ew: 40,
      damage: { formula: "1d6 + 2", total: 8 },
      healing: null,
      targets: [{ key: "t1", ref: { actorUuid: t.dragon.uuid, tokenUuid: t.dragonToken.uuid }, name: "Drache", img: "", kind: "creature", status: "hit", defence: { kind: "ausweichen", ew: 1, source: "roll", messageId: null }, ...over }],
      applied: {},
      notes: [],
      rules: [],
    });
    const post = (record: Any) => as(clients.players[1], () => g.ChatMessage.create({ content: "x", flags: { flex: { attack: record } } }));
    const cards = [await post(forged({})), await post(forged({ kind: "character", defence: null }))];
    const before = state.writes.length;
    for (const c of cards) expect(await acting(clients.players[1], () => attackCardAction(c, ["t1"], "apply"))).toEqual({ t1: "refused" });
    expect(state.writes.length).toBe(before);
    expect(sys(t.dragon).leben.value).toBe(200);
  });

  it("with its real check roll but the dragon's 'rolled' defence claimed: the GM takes the dragon's own Ausweichen 30", async () => {
    const t = await duel();
    const rat = (await createActor({ name: "Ratte", type: "creature", system: { ausweichen: 1, leben: { value: 5, max: 5 } } })) as Any;
    const ratToken = await placeToken(t.dragonToken.parent, rat, { col: 3 });
    target(clients.players[1], t.dragonToken, ratToken);
    rolls([10, 10], [6, 6]); // EW 14 < 30: the dragon defends; the rat is hit, damage 8
    await acting(clients.players[1], () => t.alrik.items.getName("Kurzschwert").roll({}));
    const card = messages().at(-1) as Any;
    expect(attack(card).targets.map((x: Any) => x.status)).toEqual(["defended", "hit"]);
    const edited = attack(card).targets.map((x: Any) => (x.key === "t1" ? { ...x, kind: "character", status: "hit", defence: { kind: "ausweichen", ew: 1, source: "roll", messageId: null } } : x));
    await as(clients.players[1], () => card.update({ "flags.flex.attack.targets": edited }));
    const before = state.writes.length;
    expect(await acting(clients.players[1], () => attackCardAction(card, "all", "apply"))).toEqual({ t1: "defended", t2: "applied" });
    expect(actorWrites(before).flatMap((w) => w.ids)).toEqual([rat.id]);
    expect(sys(t.dragon).leben.value).toBe(200);
    expect(attack(card).targets[0].status).toBe("defended");
  });

  it("a damage total rewritten within the formula's range, but not its roll's: refused; the true total applies", async () => {
    const t = await duel();
    const card = await alrikAttacksBela(t); // damage 5 + 2 = 7
    rolls([12, 1]); // Bela: 1 + 3 = 4: hit
    await acting(clients.players[0], () => defendAgainst(card, "t1", "ausweichen"));
    await as(clients.players[1], () => card.update({ "flags.flex.attack.damage": { formula: "1d6 + 2", total: 8 } }));
    const before = state.writes.length;
    expect(await acting(clients.players[1], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "refused" });
    expect(actorWrites(before)).toEqual([]);
    await as(clients.players[1], () => card.update({ "flags.flex.attack.damage": { formula: "1d6 + 2", total: 7 } }));
    expect(await acting(clients.players[1], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "applied" });
    expect(sys(t.bela).leben.value).toBe(13);
  });

  it("a player's card naming the GM's dragon as the attacker, with real rolls, hitting Bela: refused (mutant: the author-owns-the-attacker check)", async () => {
    const t = await duel();
    // Player 2 rolls a real check and damage, then posts them as the dragon's claws.
    const check = new (g.CONFIG.Dice.rolls.find((r: Any) => r.name === "CheckRoll"))("1d12 + 9", {}, { flex: { input: { kind: "attribute", die: 12, uebungswert: 0, modifier: 9, vorteile: 0, nachteile: 0, erschoepfung: 0, sw: null }, label: "Klauen" } });
    rolls([12, 12]);
    await check.evaluate();
    const damage = new g.Roll("10d12");
    rolls(...Array.from({ length: 10 }, () => [12, 12] as [number, number]));
    await damage.evaluate();
    const claws = t.dragon.items.getName("Klauen");
    const record = {
      id: "claws",
      mode: "attack",
      attacker: { actorUuid: t.dragon.uuid, tokenUuid: t.dragonToken.uuid, name: "Drache", img: "" },
      item: { uuid: claws.uuid, name: "Klauen", img: "", damage: "10W12", damageType: "physisch", healing: null, actions: 1, fluss: 0 },
      check: { label: "Klauen", die: "W12", dice: [12], result: {}, vorteile: 0, nachteile: 0, outcome: "open", rules: "", notes: [] },
      ew: check.total,
      damage: { formula: "10d12", total: damage.total, rollIndex: 1 },
      healing: null,
      targets: [{ key: "t1", ref: { actorUuid: t.bela.uuid, tokenUuid: t.belaToken.uuid }, name: "Bela", img: "", kind: "character", status: "hit", defence: null }],
      applied: {},
      notes: [],
      rules: [],
    };
    const card = await as(clients.players[1], () => g.ChatMessage.create({ content: "Klauen", rolls: [check, damage], flags: { flex: { attack: record } } }));
    // Bela's owner even fails a defence against it: only the claim of who attacked is false.
    rolls([12, 1]);
    await acting(clients.players[0], () => t.bela.rollCheck({ talent: "Ausweichen", sw: check.total, defends: { messageId: card.id, key: "t1", kind: "ausweichen" } }));
    const before = state.writes.length;
    expect(await acting(clients.players[1], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "refused" });
    expect(actorWrites(before)).toEqual([]);
    expect(sys(t.bela).leben.value).toBe(20);
    expect(warn.mock.calls.map((c) => String(c[0])).join("\n")).toContain("does not own Drache");
  });
});

describe("anything read by uuid: only what the requester may see", () => {
  it("training the GM's hidden beast (no token shown, no permission): refused, 0 writes; with its token shown it may be trained", async () => {
    const rikka = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ch: 8 }, geld: 100 } })) as Any;
    await rikka.createEmbeddedDocuments("Item", [{ name: "Mit Tieren umgehen", type: "talent", system: { attribut: "ch", uebungswert: 14 } }]);
    const beast = (await createActor({ name: "Geheimes Biest", type: "creature", system: { stufe: 1, art: "tier", trainierbar: true } })) as Any;
    const scene = await createScene();
    const token = await placeToken(scene, beast, { col: 2, hidden: true });
    const payload = { trainer: { actorUuid: rikka.uuid, tokenUuid: null }, creature: { actorUuid: beast.uuid, tokenUuid: null }, blocks: 1, reward: null, rollMode: "publicroll" };
    const before = state.writes.length;
    expect(await as(clients.players[0], () => askActiveGM("companionTraining", payload))).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(sys(rikka).geld).toBe(100);
    await token.update({ hidden: false });
    rolls([8, 4]);
    expect(await as(clients.players[0], () => askActiveGM("companionTraining", payload))).toMatchObject({ status: "trained" });
  });

  it("a companion commanded to attack a hidden token: refused, 0 writes", async () => {
    const { commandCompanion } = await import("../../src/automation/companions");
    const rikka = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ch: 8 } } })) as Any;
    await rikka.createEmbeddedDocuments("Item", [{ name: "Mit Tieren umgehen", type: "talent", system: { attribut: "ch", uebungswert: 12 } }]);
    const wolf = (await createActor({ name: "Grauwolf", type: "creature", system: { stufe: 1, art: "tier", trainierbar: true, trainer: rikka.uuid, leben: { value: 18, max: 18 } } })) as Any;
    await wolf.createEmbeddedDocuments("Item", [{ name: "Biss", type: "attack", system: { angriff: "W8+3", schaden: "1W8", aktionen: 2 } }]);
    const spy = (await createActor({ name: "Späher", type: "creature", system: { ausweichen: 1, leben: { value: 12, max: 12 } } })) as Any;
    const scene = await createScene();
    await placeToken(scene, rikka, { col: 0 });
    await placeToken(scene, wolf, { col: 1 });
    const hidden = await placeToken(scene, spy, { col: 2, hidden: true });
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => commandCompanion(wolf, wolf.items.getName("Biss"), { targets: [hidden] }))).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(sys(spy).leben.value).toBe(12);
  });
});
