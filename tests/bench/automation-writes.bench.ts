// Write calls and chat messages per automation event at 1, 10 and 100 actors (a party rest at 1, 5 and 50), with 2 GMs and 3 players
// connected: what reaches the server is what a table pays for. Journalled GM tasks (end of day, rest) add two writes of the GM's
// own User (the record held, then released), never an Actor write. The GM's record of a card it accepts (issue 33) rides in the
// first of those two writes: the column "of them with the GM's card record" counts User writes that carry one, and a
// separate write for it would show as a third User write. Prints one table; then times each event.
import { bench, describe } from "vitest";
import { fallCardAction } from "../../src/automation/falling";
import { as, createActor, createScene, messages, placeToken, resetWorld, settle, state, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const SIZES = [1, 10, 100] as const;

interface Row {
  event: string;
  actors: number;
  writes: number;
  /** Of these, requests that change actors (one batched update however many actors). */
  actorWrites: number;
  /** Of these, the GM's task journal (its record held and released, on its own User). */
  journalWrites: number;
  /** Of the User writes, those that carry the GM's record of a card (card-record/store.ts). */
  cardRecords: number;
  messages: number;
  /** Whose clients sent the writes: the active GM, or the player who made the fall. */
  writers: string;
}

/** What one event sends to the server: its write calls (besides `ignore`) and new chat messages. */
async function measure(event: string, actors: number, clients: Clients, run: () => Promise<unknown>, ignore: string[] = []): Promise<Row> {
  const writes = state.writes.length;
  const cards = messages().length;
  await run();
  await settle();
  const sent = state.writes.slice(writes).filter((w) => !ignore.includes(w.documentName));
  const who = (id: string) => (id === clients.gms[0].id ? "active GM" : clients.players.some((p) => p.id === id) ? "player" : "other GM");
  return {
    event,
    actors,
    writes: sent.length,
    actorWrites: sent.filter((w) => w.documentName === "Actor").length,
    journalWrites: sent.filter((w) => w.documentName === "User").length,
    cardRecords: sent.filter((w) => w.documentName === "User" && /"cards"|flags\.flex\.cards\./.test(JSON.stringify(w.data))).length,
    messages: messages().length - cards,
    writers: [...new Set(sent.map((w) => who(w.userId)))].join(", "),
  };
}

async function characters(n: number, system: Record<string, unknown> = {}): Promise<Any[]> {
  const list: Any[] = [];
  for (let i = 0; i < n; i++) list.push(await createActor({ name: `Held ${i + 1}`, type: "character", system: { attributes: { ko: 12, kk: 6 }, leben: { value: 400, max: 400 }, ...system } }));
  return list;
}

async function breathRound(n: number): Promise<Row> {
  const clients = resetWorld({ gms: 2, players: 3 });
  const actors = await characters(n);
  const scene = await createScene();
  const combatants = [];
  for (const [i, a] of actors.entries()) {
    await a.toggleStatusEffect("underwater", { active: true });
    const t = await placeToken(scene, a, { col: i % 10, row: Math.floor(i / 10) });
    combatants.push({ actorId: a.id, tokenId: t.id, sceneId: scene.id });
  }
  const combat = await g.Combat.create({});
  await combat.createEmbeddedDocuments("Combatant", combatants);
  await combat.startCombat();
  await settle();
  return measure("breath round (end of a KR)", n, clients, () => combat.nextRound(), ["Combat"]);
}

async function endOfDay(n: number): Promise<Row> {
  const clients = resetWorld({ gms: 2, players: 3 });
  const actors = await characters(n, { versorgung: { essen: false, trinken: true, schlaf: true } });
  // The second GM clicks; the active GM does the work.
  return measure("end of day", n, clients, () => as(clients.gms[1], () => g.game.flex.requestEndOfDay({ actorIds: actors.map((a) => a.id) })));
}

/** A player's character falls 4 Schritt in a scene with n creatures; then Apply is clicked on all five clients. */
async function fallAndApply(n: number): Promise<Row[]> {
  const clients = resetWorld({ gms: 2, players: 3 });
  await g.game.settings.set("flex", "fallAutoApply", false);
  const scene = await createScene();
  const [hero] = await characters(1);
  await hero.update({ ownership: { default: 0, [clients.players[0].id]: 3 } });
  const heroToken = await placeToken(scene, hero, { elevation: 4 });
  for (let i = 1; i < n; i++) await placeToken(scene, await createActor({ name: `Wesen ${i}`, type: "creature" }), { col: i % 10, row: 1 + Math.floor(i / 10) });
  g.CONFIG.Dice.randomUniform = () => 0.01; // the Athletik check fails: damage to apply
  const fall = await measure("fall (card, damage not yet applied)", n, clients, () => as(clients.players[0], () => (heroToken as Any).move({ x: 100, elevation: 0 })), ["Token"]);
  g.CONFIG.Dice.randomUniform = Math.random;
  const card = messages().at(-1) as Any;
  const apply = await measure("Apply on the fall card (clicked on 5 clients)", n, clients, () => Promise.all(clients.all.map((u) => as(u, () => fallCardAction(card, "faller", "apply")))));
  return [fall, apply];
}

/** R-FALL-2 / R-FALL-3: a player's character falls 4 Schritt onto the GM's creature; the GM rolls the dodge and the damage and applies it at once. */
async function fallOntoCreature(n: number): Promise<Row> {
  const clients = resetWorld({ gms: 2, players: 3 });
  const scene = await createScene();
  const [hero] = await characters(1);
  await hero.update({ ownership: { default: 0, [clients.players[0].id]: 3 } });
  const heroToken = await placeToken(scene, hero, { elevation: 4 });
  await placeToken(scene, await createActor({ name: "Wolf", type: "creature", system: { leben: { value: 400, max: 400 } } }), { col: 1 });
  for (let i = 1; i < n; i++) await placeToken(scene, await createActor({ name: `Wesen ${i}`, type: "creature" }), { col: i % 10, row: 1 + Math.floor(i / 10) });
  g.CONFIG.Dice.randomUniform = () => 0.01; // every check fails: the wolf is hit
  const row = await measure("fall onto the GM's creature (GM dodge, applied at once)", n, clients, () => as(clients.players[0], () => (heroToken as Any).move({ x: 100, elevation: 0 })), ["Token"]);
  g.CONFIG.Dice.randomUniform = Math.random;
  return row;
}

/** R-CORE-12: an attack card hitting n creatures, then "Apply to all" clicked by the attacking player. */
async function attackApply(n: number): Promise<Row> {
  const clients = resetWorld({ gms: 2, players: 3 });
  const { attackWith, attackCardAction } = await import("../../src/automation/combat");
  const scene = await createScene();
  const [hero] = await characters(1, { attributes: { ge: 12 } });
  await hero.update({ ownership: { default: 0, [clients.players[0].id]: 3 } });
  await hero.createEmbeddedDocuments("Item", [
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 20, kategorie: "kampfart" } },
    { name: "Schwert", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6" } },
  ]);
  const targets: Any[] = [];
  for (let i = 0; i < n; i++) {
    const foe = await createActor({ name: `Gegner ${i + 1}`, type: "creature", system: { ausweichen: 0, leben: { value: 50, max: 50 } } });
    targets.push(await placeToken(scene, foe, { col: i % 10, row: 1 + Math.floor(i / 10) }));
  }
  const result = (await as(clients.players[0], () => attackWith(hero.items.getName("Schwert"), hero, { targets }))) as Any;
  return measure("Apply to all on an attack card (per click)", n, clients, () => as(clients.players[0], () => attackCardAction(result.message, "all", "apply")));
}

/** RULES.md §11: the second GM calls a long rest for n characters; each owner answers in their own dialog. */
async function partyRest(n: number): Promise<Row> {
  const clients = resetWorld({ gms: 2, players: 3 });
  const heroes: Any[] = [];
  for (let i = 0; i < n; i++) {
    const owner = clients.players[i % clients.players.length]!;
    heroes.push(await createActor({ name: `Held ${i + 1}`, type: "character", system: { erschoepfung: { value: 2 }, fluss: { value: 0, max: 8 } }, ownership: { default: 0, [owner.id]: 3 } }));
  }
  const { DialogV2 } = g.foundry.applications.api;
  DialogV2.answers.length = 0;
  for (let i = 0; i < n; i++) DialogV2.answers.push({ activity: "light", hitDice: "0", talent: "" });
  // The world-time advance is one Setting write besides the batched Actor update and the card.
  return measure("party rest (long rest; incl. the time advance)", n, clients, () => as(clients.gms[1], () => g.game.flex.rest({ type: "longRest", actors: heroes.map((h) => h.id) })));
}

const rows: Row[] = [];
for (const n of SIZES) rows.push(await breathRound(n), await endOfDay(n), ...(await fallAndApply(n)), await fallOntoCreature(n), await attackApply(n));
for (const n of [1, 5, 50]) rows.push(await partyRest(n));
rows.sort((a, b) => a.event.localeCompare(b.event) || a.actors - b.actors);
console.log("\nWrite calls and chat messages per event (2 GMs + 3 players connected)");
console.table(rows.map((r) => ({ event: r.event, actors: r.actors, "write calls": r.writes, "of them Actor writes": r.actorWrites, "of them journal": r.journalWrites, "of them with the GM's card record": r.cardRecords, "chat messages": r.messages, "written by": r.writers })));

describe("automation events", () => {
  bench("end of day for 100 characters", async () => {
    await endOfDay(100);
  }, { iterations: 5 });
});
