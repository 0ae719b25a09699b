// The rows of the sheets as a player uses them (issue 16, scope 2): every row that rolls shows what it rolls
// ("GE W10 + 4", the Erschöpfung malus subtracted), a right-click or the ⋮ button offers what this user may do
// with the item, a row opens to its description and stays open across renders, the inventory filters as one
// types and sorts by name, and Menge and Ladungen step by one in place.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { CreatureSheet } from "../../src/applications/sheets/creature-sheet";
import { useFromItemCard } from "../../src/applications/sheets/item-card";
import { as, acting, createActor, messages, resetWorld, state, type Clients } from "../harness";
import { dispatch, openContextMenu, showTab, typeInto } from "../harness/applications";
import { renderedMessage } from "../harness/chat";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const DialogV2 = () => g.foundry.applications.api.DialogV2;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 2 });
  g.game.i18n.lang = "de";
  DialogV2().answers.length = 0;
  DialogV2().prompts.length = 0;
});

/** The sheet opened on the tab the test looks at: the inventory (a creature's abilities) unless it names another. */
async function open(Sheet: Any, document: Any, user?: Any, tab?: string) {
  const sheet = new Sheet({ document });
  sheet.changeTab(tab ?? (Sheet === CreatureSheet ? "abilities" : "inventory"), "primary");
  await (user ? as(user, () => sheet.render(true)) : sheet.render(true));
  return sheet;
}
const ownedBy = (user: Any) => ({ default: 0, [user.id]: 3 });

/** Alrik: GE W10, Schwerter (GE, ÜW 4), a sword, armour, a potion, a healer's kit and a rope. */
async function alrik(owner: Any, erschoepfung = 0) {
  const actor = (await createActor({ name: "Alrik", type: "character", ownership: ownedBy(owner), system: { erschoepfung: { value: erschoepfung }, attributes: { ge: 10, kl: 8 } } })) as Any;
  await actor.createEmbeddedDocuments("Item", [
    { name: "Schwerter", type: "talent", system: { attribut: "ge", uebungswert: 4, kategorie: "kampfart", beschreibung: "<p>Klingen aller Art.</p>" } },
    { name: "Kurzschwert", type: "weapon", system: { schaden: "1W6", talent: "Schwerter", beschreibung: "<p>Kurz und <strong>scharf</strong>.</p>" } },
    { name: "Fremdwaffe", type: "weapon", system: { schaden: "1W8", talent: "Äxte" } },
    { name: "Funke", type: "spell", system: { zauberschule: "Elementarmagie", schaden: "1W4" } },
    { name: "Elementarmagie", type: "talent", system: { attribut: "kl", uebungswert: 2, kategorie: "zauberschule" } },
    { name: "Lederrüstung", type: "armor", system: { wert: 1 } },
    { name: "Heiltrank", type: "alchemical", system: { menge: 2 } },
    { name: "Leerer Trank", type: "alchemical", system: { menge: 0 } },
    { name: "Heilerset", type: "equipment", system: { ladungen: { value: 10, max: 10 }, verbrauch: "ladung" } },
    { name: "Seil", type: "equipment", system: { menge: 1 } },
  ]);
  return actor;
}

const part = (sheet: Any, id: string) => parse(sheet.lastRender[id]);
const rowOf = (sheet: Any, partId: string, name: string) => part(sheet, partId).querySelectorAll("li.flex-item").find((li) => li.getAttribute("data-name") === name)!;
/** What a row's roll button shows (its one roll affordance), or a value shown without a button; null when there is none. */
const checkOf = (sheet: Any, partId: string, name: string) => {
  const row = rowOf(sheet, partId, name);
  return (row.querySelector("button.flex-row-roll > span") ?? row.querySelector("span.flex-row-check"))?.text.trim() ?? null;
};
const damageOf = (sheet: Any, partId: string, name: string) => rowOf(sheet, partId, name).querySelector(".flex-row-damage")?.childNodes.at(-1)?.text.trim() ?? null;
/** Foundry calls an action's handler with the application as `this`, the event and the clicked element. */
async function click(sheet: Any, action: string, dataset: Record<string, string>, user?: Any) {
  const target = { dataset, closest: () => ({ dataset }) };
  const run = () => sheet.options.actions[action].call(sheet, {}, target);
  await (user ? as(user, run) : run());
}
const writesSince = (n: number) => state.writes.slice(n).map((w) => [w.action, w.documentName]);

describe("R-CORE-4 / R-EXH-2 every row that rolls shows its final value on its one roll button", () => {
  it("a talent: attribute, die and Übungswert, 'GE W10 + 4'; that button rolls, with its dice icon; the name opens the row", async () => {
    const player = clients.players[0];
    const sheet = await open(CharacterSheet, await alrik(player), player, "talents");
    expect(checkOf(sheet, "talents", "Schwerter")).toBe("GE W10 + 4");
    expect(checkOf(sheet, "talents", "Elementarmagie")).toBe("KL W8 + 2");
    const row = rowOf(sheet, "talents", "Schwerter");
    const roll = row.querySelectorAll("[data-action]").filter((b) => b.getAttribute("data-action") === "rollTalent");
    expect(roll).toHaveLength(1);
    expect(roll[0].querySelector("i.fa-dice-d20")).not.toBeNull();
    expect(roll[0].classList.contains("flex-row-roll")).toBe(true);
    expect(row.querySelector(".flex-item-name")!.closest("[data-action]")!.getAttribute("data-action")).toBe("toggleRow");
  });

  it("exhausted, the malus is summed in as the check takes it: 'GE W10 + 2' (4 − 2), and the tooltip names each part", async () => {
    const player = clients.players[0];
    const sheet = await open(CharacterSheet, await alrik(player, 2), player, "talents");
    expect(checkOf(sheet, "talents", "Schwerter")).toBe("GE W10 + 2");
    expect(rowOf(sheet, "talents", "Schwerter").querySelector(".flex-row-roll")!.getAttribute("data-tooltip")).toBe("Schwerter-Probe würfeln · Gewürfelt wird Gewandtheit W10 + 4 Übungswert − 2 Erschöpfung");
  });

  it("a weapon and a spell show the check of their Kampfart and Zauberschule, and their damage marked apart", async () => {
    const player = clients.players[0];
    const sheet = await open(CharacterSheet, await alrik(player, 1), player);
    expect(checkOf(sheet, "inventory", "Kurzschwert")).toBe("GE W10 + 3");
    expect(damageOf(sheet, "inventory", "Kurzschwert")).toBe("1W6");
    expect(rowOf(sheet, "inventory", "Kurzschwert").querySelector(".flex-row-damage i.fa-burst")).not.toBeNull();
    // Without its talent the weapon offers no roll at all, only the warning.
    expect(checkOf(sheet, "inventory", "Fremdwaffe")).toBeNull();
    expect(rowOf(sheet, "inventory", "Fremdwaffe").querySelector('[data-action="rollItem"]')).toBeNull();
    expect(rowOf(sheet, "inventory", "Fremdwaffe").text).toContain("Talent fehlt");
    // The spell is on the Talente tab, beside its school (issue 28).
    await as(player, () => showTab(sheet, "talents"));
    expect(checkOf(sheet, "talents", "Funke")).toBe("KL W8 + 1");
    expect(damageOf(sheet, "talents", "Funke")).toBe("1W4");
    expect(state.notifications).toEqual([]);
  });

  it("a creature's attack shows its own check and its damage: 'W8 + 3', '1W8'", async () => {
    const wolf = (await createActor({ name: "Wolf", type: "creature" })) as Any;
    await wolf.createEmbeddedDocuments("Item", [{ name: "Biss", type: "attack", system: { angriff: "W8+3", schaden: "1W8" } }]);
    const sheet = await open(CreatureSheet, wolf);
    expect(checkOf(sheet, "abilities", "Biss")).toBe("W8 + 3");
    expect(damageOf(sheet, "abilities", "Biss")).toBe("1W8");
  });

  it.each([
    ["en", "AGI d10 + 2"],
    ["ru", "ЛВ к10 + 2"],
  ])("in %s the value reads %s", async (lang, text) => {
    g.game.i18n.lang = lang;
    const player = clients.players[0];
    const sheet = await open(CharacterSheet, await alrik(player, 2), player, "talents");
    expect(checkOf(sheet, "talents", "Schwerter")).toBe(text);
    expect([...g.game.i18n.missing]).toEqual([]);
  });
});

describe("issue 28: spells are on the Talente tab, in a Zauber group right after the Zauberschulen", () => {
  const headings = (sheet: Any, partId: string) => part(sheet, partId).querySelectorAll(".flex-item-group > h3 > span").map((h) => h.text.trim());
  const spellRows = (sheet: Any) => part(sheet, "talents").querySelectorAll('.flex-item-group[data-type="spell"] li.flex-item').map((li) => li.getAttribute("data-name"));
  /** The user clicks the element `selector` finds on the rendered sheet; Foundry runs its data-action's handler with it. */
  async function press(sheet: Any, user: Any, selector: string) {
    const button = sheet.element.querySelector(selector);
    if (!button) throw new Error(`nothing on the sheet matches ${selector}`);
    await as(user, () => sheet.options.actions[button.dataset.action].call(sheet, { shiftKey: true }, button));
  }

  it("the Talente tab lists the spell after the Zauberschulen; the Inventar tab lists no spell, and its search finds none", async () => {
    const player = clients.players[0];
    const sheet = await open(CharacterSheet, await alrik(player), player, "talents");
    expect(headings(sheet, "talents")).toEqual(["Allgemeine Talente", "Kampfarten", "Zauberschulen", "Zauber"]);
    expect(spellRows(sheet)).toEqual(["Funke"]);
    await as(player, () => showTab(sheet, "inventory"));
    expect(headings(sheet, "inventory")).not.toContain("Zauber");
    expect(part(sheet, "inventory").querySelector('.flex-item-group[data-type="spell"]')).toBeNull();
    expect(part(sheet, "inventory").querySelector('li.flex-item[data-name="Funke"]')).toBeNull();
    // The search is the inventory's, as it is for talents: it says nothing there matches.
    await as(player, () => typeInto(sheet, "input.flex-row-search", "funke"));
    expect(sheet.element.querySelector(".flex-search-empty").hidden).toBe(false);
  });

  it("in English and Russian the group is called Spells and Заклинания", async () => {
    const player = clients.players[0];
    for (const [lang, label] of [["en", "Spells"], ["ru", "Заклинания"]]) {
      g.game.i18n.lang = lang;
      const sheet = await open(CharacterSheet, await alrik(player), player, "talents");
      expect(headings(sheet, "talents").slice(-2)).toEqual([g.game.i18n.localize("FLEX.TalentCategory.zauberschule"), label]);
    }
    expect([...g.game.i18n.missing]).toEqual([]);
  });

  it("the spell's row rolls from its roll button there: its Zauberschule's check, one spell card", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player, "talents");
    const funke = `li.flex-item[data-name="Funke"]`;
    expect(rowOf(sheet, "talents", "Funke").querySelector("button.flex-row-roll")!.getAttribute("aria-label")).toBe("Funke einsetzen: KL W8 + 2");
    const before = messages().length;
    await press(sheet, player, `${funke} button.flex-row-roll`);
    expect(messages()).toHaveLength(before + 1);
    expect((messages().at(-1) as Any).flags.flex.attack).toMatchObject({ mode: "spell" });
  });

  it("a spell whose Zauberschule the character lacks offers no roll there and says which school is missing", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    await actor.createEmbeddedDocuments("Item", [{ name: "Totenruf", type: "spell", system: { zauberschule: "Nekromantie" } }]);
    const sheet = await open(CharacterSheet, actor, player, "talents");
    expect(spellRows(sheet)).toEqual(["Funke", "Totenruf"]);
    const row = rowOf(sheet, "talents", "Totenruf");
    expect(row.querySelector('[data-action="rollItem"]')).toBeNull();
    expect(checkOf(sheet, "talents", "Totenruf")).toBeNull();
    const warning = row.querySelector(".flex-tag-warning")!;
    expect(warning.text).toContain("Talent fehlt");
    expect(warning.getAttribute("data-tooltip")).toBe("Alrik hat das Talent „Nekromantie“ nicht – so lässt sich nicht würfeln.");
  });

  it("the row's menu works there as on any row", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player, "talents");
    const menu = await as(player, () => openContextMenu(sheet, 'li.flex-item[data-name="Funke"] .flex-row-menu', { eventName: "click" }));
    expect(menu?.names).toEqual(["Bearbeiten", "In den Chat senden", "Duplizieren", "Löschen"]);
    await as(player, () => menu!.choose("Duplizieren"));
    await as(player, () => sheet.render());
    expect(spellRows(sheet)).toEqual(["Funke", "Funke (Kopie)"]);
  });

  it("a character without magic has no Zauber group, in play or edit mode; a Zauberschule brings it, saying where spells come from", async () => {
    const player = clients.players[0];
    const actor = (await createActor({ name: "Bela", type: "character", ownership: ownedBy(player) })) as Any;
    await actor.createEmbeddedDocuments("Item", [{ name: "Schwerter", type: "talent", system: { attribut: "ge", kategorie: "kampfart" } }]);
    const sheet = await open(CharacterSheet, actor, player, "talents");
    expect(headings(sheet, "talents")).toEqual(["Allgemeine Talente", "Kampfarten", "Zauberschulen"]);
    sheet.mode = "edit";
    await as(player, () => sheet.render());
    expect(headings(sheet, "talents")).not.toContain("Zauber");
    sheet.mode = "play";
    await actor.createEmbeddedDocuments("Item", [{ name: "Elementarmagie", type: "talent", system: { attribut: "kl", kategorie: "zauberschule" } }]);
    await as(player, () => sheet.render());
    expect(headings(sheet, "talents")).toEqual(["Allgemeine Talente", "Kampfarten", "Zauberschulen", "Zauber"]);
    expect(part(sheet, "talents").querySelector('.flex-item-group[data-type="spell"] li.hint')!.text).toBe("Noch keine Zauber: zieh die gewählten aus dem Kompendium „Ausrüstung“ hierher.");
  });

  it("in edit mode the Zauber group has its own + and its from-the-compendium button, as the other groups; + makes a spell there", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player, "talents");
    sheet.mode = "edit";
    await as(player, () => sheet.render());
    const buttons = part(sheet, "talents").querySelectorAll('.flex-item-group[data-type="spell"] h3 button');
    expect(buttons.map((b) => [b.getAttribute("data-action"), b.getAttribute("data-type"), b.getAttribute("aria-label")])).toEqual([
      ["browseItems", "spell", "Zauber aus dem Kompendium"],
      ["createItem", "spell", "Zauber hinzufügen"],
    ]);
    const before = state.writes.length;
    await press(sheet, player, '.flex-item-group[data-type="spell"] h3 button[data-action="createItem"]');
    expect(writesSince(before)).toEqual([["create", "Item"]]);
    expect(actor.items.filter((i: Any) => i.type === "spell")).toHaveLength(2);
    await as(player, () => sheet.render());
    expect(spellRows(sheet)).toHaveLength(2);
  });
});

describe("the row's context menu (right-click, or the ⋮ button)", () => {
  const row = (actor: Any, name: string) => `li.flex-item[data-item-id="${actor.items.getName(name).id}"]`;

  it("offers the owner exactly what fits the item", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player);
    const menu = async (name: string) => (await as(player, () => openContextMenu(sheet, `${row(actor, name)} .flex-item-name`)))?.names;
    expect(await menu("Kurzschwert")).toEqual(["Bearbeiten", "Ausrüsten", "In den Chat senden", "Duplizieren", "Löschen"]);
    expect(await menu("Heiltrank")).toEqual(["Bearbeiten", "Benutzen", "In den Chat senden", "Duplizieren", "Löschen"]);
    expect(await menu("Leerer Trank")).toEqual(["Bearbeiten", "In den Chat senden", "Duplizieren", "Löschen"]);
    await as(player, () => showTab(sheet, "talents"));
    expect(await menu("Schwerter")).toEqual(["Bearbeiten", "In den Chat senden", "Duplizieren", "Löschen"]);
    await as(player, () => showTab(sheet, "inventory"));
    await actor.items.getName("Lederrüstung").update({ system: { ausgeruestet: true } });
    expect(await menu("Lederrüstung")).toEqual(["Bearbeiten", "Ablegen", "In den Chat senden", "Duplizieren", "Löschen"]);
  });

  it("offers an observer only to look and to send it to chat", async () => {
    const actor = await alrik(clients.players[0]);
    await actor.update({ ownership: { default: 2, [clients.players[0].id]: 3 } });
    const observer = clients.players[1];
    const sheet = await open(CharacterSheet, actor, observer);
    const menu = await as(observer, () => openContextMenu(sheet, row(actor, "Heiltrank")));
    expect(menu?.names).toEqual(["Ansehen", "In den Chat senden"]);
  });

  it("the ⋮ button opens the same menu with a click, for touch and keyboard", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player);
    const button = part(sheet, "inventory").querySelector(`${row(actor, "Kurzschwert")} button.flex-row-menu`)!;
    expect(button.getAttribute("aria-label")).toBe("Aktionen für Kurzschwert");
    const menu = await as(player, () => openContextMenu(sheet, `${row(actor, "Kurzschwert")} .flex-row-menu`, { eventName: "click" }));
    expect(menu?.names).toEqual(["Bearbeiten", "Ausrüsten", "In den Chat senden", "Duplizieren", "Löschen"]);
    // A plain click elsewhere on the row opens no menu.
    expect(await as(player, () => openContextMenu(sheet, `${row(actor, "Kurzschwert")} img`, { eventName: "click" }))).toBeNull();
  });

  it("the menus survive a re-render of the sheet (bound once, on the sheet's element)", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player);
    await as(player, () => sheet.render());
    await as(player, () => sheet.render());
    const menu = await as(player, () => openContextMenu(sheet, row(actor, "Seil")));
    expect(menu?.names).toEqual(["Bearbeiten", "In den Chat senden", "Duplizieren", "Löschen"]);
  });

  it("Duplizieren makes one copy, named as a copy", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player);
    const before = state.writes.length;
    await as(player, async () => (await openContextMenu(sheet, row(actor, "Kurzschwert")))!.choose("Duplizieren"));
    expect(writesSince(before)).toEqual([["create", "Item"]]);
    const copy = actor.items.getName("Kurzschwert (Kopie)");
    expect(copy.system).toMatchObject({ schaden: "1W6", talent: "Schwerter" });
    expect(actor.items.filter((i: Any) => i.type === "weapon")).toHaveLength(3);
  });

  it("In den Chat senden posts one message with the item's name, image and description", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player);
    const before = messages().length;
    await as(player, async () => (await openContextMenu(sheet, row(actor, "Kurzschwert")))!.choose("In den Chat senden"));
    expect(messages()).toHaveLength(before + 1);
    const message = messages().at(-1) as Any;
    const card = parse(message.content);
    expect(card.querySelector("h3")!.text).toBe("Kurzschwert");
    expect(card.querySelector("img")!.getAttribute("src")).toBe(actor.items.getName("Kurzschwert").img);
    expect(card.querySelector(".flex-item-card-description")!.innerHTML).toContain("Kurz und <strong>scharf</strong>.");
    expect(message.speaker.actor).toBe(actor.id);
  });

  it("C-15: a kit's card shows its charges and a Benutzen for its owners; the click uses the item itself, not the card", async () => {
    const [owner, other] = clients.players;
    const actor = await alrik(owner);
    const sheet = await open(CharacterSheet, actor, owner);
    await as(owner, async () => (await openContextMenu(sheet, row(actor, "Heilerset")))!.choose("In den Chat senden"));
    const card = messages().at(-1) as Any;
    expect(parse(card.content).querySelectorAll(".flex-tag").map((t) => t.text)).toEqual(["Ausrüstung", "Ladungen: 10/10"]);
    const useButton = async (user: Any) => (await renderedMessage(card, user)).querySelector("button[data-action='flexItemUse']")!;
    // The owner and the GM see it; another player does not.
    expect((await useButton(owner)).hidden).toBe(false);
    expect((await useButton(clients.gms[0])).hidden).toBe(false);
    expect((await useButton(other)).hidden).toBe(true);
    expect((await useButton(owner)).textContent.trim()).toBe("Benutzen");
    expect((await useButton(owner)).getAttribute("aria-label")).toBe("Heilerset benutzen");

    // The owner's click: one charge off the kit and the use card, as the sheet's Benutzen.
    let before = state.writes.length;
    await acting(owner, async () => dispatch(await useButton(owner), "click"));
    expect(writesSince(before)).toEqual([["update", "Item"], ["create", "ChatMessage"]]);
    expect(actor.items.getName("Heilerset").system.ladungen.value).toBe(9);
    expect(parse((messages().at(-1) as Any).content).text).toContain("Alrik benutzt Heilerset (noch 9).");

    // Another player's forged click is refused with a message; nothing is written.
    before = state.writes.length;
    await acting(other, () => useFromItemCard(card));
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", message: "Heilerset gehört Alrik: Benutzen darf es, wer Alrik führt, oder die Spielleitung." });

    // A card another player makes, naming Alrik's kit but spoken by someone else, gets no button on the owner's client.
    const forged = (await acting(other, () => g.ChatMessage.create({ content: card.content, speaker: { alias: "Fremd" }, flags: { flex: { itemCard: { item: actor.items.getName("Heilerset").uuid } } } }))) as Any;
    expect((await renderedMessage(forged, owner)).querySelector("button[data-action='flexItemUse']")!.hidden).toBe(true);

    // What the card says is not what the click believes: the kit emptied since, so the click is refused ("10/10" notwithstanding).
    await actor.items.getName("Heilerset").update({ "system.ladungen.value": 0 });
    before = state.writes.length;
    await acting(owner, () => useFromItemCard(card));
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", message: "Heilerset ist leer – nichts mehr übrig." });
  });

  it("C-15: a card of an item that is not used up (a sword) has no Benutzen", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player);
    await as(player, async () => (await openContextMenu(sheet, row(actor, "Kurzschwert")))!.choose("In den Chat senden"));
    expect((messages().at(-1) as Any).content).not.toContain("flexItemUse");
  });

  it("Ausrüsten equips in one write; Benutzen spends one, as the row's button does", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player);
    let before = state.writes.length;
    await as(player, async () => (await openContextMenu(sheet, row(actor, "Kurzschwert")))!.choose("Ausrüsten"));
    expect(writesSince(before)).toEqual([["update", "Item"]]);
    expect(actor.items.getName("Kurzschwert").system.ausgeruestet).toBe(true);
    before = state.writes.length;
    await as(player, async () => (await openContextMenu(sheet, row(actor, "Heiltrank")))!.choose("Benutzen"));
    expect(writesSince(before)).toEqual([["update", "Item"], ["create", "ChatMessage"]]);
    expect(actor.items.getName("Heiltrank").system.menge).toBe(1);
  });

  it("Löschen asks first; only a yes deletes", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player);
    DialogV2().answers.push(false);
    await as(player, async () => (await openContextMenu(sheet, row(actor, "Seil")))!.choose("Löschen"));
    expect(actor.items.getName("Seil")).toBeTruthy();
    DialogV2().answers.push(true);
    const before = state.writes.length;
    await as(player, async () => (await openContextMenu(sheet, row(actor, "Seil")))!.choose("Löschen"));
    expect(actor.items.getName("Seil")).toBeUndefined();
    expect(writesSince(before)).toEqual([["delete", "Item"]]);
    expect(String(DialogV2().prompts[0].content)).toContain("Seil wirklich löschen?");
  });

  it("R-POLY-3: in a form, the character's locked equipment can be looked at, not changed, used or deleted", async () => {
    const actor = await alrik(clients.players[0]);
    await g.game.flex.polymorph.transform(actor, await createActor({ name: "Wolf", type: "creature" }));
    const sheet = await open(CharacterSheet, actor);
    expect((await openContextMenu(sheet, row(actor, "Heiltrank")))?.names).toEqual(["Ansehen", "In den Chat senden"]);
    expect(rowOf(sheet, "inventory", "Heiltrank").querySelector('button[data-action="stepCount"]')).toBeNull();
    // What the locks mean is said once, above the lists, not "gesperrt" on every row.
    const inventory = part(sheet, "inventory");
    expect(inventory.querySelectorAll(".flex-locked-note").map((n) => n.text.trim())).toEqual([
      "Solange Alrik verwandelt ist, ist die eigene Ausrüstung gesperrt (Schloss): nicht zu benutzen, nicht zu würfeln. Zauber und eigene Angriffe ruhen bis zur Rückverwandlung.",
    ]);
    expect(inventory.querySelectorAll("li.flex-item").filter((li) => li.text.includes("gesperrt"))).toEqual([]);
    expect(inventory.querySelectorAll("li.flex-item .flex-row-locked").length).toBeGreaterThan(0);
    // Its spells rest with its schools (R-POLY-2): the Talente tab has no Zauber group that would say "nothing here yet".
    await showTab(sheet, "talents");
    expect(part(sheet, "talents").querySelectorAll(".flex-item-group h3").map((h) => h.text.trim())).not.toContain("Zauber");
    expect(part(sheet, "talents").querySelector("li.flex-item[data-name='Funke']")).toBeNull();
  });
});

describe("a row opens to its description and uses", () => {
  it("a click on the summary opens it; it stays open across re-renders of this sheet and writes nothing", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player);
    const kit = actor.items.getName("Heilerset");
    expect(rowOf(sheet, "inventory", "Heilerset").querySelector(".flex-row-details")).toBeNull();
    const before = state.writes.length;
    await click(sheet, "toggleRow", { itemId: kit.id }, player);
    const open1 = rowOf(sheet, "inventory", "Heilerset");
    expect(open1.querySelector(".flex-row-toggle")!.getAttribute("aria-expanded")).toBe("true");
    expect(open1.querySelectorAll(".flex-row-facts div").map((d) => d.text)).toEqual(["Menge1", "Ladungen10 / 10", "VerbrauchLadungen (eine je Einsatz)"]);
    expect(open1.querySelector(".flex-row-details .hint")!.text).toBe("Keine Beschreibung.");

    await as(player, () => sheet.render());
    await as(player, () => sheet.render());
    expect(rowOf(sheet, "inventory", "Heilerset").hasAttribute("data-expanded")).toBe(true);
    expect(state.writes.length).toBe(before);
    // Another sheet of the same actor keeps its own rows.
    const other = await open(CharacterSheet, actor, player);
    expect(rowOf(other, "inventory", "Heilerset").hasAttribute("data-expanded")).toBe(false);

    await click(sheet, "toggleRow", { itemId: kit.id }, player);
    expect(rowOf(sheet, "inventory", "Heilerset").querySelector(".flex-row-details")).toBeNull();
  });

  it("shows the enriched description of a weapon and a talent", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player);
    await click(sheet, "toggleRow", { itemId: actor.items.getName("Kurzschwert").id }, player);
    await click(sheet, "toggleRow", { itemId: actor.items.getName("Schwerter").id }, player);
    expect(rowOf(sheet, "inventory", "Kurzschwert").querySelector(".flex-row-description")!.innerHTML).toBe("<p>Kurz und <strong>scharf</strong>.</p>");
    await as(player, () => showTab(sheet, "talents"));
    expect(rowOf(sheet, "talents", "Schwerter").querySelector(".flex-row-description")!.text).toBe("Klingen aller Art.");
  });

  it("the summary opens the row, but a click on its roll button rolls (the closest action wins, as in v13)", async () => {
    const player = clients.players[0];
    const sheet = await open(CharacterSheet, await alrik(player), player);
    const row = rowOf(sheet, "inventory", "Kurzschwert");
    expect(row.querySelector(".flex-row-summary")!.getAttribute("data-action")).toBe("toggleRow");
    const roll = row.querySelector("button.flex-row-roll")!;
    expect(roll.closest("[data-action]")).toBe(roll);
    expect(roll.getAttribute("data-action")).toBe("rollItem");
    // The ⋮ and Benutzen buttons sit outside the summary: they never open the row.
    expect(row.querySelector(".flex-row-menu")!.closest("[data-action]")).toBeNull();
  });
});

describe("the inventory's search and sort", () => {
  const visible = (sheet: Any) => sheet.element.querySelectorAll(".flex-inventory-rows li.flex-item").filter((r: Any) => !r.hidden).map((r: Any) => r.dataset.name);

  it("filters the rows as the user types, without a render or a write; groups with no match are hidden", async () => {
    const player = clients.players[0];
    const sheet = await open(CharacterSheet, await alrik(player), player, "inventory");
    const renders = sheet.renderCount;
    const writes = state.writes.length;
    await as(player, () => typeInto(sheet, "input.flex-row-search", "trank"));
    expect(visible(sheet)).toEqual(["Heiltrank", "Leerer Trank"]);
    const groups = sheet.element.querySelectorAll(".flex-inventory-rows .flex-item-group").filter((s: Any) => !s.hidden).map((s: Any) => s.dataset.type);
    expect(groups).toEqual(["alchemical"]);
    expect(sheet.element.querySelector(".flex-search-empty").hidden).toBe(true);
    // Case and accents do not matter.
    await as(player, () => typeInto(sheet, "input.flex-row-search", "LEDERRUSTUNG"));
    expect(visible(sheet)).toEqual(["Lederrüstung"]);
    expect(sheet.renderCount).toBe(renders);
    expect(state.writes.length).toBe(writes);
  });

  it("says so when nothing matches, and an empty box shows everything again", async () => {
    const player = clients.players[0];
    const sheet = await open(CharacterSheet, await alrik(player), player);
    await as(player, () => typeInto(sheet, "input.flex-row-search", "Drachenei"));
    expect(visible(sheet)).toEqual([]);
    expect(sheet.element.querySelector(".flex-search-empty").hidden).toBe(false);
    expect(sheet.element.querySelector(".flex-search-empty").textContent).toBe("Nichts im Inventar passt zur Suche.");
    await as(player, () => typeInto(sheet, "input.flex-row-search", ""));
    // Everything the inventory lists: spells are on the Talente tab (issue 28), so none of them.
    expect(visible(sheet)).toHaveLength(7);
    expect(visible(sheet)).not.toContain("Funke");
  });

  it("the search is kept across a re-render (rows still filtered, the box still filled); it is no field of the actor", async () => {
    const player = clients.players[0];
    const sheet = await open(CharacterSheet, await alrik(player), player);
    await as(player, () => typeInto(sheet, "input.flex-row-search", "seil"));
    await as(player, () => sheet.render());
    const html = part(sheet, "inventory");
    expect(html.querySelector("input.flex-row-search")!.getAttribute("value")).toBe("seil");
    expect(html.querySelector("input.flex-row-search")!.hasAttribute("name")).toBe(false);
    expect(html.querySelectorAll("li.flex-item").filter((r) => !r.hasAttribute("hidden")).map((r) => r.getAttribute("data-name"))).toEqual(["Seil"]);
    // Live typing still works on the new render's box.
    await as(player, () => typeInto(sheet, "input.flex-row-search", "heil"));
    expect(visible(sheet)).toEqual(["Heilerset", "Heiltrank"]);
  });

  it("the sort toggle switches between the user's own order and by name", async () => {
    const player = clients.players[0];
    const actor = (await createActor({ name: "Bela", type: "character", ownership: ownedBy(player) })) as Any;
    await actor.createEmbeddedDocuments("Item", [
      { name: "Zelt", type: "equipment", sort: 100 },
      { name: "Angel", type: "equipment", sort: 300 },
      { name: "Messer", type: "equipment", sort: 200 },
    ]);
    const sheet = await open(CharacterSheet, actor, player);
    const order = () => part(sheet, "inventory").querySelectorAll('[data-type="equipment"] li.flex-item').map((r) => r.getAttribute("data-name"));
    expect(order()).toEqual(["Zelt", "Messer", "Angel"]);
    await click(sheet, "sortRows", {}, player);
    expect(order()).toEqual(["Angel", "Messer", "Zelt"]);
    expect(part(sheet, "inventory").querySelector("button.flex-row-sort")!.getAttribute("aria-pressed")).toBe("true");
    await click(sheet, "sortRows", {}, player);
    expect(order()).toEqual(["Zelt", "Messer", "Angel"]);
  });
});

describe("Menge and Ladungen step in place", () => {
  const steppers = (sheet: Any, name: string) => rowOf(sheet, "inventory", name).querySelectorAll('button[data-action="stepCount"]');

  it("the owner in play mode gets −/+; each click is one update by one", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player);
    const potion = actor.items.getName("Heiltrank");
    expect(steppers(sheet, "Heiltrank").map((b) => b.getAttribute("aria-label"))).toEqual(["Menge von Heiltrank verringern", "Menge von Heiltrank erhöhen"]);
    // The label says what −/+ change: a quantity in pieces, charges as charges.
    expect(rowOf(sheet, "inventory", "Heiltrank").querySelector(".flex-stepper .flex-tag")!.text).toBe("2 Stück");
    expect(rowOf(sheet, "inventory", "Seil").querySelector(".flex-stepper .flex-tag")!.text).toBe("1 Stück");
    expect(rowOf(sheet, "inventory", "Heilerset").querySelector(".flex-stepper .flex-tag")!.text).toBe("10/10 Ladungen");
    const before = state.writes.length;
    await click(sheet, "stepCount", { itemId: potion.id, field: "menge", step: "1" }, player);
    expect(writesSince(before)).toEqual([["update", "Item"]]);
    expect(potion.system.menge).toBe(3);
    await click(sheet, "stepCount", { itemId: potion.id, field: "menge", step: "-1" }, player);
    expect(potion.system.menge).toBe(2);
    expect(state.writes.length).toBe(before + 2);
  });

  it("is held within its bounds: − at 0 and + at the charges' maximum write nothing, and their buttons are disabled", async () => {
    const player = clients.players[0];
    const actor = await alrik(player);
    const sheet = await open(CharacterSheet, actor, player);
    const kit = actor.items.getName("Heilerset");
    const empty = actor.items.getName("Leerer Trank");
    expect(steppers(sheet, "Heilerset").map((b) => b.hasAttribute("disabled"))).toEqual([false, true]);
    expect(steppers(sheet, "Leerer Trank").map((b) => b.hasAttribute("disabled"))).toEqual([true, false]);
    // An empty consumable says how many are left (none), marked empty.
    expect(rowOf(sheet, "inventory", "Leerer Trank").querySelector(".flex-tag-empty")?.text).toBe("0 Stück");
    const before = state.writes.length;
    await click(sheet, "stepCount", { itemId: kit.id, field: "ladungen", step: "1" }, player);
    await click(sheet, "stepCount", { itemId: empty.id, field: "menge", step: "-1" }, player);
    expect(state.writes.length).toBe(before);
    await click(sheet, "stepCount", { itemId: kit.id, field: "ladungen", step: "-1" }, player);
    expect(writesSince(before)).toEqual([["update", "Item"]]);
    expect(kit.system.ladungen).toEqual({ value: 9, max: 10 });
  });

  it("an observer and edit mode show the counts without −/+; an observer's click changes nothing", async () => {
    const actor = await alrik(clients.players[0]);
    await actor.update({ ownership: { default: 2, [clients.players[0].id]: 3 } });
    const observer = clients.players[1];
    const theirs = await open(CharacterSheet, actor, observer);
    expect(steppers(theirs, "Heiltrank")).toHaveLength(0);
    expect(rowOf(theirs, "inventory", "Heiltrank").text).toContain("2 Stück");
    expect(rowOf(theirs, "inventory", "Leerer Trank").querySelector(".flex-tag-empty")?.text).toBe("0 Stück");
    const before = state.writes.length;
    await click(theirs, "stepCount", { itemId: actor.items.getName("Heiltrank").id, field: "menge", step: "1" }, observer);
    expect(state.writes.length).toBe(before);

    const owner = clients.players[0];
    const editing = new CharacterSheet({ document: actor }) as Any;
    editing.mode = "edit";
    editing.changeTab("inventory", "primary");
    await as(owner, () => editing.render(true));
    expect(steppers(editing, "Heiltrank")).toHaveLength(0);
    // B-16: the owner's rope keeps its "1 Stück" in edit mode, as in play mode, only without −/+.
    expect(steppers(editing, "Seil")).toHaveLength(0);
    expect(rowOf(editing, "inventory", "Seil").querySelector(".flex-tag")?.text).toBe("1 Stück");
    const playing = await open(CharacterSheet, actor, owner);
    expect(rowOf(playing, "inventory", "Seil").querySelector(".flex-stepper .flex-tag")?.text).toBe("1 Stück");
  });
});
