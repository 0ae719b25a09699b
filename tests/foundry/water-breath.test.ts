// Breath under water every KR (R-BREATH-1..4): rolled by FlexCombat at the end of each round on the active
// GM only, one batched write and one chat card per round, never twice for the same round.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor, createScene, disconnect, dropAfterWrites, messages, reconnect, placeToken, queueDice, resetWorld, settle, state, writesOf, type Clients, writesSince } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

/** A scene with one linked token per actor, and a combat with all of them. */
async function fight(actors: Any[]) {
  const scene = await createScene();
  const tokens: Any[] = [];
  for (const [i, a] of actors.entries()) tokens.push(await placeToken(scene, a, { col: i }));
  const combat = await g.Combat.create({});
  await combat.createEmbeddedDocuments("Combatant", tokens.map((t) => ({ actorId: t.actorId, tokenId: t.id, sceneId: scene.id })));
  await combat.startCombat();
  await settle();
  return { scene, tokens, combat };
}

async function diver(name: string, ko: number, extra: Record<string, unknown> = {}) {
  const actor = (await createActor({ name, type: "character", system: { attributes: { ko }, ...extra } })) as Any;
  await actor.toggleStatusEffect("underwater", { active: true });
  await settle();
  return actor;
}

async function advance(combat: Any, user = clients.gms[0]) {
  await as(user, () => combat.nextRound());
  await settle();
}

describe("R-BREATH-1 / R-BREATH-2 a 3-round fight with 4 submerged combatants, two GMs and three players connected", () => {
  it("makes 3 chat cards and 3 batched writes, on the active GM's client only, with the dice sequences rolled", async () => {
    const divers = [await diver("Alrik", 8), await diver("Bela", 10), await diver("Cora", 6), await diver("Dorn", 12)];
    const { combat } = await fight(divers);
    const before = state.writes.length;

    // Round by round, in combat order: W8, W10, W6, W12 at first.
    rolls([8, 2], [10, 5], [6, 1], [12, 12]); // → W6, W10, W4, W12
    await advance(combat);
    rolls([6, 1], [10, 2], [4, 4], [12, 2]); // → W4, W8, W4, W10
    // The second GM advances this time; the work still runs on the active GM's client.
    await advance(combat, clients.gms[1]);
    rolls([4, 3], [8, 1], [4, 3], [10, 2]); // → W4, W6, W4, W8
    await advance(combat);

    const writes = writesSince(before).filter((w) => w.documentName !== "Combat");
    expect(writes.map((w) => [w.action, w.documentName, w.userId])).toEqual(
      Array.from({ length: 3 }, () => [
        ["update", "Actor", clients.gms[0].id],
        ["create", "ChatMessage", clients.gms[0].id],
      ]).flat(),
    );
    for (const w of writes.filter((x) => x.documentName === "Actor")) expect(w.ids).toHaveLength(4);
    expect(divers.map((d) => sys(d).derived.atemWuerfel)).toEqual([4, 6, 4, 8]);
    expect(divers.map((d) => sys(d).atem.wuerfel)).toEqual([4, 6, 4, 8]);
    expect(divers.some((d) => d.statuses.has("drowning"))).toBe(false);

    const cards = messages() as Any[];
    expect(cards).toHaveLength(3);
    // Every roll is on its card (Dice So Nice shows them): four W-dice per round.
    expect(cards.map((m) => m.rolls.map((r: Any) => `${r.formula}=${r.total}`))).toEqual([
      ["1d8=2", "1d10=5", "1d6=1", "1d12=12"],
      ["1d6=1", "1d10=2", "1d4=4", "1d12=2"],
      ["1d4=3", "1d8=1", "1d4=3", "1d10=2"],
    ]);
    expect(cards[0].content).toContain("Atemluft – Ende der KR 1");
    expect(cards[0].content).toContain("Nicht geschafft – der Atemwürfel sinkt auf W6.");
    expect(cards[0].content).toContain("Geschafft – der Atemwürfel bleibt W10.");
    expect(cards[2].content).toContain("Ende der KR 3");
    expect(cards[0].content).toContain("R-BREATH-1, R-BREATH-2");
    expect(cards.every((m) => m.author.id === clients.gms[0].id)).toBe(true);
  });
});

describe("R-BREATH-3 a 1 or 2 on a W4 breath die: drowning", () => {
  it("a W4 showing 2 sets drowning; healing does not end it; only air does", async () => {
    const swimmer = await diver("Eske", 4, { leben: { value: 4, max: 10 } });
    const { combat, tokens } = await fight([swimmer]);

    rolls([4, 2]);
    await advance(combat);
    expect(swimmer.statuses.has("drowning")).toBe(true);
    // C-15: the name once (the entry's own), and what alone saves it (R-BREATH-3).
    const entry = parse((messages()[0] as Any).content).querySelector(".flex-breath-entry")!;
    expect(entry.querySelector("strong")!.text).toBe("Eske");
    expect(entry.querySelector(".flex-breath-result")!.text).toBe("Die Luft ist aus: ertrinkt – nur Atemluft rettet.");
    expect((messages()[0] as Any).content).toContain("R-BREATH-1, R-BREATH-3");
    expect(writesOf({ documentName: "ActiveEffect", action: "create" }).at(-1)).toMatchObject({ userId: clients.gms[0].id, parent: swimmer.uuid });

    // Healing restores Leben but not air.
    await swimmer.update({ "system.leben.value": 10 });
    expect(swimmer.statuses.has("drowning")).toBe(true);

    // Still under water: no air left, nothing to roll; the card says so.
    await advance(combat);
    const second = messages()[1] as Any;
    expect(second.rolls).toHaveLength(0);
    expect(parse(second.content).querySelector(".flex-breath-entry")!.text.replace(/\s+/g, " ").trim()).toBe("Eske Ertrinkt weiter – nur Atemluft rettet, keine Heilung.");
    expect(swimmer.statuses.has("drowning")).toBe(true);

    // R-BREATH-4: surfacing ends drowning and gives the KO die back at the end of the KR.
    await swimmer.toggleStatusEffect("underwater", { active: false });
    await advance(combat);
    expect(swimmer.statuses.has("drowning")).toBe(false);
    expect(sys(swimmer).derived.atemWuerfel).toBe(4);
    expect((messages()[2] as Any).content).toContain("An der Luft – der Atemwürfel ist wieder W4.");
    expect(tokens).toHaveLength(1);
  });
});

describe("R-BREATH-4 ending a KR in the air gives the KO die back", () => {
  it("surfacing resets the die in one write and says so on the card", async () => {
    const actor = (await createActor({ name: "Fenna", type: "character", system: { attributes: { ko: 10 }, atem: { wuerfel: 4 } } })) as Any;
    expect(sys(actor).derived.atemWuerfel).toBe(4);
    const { combat } = await fight([actor]);
    const before = state.writes.length;
    await advance(combat);
    expect(sys(actor).atem.wuerfel).toBeNull();
    expect(sys(actor).derived.atemWuerfel).toBe(10);
    expect(sys(actor).derived.atem).toEqual({ value: 10, max: 10 });
    expect(writesSince(before).filter((w) => w.documentName !== "Combat").map((w) => w.documentName)).toEqual(["Actor", "ChatMessage"]);
    expect((messages()[0] as Any).content).toContain("An der Luft – der Atemwürfel ist wieder W10.");
    expect((messages()[0] as Any).content).toContain("R-BREATH-4");
  });

  it("no write and no card when everyone is in the air with a full breath die", async () => {
    const actors = [await createActor({ name: "A", type: "character" }), await createActor({ name: "B", type: "creature" })];
    const { combat } = await fight(actors);
    const before = state.writes.length;
    await advance(combat);
    expect(writesSince(before).filter((w) => w.documentName !== "Combat")).toEqual([]);
    expect(messages()).toHaveLength(0);
  });
});

describe("each round is processed once", () => {
  it("rewinding a round and advancing again does not roll twice", async () => {
    const divers = [await diver("Gero", 8), await diver("Hild", 8)];
    const { combat } = await fight(divers);
    rolls([8, 1], [8, 5]);
    await advance(combat); // end of KR 1
    rolls([6, 1], [8, 1]);
    await advance(combat); // end of KR 2
    expect(divers.map((d) => sys(d).derived.atemWuerfel)).toEqual([4, 6]);
    const writes = state.writes.length;

    // The GM rewinds two rounds and advances again over KR 1 and KR 2.
    await combat.previousRound();
    await combat.previousRound();
    await settle();
    rolls([4, 1], [6, 1]);
    await advance(combat);
    await advance(combat);
    expect(writesSince(writes).filter((w) => w.documentName !== "Combat")).toEqual([]);
    expect(messages()).toHaveLength(2);
    expect(divers.map((d) => sys(d).derived.atemWuerfel)).toEqual([4, 6]);

    // KR 3 is new: it rolls the dice queued above, which the replayed rounds left untouched.
    await advance(combat);
    expect(messages()).toHaveLength(3);
    expect((messages()[2] as Any).rolls.map((r: Any) => `${r.formula}=${r.total}`)).toEqual(["1d4=1", "1d6=1"]);
    expect(divers.map((d) => d.statuses.has("drowning"))).toEqual([true, false]);
    expect(sys(divers[1]).derived.atemWuerfel).toBe(4);
  });

  it("with no GM connected nothing is rolled; the GM back, the next round is rolled once and the missed one never", async () => {
    clients = resetWorld({ gms: 1, players: 2 });
    const divers = [await diver("Ida", 8), await diver("Jost", 8)];
    const { combat } = await fight(divers);
    await combat.update({ ownership: { default: 0, [clients.players[0].id]: 3 } });
    disconnect(clients.gms[0]);
    const before = state.writes.length;
    await advance(combat, clients.players[0]);
    expect(writesSince(before).map((w) => w.documentName)).toEqual(["Combat"]);
    expect(messages()).toHaveLength(0);
    expect(divers.map((d) => sys(d).atem.wuerfel)).toEqual([null, null]);

    reconnect(clients.gms[0]);
    rolls([8, 1], [8, 1]);
    await advance(combat, clients.players[0]);
    expect(messages()).toHaveLength(1);
    expect(messages()[0].content).toContain("Ende der KR 2");
    expect(divers.map((d) => sys(d).atem.wuerfel)).toEqual([6, 6]);
    expect(divers.map((d) => d.getFlag("flex", "breath"))).toEqual([`${combat.id}:2`, `${combat.id}:2`]);
  });
});

describe("a GM who comes back while another rolls the round", () => {
  it("GM 2 (active) advances the round; GM 1 is back (a reload) before GM 2's journal record: the round is rolled once, by GM 2", async () => {
    const [gm1, gm2] = clients.gms;
    const divers = [await diver("Kaja", 8), await diver("Lutz", 8)];
    const { combat } = await fight(divers);
    disconnect(gm1);
    rolls([8, 1], [8, 5]);
    await as(gm2, () => combat.nextRound());
    // GM 1 is the active GM again at once; GM 2 is still rolling the round it owes.
    reconnect(gm1);
    await settle();
    const cards = messages().filter((m: Any) => m.getFlag("flex", "breath"));
    expect(cards.map((m: Any) => [m.author.id, m.getFlag("flex", "breath").key])).toEqual([[gm2.id, `${combat.id}:1`]]);
    expect(divers.map((d) => sys(d).derived.atemWuerfel)).toEqual([6, 8]);
  });

  it("GM 2 owes the round and drops before rolling it: GM 1, back, rolls it once", async () => {
    const [gm1, gm2] = clients.gms;
    const divers = [await diver("Mika", 8)];
    const { combat } = await fight(divers);
    disconnect(gm1);
    // GM 2's connection goes right after the round's write: it never rolls the round it owes.
    dropAfterWrites(gm2, 1);
    await as(gm2, () => combat.nextRound());
    await settle();
    reconnect(gm1);
    rolls([8, 1]);
    await settle();
    const cards = messages().filter((m: Any) => m.getFlag("flex", "breath"));
    expect(cards.map((m: Any) => m.author.id)).toEqual([gm1.id]);
    expect(sys(divers[0]).derived.atemWuerfel).toBe(6);
  });
});

describe("who takes part", () => {
  it("the dead do not breathe; a linked actor with two tokens rolls once", async () => {
    const dead = await diver("Olaf", 8);
    await dead.toggleStatusEffect("dead", { active: true });
    const twin = await diver("Pia", 8);
    const scene = await createScene();
    const tokens = [await placeToken(scene, dead), await placeToken(scene, twin, { col: 1 }), await placeToken(scene, twin, { col: 2 })];
    const combat = await g.Combat.create({});
    await combat.createEmbeddedDocuments("Combatant", tokens.map((t: Any) => ({ actorId: t.actorId, tokenId: t.id, sceneId: scene.id })));
    await combat.startCombat();
    await settle();
    rolls([8, 1]);
    await advance(combat);
    expect((messages()[0] as Any).rolls).toHaveLength(1);
    expect(sys(twin).derived.atemWuerfel).toBe(6);
    expect(sys(dead).atem.wuerfel).toBeNull();
    expect((messages()[0] as Any).content).not.toContain("Olaf");
  });

  it("whoever core counts as defeated (Combatant#isDefeated, which a module may widen) does not breathe", async () => {
    const [olaf, pia] = [await diver("Olaf", 8), await diver("Pia", 8)];
    const scene = await createScene();
    const tokens = [await placeToken(scene, olaf), await placeToken(scene, pia, { col: 1 })];
    const combat = await g.Combat.create({});
    await combat.createEmbeddedDocuments("Combatant", tokens.map((t: Any) => ({ actorId: t.actorId, tokenId: t.id, sceneId: scene.id })));
    await combat.startCombat();
    await settle();
    // A module that counts the unconscious as defeated, as some combat-tracker modules do.
    const Cls = g.CONFIG.Combatant.documentClass;
    const core = Object.getOwnPropertyDescriptor(g.Combatant.prototype, "isDefeated")!;
    Object.defineProperty(Cls.prototype, "isDefeated", { configurable: true, get() { return core.get!.call(this) || this.actor?.statuses.has("unconscious"); } });
    try {
      await olaf.toggleStatusEffect("unconscious", { active: true });
      rolls([8, 1]);
      await advance(combat);
      expect((messages()[0] as Any).rolls).toHaveLength(1);
      expect((messages()[0] as Any).content).not.toContain("Olaf");
      expect(sys(olaf).atem.wuerfel).toBeNull();
    } finally {
      delete Cls.prototype.isDefeated;
    }
  });
});

describe("creatures and unlinked tokens breathe too", () => {
  it("two unlinked sharks of one creature: one write per token, the base actor untouched, one card", async () => {
    const shark = (await createActor({ name: "Hai", type: "creature", system: { attributes: { ko: 6 } } })) as Any;
    const scene = await createScene();
    const t1 = (await placeToken(scene, shark, { actorLink: false, col: 0 })) as Any;
    const t2 = (await placeToken(scene, shark, { actorLink: false, col: 1 })) as Any;
    for (const t of [t1, t2]) await t.actor.toggleStatusEffect("underwater", { active: true });
    await settle();
    const combat = await g.Combat.create({});
    await combat.createEmbeddedDocuments("Combatant", [t1, t2].map((t) => ({ actorId: shark.id, tokenId: t.id, sceneId: scene.id })));
    await combat.startCombat();
    await settle();
    const before = state.writes.length;
    rolls([6, 2], [6, 6]);
    await advance(combat);
    const writes = writesSince(before).filter((w) => w.documentName !== "Combat");
    expect(writes.map((w) => [w.documentName, w.parent])).toEqual([
      ["Actor", t1.uuid],
      ["Actor", t2.uuid],
      ["ChatMessage", null],
    ]);
    expect([sys(t1.actor).derived.atemWuerfel, sys(t2.actor).derived.atemWuerfel]).toEqual([4, 6]);
    expect(sys(shark).atem.wuerfel).toBeNull();
    expect((messages()[0] as Any).rolls).toHaveLength(2);
  });
});

describe("outside combat the GM advances breath by one KR", () => {
  it("for the given tokens: one write, one card", async () => {
    const scene = await createScene();
    const a = await diver("Kai", 8);
    const b = await diver("Lena", 6);
    const tokens = [await placeToken(scene, a), await placeToken(scene, b, { col: 1 })];
    const before = state.writes.length;
    rolls([8, 2], [6, 3]);
    const report = await g.game.flex.advanceBreath(tokens);
    expect(writesSince(before).map((w) => [w.action, w.documentName])).toEqual([
      ["update", "Actor"],
      ["create", "ChatMessage"],
    ]);
    expect(report.entries.map((e: Any) => [e.name, e.result, e.after])).toEqual([
      ["Kai", "lowered", 6],
      ["Lena", "held", 6],
    ]);
    expect((messages()[0] as Any).content).toContain("Atemluft – eine KR außerhalb des Kampfes");
    // A second click is the next KR.
    rolls([6, 6], [6, 1]);
    await g.game.flex.advanceBreath(tokens);
    expect([sys(a).derived.atemWuerfel, sys(b).derived.atemWuerfel]).toEqual([6, 4]);
    expect(messages()).toHaveLength(2);
  });

  it("a player is refused; no selection is explained", async () => {
    const a = await diver("Mira", 8);
    const scene = await createScene();
    const token = await placeToken(scene, a);
    const before = state.writes.length;
    expect(await as(clients.players[0], () => g.game.flex.advanceBreath([token]))).toBeNull();
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", userId: clients.players[0].id, message: "Nur die Spielleitung kann die Atemluft um eine KR weiterrechnen." });
    expect(await g.game.flex.advanceBreath()).toBeNull(); // no canvas, nothing controlled
    expect(state.notifications.at(-1)?.message).toContain("Keine Token ausgewählt");
    expect(state.writes.length).toBe(before);
  });
});

describe("the breath card speaks the table's language", () => {
  it.each([
    ["en", "Breath – end of round 1", "Failure – the breath die drops to d6."],
    ["ru", "Запас воздуха — конец раунда 1", "Провал — куб воздуха падает до к6."],
  ])("%s", async (lang, title, text) => {
    g.game.i18n.lang = lang;
    const a = await diver("Nox", 8);
    const { combat } = await fight([a]);
    rolls([8, 1]);
    await advance(combat);
    expect((messages()[0] as Any).content).toContain(title);
    expect((messages()[0] as Any).content).toContain(text);
    expect([...g.game.i18n.missing]).toEqual([]);
  });
});
