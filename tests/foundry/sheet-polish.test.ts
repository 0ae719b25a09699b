// What a table trips over on the sheets (issue 36, review gallery-sheets.md): empty fields that read as values (B-2),
// attribute tiles that show another roll than they make (B-4), spells that look castable without the Fluss (B-8), the
// Übungswert hidden in a tooltip (B-12). Each asserts what the user reads on the sheet, in the stand-in.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { as, createActor, resetWorld, settle, storeRawActor, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

async function render(Sheet: Any, document: Any, tab?: string) {
  const sheet = new Sheet({ document });
  if (tab) sheet.changeTab(tab, "primary");
  await sheet.render(true);
  return parse(Object.values(sheet.lastRender as Record<string, string>).join("\n"));
}

/** Player 1's Alrik: GE W10, KL W8, Erschöpfung 2 (malus 2, 1 on a plain attribute check), Fluss 1 of 12. */
async function alrik() {
  const actor = (await createActor({
    name: "Alrik",
    type: "character",
    ownership: { default: 0, [clients.players[0].id]: 3 },
    system: { attributes: { ge: 10, kl: 8 }, erschoepfung: { value: 2 }, fluss: { value: 1, max: 12 }, leben: { value: 20, max: 20 } },
  })) as Any;
  await actor.createEmbeddedDocuments("Item", [
    { name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 3 } },
    { name: "Elementarmagie", type: "talent", system: { attribut: "kl", uebungswert: 2, kategorie: "zauberschule" } },
    { name: "Feuerstrahl", type: "spell", system: { zauberschule: "Elementarmagie", fluss: 4, aktionen: 2, schaden: "2W6" } },
    { name: "Funke", type: "spell", system: { zauberschule: "Elementarmagie", fluss: 1, aktionen: 1 } },
  ]);
  await settle();
  return actor;
}

describe("B-2 an empty formula field says what empty means, never a value it could pass for", () => {
  it("a Heiltrank without Heilung: 'leer: heilt nicht'; a weapon without damage 'leer: kein Schaden'; a creature attack without a check rolls W6", async () => {
    const actor = (await createActor({ name: "Alrik", type: "character" })) as Any;
    const creature = (await createActor({ name: "Wolf", type: "creature" })) as Any;
    const [potion, sword, spell] = await actor.createEmbeddedDocuments("Item", [
      { name: "Heiltrank", type: "alchemical", system: {} },
      { name: "Schwert", type: "weapon", system: {} },
      { name: "Feuerstrahl", type: "spell", system: {} },
    ]);
    const [bite] = await creature.createEmbeddedDocuments("Item", [{ name: "Biss", type: "attack", system: {} }]);
    const placeholder = async (item: Any, name: string) => (await render(FlexItemSheet, item)).querySelector(`input[name="${name}"]`)!.getAttribute("placeholder");
    expect(await placeholder(potion, "system.heilung")).toBe("leer: heilt nicht");
    expect(await placeholder(sword, "system.schaden")).toBe("leer: kein Schaden");
    expect(await placeholder(spell, "system.schaden")).toBe("leer: kein Schaden");
    expect(await placeholder(spell, "system.heilung")).toBe("leer: heilt nicht");
    expect(await placeholder(bite, "system.angriff")).toBe("leer: W6");
    g.game.i18n.lang = "ru";
    expect(await placeholder(potion, "system.heilung")).toBe("пусто: не лечит");
    expect(await placeholder(bite, "system.angriff")).toBe("пусто: к6");
  });
});

describe("B-4 an attribute tile shows the roll it makes", () => {
  it("GE W10 with Erschöpfung 2 reads 'W10 − 1' (half the malus on a plain attribute check), and its tooltip names the parts", async () => {
    const actor = await alrik();
    const tile = (await as(clients.players[0], () => render(CharacterSheet, actor))).querySelector('button[data-attribute="ge"]')!;
    expect(tile.querySelector(".flex-die-label")!.text).toBe("W10 − 1");
    expect(tile.getAttribute("data-tooltip")).toContain("Gewandtheit W10");
    expect(tile.getAttribute("data-tooltip")).toContain("− 1 Erschöpfung");
    // Without Erschöpfung the tile is the bare die.
    await actor.update({ "system.erschoepfung.value": 0 });
    const rested = (await as(clients.players[0], () => render(CharacterSheet, actor))).querySelector('button[data-attribute="ge"]')!;
    expect(rested.querySelector(".flex-die-label")!.text).toBe("W10");
  });
});

describe("B-8 / B-12 the Talente tab", () => {
  it("a spell that costs more Fluss than is left is marked before the click, with why; one the caster can pay is not", async () => {
    const actor = await alrik();
    const tab = await as(clients.players[0], () => render(CharacterSheet, actor, "talents"));
    const row = (name: string) => tab.querySelectorAll(".flex-item").find((r) => r.getAttribute("data-name") === name)!;
    const strahl = row("Feuerstrahl");
    expect(strahl.querySelector(".flex-tag-warning")!.getAttribute("data-tooltip")).toBe("Zu wenig Fluss: 1 von 4");
    expect(strahl.querySelector(".flex-row-roll")!.getAttribute("data-tooltip")).toMatch(/^Zu wenig Fluss: 1 von 4 · /);
    expect(strahl.querySelector(".flex-row-roll")!.classList.contains("flex-roll-short")).toBe(true);
    const funke = row("Funke");
    expect(funke.querySelector(".flex-tag-warning")).toBeNull();
    expect(funke.querySelectorAll(".flex-tag").map((t) => t.text)).toContain("1 Fluss");
  });

  it("each talent shows its Übungswert beside its summed check: 'ÜW 3' (en 'TV 3', ru 'УН 3')", async () => {
    const actor = await alrik();
    const uw = async () => (await as(clients.players[0], () => render(CharacterSheet, actor, "talents"))).querySelectorAll(".flex-talent-list .flex-item").map((r) => [r.getAttribute("data-name"), r.querySelector(".flex-row-uw")?.childNodes[0]?.text]);
    expect(await uw()).toEqual(expect.arrayContaining([["Athletik", "ÜW 3"], ["Elementarmagie", "ÜW 2"]]));
    g.game.i18n.lang = "en";
    expect(await uw()).toEqual(expect.arrayContaining([["Athletik", "TV 3"]]));
  });
});

describe("B-5 the hit dice' KO-Modifikator and a lowered breath die are on the Werte tab", () => {
  it("'3 von 5 × W8 (+2 je Würfel)' in play mode; spent dice and the modifier are fields in edit mode; a breath die below KO says where it comes back to", async () => {
    const actor = (await createActor({ name: "Alrik", type: "character", system: { level: 5, attributes: { ko: 8 }, trefferwuerfel: { verbraucht: 2, koModifikator: 2 } } })) as Any;
    const stats = async () => (await render(CharacterSheet, actor, "stats")).querySelector(".flex-derived")!;
    const text = (await stats()).text.replace(/\s+/g, " ");
    expect(text).toContain("3 von 5 × W8 (+2 je Würfel)");
    expect(text).toContain("AtemwürfelW8");
    await actor.update({ "system.atem.wuerfel": 6 });
    expect((await stats()).text.replace(/\s+/g, " ")).toContain("AtemwürfelW6 (von W8)");
    const sheet = new CharacterSheet({ document: actor }) as Any;
    sheet.changeTab("stats", "primary");
    sheet.mode = "edit";
    await sheet.render(true);
    const edit = parse(Object.values(sheet.lastRender as Record<string, string>).join("\n"));
    expect(edit.querySelector('input[name="system.trefferwuerfel.koModifikator"]')!.getAttribute("value")).toBe("2");
    expect(edit.querySelector('input[name="system.trefferwuerfel.verbraucht"]')!.getAttribute("value")).toBe("2");
  });
});

describe("B-7 R-SWIM-1 the speed line of swimmers", () => {
  const speedStat = (html: Any) => html.querySelectorAll(".flex-quick-stats .flex-stat").find((d: Any) => d.querySelector("dt")?.text === "Geschwindigkeit")!;
  async function sheetOf(system: Record<string, unknown>) {
    const creature = (await createActor({ name: "Tiefenkrake", type: "creature", system: { geschwindigkeit: 24, ...system } })) as Any;
    const { CreatureSheet: Sheet } = await import("../../src/applications/sheets/creature-sheet");
    return render(Sheet, creature);
  }

  it("a creature that lives only in water: '1 Schritt an Land', its Geschwindigkeit as its swimming, a tag that says so", async () => {
    const html = await sheetOf({ schwimmt: true, nurImWasser: true });
    const stat = speedStat(html);
    expect(stat.querySelector("dd")!.text.replace(/\s+/g, " ").trim()).toBe("1 Schritt an Land schwimmend 24 Schritt");
    expect(stat.getAttribute("data-tooltip")).toContain("an Land ist es hilflos und kommt höchstens 1 Schritt je Aktion voran");
    expect(html.querySelectorAll(".flex-creature-flags .flex-tag").map((t: Any) => t.text)).toEqual(["Schwimmt", "Nur im Wasser"]);
  });

  it("a swimmer swims at its speed, any other creature at half; both walk at it", async () => {
    expect(speedStat(await sheetOf({ schwimmt: true })).querySelector("dd")!.text.replace(/\s+/g, " ").trim()).toBe("24 Schritt schwimmend 24 Schritt");
    expect(speedStat(await sheetOf({})).querySelector("dd")!.text.replace(/\s+/g, " ").trim()).toBe("24 Schritt schwimmend 12 Schritt");
  });

  it("a creature stored before the field existed reads as not water-only", async () => {
    const old = storeRawActor({ name: "Hai", type: "creature", system: { geschwindigkeit: 20, schwimmt: true } }) as Any;
    expect(old.system.nurImWasser).toBe(false);
    expect(old.system.derived).toMatchObject({ laufen: 20, schwimmen: 20 });
  });
});

describe("B-15 / B-22 small things a table trips over", () => {
  it("a creature's flags in play mode are tags of what it is (no disabled checkboxes); edit mode keeps the checkboxes", async () => {
    const wolf = (await createActor({ name: "Grauwolf", type: "creature", system: { trainierbar: true, schwimmt: true } })) as Any;
    const { CreatureSheet } = await import("../../src/applications/sheets/creature-sheet");
    const play = await render(CreatureSheet, wolf);
    expect(play.querySelectorAll(".flex-creature-flags .flex-tag").map((t) => t.text)).toEqual(["Trainierbar", "Schwimmt"]);
    expect(play.querySelector('input[name="system.reitbar"]')).toBeNull();
    const sheet = new CreatureSheet({ document: wolf }) as Any;
    sheet.mode = "edit";
    await sheet.render(true);
    expect(parse(Object.values(sheet.lastRender as Record<string, string>).join("\n")).querySelector('input[name="system.reitbar"]')).not.toBeNull();
  });

  it("Heilen at full Leben is switched off and says why; below full it heals", async () => {
    const actor = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { leben: { value: 20, max: 20 } } })) as Any;
    const heal = async () => (await as(clients.players[0], () => render(CharacterSheet, actor))).querySelector('[data-action="heal"]')!;
    expect((await heal()).hasAttribute("disabled")).toBe(true);
    expect((await heal()).getAttribute("data-tooltip")).toContain("Die Leben sind voll.");
    await actor.update({ "system.leben.value": 12 });
    expect((await heal()).hasAttribute("disabled")).toBe(false);
  });
});
