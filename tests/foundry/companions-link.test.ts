// The link between a trainer and its companions (R-COMP-1, R-COMP-7, R-COMP-8): the character's Begleiter tab with
// the handling talent by kind and the Misstrauen the trainer sees even with limited permission; a deleted trainer
// leaves no dangling link (the active GM clears it in one write), an old world's dangling link changes nothing;
// a fall onto a companion is avoided with its stored Ausweichen value.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { cleanDanglingLinks, companionsOf, isCompanion, trainerOf } from "../../src/automation/companions";
import { as, createActor, createScene, messageContentFor, messages, placeToken, queueDice, resetWorld, settle, state, storeRawActor, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  g.CONFIG.Dice.randomUniform = Math.random;
});

async function rikka() {
  const actor = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ch: 8, kk: 6 }, leben: { value: 20, max: 20 } } })) as Any;
  await actor.createEmbeddedDocuments("Item", [{ name: "Mit Tieren umgehen", type: "talent", system: { attribut: "ch", uebungswert: 2 } }]);
  return actor;
}

const creature = async (name: string, system: Record<string, unknown>, ownership: Record<string, number> = { default: 0 }) =>
  (await createActor({ name, type: "creature", ownership, system: { trainierbar: true, ...system } })) as Any;

async function renderSheet(user: Any, actor: Any) {
  return as(user, async () => {
    const sheet = new CharacterSheet({ document: actor });
    sheet.changeTab("companions", "primary");
    await sheet.render(true);
    return sheet;
  });
}

describe("R-COMP-1 a character lists its companions, with the handling talent by kind", () => {
  it("animal → Mit Tieren umgehen, apparatus → Kristalltechnik, other → the talent set on the creature", async () => {
    const hero = await rikka();
    await creature("Grauwolf", { stufe: 1, art: "tier", trainer: hero.uuid });
    await creature("Messingkäfer", { stufe: 0.5, art: "apparatur", trainer: hero.uuid });
    await creature("Irrlicht", { stufe: 2, art: "andere", umgangTalent: "Geisterkunde", trainer: hero.uuid });
    await creature("Fremder Hund", { stufe: 1, art: "tier" });
    expect(companionsOf(hero).map((c: Any) => c.name)).toEqual(["Grauwolf", "Irrlicht", "Messingkäfer"]);

    const sheet = await renderSheet(clients.players[0], hero);
    const cards = parse(sheet.lastRender.companions).querySelectorAll(".flex-companion-card");
    const rows = cards.map((c) => [c.querySelector("h3")?.text, c.querySelector(".flex-companion-misstrauen")?.text, c.querySelectorAll("dd")[1].text.trim().split(" ")[0]]);
    expect(rows).toEqual([
      ["Grauwolf", "18", "Mit"],
      ["Irrlicht", "21", "Geisterkunde"],
      ["Messingkäfer", "15", "Kristalltechnik"],
    ]);
    // Rikka has only the first of those talents: the others say it is missing, and cannot be commanded.
    expect(cards.map((c) => !!c.querySelector(".flex-tag-warning"))).toEqual([false, true, true]);
    expect(cards.map((c) => c.querySelector("[data-action='flexCompanionReaction']")?.hasAttribute("disabled"))).toEqual([false, true, true]);
    // "Fremder Hund" is trainable and hers to see? No: the GM's, no permission, no token: not offered.
    expect(sheet.lastRender.companions).not.toContain("Fremder Hund");
  });

  it("the trainer sees the companion's Misstrauen even with limited permission on the creature", async () => {
    const hero = await rikka();
    await creature("Grauwolf", { stufe: 2, art: "tier", trainer: hero.uuid, misstrauen: 19 }, { default: 0, [clients.players[0].id]: 1 });
    const sheet = await renderSheet(clients.players[0], hero);
    const card = parse(sheet.lastRender.companions).querySelector(".flex-companion-card")!;
    expect(card.querySelector(".flex-companion-misstrauen")?.text).toBe("19");
    expect(card.querySelectorAll("[data-action='flexCompanionCommand']")).toHaveLength(0); // no attacks yet
  });

  it("a character with no companion and nothing to train still has its Begleiter tab, saying how one comes", async () => {
    const hero = await rikka();
    const sheet = await renderSheet(clients.players[0], hero);
    expect(parse(sheet.lastRender.tabs).querySelector("[data-tab='companions']")).not.toBeNull();
    expect(parse(sheet.lastRender.companions).querySelector(".flex-companions-empty")!.text).toBe(
      "Noch keine Begleiter. Ein Begleiter ist eine Kreatur, die du trainiert hast: Steht eine trainierbare auf der Szene, trainierst du sie hier. Reittiere neben deinem Token erscheinen hier unter „Reiten“.",
    );
    expect(sheet.lastRender.companions).not.toContain("flexCompanionTrain");
    // A trainable creature she can see brings a button to train it.
    await creature("Grauwolf", { stufe: 1, art: "tier" }, { default: 1 });
    const again = await renderSheet(clients.players[0], hero);
    expect(parse(again.lastRender.companions).querySelector("[data-action='flexCompanionTrain']")).not.toBeNull();
    expect(again.lastRender.companions).toContain("Noch keine Begleiter.");
    // The rules of commanding are for those who have a companion to command.
    expect(again.lastRender.companions).not.toContain("Ein Befehl kostet");
  });
});

describe("R-COMP-1 / R-COMP-8 no dangling link", () => {
  it("a deleted trainer: the active GM clears the link of every companion in one write; the wolf is no companion any more", async () => {
    const hero = await rikka();
    const wolf = await creature("Grauwolf", { stufe: 1, art: "tier", trainer: hero.uuid });
    const bug = await creature("Messingkäfer", { stufe: 0.5, art: "apparatur", trainer: hero.uuid });
    expect(isCompanion(wolf)).toBe(true);
    const before = state.writes.length;
    await as(clients.gms[1], () => hero.delete());
    await settle();
    const writes = state.writes.slice(before);
    expect(writes.map((w) => [w.action, w.documentName, w.userId])).toEqual([
      ["delete", "Actor", clients.gms[1].id],
      ["update", "Actor", clients.gms[0].id],
    ]);
    expect(writes[1].ids.sort()).toEqual([wolf.id, bug.id].sort());
    expect([sys(wolf).trainer, sys(bug).trainer]).toEqual([null, null]);
    expect(wolf.downedStatus).toBe("dead");
  });

  it("an old world's link to an actor that is gone changes nothing, and is cleaned once, by the active GM only", async () => {
    const hero = await rikka();
    const stray = storeRawActor({ name: "Streuner", type: "creature", system: { trainer: "Actor.gonegonegonegone", trainierbar: true } });
    expect(trainerOf(stray as Any)).toBeNull();
    expect(isCompanion(stray as Any)).toBe(false);
    expect(companionsOf(hero)).toEqual([]);
    const before = state.writes.length;
    expect(await as(clients.players[0], () => cleanDanglingLinks())).toBe(0);
    expect(await as(clients.gms[1], () => cleanDanglingLinks())).toBe(0);
    expect(state.writes.length).toBe(before);
    expect(await as(clients.gms[0], () => cleanDanglingLinks())).toBe(1);
    expect(state.writes.slice(before).map((w) => [w.action, w.documentName, w.userId, w.ids])).toEqual([["update", "Actor", clients.gms[0].id, [stray.id]]]);
    expect(sys(stray).trainer).toBeNull();
    expect(await as(clients.gms[0], () => cleanDanglingLinks())).toBe(0);
  });
});

describe("R-COMP-7 / R-FALL-3 a fall onto a companion: it avoids the damage with its stored Ausweichen value, no roll", () => {
  async function setup(ausweichen: number) {
    const hero = await rikka();
    const scene = await createScene();
    const heroToken = await placeToken(scene, hero, { col: 0 });
    const wolf = await creature("Grauwolf", { stufe: 1, art: "tier", trainer: hero.uuid, ausweichen, parade: 30, leben: { value: 18, max: 18 } });
    const wolfToken = await placeToken(scene, wolf, { col: 0 });
    return { hero, heroToken, wolf, wolfToken };
  }
  const fallDice = () => queueDice([{ faces: 6, result: 1 }, ...[3, 3, 3, 3].map((result) => ({ faces: 4, result }))]);

  it.each([
    [12, true, 18],
    [8, false, 6],
  ])("Ausweichen %i against SW 12 (4 Schritt): avoided %s, Leben %i; the card names R-COMP-7 and carries no dodge roll", async (ausweichen, dodged, leben) => {
    const { hero, wolf, wolfToken } = await setup(ausweichen);
    fallDice();
    await as(clients.players[0], () => hero.fall(4, { onto: wolfToken }));
    await settle();
    const card = messages()[0] as Any;
    const record = card.flags.flex.fall;
    // The flags reach every client: the GM's wolf's value is not in them (screen.ts), only whether it dodged.
    expect(record.target).toMatchObject({ name: "Grauwolf", atRisk: true, dodged, check: { result: { success: dodged }, screened: true } });
    expect(JSON.stringify(record)).not.toContain(`Ausweichen-Wert ${ausweichen}`);
    expect(record.rules).toContain("R-COMP-7");
    expect(card.rolls).toHaveLength(2); // Rikka's check and her damage: the wolf rolled nothing
    // The GM's wolf: its Ausweichen value is drawn on the GM's client only (automation/screen.ts).
    expect(card.content).not.toContain(`Ausweichen-Wert ${ausweichen}`);
    expect(await messageContentFor(card, clients.gms[0])).toContain(`Grauwolf ist ein Begleiter und verteidigt sich mit seinem Ausweichen-Wert ${ausweichen}.`);
    expect(sys(wolf).leben.value).toBe(leben);
  });
});
