// Training a creature at the table (R-TRAIN-1, R-TRAIN-2): a session of 4-hour blocks rolled with injected dice,
// with 2 GMs and 3 players connected. What a table notices: how many blocks, how much money, one write and one
// card, on which client; a second click, a second GM or a new active GM never trains or charges twice; a session
// that cannot be paid writes nothing and says so; a forged request to the GM writes nothing.
import { parse } from "node-html-parser";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openTrainingDialog, trainingCostText } from "../../src/applications/dialogs/training-dialog";
import { choose, pickerOn } from "./browser-helpers";
import { trainCompanion } from "../../src/automation/companions";
import { askActiveGM } from "../../src/automation/gm-relay";
import { as, createActor, disconnect, messages, queueDice, resetWorld, settle, state, type Clients, writesSince } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;
const DialogV2 = () => g.foundry.applications.api.DialogV2;
/** Rikka's handling check: CH W8 + 14, so a die of d shows EW d + 14 (SW 18 for a Stufe-1 wolf: d ≥ 4 meets it). */
const blocks = (...d8: number[]) => queueDice(d8.map((result) => ({ faces: 8, result })));
const since = (n: number) => writesSince(n).map((w) => [w.action, w.documentName, w.userId, w.ids.length]);
const warnings = (user: Any) => state.notifications.filter((n) => n.userId === user.id && n.type !== "info").map((n) => n.message);
const acting = <T,>(user: Any, fn: () => Promise<T> | T) =>
  as(user, async () => {
    const out = await fn();
    await settle();
    return out;
  });
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  g.CONFIG.Dice.randomUniform = Math.random;
  DialogV2().answers.length = 0;
  DialogV2().prompts.length = 0;
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

/** Player 1's Rikka: CH W8, Mit Tieren umgehen 14, and money. */
async function rikka(geld = 100) {
  const actor = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ch: 8 }, geld } })) as Any;
  await actor.createEmbeddedDocuments("Item", [{ name: "Mit Tieren umgehen", type: "talent", system: { attribut: "ch", uebungswert: 14 } }]);
  return actor;
}

/** A Stufe-1 wolf (Misstrauen 18), the GM's unless an owner is given; the players may see it (limited). */
async function wolf(system: Record<string, unknown> = {}, ownership: Record<string, number> = { default: 1 }) {
  return (await createActor({ name: "Grauwolf", type: "creature", ownership, system: { stufe: 1, art: "tier", trainierbar: true, ausweichen: 12, parade: 8, ...system } })) as Any;
}

const train = (user: Any, request: Record<string, unknown>) => acting(user, () => trainCompanion(request as Any));

describe("R-TRAIN-1 a player trains the GM's wolf: blocks until the accumulated EW reaches 100, 10 ¥ each", () => {
  it("completes after exactly the blocks the rules demand, costs 10 ¥ per block, one write and one card by the active GM", async () => {
    const hero = await rikka(100);
    const beast = await wolf();
    // EW 20, 16 (below 18: adds nothing), 22, 19, 21, 20 → 20, 20, 42, 61, 82, 102: complete after block 6 of 8.
    blocks(6, 2, 8, 5, 7, 6, 8, 8);
    const before = state.writes.length;
    const result = await train(clients.players[0], { trainer: hero, creature: beast, blocks: 8 });

    expect(result).toMatchObject({ status: "trained", completion: "companion", run: { blocks: 6, completed: true, cost: 60, hours: 24, progress: 0 } });
    expect(sys(hero).geld).toBe(40);
    expect(sys(beast).trainer).toBe(hero.uuid);
    expect(sys(beast).training.fortschritt).toBe(0);
    // One batched actor write (the wolf with its mark, Rikka's money) and one card, both by the active GM.
    expect(since(before)).toEqual([
      ["update", "Actor", clients.gms[0].id, 2],
      ["create", "ChatMessage", clients.gms[0].id, 1],
    ]);
    const card = messages()[0] as Any;
    expect(card.rolls.map((r: Any) => r.total)).toEqual([20, 16, 22, 19, 21, 20]);
    expect(card.flags.flex.training).toMatchObject({ completed: true, cost: 60, blocks: [{ added: 20 }, { added: 0 }, { added: 22 }, { added: 19 }, { added: 21 }, { added: 20 }] });
    expect(card.content).toContain("Grauwolf ist jetzt Begleiter von Rikka.");
    expect(card.content).toContain("Rikka zahlt 60 ¥ für 6 Einheiten (24 Stunden).");
    // R-TRAIN-1 (issue 35): a "block" is the whole run to 100, as the rules say; a 4-hour check is an Einheit.
    expect(card.content).not.toMatch(/\d Blöcke|Block \d/);
    expect(card.content).toContain("R-TRAIN-1, R-TRAIN-2");
  });

  it("a session that does not reach 100 keeps the progress and pays every block", async () => {
    const hero = await rikka(100);
    const beast = await wolf({ training: { fortschritt: 46 } });
    blocks(5, 1, 8);
    const result = await train(clients.players[0], { trainer: hero, creature: beast, blocks: 3 });
    expect(result).toMatchObject({ status: "trained", completion: null, run: { blocks: 3, completed: false, cost: 30, progress: 46 + 19 + 22 } });
    expect(sys(hero).geld).toBe(70);
    expect(sys(beast).trainer).toBeNull();
    expect(messages()[0].content).toContain("Angesammelt: 46 → 87 von 100.");
  });

  it("two clicks, a second GM and a new active GM: the same request trains and charges once", async () => {
    const hero = await rikka(100);
    const beast = await wolf();
    blocks(8, 8, 8, 8, 8);
    const before = state.writes.length;
    const request = { trainer: hero, creature: beast, blocks: 5, requestId: "training-rikka-1" };
    const [a, b] = await Promise.all([train(clients.players[0], request), train(clients.players[0], request)]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ status: "trained", run: { blocks: 5, cost: 50, completed: true } });
    expect(since(before)).toHaveLength(2);
    expect(sys(hero).geld).toBe(50);

    // The active GM drops; the second GM takes over and gets the same request again: the wolf remembers it.
    disconnect(clients.gms[0]);
    blocks(8, 8, 8, 8, 8);
    const again = await train(clients.players[0], request);
    expect(again).toMatchObject({ status: "already", messageId: null });
    expect(since(before)).toHaveLength(2);
    expect(sys(hero).geld).toBe(50);
    expect(messages()).toHaveLength(1);
    expect(state.notifications.at(-1)).toMatchObject({ type: "info", message: "Dieses Training mit Grauwolf ist schon geschehen." });
  });

  it("refused with a clear message when the money is short: nothing rolled, nothing written", async () => {
    const hero = await rikka(25);
    const beast = await wolf();
    const before = state.writes.length;
    const result = await train(clients.players[0], { trainer: hero, creature: beast, blocks: 3 });
    expect(result).toMatchObject({ status: "noMoney" });
    expect(warnings(clients.players[0])).toEqual(["Nicht genug Geld: das Training kostet 30 ¥, Rikka hat 25 ¥. Nichts wurde trainiert."]);
    // The dialog says so while the blocks are typed.
    expect(trainingCostText(3, 25)).toEqual({ text: "3 × 4 Stunden: 30 ¥ – nur 25 ¥ da", affordable: false });
    expect(since(before)).toEqual([]);
    expect(messages()).toHaveLength(0);
    expect(sys(hero).geld).toBe(25);
  });

  it("refused before any money goes when the handling check cannot reach the Misstrauen (issue 25)", async () => {
    const hero = await rikka(100);
    // CH W8 + 2 reaches 10 at most; the wolf's Misstrauen is 18: every block would cost 10 ¥ and add nothing.
    await hero.items.getName("Mit Tieren umgehen").update({ "system.uebungswert": 2 });
    const beast = await wolf();
    const before = state.writes.length;
    const result = await train(clients.players[0], { trainer: hero, creature: beast, blocks: 3 });
    expect(result).toMatchObject({ status: "unreachable", reach: { max: 10, sw: 18 } });
    expect(warnings(clients.players[0])).toEqual(["Rikka erreicht mit Mit Tieren umgehen höchstens EW 10, das Misstrauen von Grauwolf ist 18: Keine Einheit kann gelingen. Es wird nicht trainiert und nichts bezahlt."]);
    expect(since(before)).toEqual([]);
    expect(sys(hero).geld).toBe(100);
  });

  it("refused: a creature the GM did not make trainable, someone else's companion, a trainer without the handling talent", async () => {
    const hero = await rikka(100);
    const other = (await createActor({ name: "Bela", type: "character" })) as Any;
    const before = state.writes.length;
    await train(clients.players[0], { trainer: hero, creature: await wolf({ trainierbar: false }), blocks: 1 });
    await train(clients.players[0], { trainer: hero, creature: await wolf({ trainer: other.uuid }), blocks: 1 });
    await hero.items.getName("Mit Tieren umgehen").delete();
    await train(clients.players[0], { trainer: hero, creature: await wolf(), blocks: 1 });
    expect(warnings(clients.players[0])).toEqual([
      "Grauwolf ist nicht trainierbar.",
      "Grauwolf ist schon der Begleiter eines anderen.",
      "Rikka fehlt das Talent Mit Tieren umgehen, um mit Grauwolf umzugehen.",
    ]);
    // Only the test's own set-up wrote (the actors, the deleted talent): no update, no card.
    expect(writesSince(before).filter((w) => w.action === "update" || w.documentName === "ChatMessage")).toEqual([]);
  });
});

describe("R-TRAIN-2 a completed block for a companion: Misstrauen − 1 (never below 10) or something new", () => {
  it("a player trains their own companion without a GM; Misstrauen 18 → 17", async () => {
    const hero = await rikka(100);
    const beast = await wolf({ trainer: hero.uuid, training: { fortschritt: 90 } }, { default: 0, [clients.players[0].id]: 3 });
    for (const gm of clients.gms) disconnect(gm);
    blocks(1, 6);
    const before = state.writes.length;
    const result = await train(clients.players[0], { trainer: hero, creature: beast, blocks: 4, reward: "misstrauen" });
    expect(result).toMatchObject({ status: "trained", completion: "misstrauen", run: { blocks: 2, cost: 20 } });
    expect(sys(beast).misstrauen).toBe(17);
    expect(sys(beast).derived.misstrauen).toBe(17);
    expect(since(before)).toEqual([
      ["update", "Actor", clients.players[0].id, 2],
      ["create", "ChatMessage", clients.players[0].id, 1],
    ]);
    expect(messages()[0].content).toContain("Das Misstrauen von Grauwolf sinkt von 18 auf 17.");
  });

  it("or it learns a new attack or passive; at Misstrauen 10 only that is left", async () => {
    const hero = await rikka(100);
    const beast = await wolf({ trainer: hero.uuid, misstrauen: 10, training: { fortschritt: 95 } }, { default: 0, [clients.players[0].id]: 3 });
    const before = state.writes.length;
    expect(await train(clients.players[0], { trainer: hero, creature: beast, blocks: 1, reward: "misstrauen" })).toMatchObject({ status: "atFloor" });
    expect(await train(clients.players[0], { trainer: hero, creature: beast, blocks: 1 })).toMatchObject({ status: "noReward" });
    expect(since(before)).toEqual([]);
    blocks(1);
    expect(await train(clients.players[0], { trainer: hero, creature: beast, blocks: 1, reward: "lernen" })).toMatchObject({ status: "trained", completion: "lernen" });
    expect(sys(beast).misstrauen).toBe(10);
    expect(messages()[0].content).toContain("Grauwolf lernt einen neuen Angriff oder eine neue Passive");
  });
});

describe("R-TRAIN-1 world time and the dialog", () => {
  it("with the world setting on, the active GM advances the time by 4 hours per block trained", async () => {
    const hero = await rikka(100);
    const beast = await wolf({}, { default: 0, [clients.players[0].id]: 3 });
    await as(clients.gms[0], () => g.game.settings.set("flex", "trainingAdvancesTime", true));
    const start = g.game.time.worldTime;
    blocks(8, 8, 8, 8, 8);
    const result = await train(clients.players[0], { trainer: hero, creature: beast, blocks: 6 });
    expect(result).toMatchObject({ status: "trained", run: { blocks: 5, hours: 20 } });
    expect(g.game.time.worldTime - start).toBe(20 * 3600);
    expect(state.writes.filter((w) => w.documentName === "Setting" && w.ids.includes("core.time")).map((w) => w.userId)).toEqual([clients.gms[0].id]);
    expect(messages()[0].content).toContain("Die Spielzeit ist um 20 Stunden vorgerückt.");
  });

  it("the browser offers the creatures to train, the dialog the chosen wolf with its Misstrauen and progress, and trains what the player chose", async () => {
    const hero = await rikka(100);
    const beast = await wolf({ training: { fortschritt: 30 } }, { default: 1 });
    await createActor({ name: "Geheimwolf", type: "creature", ownership: { default: 0 }, system: { trainierbar: true } });
    DialogV2().answers.push({ creature: "0", blocks: "2", reward: "misstrauen" });
    blocks(8, 8);
    const opened = acting(clients.players[0], () => openTrainingDialog({ trainer: hero }));
    const picker = await pickerOn(clients.players[0]);
    // Only what the trainer may train and see: no pack, not the hidden wolf.
    expect(picker.rowsOf("creatures").map((r) => r.uuid)).toEqual([beast.uuid]);
    await choose(picker, clients.players[0], beast.uuid);
    const result = await opened;
    const prompt = DialogV2().prompts[0];
    expect(prompt.window.title).toBe("Training: Rikka");
    expect(prompt.content).toContain("Grauwolf · ungezähmt · Block 30/100 · Misstrauen 18");
    expect(prompt.content).toContain("Geld: 100 ¥");
    // Before the click (issue 25): CH W8 + 14 reaches 15–22 against Misstrauen 18, 5 of 8 faces; one block's cost.
    expect(prompt.content).toContain("Mit Tieren umgehen: EW 15 bis 22 gegen Misstrauen 18, Chance je Einheit 63\u00a0%");
    expect(prompt.content).toContain("1 × 4 Stunden: 10 ¥, 4 Stunden");
    // G-18: 70 to go at 5 in 8 Einheiten adding 18 to 22: about 7 Einheiten, each 10 ¥ and 4 hours (R-TRAIN-1).
    expect(parse(prompt.content).querySelector(".flex-making-estimate")?.text).toBe("≈ 7 Einheiten bis 100 (≈ 70 ¥, 28 Stunden)");
    expect(result).toMatchObject({ status: "trained", run: { blocks: 2, cost: 20, progress: 74 } });
    expect(sys(beast).training.fortschritt).toBe(74);
  });

  it("a closed dialog trains nothing; a trainer with nothing to train is told so", async () => {
    const hero = await rikka(100);
    expect(await acting(clients.players[0], () => openTrainingDialog({ trainer: hero }))).toBeNull();
    expect(state.notifications.at(-1)?.message).toContain("Rikka hat keine Kreatur zum Trainieren");
    await wolf({}, { default: 1 });
    const before = state.writes.length;
    const opened = acting(clients.players[0], () => openTrainingDialog({ trainer: hero }));
    await (await pickerOn(clients.players[0])).close();
    expect(await opened).toBeNull();
    expect(DialogV2().prompts).toEqual([]);
    expect(since(before)).toEqual([]);
  });
});

describe("forged training requests to the active GM write nothing", () => {
  it("a requester who did not send it, a player who does not own the trainer, impossible numbers", async () => {
    const hero = await rikka(100);
    const beast = await wolf();
    const ref = (a: Any) => ({ actorUuid: a.uuid, tokenUuid: null });
    const payload = { trainer: ref(hero), creature: ref(beast), blocks: 3, reward: null };
    const before = state.writes.length;
    const hacker = clients.players[1];
    for (const requester of [clients.players[0].id, clients.gms[1].id]) {
      const message = { type: "companionTraining", requestId: `forged-${requester}`, requester, payload };
      expect(await as(hacker, () => g.game.users.activeGM.query("flex", message, { timeout: 5000 }))).toEqual({ flexRefused: "unconfirmed" });
    }
    // Confirmed, but Spieler 2 does not own Rikka.
    expect(await acting(hacker, () => askActiveGM("companionTraining", payload))).toBeNull();
    expect(warnings(hacker)).toContain("Das darfst du nicht – es wurde nichts geändert.");
    // Rikka's own player with numbers the GM does not accept.
    for (const bad of [{ blocks: 0 }, { blocks: 43 }, { blocks: 1.5 }, { blocks: "3" }, { reward: "alles" }, { creature: ref(hero) }]) {
      expect(await acting(clients.players[0], () => askActiveGM("companionTraining", { ...payload, ...bad }))).toBeNull();
    }
    expect(since(before)).toEqual([]);
    expect(messages()).toHaveLength(0);
    expect(sys(hero).geld).toBe(100);
  });
});
