// Short combats (R-SHORT-1 … R-SHORT-6) at a table with two GMs and three players: the GM starts one, each player
// rolls on their own client (Fluss first, Alchemika after), both GMs click Apply at once. What the table notices:
// one card that follows the rolls, one result card, one batched write, Fluss and Alchemika spent once.
import { parse } from "node-html-parser";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { rollInShortCombat, shortCombatAction, startShortCombat, useAlchemikumInShortCombat } from "../../src/automation/short-combat";
import { as, createActor, dropAfterWrites, messages, queueDice, renderedMessage, resetWorld, settle, state, type Clients } from "../harness";
import { runOnGMQueue } from "../../src/automation/gm-queue";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const sys = (a: Any) => a.system as Any;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));
const acting = <T,>(user: Any, fn: () => Promise<T> | T) =>
  as(user, async () => {
    const out = await fn();
    await settle();
    return out;
  });
const record = (card: Any) => card.flags.flex.shortCombat;
const resultCards = () => messages().filter((m: Any) => m.flags?.flex?.shortCombatResult);
/** The result card's rows of what each character took, as a reader sees them. */
const takenRows = (card: Any) => parse(card.content).querySelectorAll(".flex-short-taken-row").map((li) => li.text.replace(/\s+/g, " ").trim());

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

/** Alrik (player 1): Klingenwaffen 4 on GE W10, Fluss 10, Rüstung 2, a Feuerbombe (Stufe 2) ×2 and a Heiltrank (Stufe 1). */
async function party(c: Clients) {
  const owned = (i: number) => ({ default: 0, [c.players[i].id]: 3 });
  const alrik = (await createActor({ name: "Alrik", type: "character", ownership: owned(0), system: { attributes: { ge: 10 }, fluss: { value: 10, max: 20 }, leben: { value: 30, max: 30 }, ruestung: 2 } })) as Any;
  await alrik.createEmbeddedDocuments("Item", [
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 4, kategorie: "kampfart" } },
    { name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 9, kategorie: "allgemein" } },
    { name: "Feuerbombe", type: "alchemical", system: { stufe: 2, menge: 2 } },
    { name: "Heiltrank", type: "alchemical", system: { stufe: 1, menge: 1 } },
  ]);
  const bela = (await createActor({ name: "Bela", type: "character", ownership: owned(1), system: { attributes: { ge: 6, kl: 8 }, fluss: { value: 4, max: 10 }, leben: { value: 20, max: 20 } } })) as Any;
  await bela.createEmbeddedDocuments("Item", [
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 1, kategorie: "kampfart" } },
    { name: "Elementarmagie", type: "talent", system: { attribut: "kl", uebungswert: 3, kategorie: "zauberschule" } },
  ]);
  const cora = (await createActor({ name: "Cora", type: "character", ownership: owned(2), system: { attributes: { ge: 8 }, leben: { value: 12, max: 12 } } })) as Any;
  return { alrik, bela, cora };
}

async function creature(name: string, stufe: number, attack: { name: string; angriff: string; schaden: string; aktionen: number }, extra: Any = {}) {
  const actor = (await createActor({ name, type: "creature", system: { stufe, ausweichen: 8, attributes: { ge: 8 }, leben: { value: 20, max: 20 }, ...extra } })) as Any;
  await actor.createEmbeddedDocuments("Item", [{ name: attack.name, type: "attack", system: { angriff: attack.angriff, schaden: attack.schaden, aktionen: attack.aktionen } }]);
  return actor;
}

/** Two wolves (Stufe 1), a goblin (Stufe 0.5) and an ogre (Stufe 2, Keule 2W6+2 for 2 actions: one hit). */
async function pack() {
  return [
    await creature("Wolf", 1, { name: "Biss", angriff: "W8+2", schaden: "1W8", aktionen: 2 }),
    await creature("Wolf 2", 1, { name: "Biss", angriff: "W8+2", schaden: "1W8", aktionen: 2 }),
    await creature("Goblin", 0.5, { name: "Messer", angriff: "W6+1", schaden: "1W6", aktionen: 1 }),
    await creature("Oger", 2, { name: "Keule", angriff: "W10+3", schaden: "2W6+2", aktionen: 2 }),
  ];
}

describe("R-SHORT-1 … R-SHORT-6 a full short combat: 3 characters on 3 player clients, 4 enemies, 2 GMs", () => {
  it("one card follows the rolls; both GMs apply at once: one result card, one batched write, Fluss and Alchemika spent once", async () => {
    const { alrik, bela, cora } = await party(clients);
    const enemies = await pack();
    // The second GM starts it: a card everyone sees; each player with a character gets their view.
    const card = (await acting(clients.gms[1], () => startShortCombat({ characters: [alrik, bela, cora], enemies, goal: "capture", goalNote: "den Oger lebend", stance: "fight" }))) as Any;
    expect(messages()).toHaveLength(1);
    expect(record(card)).toMatchObject({ status: "open", goal: "capture", stance: "fight", characters: [{ key: "c1", name: "Alrik" }, { key: "c2", name: "Bela" }, { key: "c3", name: "Cora" }] });
    expect(record(card).enemies.map((e: Any) => [e.name, e.stufe])).toEqual([["Wolf", 1], ["Wolf 2", 1], ["Goblin", 0.5], ["Oger", 2]]);
    expect(card.content).toContain("Gefangen nehmen: den Oger lebend");
    expect(card.content).toContain("Stärkster Gegner: Stufe 2");

    // R-SHORT-5 / R-SHORT-2: Alrik spends 8 Fluss (+2) and rolls Klingenwaffen: 7 + 4 = 11, EW 13. Two clicks: one spend, one roll.
    rolls([10, 7]);
    const [first, second] = await Promise.all([
      acting(clients.players[0], () => rollInShortCombat(card, "c1", { steps: 2 })),
      acting(clients.players[0], () => rollInShortCombat(card, "c1", { steps: 2 })),
    ]);
    expect([first, second].sort()).toEqual(["busy", "rolled"]);
    expect(sys(alrik).fluss.value).toBe(2);
    expect(record(card).characters[0]).toMatchObject({ flussSpent: 8, roll: { total: 11 } });
    expect(card.content).toContain("EW 13");
    // Bela: 4 Fluss (+1), her best: Elementarmagie 5 + 3 = 8 → 9. Cora has neither: a bare GE check, 6.
    rolls([8, 5]);
    expect(await acting(clients.players[1], () => rollInShortCombat(card, "c2", { steps: 1 }))).toBe("rolled");
    rolls([8, 6]);
    expect(await acting(clients.players[2], () => rollInShortCombat(card, "c3"))).toBe("rolled");
    expect(sys(bela).fluss.value).toBe(0);
    expect(record(card).characters.map((c: Any) => c.roll.label)).toEqual(["Klingenwaffen", "Elementarmagie", expect.stringMatching(/GE|Gewandtheit/)]);
    // A second roll for Alrik is refused: nothing spent, nothing rolled.
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => rollInShortCombat(card, "c1", { steps: 1 }))).toBe("already");
    expect(state.writes.length).toBe(before);

    // R-SHORT-6: after rolling, a Feuerbombe (Stufe 2 ≥ the ogre's 2): a double click uses one; the Heiltrank is too weak.
    const bombe = alrik.items.getName("Feuerbombe");
    const results = await Promise.all([
      acting(clients.players[0], () => useAlchemikumInShortCombat(card, "c1", bombe.id)),
      acting(clients.players[0], () => useAlchemikumInShortCombat(card, "c1", bombe.id)),
    ]);
    expect(results).toEqual(["used", "used"]);
    expect(sys(bombe).menge).toBe(1);
    expect(await acting(clients.players[0], () => useAlchemikumInShortCombat(card, "c1", alrik.items.getName("Heiltrank").id))).toBe("tooWeak");
    expect(sys(alrik.items.getName("Heiltrank")).menge).toBe(1);
    expect(record(card).characters[0].alchemika).toEqual([{ name: "Feuerbombe", stufe: 2, count: 1 }]);
    expect(card.content).toContain("EW 16");
    // The players see no enemy's EW before the result.
    // (Alrik's own roll shows its face, "W10 7 + 4"; the ogre's Keule, W10 + 3, is nowhere.)
    expect(card.content).not.toMatch(/Keule|W10 \d+ \+ 3/);

    // Both GMs click Apply at once. The enemies roll (12 is their best: the ogre), 16 − 12 = 4 → 3 hits of 2W6+2.
    // Then per hit a share die (1d3: Alrik, Bela, Cora) and the damage.
    rolls([8, 4], [8, 8], [6, 3], [10, 9], [3, 1], [6, 3], [6, 4], [3, 3], [6, 6], [6, 6], [3, 1], [6, 1], [6, 2]);
    const applyAt = state.writes.length;
    const statuses = await Promise.all(clients.gms.map((gm) => acting(gm, () => shortCombatAction(card, "apply"))));
    expect(statuses.sort()).toEqual(["already", "applied"]);

    const writes = state.writes.slice(applyAt);
    expect(writes.filter((w) => w.documentName === "Actor")).toEqual([expect.objectContaining({ action: "update", userId: clients.gms[0].id, ids: [alrik.id, cora.id] })]);
    expect(writes.every((w) => w.userId === clients.gms[0].id)).toBe(true);
    expect(resultCards()).toHaveLength(1);
    // Alrik: 9 and 5, Rüstung 2 from each → −10; Cora: 14 → stops at dying (0), not dead (R-SHORT-1).
    expect([sys(alrik).leben.value, sys(bela).leben.value, sys(cora).leben.value]).toEqual([20, 20, 0]);
    expect(cora.statuses.has("dying")).toBe(true);
    expect(cora.statuses.has("dead")).toBe(false);
    // Spent once, in the end too.
    expect([sys(alrik).fluss.value, sys(bela).fluss.value, sys(bombe).menge]).toEqual([2, 0, 1]);

    expect(record(card)).toMatchObject({ status: "applied", result: { charactersEW: 16, enemiesEW: 12, difference: 4, winner: "characters", outcome: "goalAttacked", hits: 3, damage: { enemy: "Oger", damage: "2W6+2" } } });
    const result = resultCards()[0] as Any;
    expect(result.author.id).toBe(clients.gms[0].id);
    expect(result.content).toContain("Differenz 4");
    expect(result.content).toContain("3 Treffer");
    expect(result.content).toContain("Je Treffer: Oger mit 2 Aktionen, 2W6+2");
    // Checks in Flex's notation, as the sheet writes them, never Foundry's "1d10 + 4" (issue 25).
    expect(result.content).not.toMatch(/\dd\d/);
    // What each took as every card writes an Apply: damage − Rüstung = Leben lost, now x/max, and the state tag.
    expect(takenRows(result)).toEqual(["Alrik · 2 Treffer 14 Schaden − 4 Rüstung = −10 Leben, jetzt 20/30", "Cora · 1 Treffer 14 Schaden: Leben 12 → 0/12 (2 verfallen) im Sterben"]);
    expect(result.content).toContain("Im Sterben, aber nicht tot: Ein kurzer Kampf tötet nie.");
    expect(result.content).toContain("Ziel erreicht, aber sie werden angegriffen.");
    expect(result.rolls.map((r: Any) => r.total)).toEqual([1, 9, 3, 14, 1, 5]);
    expect(result.content).toMatch(/R-SHORT-1.*R-SHORT-4/s);

    // Applied again (a third click, the other GM, a player's Alchemikum): nothing changes.
    const after = state.writes.length;
    expect(await acting(clients.gms[1], () => shortCombatAction(card, "apply"))).toBe("already");
    expect(await acting(clients.players[0], () => useAlchemikumInShortCombat(card, "c1", bombe.id))).toBe("closed");
    expect(state.writes.length).toBe(after);
  }, 60_000);
});

describe("R-SHORT-3 the four outcomes, through the GM's tool values", () => {
  it("fleeing enemies who lose: goal reached, no hits, nothing written but the cards", async () => {
    const { alrik } = await party(clients);
    const [wolf] = await pack();
    const card = (await acting(clients.gms[0], () => startShortCombat({ characters: [alrik], enemies: [wolf], stance: "flee" }))) as Any;
    rolls([10, 9]);
    await acting(clients.players[0], () => rollInShortCombat(card, "c1"));
    // R-SHORT-2: the fleeing wolf rolls Ausweichen with 3 Vorteile: 4d8kh + 8 − 4.
    rolls([8, 1], [8, 2], [8, 3], [8, 2]);
    const at = state.writes.length;
    // A double click: the second Apply finds it applied.
    const clicks = await Promise.all([acting(clients.gms[0], () => shortCombatAction(card, "apply")), acting(clients.gms[0], () => shortCombatAction(card, "apply"))]);
    expect(clicks).toEqual(["applied", "already"]);
    expect(resultCards()).toHaveLength(1);
    expect(record(card).enemies[0].roll).toMatchObject({ formula: "4d8kh + 4", total: 7 });
    expect(record(card).result).toMatchObject({ winner: "characters", outcome: "goalReached", hits: 0, taken: [] });
    expect(state.writes.slice(at).filter((w) => w.documentName === "Actor")).toEqual([]);
  });

  it("fleeing enemies who win escape; fighting enemies who win prevail with 6 hits; a tie goes to the characters", async () => {
    const { alrik } = await party(clients);
    const [wolf] = await pack();
    const gm = clients.gms[0];
    const card = (await acting(gm, () => startShortCombat({ characters: [alrik], enemies: [wolf], stance: "flee" }))) as Any;
    await acting(gm, () => shortCombatAction(card, "override", { key: "c1", value: 10 }));
    await acting(gm, () => shortCombatAction(card, "override", { key: "e1", value: 11 }));
    const { projection } = await import("../../src/automation/short-combat");
    expect(projection(record(card)).resolution).toMatchObject({ outcome: "enemiesEscape", hits: 0 });
    await acting(gm, () => shortCombatAction(card, "stance", { value: "fight" }));
    expect(projection(record(card)).resolution).toMatchObject({ outcome: "enemiesPrevail", hits: 6 });
    await acting(gm, () => shortCombatAction(card, "override", { key: "e1", value: 10 }));
    expect(projection(record(card)).resolution).toMatchObject({ winner: "characters", outcome: "goalAttacked", difference: 0, hits: 4 });
    // The GM's own hits and damage: 1 hit of 7, Rüstung 2 → −5.
    await acting(gm, () => shortCombatAction(card, "override", { key: "hits", value: 1 }));
    await acting(gm, () => shortCombatAction(card, "override", { key: "damage", value: "7" }));
    rolls([1, 1]);
    expect(await acting(gm, () => shortCombatAction(card, "apply"))).toBe("applied");
    expect(sys(alrik).leben.value).toBe(25);
    expect(resultCards()[0].content).toContain("Je Treffer: 7 (von der SL gesetzt)");
  });

  it("R-SHORT-4 a wolf's hit is its two bites, Rüstung from each bite: Alrik (30 Leben, Rüstung 2) bitten for 5 and 3 ends at 26", async () => {
    const { alrik } = await party(clients);
    const wolf = await creature("Wolf", 1, { name: "Biss", angriff: "W8+2", schaden: "1W8", aktionen: 1 });
    const gm = clients.gms[0];
    const card = (await acting(gm, () => startShortCombat({ characters: [alrik], enemies: [wolf] }))) as Any;
    await acting(gm, () => shortCombatAction(card, "override", { key: "c1", value: 10 }));
    await acting(gm, () => shortCombatAction(card, "override", { key: "e1", value: 12 }));
    await acting(gm, () => shortCombatAction(card, "override", { key: "hits", value: 1 }));
    // The share die (1d1), then one roll per bite.
    rolls([1, 1], [8, 5], [8, 3]);
    expect(await acting(gm, () => shortCombatAction(card, "apply"))).toBe("applied");
    expect(sys(alrik).leben.value).toBe(26);
    expect(record(card).result).toMatchObject({ hits: 1, damage: { enemy: "Wolf", damage: "1W8; 1W8" }, perHit: [{ name: "Alrik", damage: 8, attacks: [5, 3] }] });
    const content = resultCards()[0].content;
    expect(content).toContain("Alrik: 5 + 3 Schaden");
    expect(takenRows(resultCards()[0])).toEqual(["Alrik · 1 Treffer 8 Schaden − 4 Rüstung = −4 Leben, jetzt 26/30"]);
  });

  it("a GM undoes an applied short combat: Leben and dying back, the cards say so; both GMs at once or twice: one batched write", async () => {
    const { alrik, cora } = await party(clients);
    const wolf = await creature("Wolf", 1, { name: "Biss", angriff: "W8+2", schaden: "1W8", aktionen: 1 });
    const gm = clients.gms[0];
    const card = (await acting(gm, () => startShortCombat({ characters: [alrik, cora], enemies: [wolf] }))) as Any;
    await acting(gm, () => shortCombatAction(card, "override", { key: "c1", value: 5 }));
    await acting(gm, () => shortCombatAction(card, "override", { key: "c2", value: 5 }));
    await acting(gm, () => shortCombatAction(card, "override", { key: "e1", value: 12 }));
    await acting(gm, () => shortCombatAction(card, "override", { key: "hits", value: 2 }));
    await acting(gm, () => shortCombatAction(card, "override", { key: "damage", value: "20" }));
    // Hit 1 to Alrik (share die 1 of 2), hit 2 to Cora (2 of 2).
    rolls([2, 1], [2, 2]);
    expect(await acting(gm, () => shortCombatAction(card, "apply"))).toBe("applied");
    expect([sys(alrik).leben.value, sys(cora).leben.value]).toEqual([12, 0]);
    expect(cora.statuses.has("dying")).toBe(true);

    // C-12: decided, the first card is one line pointing to the result (no goal, teams or rules again); the result's
    // one Undo is an icon at the end of its title row.
    const first = parse(card.content);
    expect(first.querySelectorAll("p, ul, details").map((n) => n.text.trim())).toEqual(["Entschieden und angewendet: siehe die Ergebniskarte."]);
    const undoInHeader = parse((resultCards()[0] as Any).content).querySelector("header button[data-action='flexShortCombatUndo']")!;
    expect(undoInHeader.getAttribute("data-tooltip")).toContain("Gibt allen Charakteren die Leben zurück");
    expect(undoInHeader.querySelector(".visually-hidden")!.text.trim()).toBe("Rückgängig");
    // The GM sees the result card's Undo, a player does not; a player's forged click is refused, nothing written.
    const undoButton = async (user: Any) => (await renderedMessage(resultCards()[0], user)).querySelector("button[data-action='flexShortCombatUndo']")!;
    expect((await undoButton(gm)).hidden).toBe(false);
    expect((await undoButton(clients.players[0])).hidden).toBe(true);
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => shortCombatAction(card, "undo"))).toBe("refused");
    expect(state.writes.length).toBe(before);

    // Both GMs click Undo at once.
    const both = await Promise.all(clients.gms.map((g) => acting(g, () => shortCombatAction(card, "undo"))));
    expect(both.sort()).toEqual(["notApplied", "undone"]);
    expect([sys(alrik).leben.value, sys(cora).leben.value]).toEqual([30, 12]);
    expect(cora.statuses.has("dying")).toBe(false);
    // Both characters in one batched write, the Undo carried out once.
    expect(state.writes.slice(before).filter((w: Any) => w.documentName === "Actor" && w.action === "update")).toHaveLength(1);
    expect(record(card).status).toBe("undone");
    const result = resultCards()[0] as Any;
    expect(result.content).toContain("Rückgängig gemacht: Leben und Zustände wie vor dem kurzen Kampf.");
    expect(result.content).not.toContain('data-action="flexShortCombatUndo"');
    expect(card.content).toContain("Rückgängig gemacht");
    // Undone is closed: no second Apply, no second Undo.
    const after = state.writes.length;
    expect(await acting(gm, () => shortCombatAction(card, "apply"))).toBe("closed");
    expect(await acting(gm, () => shortCombatAction(card, "undo"))).toBe("notApplied");
    expect(state.writes.length).toBe(after);
  });

  it("the active GM drops in the middle of an Undo: the next GM finishes it from the journal, once", async () => {
    const { alrik, cora } = await party(clients);
    const wolf = await creature("Wolf", 1, { name: "Biss", angriff: "W8+2", schaden: "1W8", aktionen: 1 });
    const [gm1, gm2] = clients.gms;
    const card = (await acting(gm1, () => startShortCombat({ characters: [alrik, cora], enemies: [wolf] }))) as Any;
    for (const [key, value] of [["c1", 5], ["c2", 5], ["e1", 12], ["hits", 2]] as const) await acting(gm1, () => shortCombatAction(card, "override", { key, value }));
    await acting(gm1, () => shortCombatAction(card, "override", { key: "damage", value: "20" }));
    rolls([2, 1], [2, 2]);
    await acting(gm1, () => shortCombatAction(card, "apply"));
    expect([sys(alrik).leben.value, sys(cora).leben.value]).toEqual([12, 0]);
    // The journal record and the characters' write land; the cards and the statuses are left to the next GM.
    const w0 = state.writes.length;
    dropAfterWrites(gm1, 2);
    await as(gm1, () => shortCombatAction(card, "undo"));
    await settle();
    // GM 1 wrote its journal record and the characters' Leben; GM 2, active now, finished the rest from the journal.
    const undo = state.writes.slice(w0).map((w: Any) => [w.action, w.documentName, w.userId === gm1.id ? "gm1" : w.userId === gm2.id ? "gm2" : "?"]);
    expect(undo.slice(0, 2)).toEqual([["update", "User", "gm1"], ["update", "Actor", "gm1"]]);
    expect(undo.slice(2).filter(([, doc]) => doc !== "User")).toEqual([["delete", "ActiveEffect", "gm2"], ["update", "ChatMessage", "gm2"], ["update", "ChatMessage", "gm2"]]);
    await as(gm2, () => runOnGMQueue("after", async () => undefined));
    await settle();
    expect([sys(alrik).leben.value, sys(cora).leben.value]).toEqual([30, 12]);
    expect(cora.statuses.has("dying")).toBe(false);
    expect(record(card).status).toBe("undone");
    expect(resultCards()[0].content).toContain("Rückgängig gemacht");
    // Asked again, nothing more happens.
    const after = state.writes.length;
    expect(await acting(gm2, () => shortCombatAction(card, "undo"))).toBe("notApplied");
    expect(state.writes.length).toBe(after);
  });

  it("R-SHORT-4 the GM's damage per hit may name each attack (\"4; 4\"): Rüstung comes off each", async () => {
    const { alrik } = await party(clients);
    const [wolf] = await pack();
    const gm = clients.gms[0];
    const card = (await acting(gm, () => startShortCombat({ characters: [alrik], enemies: [wolf] }))) as Any;
    await acting(gm, () => shortCombatAction(card, "override", { key: "c1", value: 10 }));
    await acting(gm, () => shortCombatAction(card, "override", { key: "e1", value: 12 }));
    await acting(gm, () => shortCombatAction(card, "override", { key: "hits", value: 1 }));
    await acting(gm, () => shortCombatAction(card, "override", { key: "damage", value: "4; 4" }));
    rolls([1, 1]);
    expect(await acting(gm, () => shortCombatAction(card, "apply"))).toBe("applied");
    expect(sys(alrik).leben.value).toBe(26);
  });

  it("the GM rerolls one enemy; a stance change clears the enemies' rolls", async () => {
    const { alrik } = await party(clients);
    const [wolf, wolf2] = await pack();
    const gm = clients.gms[1];
    const card = (await acting(gm, () => startShortCombat({ characters: [alrik], enemies: [wolf, wolf2] }))) as Any;
    rolls([8, 3], [8, 5]);
    expect(await acting(gm, () => shortCombatAction(card, "roll"))).toBe("done");
    expect(record(card).enemies.map((e: Any) => e.roll.total)).toEqual([5, 7]);
    rolls([8, 8]);
    expect(await acting(gm, () => shortCombatAction(card, "roll", { key: "e1" }))).toBe("done");
    expect(record(card).enemies.map((e: Any) => e.roll.total)).toEqual([10, 7]);
    await acting(gm, () => shortCombatAction(card, "stance", { value: "flee" }));
    expect(record(card).enemies.map((e: Any) => e.roll)).toEqual([null, null]);
  });
});

describe("keeping it honest: forged requests to the short-combat handlers write nothing", () => {
  let warn: MockInstance;
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());
  const warned = () => warn.mock.calls.map((c) => String(c[0])).join("\n");

  async function running() {
    const { alrik, bela } = await party(clients);
    const enemies = await pack();
    const card = (await acting(clients.gms[0], () => startShortCombat({ characters: [alrik, bela], enemies }))) as Any;
    return { alrik, bela, enemies, card };
  }

  /** A hacked client sends a payload to the active GM's handler as its own confirmed request. */
  async function forge(user: Any, type: string, payload: Any) {
    const { askActiveGM } = await import("../../src/automation/gm-relay");
    return acting(user, () => askActiveGM(type, payload));
  }

  it("a player's GM action (apply, override, roll, cancel, undo): refused, 0 writes", async () => {
    const { card } = await running();
    const at = state.writes.length;
    for (const payload of [
      { messageId: card.id, action: "apply" },
      { messageId: card.id, action: "override", key: "c1", value: 99 },
      { messageId: card.id, action: "roll" },
      { messageId: card.id, action: "cancel" },
      { messageId: card.id, action: "undo" },
    ]) {
      expect(await forge(clients.players[0], "shortCombatGM", payload)).toBeNull();
    }
    expect(state.writes.length).toBe(at);
    expect(record(card).status).toBe("open");
  });

  it("a player's query naming a GM as its sender: that GM's client does not confirm it, 0 writes", async () => {
    const { card } = await running();
    const at = state.writes.length;
    const answer = await acting(clients.players[0], () => clients.gms[0].query("flex", { type: "shortCombatGM", requestId: "forged-1", requester: clients.gms[1].id, payload: { messageId: card.id, action: "apply" } }));
    expect(answer).toEqual({ flexRefused: "unconfirmed" });
    expect(state.writes.length).toBe(at);
    expect(record(card).status).toBe("open");
  });

  it("malformed GM actions from a GM: refused, 0 writes", async () => {
    const { card } = await running();
    const at = state.writes.length;
    for (const payload of [
      { messageId: "nope", action: "apply" },
      { messageId: card.id, action: "explode" },
      { messageId: card.id, action: "override", key: "zz", value: 3 },
      { messageId: card.id, action: "override", key: "damage", value: "drop table" },
      { messageId: card.id, action: "stance", value: "dance" },
    ]) {
      expect(await forge(clients.gms[1], "shortCombatGM", payload)).toBeNull();
    }
    expect(state.writes.length).toBe(at);
  });

  it("reports for a character the player does not own, or with a hand-made or borrowed roll: refused, 0 writes on the card", async () => {
    const { alrik, bela, card } = await running();
    const g = globalThis as Any;
    // Player 2 reports Alrik's row: not theirs.
    let at = state.writes.length;
    expect(await forge(clients.players[1], "shortCombatReport", { messageId: card.id, key: "c1" })).toBeNull();
    expect(state.writes.length).toBe(at);

    // Player 1 writes a hand-made check card claiming EW 40 (modifier +33), marks it as Alrik's short-combat roll.
    const fake = await acting(clients.players[0], () =>
      g.ChatMessage.create({
        content: "x",
        speaker: { actor: alrik.id },
        rolls: [JSON.stringify({ class: "CheckRoll", formula: "1d10 + 4 + 33", options: {}, evaluated: true, total: 40, terms: [{ kind: "die", sign: 1, die: { number: 1, faces: 10, modifiers: [], results: [{ result: 3, active: true }] } }, { kind: "number", value: 37, sign: 1 }] })],
        flags: { flex: { check: { talent: alrik.items.getName("Klingenwaffen").id, attribute: "ge", label: "Klingenwaffen" } } },
      }),
    );
    await acting(clients.players[0], () => alrik.update({ [`flags.flex.shortCombat.${record(card).id}`]: { fluss: 400, roll: fake.id } }));
    at = state.writes.length;
    expect(await forge(clients.players[0], "shortCombatReport", { messageId: card.id, key: "c1" })).toBeNull();
    expect(state.writes.length).toBe(at);
    expect(record(card).characters[0].roll).toBeNull();

    // A real Athletik check (not a Kampfart) is refused too.
    const athletik = await acting(clients.players[0], () => alrik.rollTalent("Athletik"));
    await acting(clients.players[0], () => alrik.update({ [`flags.flex.shortCombat.${record(card).id}`]: { fluss: 0, roll: athletik.message.id } }));
    at = state.writes.length;
    expect(await forge(clients.players[0], "shortCombatReport", { messageId: card.id, key: "c1" })).toBeNull();
    expect(state.writes.length).toBe(at);

    // Bela rolls for real; player 1 then claims Bela's card for Alrik: not their message.
    rolls([8, 4]);
    await acting(clients.players[1], () => rollInShortCombat(card, "c2"));
    const belaRoll = record(card).characters[1].roll.messageId;
    await acting(clients.players[0], () => alrik.update({ [`flags.flex.shortCombat.${record(card).id}`]: { fluss: 0, roll: belaRoll } }));
    at = state.writes.length;
    expect(await forge(clients.players[0], "shortCombatReport", { messageId: card.id, key: "c1" })).toBeNull();
    expect(state.writes.length).toBe(at);
    expect(record(card).characters.map((c: Any) => c.roll?.total ?? null)).toEqual([null, 7]);
    expect(warned()).toMatch(/Spieler 2 does not own Alrik[\s\S]*does not roll Alrik's check[\s\S]*is not a Kampfart or Zauberschule check[\s\S]*is not Spieler 1's/);
    void bela;
  });

  it("a card written by hand by a player is no short combat: the GM's Apply refuses it, 0 writes", async () => {
    const { card } = await running();
    const g = globalThis as Any;
    const forged = await acting(clients.players[0], () => g.ChatMessage.create({ content: "x", flags: { flex: { shortCombat: { ...record(card), id: "forged", overrides: { stufe: null, damage: "99W100", hits: 6 } } } } }));
    const at = state.writes.length;
    expect(await acting(clients.gms[0], () => shortCombatAction(forged, "apply"))).toBe("refused");
    expect(state.writes.length).toBe(at);
  });
});
