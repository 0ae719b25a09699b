// Dice and distances as each language writes them (issue 16): W8 in German, d8 in English, к8 in Russian, on
// the sheets, the item sheets and the cards; "1 pace / 4 paces", "1 шаг / 2 шага / 5 шагов". The data keeps
// the German notation ("1W8"), and so do the inputs a user edits.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { CreatureSheet } from "../../src/applications/sheets/creature-sheet";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { downtimeContext, restAnswerContext } from "../../src/applications/dialogs/rest-answer-dialog";
import { localDice, localFormula } from "../../src/helpers/dice-text";
import { numberText, unitText } from "../../src/helpers/units";
import { as, createActor, createScene, messages, placeToken, queueDice, resetWorld, settle, target, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const LANGS = [
  ["de", "W"],
  ["en", "d"],
  ["ru", "к"],
] as const;
const speak = (lang: string) => (g.game.i18n.lang = lang);
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));
const squash = (s: string) => s.replace(/\s+/g, " ").trim();

let clients: Clients;
beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

/** Alrik: GE W10, Klingenwaffen (GE) 4, a short sword 1W8+1 of range 0 and a bow 1W6 of range 30 Schritt. */
async function alrik() {
  const actor = (await createActor({
    name: "Alrik",
    type: "character",
    ownership: { default: 0, [clients.players[0].id]: 3 },
    system: { attributes: { ge: 10, kk: 8 }, geschwindigkeit: 6, leben: { value: 30, max: 30 } },
  })) as Any;
  await actor.createEmbeddedDocuments("Item", [
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 4, kategorie: "kampfart" } },
    { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W8+1", aktionen: 1 } },
    { name: "Wasserschlauch", type: "equipment", system: {} },
    { name: "Langbogen", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6", reichweite: 30 } },
  ]);
  return actor;
}

async function sheetOf(actor: Any, tab = "stats", Sheet: Any = CharacterSheet) {
  const sheet = new Sheet({ document: actor }) as Any;
  sheet.changeTab?.(tab, "primary");
  await sheet.render(true);
  return sheet;
}
const rowOf = (html: string, name: string) =>
  parse(html).querySelectorAll("li.flex-item").find((li) => li.querySelector(".flex-item-name")!.text.trim() === name)!;

describe("localDice: the die letter of the world's language, and nothing else", () => {
  it.each(LANGS)("%s writes W8, 2W6+1, W10 + 4, (W8) and W8+W4 with %s", (lang, d) => {
    speak(lang);
    expect(localDice("W8")).toBe(`${d}8`);
    expect(localDice("2W6+1")).toBe(`2${d}6+1`);
    expect(localDice("GE W10 + 4")).toBe(`GE ${d}10 + 4`);
    expect(localDice("(W8)")).toBe(`(${d}8)`);
    expect(localDice("W8+W4")).toBe(`${d}8+${d}4`);
  });

  it("words with a W, a Reichweite tag, SW and EW stay as they are", () => {
    speak("en");
    for (const text of ["Wasser", "Waffe W", "RW 4", "SW12", "EW 5", "KW12", "W-Wurf", "Wasserschlauch ×2"]) expect(localDice(text)).toBe(text);
    expect(localDice("Wasser: 1W4, Waffe: W6")).toBe("Wasser: 1d4, Waffe: d6");
  });

  it("a Russian die typed with к reads as the language's die", () => {
    speak("de");
    expect(localDice("1к6+2")).toBe("1W6+2");
    speak("en");
    expect(localDice("к8")).toBe("d8");
  });
});

describe("units by the language's plural rules", () => {
  it.each([
    [1, "1 шаг"],
    [2, "2 шага"],
    [4, "4 шага"],
    [5, "5 шагов"],
    [11, "11 шагов"],
    [21, "21 шаг"],
    [22, "22 шага"],
    [1.5, "1,5 шага"],
  ])("ru: %s → %s", (n, text) => {
    speak("ru");
    expect(unitText("Schritt", n)).toBe(text);
  });

  it.each([
    ["en", 1, "1 pace"],
    ["en", 4, "4 paces"],
    ["de", 1, "1 Schritt"],
    ["de", 4, "4 Schritt"],
  ])("%s: %s → %s", (lang, n, text) => {
    speak(lang);
    expect(unitText("Schritt", n)).toBe(text);
  });

  it.each([
    ["de", "1 Tag", "3 Tage"],
    ["en", "1 day", "3 days"],
    ["ru", "1 день", "3 дня"],
  ])("%s: days are counted as %s, %s", (lang, one, three) => {
    speak(lang);
    expect([unitText("Tag", 1), unitText("Tag", 3)]).toEqual([one, three]);
  });

  it.each([
    ["de", ["1 Trefferwürfel", "2 Trefferwürfel", "5 Trefferwürfel"], ["1 Ladung", "2 Ladungen", "5 Ladungen"]],
    ["en", ["1 hit die", "2 hit dice", "5 hit dice"], ["1 charge", "2 charges", "5 charges"]],
    ["ru", ["1 кость хитов", "2 кости хитов", "5 костей хитов"], ["1 заряд", "2 заряда", "5 зарядов"]],
  ])("%s: hit dice and kit charges (issue 25: never 1 hit dice)", (lang, dice, charges) => {
    speak(lang);
    expect([1, 2, 5].map((n) => unitText("Trefferwuerfel", n))).toEqual(dice);
    expect([1, 2, 5].map((n) => unitText("Ladung", n))).toEqual(charges);
  });

  it.each([
    ["de", ["1 Charakter", "2 Charaktere"]],
    ["en", ["1 character", "2 characters"]],
    ["ru", ["1 персонаж", "2 персонажа", "5 персонажей"]],
  ] as const)("%s: characters still to roll in a short combat, never character(s)", (lang, texts) => {
    speak(lang);
    expect(texts.map((_t, i) => unitText("Charakter", [1, 2, 5][i]!))).toEqual(texts);
  });

  it("the downtime list of a rest says 1 day, not 1 day(s); in Russian 1 день, not дней: 1", () => {
    speak("en");
    const days = (downtimeContext("longRest", 2, "¥")!.rows as { days: string }[]).map((r) => r.days);
    expect(days).toContain("1 day");
    expect(days.join(" ")).not.toContain("day(s)");
    speak("ru");
    expect((downtimeContext("longRest", 2, "¥")!.rows as { days: string }[]).map((r) => r.days)).toContain("1 день");
  });
});

describe("the character sheet", () => {
  it.each(LANGS)("%s: the attribute dice, a talent row and a weapon's damage tag use %s", async (lang, d) => {
    speak(lang);
    const actor = await alrik();
    const stats = parse((await sheetOf(actor)).lastRender.stats);
    const ge = stats.querySelector('[data-attribute="ge"] .flex-die-label')!.text.trim();
    expect(ge).toBe(`${d}10`);
    const talent = rowOf((await sheetOf(actor, "talents")).lastRender.talents, "Klingenwaffen");
    expect(squash(talent.text)).toContain(`${d}10`);
    expect(squash(talent.text)).not.toMatch(lang === "de" ? /d10|к10/ : /W10/);
    const inventory = (await sheetOf(actor, "inventory")).lastRender.inventory;
    expect(rowOf(inventory, "Kurzschwert").querySelector(".flex-row-damage")!.childNodes.at(-1)!.text.trim()).toBe(`1${d}8+1`);
    // The item's name keeps its W.
    expect(rowOf(inventory, "Wasserschlauch")).toBeTruthy();
  });

  it("the breath die, the hit die and Körperkraft in Russian", async () => {
    speak("ru");
    const sheet = await sheetOf(await alrik());
    const derived = squash(parse(sheet.lastRender.stats).querySelector(".flex-derived")!.text);
    expect(derived).toMatch(/к\d+/);
    expect(derived).not.toMatch(/W\d/);
    const inventory = await sheetOf(sheet.document, "inventory");
    expect(inventory.lastRender.inventory).toContain("к8");
  });

  it("the die choices in edit mode are labelled in the language, their values stay the stored faces", async () => {
    speak("en");
    const sheet = new CharacterSheet({ document: await alrik() }) as Any;
    sheet.mode = "edit";
    await sheet.render(true);
    const options = parse(sheet.lastRender.stats).querySelectorAll('select[name="system.attributes.ge"] option');
    expect(options.map((o) => o.text)).toEqual(["d4", "d6", "d8", "d10", "d12"]);
    expect(options.map((o) => o.getAttribute("value"))).toEqual(["4", "6", "8", "10", "12"]);
  });

  it.each([
    ["de", "6 Schritt", "Reichweite 30 Schritt"],
    ["en", "6 paces", "range 30 paces"],
    ["ru", "6 шагов", "дальность 30 шагов"],
  ])("%s: speed %s, a bow's range tag %s", async (lang, speed, range) => {
    speak(lang);
    const actor = await alrik();
    const header = parse((await sheetOf(actor)).lastRender.header);
    const stat = header.querySelectorAll(".flex-stat").find((s) => s.querySelector("dd")!.text.includes(speed));
    expect(stat, `no "${speed}" in the header`).toBeTruthy();
    expect(rowOf((await sheetOf(actor, "inventory")).lastRender.inventory, "Langbogen").querySelectorAll(".flex-tag").map((t) => t.text.trim())).toContain(range);
  });

  it("in English no text of any tab says Schritt, in Russian none says шаг.", async () => {
    const actor = await alrik();
    for (const [lang, word] of [["en", /Schritt/], ["ru", /шаг\./]] as const) {
      speak(lang);
      for (const tab of ["stats", "talents", "inventory", "effects", "biography"]) {
        const html = Object.values((await sheetOf(actor, tab)).lastRender as Record<string, string>).join("");
        expect(parse(html).text, `${lang} ${tab}`).not.toMatch(word);
      }
    }
  });

  it("the creature sheet's speed in English", async () => {
    speak("en");
    const wolf = (await createActor({ name: "Wolf", type: "creature", system: { geschwindigkeit: 1 } })) as Any;
    const header = parse((await sheetOf(wolf, "stats", CreatureSheet)).lastRender.header).text;
    expect(header).toContain("1 pace");
    expect(header).not.toContain("Schritt");
  });
});

describe("the item sheet", () => {
  /** The sword of a GM's character that everyone may observe, as `user` sees it. */
  async function swordSheet(user: Any) {
    const actor = (await createActor({ name: "Bela", type: "character", ownership: { default: 2 } })) as Any;
    const [sword] = await actor.createEmbeddedDocuments("Item", [{ name: "Kurzschwert", type: "weapon", system: { schaden: "1W8+1" } }]);
    return as(user, async () => {
      const sheet = new FlexItemSheet({ document: sword }) as Any;
      await sheet.render(true);
      return parse(Object.values(sheet.lastRender as Record<string, string>).join(""));
    });
  }

  it("read-only, an English observer reads 1d8+1 and a Russian one 1к8+1", async () => {
    speak("en");
    expect((await swordSheet(clients.players[0])).querySelector('[data-field="system.schaden"]')!.text.trim()).toBe("1d8+1");
    speak("ru");
    expect((await swordSheet(clients.players[0])).querySelector('[data-field="system.schaden"]')!.text.trim()).toBe("1к8+1");
  });

  it("editable, the input shows the stored 1W8+1 as 1d8+1 (stored as W again when sent); empty, it says what empty means (B-2)", async () => {
    speak("en");
    const html = await swordSheet(clients.gms[0]);
    const input = html.querySelector('input[name="system.schaden"]')!;
    expect(input.getAttribute("value")).toBe("1d8+1");
    expect(input.getAttribute("placeholder")).toBe("empty: no damage");
  });
});

describe("numbers with a true minus sign (issue 25: no ASCII hyphen-minus before a number)", () => {
  it.each([
    ["de", -3, "−3"],
    ["de", 12, "12"],
    ["de", 0, "0"],
    ["de", -0, "0"],
    ["de", -1.5, "−1,5"],
    ["en", -1, "−1"],
    ["en", 2.25, "2.25"],
    ["ru", -14, "−14"],
  ] as const)("%s: %s reads %s", (lang, n, text) => {
    speak(lang);
    expect(numberText(n)).toBe(text);
    expect(numberText(n)).not.toContain("-");
  });

  it("a card's EW below 0 through {{flexNumber}}", () => {
    speak("de");
    expect(g.Handlebars.compile("EW {{flexNumber ew}}")({ ew: -1 })).toBe("EW −1");
    expect(g.Handlebars.compile("{{flexNumber ew}}")({ ew: null })).toBe("");
  });

  it.each([
    ["de", "1d10 + 4 - 3", "W10 + 4 − 3"],
    ["en", "2d6kh - 2", "2d6 (highest) − 2"],
    ["ru", "-1 + 1d4", "−1 + к4"],
  ] as const)("%s: a formula with a minus, %s, reads %s", (lang, formula, text) => {
    speak(lang);
    expect(localFormula(formula)).toBe(text);
  });
});

describe("roll formulas shown to the table", () => {
  it.each([
    ["de", "1d8 + 3", "W8 + 3"],
    ["en", "1d8 + 3", "d8 + 3"],
    ["ru", "1d8 + 3", "к8 + 3"],
    ["de", "3d8kh + 2 - 1", "3W8 (höchster) + 2 − 1"],
    ["en", "2d10kl", "2d10 (lowest)"],
    ["ru", "2d6kh", "2к6 (наибольшая)"],
  ] as const)("%s: %s reads %s", (lang, formula, text) => {
    speak(lang);
    expect(localFormula(formula)).toBe(text);
  });
});

describe("the rest dialog", () => {
  it("the hit dice hint writes the hit die as the language does", async () => {
    speak("en");
    const actor = await alrik();
    const ctx = restAnswerContext(actor, actor.system, { type: "shortRest", seconds: 60, healer: false, kitCharges: 0 } as Any);
    expect((ctx.hitDice as { text: string }).text).toMatch(/\bd\d+ \+/);
    expect((ctx.hitDice as { text: string }).text).not.toMatch(/W\d/);
  });
});

describe("the cards", () => {
  it.each(LANGS)("%s: a check card shows the die with %s", async (lang, d) => {
    speak(lang);
    const actor = await alrik();
    rolls([10, 7]);
    await actor.rollTalent("Klingenwaffen");
    const card = parse((messages()[0] as Any).content);
    expect(card.querySelector(".flex-breakdown dt")!.text.trim()).toBe(`${d}10`);
  });

  it.each(LANGS)("%s: an attack card's check and damage use %s", async (lang, d) => {
    speak(lang);
    const actor = await alrik();
    const goblin = (await createActor({ name: "Goblin", type: "creature", system: { ausweichen: 5, leben: { value: 12, max: 12 } } })) as Any;
    const scene = await createScene();
    await placeToken(scene, actor);
    const gobToken = await placeToken(scene, goblin, { col: 1 });
    target(clients.players[0], gobToken);
    rolls([10, 7], [8, 4]);
    await as(clients.players[0], async () => {
      await actor.items.getName("Kurzschwert").roll({});
      await settle();
    });
    const card = parse((messages()[0] as Any).content);
    // The check's sum is on the card itself, die first (issue 25: no longer only in a tooltip).
    expect(card.querySelector(".flex-attack-check .flex-check-sum")!.text.trim()).toMatch(new RegExp(`^${d}10 7 `));
    // The damage with its faces (issue 36, C-4): 1W8+1 rolled 4.
    expect(card.querySelector(".flex-attack-damage")!.text).toContain(`1${d}8+1: 4 + 1`);
  });

  it("a Russian fall card: the height and the damage dice as Russians write them", async () => {
    speak("ru");
    const actor = await alrik();
    rolls([8, 1], [4, 2], [4, 2], [4, 2]);
    await actor.fall(3);
    await settle();
    const card = parse((messages()[0] as Any).content);
    expect(card.querySelector("h3")!.text).toBe("Падение: 3 шага");
    expect(card.querySelector(".flex-fall-damage")!.text).toContain("(3к4: 2 + 2 + 2)");
  });
});
