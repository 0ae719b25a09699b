// The data a Flex fight needs (issue 9): a creature attack's own check (R-CORE-10), a spell's damage and
// healing (R-CORE-12/13), what a use spends (R-CORE-15), a weapon's Kampfart and a spell's Zauberschule
// chosen from the talents there are, and the world settings for applying damage and creature defence.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { normaliseAttackCheck } from "../../src/data/item/fields";
import { creatureDefenceMode, damageApplyMode } from "../../src/helpers/settings";
import { as, createActor, packs, resetWorld, state, type Clients } from "../harness";
import { storeInPack } from "../harness/packs";
import { fillIn, showTab } from "../harness/applications";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const sys = (doc: { system: unknown }) => doc.system as Any;
const warnings = () => state.notifications.filter((n) => n.type === "warn").map((n) => n.message);
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
  g.game.i18n.lang = "de";
});

async function item(type: string, system: Record<string, unknown> = {}, name = "Ding") {
  const actor = await createActor({ type: type === "attack" ? "creature" : "character" });
  const [created] = await actor.createEmbeddedDocuments("Item", [{ name, type, system }]);
  return created as Any;
}

/** A document read from an old world: no validation on the way in, the model's migrateData repairs it. */
function storedItem(type: string, system: unknown): Any {
  const doc = new g.Item({ _id: "a".repeat(16), name: "Altlast", type, system }, { strict: false });
  doc.prepareData();
  return doc;
}

describe("defaults of the new fields", () => {
  it("R-CORE-10 a creature attack: its own check W6, damage 1W6, 1 action, melee", async () => {
    expect(sys(await item("attack"))).toMatchObject({ angriff: "W6", schaden: "1W6", schadensart: "physisch", reichweite: 0, aktionen: 1 });
  });

  it("R-CORE-12/13 a spell: no damage, no healing, touch range, its cost and actions kept", async () => {
    expect(sys(await item("spell"))).toMatchObject({ zauberschule: "", fluss: 0, aktionen: 1, still: false, schaden: "", schadensart: "physisch", reichweite: 0, heilung: "" });
  });

  it("R-CORE-15 equipment is not used up unless it says so", async () => {
    expect(sys(await item("equipment")).verbrauch).toBe("keiner");
  });

  it("a weapon names no talent yet", async () => {
    expect(sys(await item("weapon")).talent).toBe("");
  });
});

describe("R-CORE-10 a creature attack's check (die and bonus)", () => {
  it.each([
    ["W8+3", "W8+3"],
    ["w8 + 3", "W8+3"],
    ["d10-1", "W10-1"],
    ["1W6", "W6"],
    ["W12+0", "W12"],
    ["W9+2", "W8+2"],
    ["W20", "W12"],
    ["W2+1", "W4+1"],
    ["W8+500", "W8+99"],
    ["W8\u22122", "W8-2"],
  ])("%s is stored as %s", async (typed, stored) => {
    expect(sys(await item("attack", { angriff: typed })).angriff).toBe(stored);
    expect(normaliseAttackCheck(typed)).toBe(stored);
  });

  it.each(["abc", "", "2W6", "W8+W4", "W8+1.5", "8", 42, null, { die: 8 }])("%j is no attack check: the default W6 stays", async (typed) => {
    expect(sys(await item("attack", { angriff: typed, schaden: "2W6" })).angriff).toBe("W6");
  });

  it("stored data: an off-ladder die snaps down, garbage falls back to W6, the rest is kept", () => {
    expect(sys(storedItem("attack", { angriff: "W9+2", schaden: "1W8" }))).toMatchObject({ angriff: "W8+2", schaden: "1W8" });
    expect(sys(storedItem("attack", { angriff: "abc", aktionen: 2 }))).toMatchObject({ angriff: "W6", aktionen: 2 });
  });

  it("an update with W9+2 stores W8+2; abc is ignored with a warning naming the field, the rest applied", async () => {
    const biss = await item("attack", { angriff: "W8+3" });
    await biss.update({ "system.angriff": "W9+2" });
    expect(sys(biss).angriff).toBe("W8+2");
    expect(warnings()).toEqual([]);
    await biss.update({ name: "Biss", "system.angriff": "abc", "system.aktionen": 2 });
    expect(biss.name).toBe("Biss");
    expect(sys(biss)).toMatchObject({ angriff: "W8+2", aktionen: 2 });
    expect(warnings()).toEqual(["Ungültiger Wert „abc“ für Angriff – die Änderung wurde verworfen."]);
  });

  it("typed on the item sheet: abc is reported by field and the rest of the form is saved", async () => {
    const biss = await item("attack", { angriff: "W8+3" });
    const sheet = new FlexItemSheet({ document: biss } as never);
    await sheet.render(true);
    await fillIn(sheet, { "system.angriff": "abc", name: "Biss" });
    expect(biss.name).toBe("Biss");
    expect(sys(biss).angriff).toBe("W8+3");
    expect(warnings()).toEqual(["Angriff: „abc“ ist kein gültiger Wert – der Wert bleibt W8+3."]);
  });
});

describe("R-CORE-12 damage and healing in Flex dice notation", () => {
  it("a spell keeps a damage part and a healing part; blank means none", async () => {
    const spell = await item("spell", { schaden: " 2W6+2 ", schadensart: "Feuer", reichweite: "12", heilung: "1W8+1" });
    expect(sys(spell)).toMatchObject({ schaden: "2W6+2", schadensart: "feuer", reichweite: 12, heilung: "1W8+1" });
    await spell.update({ "system.schaden": "", "system.heilung": "" });
    expect(sys(spell)).toMatchObject({ schaden: "", heilung: "" });
    expect(warnings()).toEqual([]);
  });

  it.each([["abc"], ["2W6 Feuer"], ["1000W6"], ["1W0"], ["W8+1000000"], ["0W6"]])("%s is no damage a table could roll: ignored with a warning", async (typed) => {
    const spell = await item("spell", { schaden: "1W6", heilung: "2W4" });
    await spell.update({ "system.schaden": typed, "system.heilung": typed, "system.fluss": 3 });
    expect(sys(spell)).toMatchObject({ schaden: "1W6", heilung: "2W4", fluss: 3 });
    expect(warnings()).toEqual([`Ungültiger Wert „${typed}“ für Schaden – die Änderung wurde verworfen.`, `Ungültiger Wert „${typed}“ für Heilung – die Änderung wurde verworfen.`]);
  });

  it("a weapon's and an attack's damage follow the same notation; stored garbage falls back to 1W6", async () => {
    expect(sys(await item("weapon", { schaden: "1W8+1" })).schaden).toBe("1W8+1");
    expect(sys(storedItem("weapon", { schaden: "viel", talent: "Klingenwaffen" }))).toMatchObject({ schaden: "1W6", talent: "Klingenwaffen" });
    expect(sys(storedItem("attack", { schaden: "2W4+W6" })).schaden).toBe("2W4+W6");
  });

  it("R-CORE-15 an Alchemikum heals nothing unless it says so; its heilung is dice like a spell's", async () => {
    expect(sys(await item("alchemical")).heilung).toBe("");
    const trank = await item("alchemical", { heilung: " 2d6+1 ", menge: 2 });
    expect(sys(trank)).toMatchObject({ heilung: "2W6+1", menge: 2 });
    await trank.update({ "system.heilung": "viel", "system.menge": 1 });
    expect(sys(trank)).toMatchObject({ heilung: "2W6+1", menge: 1 });
    expect(warnings()).toEqual(["Ungültiger Wert „viel“ für Heilung – die Änderung wurde verworfen."]);
  });

  it.each([["reichlich"], ["1000000W6"], ["2W6 Feuer"], [{ formel: "2W6" }], [null]])("a stored Alchemikum with heilung %j loads healing nothing, the rest kept", (stored) => {
    const trank = storedItem("alchemical", { heilung: stored, menge: 3, stufe: 2 });
    expect(sys(trank)).toMatchObject({ heilung: "", menge: 3, stufe: 2 });
  });
});

describe("R-CORE-15 what a use of equipment spends", () => {
  it.each([["menge", "menge"], ["Ladung", "ladung"], ["KEINER", "keiner"]])("%s is read as %s", async (typed, stored) => {
    expect(sys(await item("equipment", { verbrauch: typed })).verbrauch).toBe(stored);
  });

  it("an unknown choice is ignored with a warning; stored garbage falls back to keiner", async () => {
    const seil = await item("equipment", { verbrauch: "ladung", ladungen: { value: 3, max: 5 } });
    await seil.update({ "system.verbrauch": "immer", "system.menge": 2 });
    expect(sys(seil)).toMatchObject({ verbrauch: "ladung", menge: 2 });
    expect(warnings()).toEqual(["Ungültiger Wert „immer“ für Verbrauch – die Änderung wurde verworfen."]);
    expect(sys(storedItem("equipment", { verbrauch: 7, menge: 4 }))).toMatchObject({ verbrauch: "keiner", menge: 4 });
  });

  it("the item sheet offers the three choices and says what each means", async () => {
    const sheet = new FlexItemSheet({ document: await item("equipment", { verbrauch: "menge" }) } as never);
    await sheet.render(true);
    const out = Object.values(sheet.lastRender as Record<string, string>).join("\n");
    expect(out).toMatch(/<select name="system\.verbrauch">.*<option value="menge" selected>Menge \(eins je Einsatz\)<\/option>/s);
    expect(out).toContain('value="keiner"');
    expect(out).toContain('value="ladung"');
    // An equipment sheet explains equipment, not Alchemika (review B-18).
    expect(out).toContain("Was ein Einsatz verbraucht: nichts, eins der Menge oder eine Ladung.");
    expect(out).not.toContain("Alchemika");
  });
});

// Weapons and spells choose their talent -----------------------------------------------------------

const TALENTS = [
  { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 2, kategorie: "kampfart" } },
  { name: "Fernkampf", type: "talent", system: { attribut: "ff", uebungswert: 1, kategorie: "kampfart" } },
  { name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 2, kategorie: "allgemein" } },
  { name: "Elementarmagie", type: "talent", system: { attribut: "kl", uebungswert: 3, kategorie: "zauberschule" } },
];

async function fighter(items: Record<string, unknown>[]) {
  const actor = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 } })) as Any;
  await actor.createEmbeddedDocuments("Item", [...TALENTS, ...items]);
  return actor;
}

async function itemSheet(document: Any) {
  const sheet = new FlexItemSheet({ document } as never) as Any;
  await sheet.render(true);
  return sheet;
}
const html = (sheet: Any) => Object.values(sheet.lastRender as Record<string, string>).join("\n");
const choiceOf = async (sheet: Any) => (await sheet._prepareContext({ parts: ["header", "body"] })).talentChoice;
const optionsOf = (choice: Any) => choice.options.map((o: Any) => [o.value, o.label, o.selected, o.missing]);

describe("R-CORE-10 a weapon's Kampfart is chosen from its actor's talents", () => {
  it("offers the actor's Kampfarten only, the stored one selected; no warning", async () => {
    const alrik = await fighter([{ name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen" } }]);
    const sheet = await itemSheet(alrik.items.getName("Kurzschwert"));
    const choice = await choiceOf(sheet);
    expect(choice).toMatchObject({ name: "system.talent", select: true, value: "Klingenwaffen", warning: null });
    expect(optionsOf(choice)).toEqual([
      ["", "– wählen –", false, false],
      ["Fernkampf", "Fernkampf", false, false],
      ["Klingenwaffen", "Klingenwaffen", true, false],
    ]);
    const out = html(sheet);
    expect(out).toMatch(/<select name="system\.talent">/);
    expect(out).not.toMatch(/<input type="text" name="system\.talent"/);
    expect(out).not.toContain("flex-warning");
  });

  it("a Kampfart the actor lacks stays selected, marked missing, with a warning on the item sheet", async () => {
    const alrik = await fighter([{ name: "Peitsche", type: "weapon", system: { talent: "Peitschen" } }]);
    const sheet = await itemSheet(alrik.items.getName("Peitsche"));
    const choice = await choiceOf(sheet);
    expect(optionsOf(choice).at(-1)).toEqual(["Peitschen", "Peitschen (fehlt)", true, true]);
    expect(choice.warning).toBe("Alrik hat das Talent „Peitschen“ nicht – so lässt sich nicht würfeln.");
    expect(html(sheet)).toContain('<option value="Peitschen" selected class="flex-missing">Peitschen (fehlt)</option>');
    expect(html(sheet)).toContain("Alrik hat das Talent „Peitschen“ nicht");
  });

  it("no Kampfart chosen: the empty choice is selected and the sheet says it cannot be rolled", async () => {
    const alrik = await fighter([{ name: "Stock", type: "weapon", system: { talent: "" } }]);
    const choice = await choiceOf(await itemSheet(alrik.items.getName("Stock")));
    expect(optionsOf(choice)[0]).toEqual(["", "– wählen –", true, false]);
    expect(choice.warning).toBe("Kein Talent gewählt – so lässt sich nicht würfeln.");
  });

  it("the same name in other letter case is the actor's talent (as a check finds it)", async () => {
    const alrik = await fighter([{ name: "Säbel", type: "weapon", system: { talent: "klingenwaffen" } }]);
    const choice = await choiceOf(await itemSheet(alrik.items.getName("Säbel")));
    expect(choice.warning).toBeNull();
    expect(choice.options.filter((o: Any) => o.selected).map((o: Any) => o.value)).toEqual(["Klingenwaffen"]);
  });

  it("the owner picks a Kampfart from the select and it is stored by name; the warning is gone", async () => {
    const alrik = await fighter([{ name: "Peitsche", type: "weapon", system: { talent: "Peitschen" } }]);
    const peitsche = alrik.items.getName("Peitsche");
    const sheet = await as(clients.players[0], () => itemSheet(peitsche));
    await as(clients.players[0], () => fillIn(sheet, { "system.talent": "Fernkampf" }));
    expect(sys(peitsche).talent).toBe("Fernkampf");
    expect((await choiceOf(sheet)).warning).toBeNull();
  });

  it("the actor sheet's row shows a tag „Talent fehlt“ on a weapon or spell whose talent the actor lacks", async () => {
    const alrik = await fighter([
      { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen" } },
      { name: "Peitsche", type: "weapon", system: { talent: "Peitschen" } },
      { name: "Feuerstrahl", type: "spell", system: { zauberschule: "Elementarmagie" } },
      { name: "Totenruf", type: "spell", system: { zauberschule: "Nekromantie" } },
    ]);
    const sheet = new CharacterSheet({ document: alrik }) as Any;
    sheet.changeTab("inventory", "primary");
    await sheet.render(true);
    const rows = Object.fromEntries(alrik.items.contents.filter((i: Any) => i.type !== "talent").map((i: Any) => [i.name, sheet.itemRow(i).missingTalent]));
    expect(rows).toEqual({
      Kurzschwert: null,
      Peitsche: { label: "Talent fehlt", tooltip: "Alrik hat das Talent „Peitschen“ nicht – so lässt sich nicht würfeln." },
      Feuerstrahl: null,
      Totenruf: { label: "Talent fehlt", tooltip: "Alrik hat das Talent „Nekromantie“ nicht – so lässt sich nicht würfeln." },
    });
    // The weapon's warning on the Inventar tab, the spell's on the Talente tab (its Zauber group).
    expect(sheet.lastRender.inventory.match(/flex-tag-warning/g)).toHaveLength(1);
    expect(sheet.lastRender.inventory).toContain("Talent fehlt");
    await showTab(sheet, "talents");
    expect(sheet.lastRender.talents.match(/flex-tag-warning/g)).toHaveLength(1);
    expect(sheet.lastRender.talents).toContain("Nekromantie");
  });
});

describe("R-CORE-13 a spell's Zauberschule is chosen from its actor's talents", () => {
  it("offers the actor's Zauberschulen only", async () => {
    const alrik = await fighter([{ name: "Feuerstrahl", type: "spell", system: { zauberschule: "Elementarmagie" } }]);
    const choice = await choiceOf(await itemSheet(alrik.items.getName("Feuerstrahl")));
    expect(choice).toMatchObject({ name: "system.zauberschule", select: true, warning: null });
    expect(optionsOf(choice)).toEqual([
      ["", "– wählen –", false, false],
      ["Elementarmagie", "Elementarmagie", true, false],
    ]);
  });

  it("a Zauberschule the actor lacks is marked missing", async () => {
    const alrik = await fighter([{ name: "Totenruf", type: "spell", system: { zauberschule: "Nekromantie" } }]);
    const sheet = await itemSheet(alrik.items.getName("Totenruf"));
    expect(optionsOf(await choiceOf(sheet)).at(-1)).toEqual(["Nekromantie", "Nekromantie (fehlt)", true, true]);
    expect(html(sheet)).toContain("Alrik hat das Talent „Nekromantie“ nicht");
  });
});

describe("an unowned weapon or spell chooses from the world's talents and the talent compendium", () => {
  const talente = () => packs.get("flex.talente")!;

  it("world talents of the category and the compendium's index, each once; the stored name kept, not flagged", async () => {
    await g.Item.createDocuments(TALENTS.map((t) => ({ ...t })));
    storeInPack("talente", [
      { _id: "1".repeat(16), name: "Klingenwaffen", type: "talent", system: { kategorie: "kampfart" } },
      { _id: "2".repeat(16), name: "Waffenloser Kampf", type: "talent", system: { kategorie: "kampfart" } },
      { _id: "3".repeat(16), name: "Heilmagie", type: "talent", system: { kategorie: "zauberschule" } },
    ]);
    await talente().getIndex();
    const [axt] = await g.Item.createDocuments([{ name: "Axt", type: "weapon", system: { talent: "Hiebwaffen" } }]);
    const choice = await choiceOf(await itemSheet(axt));
    expect(choice).toMatchObject({ select: true, warning: null });
    expect(optionsOf(choice)).toEqual([
      ["", "– wählen –", false, false],
      ["Fernkampf", "Fernkampf", false, false],
      ["Klingenwaffen", "Klingenwaffen", false, false],
      ["Waffenloser Kampf", "Waffenloser Kampf", false, false],
      ["Hiebwaffen", "Hiebwaffen", true, false],
    ]);
  });

  it("a compendium that cannot be read leaves the world's talents", async () => {
    await g.Item.createDocuments(TALENTS.map((t) => ({ ...t })));
    const offline = vi.spyOn(talente(), "getIndex").mockRejectedValue(new Error("offline"));
    const [zauber] = await g.Item.createDocuments([{ name: "Funke", type: "spell" }]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(optionsOf(await choiceOf(await itemSheet(zauber))).map((o: Any) => o[0])).toEqual(["", "Elementarmagie"]);
    } finally {
      offline.mockRestore();
      warn.mockRestore();
    }
  });

  it("with no such talent anywhere it is a text input", async () => {
    const [axt] = await g.Item.createDocuments([{ name: "Axt", type: "weapon", system: { talent: "Hiebwaffen" } }]);
    const sheet = await itemSheet(axt);
    expect(await choiceOf(sheet)).toMatchObject({ select: false, warning: null });
    expect(html(sheet)).toContain('<input type="text" name="system.talent" value="Hiebwaffen">');
  });
});

describe("the item sheets render the new fields in every language", () => {
  it.each(["de", "en", "ru"])("%s", async (lang) => {
    g.game.i18n.lang = lang;
    const alrik = await fighter([
      { name: "Peitsche", type: "weapon", system: { talent: "Peitschen" } },
      { name: "Heilung", type: "spell", system: { zauberschule: "Elementarmagie", schaden: "1W6", heilung: "2W6+2" } },
      { name: "Seil", type: "equipment", system: { verbrauch: "ladung" } },
      { name: "Heiltrank", type: "alchemical" },
    ]);
    const wolf = (await createActor({ name: "Wolf", type: "creature" })) as Any;
    const [biss] = await wolf.createEmbeddedDocuments("Item", [{ name: "Biss", type: "attack", system: { angriff: "W8+3", schaden: "1W8" } }]);
    for (const doc of [...alrik.items.contents.filter((i: Any) => i.type !== "talent"), biss]) html(await itemSheet(doc));
    // Each language's sheet shows its own die letter in the fields too (the data keeps W).
    const letter = { de: "W", en: "d", ru: "к" }[lang]!;
    expect(html(await itemSheet(biss))).toContain(`name="system.angriff" value="${letter}8+3"`);
    expect(html(await itemSheet(alrik.items.getName("Heilung")))).toContain(`name="system.heilung" value="2${letter}6+2"`);
    const trank = alrik.items.getName("Heiltrank");
    await trank.update({ "system.heilung": "2W6" });
    expect(html(await itemSheet(trank))).toContain(`name="system.heilung" value="2${letter}6"`);
    expect([...g.game.i18n.missing]).toEqual([]);
  });
});

describe("dice typed in the world's language", () => {
  it.each([["1d6+2", "1W6+2"], ["2к8 - 1", "2W8 - 1"], ["W4", "W4"], ["3", "3"], ["", ""]])("%s is stored as %s", async (typed, stored) => {
    const alrik = await fighter([{ name: "Keule", type: "weapon", system: { schaden: "1W4" } }]);
    const keule = alrik.items.getName("Keule");
    await keule.update({ "system.schaden": typed });
    expect(sys(keule).schaden).toBe(stored);
  });
});

describe("world settings for the fight", () => {
  const registered = (key: string) => g.game.settings.registry.get(`flex.${key}`);

  it("who may apply damage: GM, owner or attacker (default), world scope, shown in the settings", () => {
    expect(registered("damageApply")).toMatchObject({
      scope: "world",
      config: true,
      type: String,
      default: "attacker",
      choices: { gm: "FLEX.Setting.damageApply.gm", owner: "FLEX.Setting.damageApply.owner", attacker: "FLEX.Setting.damageApply.attacker" },
    });
    expect(damageApplyMode()).toBe("attacker");
  });

  it("R-CORE-11 a creature's defence: fixed value (default) or rolled", () => {
    expect(registered("creatureDefence")).toMatchObject({
      scope: "world",
      config: true,
      type: String,
      default: "fixed",
      choices: { fixed: "FLEX.Setting.creatureDefence.fixed", roll: "FLEX.Setting.creatureDefence.roll" },
    });
    expect(creatureDefenceMode()).toBe("fixed");
  });

  it("names, hints and choices are translated in de, en and ru", () => {
    for (const lang of ["de", "en", "ru"]) {
      g.game.i18n.lang = lang;
      for (const key of ["damageApply", "creatureDefence"]) {
        const cfg = registered(key);
        for (const text of [cfg.name, cfg.hint, ...Object.values(cfg.choices)]) expect(g.game.i18n.has(text), `${lang}: ${text}`).toBe(true);
      }
    }
  });

  it("the readers give the GM's choice, and the default for a value no choice knows", async () => {
    await g.game.settings.set("flex", "damageApply", "gm");
    await g.game.settings.set("flex", "creatureDefence", "roll");
    expect([damageApplyMode(), creatureDefenceMode()]).toEqual(["gm", "roll"]);
    await g.game.settings.set("flex", "damageApply", "jeder");
    expect(damageApplyMode()).toBe("attacker");
  });
});
