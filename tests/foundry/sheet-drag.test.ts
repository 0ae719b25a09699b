// Dragging rows out of a rendered Flex sheet and dropping them onto another, the way v13 core does it:
// the drag starts only on an element with the "draggable" class and reads its data-item-id /
// data-effect-id; the drop resolves the drag data's uuid and hands the document to the sheet.
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { CreatureSheet } from "../../src/applications/sheets/creature-sheet";
import { as, createActor, resetWorld, state, writesOf, type Clients } from "../harness";
import { DataTransferStandIn, dragStart, drop } from "../harness/applications";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 2 });
});

/** The sheet opened on a tab (hidden tabs are drawn when shown): the inventory, a creature's abilities, or the one named. */
async function open(Sheet: Any, document: Any, tab = Sheet === CreatureSheet ? "abilities" : "inventory") {
  const sheet = new Sheet({ document });
  sheet.changeTab(tab, "primary");
  await sheet.render(true);
  return sheet;
}

const ownedBy = (user?: Any) => (user ? { default: 0, [user.id]: 3 } : { default: 0 });

async function alrik(owner?: Any) {
  const actor = (await createActor({ name: "Alrik", type: "character", ownership: ownedBy(owner) })) as Any;
  await actor.createEmbeddedDocuments("Item", [
    { name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 2 } },
    { name: "Dolch", type: "weapon", system: { schaden: "1W6" } },
    { name: "Schwert", type: "weapon", system: { schaden: "1W8" } },
    { name: "Seil", type: "equipment" },
    { name: "Elementarmagie", type: "talent", system: { attribut: "kl", kategorie: "zauberschule" } },
    { name: "Funke", type: "spell", system: { zauberschule: "Elementarmagie" } },
    { name: "Frostsplitter", type: "spell", system: { zauberschule: "Elementarmagie" } },
  ]);
  await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Segen", img: "icons/svg/angel.svg" }]);
  return actor;
}

const bela = (owner?: Any) => createActor({ name: "Bela", type: "character", ownership: ownedBy(owner) }) as Promise<Any>;
const row = (item: Any) => `[data-item-id="${item.id}"]`;
const dragData = (dt: DataTransferStandIn | null) => (dt ? JSON.parse(dt.getData("text/plain")) : null);
/** The writes since `before`, as [action, document, parent] triples. */
const writesSince = (before: number) => state.writes.slice(before).map((w) => [w.action, w.documentName, w.parent]);

describe("item rows are draggable the way core's ActorSheetV2 drags them", () => {
  it.each([
    ["a weapon on the Inventar tab", "Dolch", "img", "inventory"],
    ["equipment on the Inventar tab", "Seil", ".flex-item-name", "inventory"],
    ["a talent on the Talente tab", "Athletik", "button", "talents"],
    ["a spell on the Talente tab (its Zauber group)", "Funke", ".flex-item-name", "talents"],
  ])("%s carries { type: Item, uuid } (grabbed at its %s)", async (_what, name, part, tab) => {
    const actor = await alrik();
    const item = actor.items.getName(name);
    const dt = await dragStart(await open(CharacterSheet, actor, tab), `${row(item)} ${part}`);
    expect(dragData(dt)).toEqual({ type: "Item", uuid: item.uuid });
  });

  it("a creature's attack on the Fähigkeiten tab", async () => {
    const wolf = (await createActor({ name: "Wolf", type: "creature" })) as Any;
    const [biss] = await wolf.createEmbeddedDocuments("Item", [{ name: "Biss", type: "attack", system: { schaden: "1W8" } }]);
    expect(dragData(await dragStart(await open(CreatureSheet, wolf), row(biss)))).toEqual({ type: "Item", uuid: biss.uuid });
  });

  it("an active effect on the Effekte tab carries { type: ActiveEffect, uuid }", async () => {
    const actor = await alrik();
    const segen = actor.effects.contents.find((e: Any) => e.name === "Segen");
    const dt = await dragStart(await open(CharacterSheet, actor, "effects"), `[data-effect-id="${segen.id}"] img`);
    expect(dragData(dt)).toEqual({ type: "ActiveEffect", uuid: segen.uuid });
  });

  describe("a row without the core construction is not draggable (as in Foundry)", () => {
    // The same rendered sheet with the row changed the way a template could get it wrong: these are the
    // rows the tests above would fail on if the templates lost the class or the id.
    const broken: [string, (html: string, id: string) => string][] = [
      ["without the draggable class", (html) => html.replace(/class="flex-item draggable"/g, 'class="flex-item"')],
      ["with only draggable=\"true\" and data-drag (core binds no handler to it)", (html) => html.replace(/class="flex-item draggable" data-item-id/g, 'class="flex-item" data-drag="true" draggable="true" data-item-id')],
      ["with its id on an inner element only", (html, id) => html.replace(`class="flex-item draggable" data-item-id="${id}">`, `class="flex-item draggable"><span data-item-id="${id}"></span>`)],
    ];
    it.each(broken)("%s", async (_how, breakRow) => {
      const actor = await alrik();
      const dolch = actor.items.getName("Dolch");
      const sheet = await open(CharacterSheet, actor);
      expect(await dragStart(sheet, `${row(dolch)}`)).not.toBeNull();
      sheet.lastRender = { ...sheet.lastRender, inventory: breakRow(sheet.lastRender.inventory, dolch.id) };
      expect(await dragStart(sheet, row(dolch))).toBeNull();
    });
  });

  it("a user who may only look at the sheet cannot drag from it (core's _canDragStart)", async () => {
    const actor = await alrik();
    await actor.update({ ownership: { default: 2 } });
    const sheet = await as(clients.players[0], () => open(CharacterSheet, actor));
    expect(await as(clients.players[0], () => dragStart(sheet, row(actor.items.getName("Dolch"))))).toBeNull();
  });
});

describe("dropping a dragged row onto another actor's sheet", () => {
  it("moves the item: the target gains it, the source loses it, in one create and one delete", async () => {
    const player = clients.players[0];
    const from = await alrik(player);
    const to = await bela(player);
    const dolch = from.items.getName("Dolch");
    const fromSheet = await as(player, () => open(CharacterSheet, from));
    const toSheet = await as(player, () => open(CharacterSheet, to));
    const before = state.writes.length;
    const dt = await as(player, () => dragStart(fromSheet, `${row(dolch)} img`));
    await as(player, () => drop(toSheet, dt!));
    expect(to.items.getName("Dolch")?.system.schaden).toBe("1W6");
    expect(from.items.getName("Dolch")).toBeUndefined();
    expect(writesSince(before)).toEqual([
      ["create", "Item", to.uuid],
      ["delete", "Item", from.uuid],
    ]);
    expect(state.writes.slice(before).every((w) => w.userId === player.id)).toBe(true);
  });

  it.each(["altKey", "ctrlKey", "metaKey"])("copies it with %s held: the source keeps it, one create", async (key) => {
    const from = await alrik();
    const to = await bela();
    const dt = await dragStart(await open(CharacterSheet, from, "talents"), row(from.items.getName("Athletik")));
    const before = state.writes.length;
    await drop(await open(CharacterSheet, to), dt!, { [key]: true });
    expect(to.items.getName("Athletik")).toBeTruthy();
    expect(from.items.getName("Athletik")).toBeTruthy();
    expect(writesSince(before)).toEqual([["create", "Item", to.uuid]]);
  });

  it("copies an item from the Items directory (a world item has no actor to lose it)", async () => {
    const seil = (await (globalThis as Any).Item.create({ name: "Seil", type: "equipment" })) as Any;
    const to = await bela();
    const dt = new DataTransferStandIn();
    dt.setData("text/plain", JSON.stringify(seil.toDragData?.() ?? { type: "Item", uuid: seil.uuid }));
    const before = state.writes.length;
    await drop(await open(CharacterSheet, to), dt);
    expect(to.items.getName("Seil")).toBeTruthy();
    expect((globalThis as Any).game.items.get(seil.id)).toBeTruthy();
    expect(writesSince(before)).toEqual([["create", "Item", to.uuid]]);
  });

  it("drag data whose item is gone does nothing", async () => {
    const from = await alrik();
    const dt = await dragStart(await open(CharacterSheet, from), row(from.items.getName("Dolch")));
    const toSheet = await open(CharacterSheet, await bela());
    await from.items.getName("Dolch").delete();
    const before = state.writes.length;
    await drop(toSheet, dt!);
    expect(state.writes.length).toBe(before);
  });

  it("a player cannot take an item from a character they do not own (drag data from elsewhere, e.g. a macro)", async () => {
    const player = clients.players[0];
    const from = await alrik(); // the GM's
    const to = await bela(player);
    const dt = new DataTransferStandIn();
    dt.setData("text/plain", JSON.stringify({ type: "Item", uuid: from.items.getName("Dolch").uuid }));
    await as(player, async () => drop(await open(CharacterSheet, to), dt));
    expect(to.items.getName("Dolch")).toBeUndefined();
    expect(from.items.getName("Dolch")).toBeTruthy();
    expect(state.notifications.at(-1)?.message).toContain("Dolch");
    expect(writesOf({ userId: player.id })).toHaveLength(0);
  });

  it("nothing can be dropped onto a sheet the user may only look at", async () => {
    const from = await alrik(clients.players[0]);
    const to = await bela();
    await to.update({ ownership: { default: 2 } });
    const dt = await as(clients.players[0], async () => dragStart(await open(CharacterSheet, from), row(from.items.getName("Dolch"))));
    const before = state.writes.length;
    await as(clients.players[0], async () => drop(await open(CharacterSheet, to), dt!));
    expect(state.writes.length).toBe(before);
  });
});

describe("dropping a row onto its own sheet sorts it", () => {
  it("Dolch dropped onto Schwert moves below it, in one update and without creating anything", async () => {
    const actor = await alrik();
    const [dolch, schwert] = ["Dolch", "Schwert"].map((n) => actor.items.getName(n));
    const sheet = await open(CharacterSheet, actor);
    const order = () => [...sheet.lastRender.inventory.matchAll(/data-item-id="([^"]+)"/g)].map((m) => actor.items.get(m[1]).name).filter((n: string) => n === "Dolch" || n === "Schwert");
    expect(order()).toEqual(["Dolch", "Schwert"]);
    const dt = await dragStart(sheet, row(dolch));
    const before = state.writes.length;
    await drop(sheet, dt!, { onto: `${row(schwert)} .flex-item-name` });
    expect(writesSince(before)).toEqual([["update", "Item", actor.uuid]]);
    expect(actor.items.size).toBe(7);
    await sheet.render();
    expect(order()).toEqual(["Schwert", "Dolch"]);
    expect(dolch.sort).toBeGreaterThan(schwert.sort);
  });

  it("on the Talente tab, a spell dropped onto another moves below it in the Zauber group (the user's own order)", async () => {
    const actor = await alrik();
    const [funke, frost] = ["Funke", "Frostsplitter"].map((n) => actor.items.getName(n));
    const sheet = await open(CharacterSheet, actor, "talents");
    const order = () => [...sheet.lastRender.talents.matchAll(/data-item-id="([^"]+)"/g)].map((m) => actor.items.get(m[1]).name).filter((n: string) => n === "Funke" || n === "Frostsplitter");
    expect(order()).toEqual(["Frostsplitter", "Funke"]);
    const dt = await dragStart(sheet, row(frost));
    const before = state.writes.length;
    await drop(sheet, dt!, { onto: `${row(funke)} .flex-item-name` });
    expect(writesSince(before)).toEqual([["update", "Item", actor.uuid]]);
    await sheet.render();
    expect(order()).toEqual(["Funke", "Frostsplitter"]);
    expect(frost.sort).toBeGreaterThan(funke.sort);
  });
});
