// Crafting projects (R-CRAFT-1 … 4, R-DOWN-2) with two GMs and three players connected: a copy of the target
// outlives its source, the materials are paid once however often and wherever it is clicked, the blocks the
// rules demand are rolled and no more, the finished item is made once, and every cost is on a card.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { craftStartContext, craftStartNumbers, dropOnProject, openCraftingSession, startCrafting } from "../../src/applications/dialogs/crafting-dialog";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { as, createActor, dice, disconnect, messages, resetWorld, state, writesOf, type Clients, writesSince } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const flex = () => g.game.flex;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

/** Rikka, owned by the first player: FF W10, Schmieden ÜW 3 (a check is 1d10 + 3), and some money. */
async function smith(geld = 100) {
  const actor = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { geld, attributes: { ff: 10 } } })) as Any;
  await actor.createEmbeddedDocuments("Item", [{ name: "Schmieden", type: "talent", system: { attribut: "ff", uebungswert: 3 } }]);
  return actor;
}

/** A dagger of 40 ¥ in the Items sidebar: R-CRAFT-4 → 15 EW, R-CRAFT-2 → 20 ¥ of materials. */
async function dagger(preis = 40) {
  return (await g.Item.create({ name: "Dolch", type: "weapon", system: { preis, schaden: "1W4", talent: "Klingenwaffen" } })) as Any;
}

const player = () => clients.players[0];
const gm = () => clients.gms[0];
const sys = (d: Any) => d.system as Any;
const made = (actor: Any) => actor.items.filter((i: Any) => i.getFlag("flex", "madeBy"));

async function project(actor: Any, source: Any, options: Record<string, unknown> = {}) {
  return as(player(), () => flex().making.createProject(actor, source, { complexity: "einfach", talent: "Schmieden", ...options }));
}

describe("a project keeps a copy of what it makes", () => {
  it("survives the deletion of its source and makes the copy", async () => {
    const actor = await smith();
    const source = await dagger();
    const p = await project(actor, source);
    expect(p.type).toBe("project");
    expect(p.name).toBe("Herstellung: Dolch");
    expect(sys(p).preis).toBe(40);
    await source.delete();
    expect(p.getFlag("flex", "ziel")).toMatchObject({ name: "Dolch", type: "weapon", system: { preis: 40, schaden: "1W4" } });
    // R-CRAFT-4, R-CRAFT-2, R-CRAFT-3 on the project
    expect(sys(p).derived).toMatchObject({ gesamtpreis: 40, material: 20, sw: 12, ziel: 15, stand: 0, komplett: false });
  });

  it("an item dropped onto the project becomes its target, until the materials are paid", async () => {
    const actor = await smith();
    const p = await as(player(), async () => (await actor.createEmbeddedDocuments("Item", [{ name: "Projekt", type: "project" }]))[0]);
    const source = await dagger(120);
    expect(await as(player(), () => dropOnProject(p, { type: "Item", uuid: source.uuid }))).toBe(true);
    expect(p.getFlag("flex", "ziel").name).toBe("Dolch");
    expect(sys(p).derived).toMatchObject({ material: 60, ziel: 50 });
    await as(player(), () => flex().making.payMaterials(p));
    const other = await g.Item.create({ name: "Schwert", type: "weapon", system: { preis: 300 } });
    expect(await as(player(), () => dropOnProject(p, { type: "Item", uuid: other.uuid }))).toBe(false);
    expect(p.getFlag("flex", "ziel").name).toBe("Dolch");
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", userId: player().id });
  });

  it("a project cannot make another project or a field", async () => {
    const actor = await smith();
    const field = await g.Item.create({ name: "Acker", type: "plot" });
    expect(await project(actor, field)).toBeNull();
    expect(actor.items.filter((i: Any) => i.type === "project")).toHaveLength(0);
  });
});

describe("R-CRAFT-2 materials at half the price are paid once", () => {
  it("two clicks from a player and one from the second GM: one payment, one write, one card, all on the active GM", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger());
    const before = state.writes.length;
    const answers = await Promise.all([
      as(player(), () => flex().making.payMaterials(p)),
      as(player(), () => flex().making.payMaterials(p)),
      as(clients.gms[1], () => flex().making.payMaterials(p)),
    ]);
    expect(sys(actor).geld).toBe(80);
    expect(sys(p).bezahlt).toBe(true);
    expect(answers.filter((a: Any) => a && !a.already)).toHaveLength(1);
    const writes = writesSince(before);
    expect(writes.map((w) => [w.action, w.documentName, w.userId])).toEqual([
      ["update", "Actor", gm().id],
      ["update", "Item", gm().id],
      ["create", "ChatMessage", gm().id],
    ]);
    // The mark is in the same write as the money.
    expect(writes[0].data[0]).toMatchObject({ system: { geld: 80 }, flags: { flex: { ledger: [`material:${p.id}`] } } });
    expect(messages()).toHaveLength(1);
    expect(messages()[0].content).toContain("20 ¥");
    expect(messages()[0].content).toContain("R-CRAFT-2");
  });

  it("money never goes negative: the refusal says how much is missing, and nothing is written", async () => {
    const actor = await smith(5);
    const p = await project(actor, await dagger());
    const before = state.writes.length;
    const answer = await as(player(), () => flex().making.payMaterials(p));
    expect(answer).toMatchObject({ ok: false, reason: "funds", missing: 15, cost: 20 });
    expect(state.writes.length).toBe(before);
    expect(sys(actor).geld).toBe(5);
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", userId: player().id, message: "Es fehlen 15 ¥ (nötig: 20 ¥) – es wurde nichts bezahlt." });
  });

  it("a payment whose project mark was lost with a GM is not charged again by the next GM", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger());
    // The first GM wrote the money and its mark, then dropped before marking the project.
    await actor.update({ "system.geld": 80, "flags.flex.ledger": [`material:${p.id}`] });
    disconnect(gm());
    const before = state.writes.length;
    const answer = await as(player(), () => flex().making.payMaterials(p));
    expect(answer).toMatchObject({ ok: true, already: true });
    expect(sys(actor).geld).toBe(80);
    expect(sys(p).bezahlt).toBe(true);
    expect(writesSince(before).map((w) => [w.documentName, w.userId])).toEqual([["Item", clients.gms[1].id]]);
  });

  it("work is refused until the materials are paid", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger());
    const before = state.writes.length;
    const answer = await as(player(), () => flex().making.workOnProject(p, { amount: 3 }));
    expect(answer).toMatchObject({ ok: false, reason: "notPaid" });
    expect(state.writes.length).toBe(before);
  });
});

describe("blocks that cannot succeed are not rolled (issue 25)", () => {
  it("Schmieden W10 + 3 reaches 13: a complex project (SW 18) is refused with the numbers, nothing rolled or written", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger(), { complexity: "komplex" });
    await as(player(), () => flex().making.payMaterials(p));
    const { DialogV2 } = g.foundry.applications.api;
    // The session dialog says so before the click.
    DialogV2.answers.push(null);
    await as(player(), () => openCraftingSession(p));
    expect(DialogV2.prompts.at(-1).content).toContain("EW 4 bis 13 gegen SW 18: keine Einheit kann gelingen");
    const before = state.writes.length;
    const cards = messages().length;
    const answer = await as(player(), () => flex().making.workOnProject(p, { amount: 3 }));
    expect(answer).toMatchObject({ ok: false, reason: "unreachable", max: 13, sw: 18 });
    expect(state.notifications.filter((n) => n.userId === player().id).at(-1)!.message).toBe("Mit diesem Talent reicht es höchstens für EW 13, der SW ist 18: Keine Einheit kann gelingen – es wurde nicht gewürfelt.");
    expect(state.writes.length).toBe(before);
    expect(messages()).toHaveLength(cards);
    expect(sys(p).derived.stand).toBe(0);
  });
});

describe("R-CRAFT-1 4-hour blocks until the total EW is reached; the finished item once", () => {
  it("completes after exactly the blocks the rules demand and makes one item (two clicks, two GMs, three players)", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger());
    await as(player(), () => flex().making.payMaterials(p));
    const before = state.writes.length;
    const cards = messages().length;
    // 1d10 + 3 against SW 12: 13 counts, 5 adds nothing (below SW), 12 counts → 25 ≥ 15 after the third block.
    dice(10, 10, 2, 9);
    const answers = await Promise.all([
      as(player(), () => flex().making.workOnProject(p, { amount: 5 })),
      as(clients.gms[1], () => flex().making.workOnProject(p, { amount: 5 })),
    ]);
    // Whichever click the GM's queue took first did the work; the other found the project finished.
    expect(answers.filter((a: Any) => a.ok)).toEqual([expect.objectContaining({ gain: 25, total: 25, target: 15, complete: true })]);
    expect(answers.filter((a: Any) => !a.ok)).toEqual([{ ok: false, reason: "complete" }]);
    expect(sys(p)).toMatchObject({ ew: 25, bloecke: 3, fertig: true });
    expect(made(actor)).toHaveLength(1);
    expect(made(actor)[0]).toMatchObject({ name: "Dolch", type: "weapon" });
    expect(sys(made(actor)[0])).toMatchObject({ preis: 40, schaden: "1W4" });
    expect(p.getFlag("flex", "log")).toEqual([expect.objectContaining({ ews: [13, 5, 12], gain: 25, total: 25 })]);
    // The item, the project, one card — all written by the active GM.
    expect(writesSince(before).map((w) => [w.action, w.documentName, w.userId])).toEqual([
      ["create", "Item", gm().id],
      ["update", "Item", gm().id],
      ["create", "ChatMessage", gm().id],
    ]);
    expect(messages().length).toBe(cards + 1);
    const card = messages().at(-1) as Any;
    expect(card.rolls).toHaveLength(3);
    expect(card.content).toContain("unter SW");
    // Each 4-hour roll is an Einheit; "Block" is the seed's word for the run to the goal (C-10, G-18).
    expect(card.content).toContain("Einheit 1");
    expect(card.content).not.toMatch(/Block \d|Je Block/);
    expect(card.content).toContain("Fertig: Dolch (1)");
    expect(card.content).toContain("R-CRAFT-1, R-CRAFT-3, R-CRAFT-4, R-TRAIN-1");
    // A third click, on any client, changes nothing.
    const quiet = state.writes.length;
    expect(await as(clients.players[0], () => flex().making.workOnProject(p, { amount: 1 }))).toMatchObject({ ok: false, reason: "complete" });
    expect(state.writes.length).toBe(quiet);
  });

  it("a session of fewer blocks leaves the project open; the next one goes on from there", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger());
    await as(player(), () => flex().making.payMaterials(p));
    dice(10, 10);
    expect(await as(player(), () => flex().making.workOnProject(p, { amount: 1 }))).toMatchObject({ gain: 13, total: 13, complete: false });
    expect(made(actor)).toHaveLength(0);
    // 4 and 11: both below SW 12, nothing added.
    dice(10, 1, 8);
    expect(await as(player(), () => flex().making.workOnProject(p, { amount: 2 }))).toMatchObject({ gain: 0, total: 13, complete: false });
    // Four blocks asked for, one needed: 12 → 25.
    dice(10, 9);
    expect(await as(player(), () => flex().making.workOnProject(p, { amount: 4 }))).toMatchObject({ gain: 12, total: 25, complete: true });
    expect(sys(p).bloecke).toBe(4);
    expect(made(actor)).toHaveLength(1);
  });

  it("a finished item made before a GM dropped is found, not made again", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger());
    await as(player(), () => flex().making.payMaterials(p));
    // The first GM made the item (with the project's mark) and dropped before writing the project.
    await actor.createEmbeddedDocuments("Item", [{ name: "Dolch", type: "weapon", flags: { flex: { madeBy: `craft:${p.id}` } } }]);
    await p.update({ "system.ew": 20 });
    disconnect(gm());
    const answer = await as(player(), () => flex().making.workOnProject(p, { amount: 2 }));
    expect(answer).toMatchObject({ ok: true, complete: true, gain: 0 });
    expect(made(actor)).toHaveLength(1);
    expect(sys(p).fertig).toBe(true);
  });

  it("a replayed request (same id, a new GM) changes nothing", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger());
    await as(player(), () => flex().making.payMaterials(p));
    const { askActiveGM } = await import("../../src/automation/gm-relay");
    dice(10, 4);
    await as(player(), () => askActiveGM("craftWork", { itemUuid: p.uuid, amount: 1 }, { requestId: "session-1" }));
    expect(sys(p).bloecke).toBe(1);
    disconnect(gm());
    const before = state.writes.length;
    // The first GM's journal says it is done: the new GM does not run it again.
    expect(await as(player(), () => askActiveGM("craftWork", { itemUuid: p.uuid, amount: 1 }, { requestId: "session-1" }))).toBeNull();
    expect(state.notifications.at(-1)).toMatchObject({ type: "info", message: "Die Spielleitung hat die Aktion bereits ausgeführt." });
    expect(state.writes.length).toBe(before);
    // Long after (the journal has forgotten it), the project's own log still knows the request.
    (clients.gms[0] as Any).flags.flex.journalDone = [];
    const again = await as(player(), () => askActiveGM("craftWork", { itemUuid: p.uuid, amount: 1 }, { requestId: "session-1" }));
    expect(again).toMatchObject({ ok: true, already: true });
    expect(state.writes.length).toBe(before);
    expect(sys(p).bloecke).toBe(1);
  });

  it("a batch makes Menge of an item that has one, copies of one that has none", async () => {
    const actor = await smith(1000);
    const arrows = await g.Item.create({ name: "Pfeile", type: "equipment", system: { preis: 5, menge: 10 } });
    const p = await project(actor, arrows, { quantity: 3 });
    expect(sys(p).derived).toMatchObject({ gesamtpreis: 15, material: 8, ziel: 15 });
    await as(player(), () => flex().making.payMaterials(p));
    dice(10, 10, 10);
    await as(player(), () => flex().making.workOnProject(p, { amount: 3 }));
    expect(sys(p).bloecke).toBe(2);
    expect(made(actor)).toHaveLength(1);
    expect(sys(made(actor)[0]).menge).toBe(30);

    const p2 = await project(actor, await dagger(10), { quantity: 2 });
    await as(player(), () => flex().making.payMaterials(p2));
    dice(10, 10, 10);
    await as(player(), () => flex().making.workOnProject(p2, { amount: 3 }));
    expect(sys(p2).bloecke).toBe(2);
    expect(actor.items.filter((i: Any) => i.getFlag("flex", "madeBy") === `craft:${p2.id}`)).toHaveLength(2);
  });

  it("the crafter must have the chosen talent: a refusal, nothing rolled", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger(), { talent: "Alchemie" });
    await as(player(), () => flex().making.payMaterials(p));
    const before = state.writes.length;
    expect(await as(player(), () => flex().making.workOnProject(p, { amount: 1 }))).toMatchObject({ ok: false, reason: "noTalent" });
    expect(state.writes.length).toBe(before);
  });

  it("moves the world clock on by 4 hours a block when asked, and only while players may", async () => {
    const actor = await smith(1000);
    const p = await project(actor, await dagger(1000));
    await as(player(), () => flex().making.payMaterials(p));
    const t0 = g.game.time.worldTime;
    dice(10, 5, 5);
    await as(player(), () => flex().making.workOnProject(p, { amount: 2, advance: true }));
    expect(g.game.time.worldTime - t0).toBe(2 * 4 * 3600);
    expect(writesOf({ documentName: "Setting" }).at(-1)).toMatchObject({ userId: gm().id, ids: ["core.time"] });
    await g.game.settings.set("flex", "playersAdvanceTime", false);
    dice(10, 5);
    await as(player(), () => flex().making.workOnProject(p, { amount: 1, advance: true }));
    expect(g.game.time.worldTime - t0).toBe(2 * 4 * 3600);
    dice(10, 5);
    await as(clients.gms[1], () => flex().making.workOnProject(p, { amount: 1, advance: true }));
    expect(g.game.time.worldTime - t0).toBe(3 * 4 * 3600);
  });
});

describe("R-DOWN-2 workday crafting: price / 15 days, divided among the crafter and the helpers", () => {
  it("a 40 ¥ dagger with one helper takes 2 days (⌈40 / 30⌉); no dice", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger(), { mode: "arbeitstage", helpers: 1 });
    expect(sys(p).derived).toMatchObject({ ziel: 2, material: 20 });
    await as(player(), () => flex().making.payMaterials(p));
    const answer = await as(player(), () => flex().making.workOnProject(p, { amount: 1 }));
    expect(answer).toMatchObject({ ok: true, gain: 1, total: 1, complete: false });
    const done = await as(player(), () => flex().making.workOnProject(p, { amount: 5, advance: true }));
    expect(done).toMatchObject({ gain: 1, total: 2, complete: true, advanced: 86_400 });
    expect(made(actor)).toHaveLength(1);
    expect((messages().at(-1) as Any).content).toContain("R-DOWN-2");
    expect((messages().at(-1) as Any).rolls).toHaveLength(0);
  });
});

describe("the dialogs and the sheet", () => {
  it("a project started from a compendium-like item: SW by complexity, materials paid at once", async () => {
    const actor = await smith(100);
    const source = await dagger();
    g.foundry.applications.api.DialogV2.answers.push({ modus: "probe", komplexitaet: "komplex", talent: "Schmieden", menge: "2", helfer: "0", pay: true });
    const p = await as(player(), () => startCrafting(source.uuid, actor));
    expect(g.foundry.applications.api.DialogV2.prompts.at(-1).content).toContain("Komplex (SW 18)");
    expect(sys(p)).toMatchObject({ komplexitaet: "komplex", menge: 2, bezahlt: true });
    expect(sys(p).derived).toMatchObject({ sw: 18, gesamtpreis: 80, material: 40, ziel: 25 });
    expect(sys(actor).geld).toBe(60);
  });

  it("the start dialog shows what the player will pay and need for the pieces and helpers typed (issue 25)", async () => {
    const actor = await smith(100);
    const source = await g.Item.create({ name: "Langschwert", type: "weapon", system: { preis: 150 } });
    // One piece: 75 ¥ of materials, 50 EW, 10 workdays.
    const one = craftStartContext(source, actor) as Any;
    expect(one.numbers).toMatchObject({ total: "150 ¥", material: "75 ¥", goal: "50 EW insgesamt", days: "10 Arbeitstage", affordable: true });
    // Three pieces and two helpers, as the player types them: what is shown is what is charged.
    const three = craftStartNumbers(150, 3, 2, 100);
    expect(three).toMatchObject({ total: "450 ¥", material: "225 ¥", goal: "100 EW insgesamt", days: "10 Arbeitstage", affordable: false });
    expect(three.pay).toBe("Nicht genug Geld fürs Material: 225 ¥ nötig, 100 ¥ da. Das Projekt lässt sich anlegen und später bezahlen.");
    // Schmieden is W10 + 3: against SW 12 (einfach) 2 of 10 faces; against SW 15 and up no block can succeed.
    const outlooks = JSON.parse(one.outlooks);
    expect(outlooks.Schmieden).toEqual({
      einfach: "EW 4 bis 13 gegen SW 12: Chance je Einheit 20\u00a0%",
      fortgeschritten: "EW 4 bis 13 gegen SW 15: keine Einheit kann gelingen",
      komplex: "EW 4 bis 13 gegen SW 18: keine Einheit kann gelingen",
      meisterlich: "EW 4 bis 13 gegen SW 21: keine Einheit kann gelingen",
    });
    const html = await g.foundry.applications.handlebars.renderTemplate("systems/flex/templates/dialogs/craft-start.hbs", craftStartContext(source, actor, { quantity: 3, talent: "Schmieden" }));
    expect(html).toContain("225 ¥");
    expect(html).toMatch(/<input type="checkbox" name="pay"\s+disabled>/);
    expect(html).toContain("EW 4 bis 13 gegen SW 12: Chance je Einheit 20\u00a0%");
    // Started with 3 pieces the project asks exactly that; its materials cannot be paid from 100 ¥ and are not.
    g.foundry.applications.api.DialogV2.answers.push({ modus: "probe", komplexitaet: "einfach", talent: "Schmieden", menge: "3", helfer: "2" });
    const p = await as(player(), () => startCrafting(source.uuid, actor));
    expect(sys(p).derived).toMatchObject({ gesamtpreis: 450, material: 225, ziel: 100 });
    expect(sys(actor).geld).toBe(100);
  });

  it("a closed dialog starts nothing; an item nobody can make is refused", async () => {
    const actor = await smith(100);
    g.foundry.applications.api.DialogV2.answers.push(null);
    const source = await dagger();
    expect(await as(player(), () => startCrafting(source, actor))).toBeNull();
    expect(actor.items.filter((i: Any) => i.type === "project")).toHaveLength(0);
    expect(await as(player(), () => flex().craft("Item.doesnotexist0000", actor))).toBeNull();
    expect(await as(player(), () => flex().craft(actor.items.getName("Schmieden"), actor))).toBeNull();
    expect(actor.items.filter((i: Any) => i.type === "project")).toHaveLength(0);
  });

  it("the session dialog pays first when asked, then works the blocks; item.roll opens it", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger());
    const { DialogV2 } = g.foundry.applications.api;
    DialogV2.answers.push(true, { amount: "3", advance: false });
    dice(10, 10, 10);
    const answer = await as(player(), () => p.roll());
    expect(answer).toMatchObject({ complete: true, total: 26 });
    expect(sys(actor).geld).toBe(80);
    expect(made(actor)).toHaveLength(1);
    // A finished project opens no dialog.
    const prompts = DialogV2.prompts.length;
    expect(await as(player(), () => openCraftingSession(p))).toBeNull();
    expect(DialogV2.prompts.length).toBe(prompts);
  });

  it("B-16: in English the goal and the bar count points ('15 points', '0 / 15 points'); a long name is set smaller, not cut", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger());
    g.game.i18n.lang = "en";
    const sheet = new FlexItemSheet({ document: p } as never) as Any;
    await as(player(), () => sheet.render(true));
    const html = parse(Object.values(sheet.lastRender).join("\n"));
    expect(html.querySelector(".flex-making-bar-label")!.text.trim()).toBe("0 / 15 points");
    expect(html.text).toContain("15 points");
    expect(html.text).not.toMatch(/\d+ result\b/);
    expect(html.querySelector("input.flex-name")!.getAttribute("class")).toBe("flex-name");
    await p.update({ name: "Изготовление: Длинный меч из штормовой стали" });
    await as(player(), () => sheet.render(true));
    expect(parse(Object.values(sheet.lastRender).join("\n")).querySelector("input.flex-name")!.getAttribute("class")).toBe("flex-name flex-name-longer");
    await p.update({ name: "Herstellung: Langschwert aus Sturmstahl" });
    await as(player(), () => sheet.render(true));
    expect(parse(Object.values(sheet.lastRender).join("\n")).querySelector("input.flex-name")!.getAttribute("class")).toBe("flex-name flex-name-long");
  });

  it("the sheet shows target, materials, SW, goal and progress, and its buttons pay and work", async () => {
    const actor = await smith(100);
    const p = await project(actor, await dagger());
    const sheet = new FlexItemSheet({ document: p } as never) as Any;
    await as(player(), () => sheet.render(true));
    let html = Object.values(sheet.lastRender).join("\n");
    expect(html).toContain("Dolch");
    expect(html).toContain("Materialien (halber Preis)");
    expect(html).toContain('data-detail="pay"');
    expect(html).toContain("0 / 15");
    expect(g.game.i18n.missing.size).toBe(0);
    const click = (detail: string) => sheet.options.actions.itemDetail.call(sheet, {}, { dataset: { detail } });
    await as(player(), () => click("pay"));
    expect(sys(actor).geld).toBe(80);
    g.foundry.applications.api.DialogV2.answers.push({ amount: "1" });
    dice(10, 10);
    await as(player(), () => click("work"));
    await as(player(), () => sheet.render(true));
    html = Object.values(sheet.lastRender).join("\n");
    expect(html).toContain("13 / 15");
    expect(html).toContain("bezahlt");
    expect(html).not.toContain('data-detail="pay"');
  });
});
