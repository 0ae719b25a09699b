// Item Piles (issue 34, scope 3) against a stand-in of Item Piles 3.3.x (tests/harness/item-piles.ts): Flex's profile
// passes Item Piles' own validation and fits Flex's data; a pile made the way Item Piles makes it has no talents; ¥ and
// items move; a worn weapon arrives unworn; a transformed character's locked gear is refused; the loot sheet shows it all.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LootSheet } from "../../src/applications/sheets/loot-sheet";
import { itemDataModels } from "../../src/data/item/types";
import { itemPilesProfile, LOOT_ITEM_TYPES, NON_LOOT_ITEM_TYPES, pileItem, unclassifiedItemTypes } from "../../src/integrations/item-piles/config";
import { as, createActor, resetWorld, settle, startClient, state, type Clients } from "../harness";
import { installFakeItemPiles, replacesStoredProfile, validateSystemIntegration } from "../harness/item-piles";
import { alrik, wolf } from "./polymorph-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;
let piles: ReturnType<typeof installFakeItemPiles>;
const warnings = () => state.notifications.filter((n) => n.type === "warn").map((n) => n.message);

beforeAll(() => {
  piles = installFakeItemPiles();
  piles.ready();
});

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

describe("Flex's profile for Item Piles", () => {
  it("passes Item Piles' validation of addSystemIntegration, registered when Item Piles is ready", () => {
    expect(piles.profiles).toHaveLength(1);
    expect(() => validateSystemIntegration(piles.profile)).not.toThrow();
    expect(piles.profile).toMatchObject({ ACTOR_CLASS_TYPE: "loot", ITEM_QUANTITY_ATTRIBUTE: "system.menge", ITEM_PRICE_ATTRIBUTE: "system.preis", CURRENCY_DECIMAL_DIGITS: 1 });
    expect(piles.profile.CURRENCIES).toEqual([expect.objectContaining({ type: "attribute", name: "Geld", abbreviation: "{#} ¥", data: { path: "system.geld" }, primary: true, exchangeRate: 1 })]);
    // The restated validation refuses what Item Piles refuses.
    expect(() => validateSystemIntegration({ ...piles.profile, ITEM_TRANSFORMER: () => 1 })).toThrow(/return value/);
    expect(() => validateSystemIntegration({ ...piles.profile, PILE_DEFAULTS: { stufe: 1 } })).toThrow(/illegal key/);
  });

  it("every item type is classified as loot or not (a new type fails here until it is sorted in)", () => {
    expect(unclassifiedItemTypes()).toEqual([]);
    const models = itemDataModels as Record<string, unknown>;
    models.rune = models.passive;
    try {
      expect(unclassifiedItemTypes()).toEqual(["rune"]);
    } finally {
      delete models.rune;
    }
    expect(piles.profile.ITEM_FILTERS).toEqual([{ path: "type", filters: NON_LOOT_ITEM_TYPES.join(",") }]);
  });

  it("fits Flex's data: a price on every loot type, a Menge on the stackable ones only, ¥ as whole numbers on characters and piles", () => {
    const schema = (type: string) => (itemDataModels as Any)[type].defineSchema();
    for (const type of LOOT_ITEM_TYPES) expect(schema(type).preis, type).toBeDefined();
    for (const type of ["equipment", "alchemical"]) expect(schema(type).menge, type).toBeDefined();
    for (const type of piles.profile.UNSTACKABLE_ITEM_TYPES as string[]) expect(schema(type).menge, type).toBeUndefined();
    for (const type of ["character", "loot"]) {
      const geld = g.CONFIG.Actor.dataModels[type].defineSchema().geld;
      expect(geld.options?.integer ?? geld.integer, type).toBe(true);
    }
  });

  it("a used kit stays apart from a full one: their data differ on a similarity, two full ones do not", () => {
    const kit = (value: number) => ({ name: "Heilerset", type: "equipment", system: { ladungen: { value, max: 10 }, menge: 1 } });
    const get = (d: Any, path: string) => path.split(".").reduce((o: Any, k) => o?.[k], d);
    const same = (a: Any, b: Any) => (piles.profile.ITEM_SIMILARITIES as string[]).every((p) => get(a, p) === get(b, p));
    expect(same(kit(10), kit(10))).toBe(true);
    expect(same(kit(10), kit(7))).toBe(false);
  });

  it("the transformer unequips and survives Item Piles' call with {}", () => {
    expect(pileItem({})).toEqual({});
    expect(pileItem({ system: { ausgeruestet: true, schaden: "1W8" }, flags: { flex: { madeBy: "x", keep: 1 } } })).toEqual({ system: { ausgeruestet: false, schaden: "1W8" }, flags: { flex: { keep: 1 } } });
  });

  it("a new currency label is registered again, newer, so Item Piles replaces its stored profile", async () => {
    await as(clients.gms[0], () => g.game.settings.set("flex", "currencyLabel", "Taler"));
    await settle();
    const [first, last] = [piles.profiles[0], piles.profile];
    expect((last.CURRENCIES as Any[])[0].abbreviation).toBe("{#} Taler");
    expect(replacesStoredProfile(String(last.VERSION), String(first.VERSION))).toBe(true);
    await as(clients.gms[0], () => g.game.settings.set("flex", "currencyLabel", "¥"));
    await settle();
    expect(itemPilesProfile({ currency: "¥", currencyName: "Geld", revision: 2 }).VERSION).toBe("1.0.2");
  });
});

describe("piles, transfers and locks", () => {
  it("a pile made as Item Piles makes it (the bare actor, then its flags) is a loot actor with no talents", async () => {
    const pile = await as(clients.gms[0], () => piles.createPile());
    await settle();
    expect(pile.type).toBe("loot");
    expect(pile.items.size).toBe(0);
    expect(pile.flags["item-piles"].data.enabled).toBe(true);
  });

  it("R-CORE-3: a GM who sets Item Piles' actor type to character gets piles without talents too; a character made a pile later keeps its trained ones", async () => {
    await startClient({ systemPacks: ["talente"] });
    const before = state.writes.length;
    const pile = await as(clients.gms[0], () => piles.createPile("Beute", "character"));
    await settle();
    expect(pile.type).toBe("character");
    expect(pile.items.filter((i: Any) => i.type === "talent")).toHaveLength(0);
    // Only the client that made the pile tidied up, in one write.
    expect(state.writes.slice(before).filter((w) => w.action === "delete").map((w) => [w.documentName, w.userId])).toEqual([["Item", clients.gms[0].id]]);
    const hero = (await as(clients.gms[0], () => createActor({ name: "Alrik", type: "character" }))) as Any;
    const talents = hero.items.filter((i: Any) => i.type === "talent");
    expect(talents.length).toBeGreaterThan(0);
    await as(clients.gms[0], () => talents[0].update({ "system.uebungswert": 3 }));
    // Any other change of a character leaves its talents alone.
    await as(clients.gms[0], () => hero.update({ name: "Alrik der Kühne", "flags.flex.note": 1 }));
    await settle();
    expect(hero.items.filter((i: Any) => i.type === "talent")).toHaveLength(talents.length);
    await as(clients.gms[0], () => hero.update({ flags: { "item-piles": { data: { enabled: true } } } }));
    await settle();
    expect(hero.items.filter((i: Any) => i.type === "talent").map((i: Any) => i.name)).toEqual([talents[0].name]);
  });

  it("¥ and items move: two of three potions and 30 ¥ to the pile; the worn sword arrives unworn", async () => {
    const hero = await alrik(clients.players[0]);
    await hero.createEmbeddedDocuments("Item", [{ name: "Säbel", type: "weapon", system: { ausgeruestet: true, schaden: "1W6" } }]);
    await hero.items.getName("Heiltrank").update({ "system.menge": 3 });
    const pile = await as(clients.gms[0], () => piles.createPile("Truhe"));
    await as(clients.gms[0], () => piles.transferItems(hero, pile, [{ _id: hero.items.getName("Heiltrank").id, quantity: 2 }, { _id: hero.items.getName("Säbel").id, quantity: 1 }]));
    await as(clients.gms[0], () => piles.transferCurrency(hero, pile, 30));
    await settle();
    expect(hero.items.getName("Heiltrank").system.menge).toBe(1);
    expect(hero.items.getName("Säbel")).toBeUndefined();
    expect(pile.items.getName("Heiltrank").system.menge).toBe(2);
    expect(pile.items.getName("Säbel").system.ausgeruestet).toBe(false);
    expect([hero.system.geld, pile.system.geld]).toEqual([90, 30]);
  });

  it("a transformed character's locked gear is refused before Item Piles copies it: a notice, nothing moved", async () => {
    const hero = await alrik(clients.players[0]);
    await as(clients.gms[0], async () => g.game.flex.polymorph.transform(hero, await wolf()));
    await settle();
    const pile = await as(clients.gms[0], () => piles.createPile("Truhe"));
    const sword = hero.items.getName("Langschwert");
    const moved = await as(clients.gms[0], () => piles.transferItems(hero, pile, [{ _id: sword.id, quantity: 1 }]));
    await settle();
    expect(moved).toBe(false);
    expect(warnings()).toEqual(["Langschwert bleibt bei Alrik: In der verwandelten Gestalt ist die eigene Ausrüstung gesperrt."]);
    expect(pile.items.size).toBe(0);
    expect(hero.items.getName("Langschwert")).toBeTruthy();
    // Its form's own attack is not locked: that one may go (a wolf's bite in a chest is the GM's business).
    expect(await as(clients.gms[0], () => piles.transferItems(hero, pile, [{ _id: hero.items.getName("Biss").id, quantity: 1 }]))).toBe(true);
  });
});

describe.each(["de", "en", "ru"])("the loot sheet in %s", (lang) => {
  beforeEach(() => {
    g.game.i18n.lang = lang;
    return () => void (g.game.i18n.lang = "de");
  });

  it("shows its ¥, its items with Menge and price, and its description; made from the sidebar it has no talents either", async () => {
    const stash = (await as(clients.gms[0], () => createActor({ name: "Lager", type: "loot", system: { geld: 250, beschreibung: "<p>Im Keller.</p>" } }))) as Any;
    await settle();
    expect(stash.items.size).toBe(0);
    await stash.createEmbeddedDocuments("Item", [
      { name: "Seil", type: "equipment", system: { menge: 3, preis: 2 } },
      { name: "Dolch", type: "weapon", system: { preis: 15 } },
    ]);
    const sheet = new LootSheet({ document: stash });
    await sheet.render(true);
    const out = Object.values(sheet.lastRender as Record<string, string>).join("\n");
    expect(out).toContain('name="system.geld" value="250"');
    expect(out).toContain("Seil");
    expect(out).toContain({ de: "3 Stück", en: "×3", ru: "3 шт." }[lang]);
    expect(out).toContain("15 ¥");
    expect(out).toContain("Im Keller.");
    expect([...g.game.i18n.missing]).toEqual([]);
  });
});
