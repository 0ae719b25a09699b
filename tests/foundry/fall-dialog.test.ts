// The Sturz dialog (G-11, R-FALL-1 / R-FALL-2): a live line says what the typed height means, and the user may name
// what the character lands on among the scene's tokens; that choice reaches the fall and its card.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { FALL_DIALOG_TEMPLATE, fallDialogContext, fallTargetOptions, promptFallHeight } from "../../src/applications/dialogs/fall-dialog";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { as, createActor, createScene, messages, placeToken, resetWorld, settle, state, type Clients } from "../harness";
import { d4s, resetFallSettings, roll } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const DialogV2 = () => g.foundry.applications.api.DialogV2;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
  resetFallSettings();
  DialogV2().prompts.length = 0;
  DialogV2().answers.length = 0;
});

/** Alrik (KK W8, no Athletik, 30 Leben) at square 0, a wolf (20 Leben) far off at square 6, and a barrel flagged destructible. */
async function setup() {
  const scene = (await createScene()) as Any;
  const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { kk: 8 }, leben: { value: 30, max: 30 } } })) as Any;
  const wolf = (await createActor({ name: "Wolf", type: "creature", system: { attributes: { ge: 6 }, leben: { value: 20, max: 20 } } })) as Any;
  const heroToken = (await placeToken(scene, hero)) as Any;
  const wolfToken = (await placeToken(scene, wolf, { col: 6 })) as Any;
  const [barrel] = await scene.createEmbeddedDocuments("Token", [{ name: "Fass", x: 300, y: 0, flags: { flex: { destructible: true } } }]);
  return { scene, hero, wolf, heroToken, wolfToken, barrel };
}

const sheetClick = async (sheet: Any) => sheet.options.actions.fall.call(sheet, { shiftKey: false }, { dataset: {}, closest: () => ({ dataset: {} }) });
const card = () => messages()[0] as Any;

/** A minimal dialog element: the height field, the live line, and the field's input listener. */
function fakeDialog(height: string) {
  const input = { value: height, listener: () => {}, addEventListener: (_type: string, fn: () => void) => (input.listener = fn) };
  const line = { textContent: "" };
  const element = { querySelector: (sel: string) => (sel === "input[name='height']" ? input : sel === ".flex-fall-preview" ? line : null) };
  return { element, type: (value: string) => ((input.value = value), input.listener(), line.textContent) };
}

describe("the live line under the height (R-FALL-1)", () => {
  it("opens on 3 Schritt with its SW and damage, and follows what is typed", async () => {
    const html = parse(await g.foundry.applications.handlebars.renderTemplate(FALL_DIALOG_TEMPLATE, fallDialogContext([])));
    expect(html.querySelector("input[name=height]")?.getAttribute("value")).toBe("3");
    expect(html.querySelector(".flex-fall-preview")?.text).toBe("3 Schritt: Athletik-Probe gegen SW 9; bei Misslingen 3W4 Schaden (Ø 7,5), Rüstung zählt nicht.");
    // No scene, no tokens: no landing select.
    expect(html.querySelector("select[name=onto]")).toBeNull();

    DialogV2().answers.push(null);
    await promptFallHeight("Alrik");
    const dialog = fakeDialog("3");
    DialogV2().prompts.at(-1).render(new Event("render"), dialog);
    expect(dialog.type("5")).toBe("5 Schritt: Athletik-Probe gegen SW 15; bei Misslingen 5W4 Schaden (Ø 12,5), Rüstung zählt nicht.");
    expect(dialog.type("2")).toBe("2 Schritt: kein Sturz, also weder Probe noch Schaden.");
    expect(dialog.type("0")).toBe("0 Schritt: kein Sturz, also weder Probe noch Schaden.");
    expect(dialog.type("")).toBe("Gib die Fallhöhe als Zahl ein.");
    expect(dialog.type("hoch")).toBe("Gib die Fallhöhe als Zahl ein.");
  });

  it.each([
    ["en", "4 paces: Athletics check against threshold 12; on a failure 4d4 damage (avg. 10), armour does not count.", "1 pace: not a fall, so no check and no damage."],
    ["ru", "4 шага: проверка Атлетики против порога 12; при провале 4к4 урона (в среднем 10), броня не учитывается.", "1 шаг: это не падение — ни проверки, ни урона."],
  ])("in %s", async (lang, fall, noFall) => {
    g.game.i18n.lang = lang;
    DialogV2().answers.push(null);
    await promptFallHeight("Alrik");
    const dialog = fakeDialog("3");
    DialogV2().prompts.at(-1).render(new Event("render"), dialog);
    expect(dialog.type("4")).toBe(fall);
    expect(dialog.type("1")).toBe(noFall);
    expect([...g.game.i18n.missing]).toEqual([]);
  });
});

describe("a fall higher than Flex rolls (CONFIG.FLEX.maxFallHeight)", () => {
  it("the live line says so, and the fall itself says so instead of ending in silence: no card, no write", async () => {
    const { hero, heroToken } = await setup();
    DialogV2().answers.push(null);
    await promptFallHeight("Alrik");
    const dialog = fakeDialog("3");
    DialogV2().prompts.at(-1).render(new Event("render"), dialog);
    expect(dialog.type("100")).toContain("100 Schritt: Athletik-Probe gegen SW 300");
    expect(dialog.type("150")).toBe("150 Schritt: höher als 100 Schritt, so einen Sturz würfelt Flex nicht aus; das entscheidet die Spielleitung.");
    const writes = state.writes.length;
    const report = await as(clients.players[0], () => g.game.flex.fall(heroToken, 150));
    await settle();
    expect(report).toMatchObject({ fell: false, reason: "tooHigh" });
    expect(messages()).toHaveLength(0);
    expect(state.writes.length).toBe(writes);
    expect(hero.system.leben.value).toBe(30);
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.players[0].id, message: "Alrik stürzt höher als 100 Schritt: So einen Sturz würfelt Flex nicht aus, das entscheidet die Spielleitung." });
  });
});

describe("Landet auf (R-FALL-2)", () => {
  it("offers the scene's creatures and destructible objects, never the faller; a hidden token only to a GM", async () => {
    const { scene, hero } = await setup();
    const other = (await createActor({ name: "Späher", type: "creature" })) as Any;
    await placeToken(scene, other, { col: 8, hidden: true });
    await scene.createEmbeddedDocuments("Token", [{ name: "Markierung", x: 500, y: 0 }]); // neither actor nor flag: nothing to land on
    const labels = (isGM: boolean) => fallTargetOptions(hero, scene.tokens, { isGM, ownedOnly: false }).map((o) => o.label);
    expect(labels(true)).toEqual(["Fass (Objekt)", "Späher", "Wolf"]);
    expect(labels(false)).toEqual(["Fass (Objekt)", "Wolf"]);
    // When the GM resolves a player's fall, only what the player owns is offered (the GM would ignore the rest).
    const owned = await as(clients.players[0], () => fallTargetOptions(other, scene.tokens, { isGM: false, ownedOnly: true }));
    expect(owned.map((o) => o.label)).toEqual(["Alrik"]);
  });

  it("two tokens of one name are two choices a GM can tell apart", async () => {
    const { scene, hero } = await setup();
    const goblin = (await createActor({ name: "Goblin", type: "creature", prototypeToken: { actorLink: false } })) as Any;
    await placeToken(scene, goblin, { col: 6 });
    await placeToken(scene, goblin, { col: 7 });
    const options = fallTargetOptions(hero, scene.tokens, { isGM: true, ownedOnly: false });
    expect(options.map((o) => o.label)).toEqual(["Fass (Objekt)", "Goblin", "Goblin (2)", "Wolf"]);
    expect(new Set(options.map((o) => o.value)).size).toBe(4);
  });

  it("the sheet's Sturz button: the chosen wolf takes the same damage, though it stands nowhere near", async () => {
    const { hero, wolf, wolfToken } = await setup();
    const sheet = new CharacterSheet({ document: hero });
    await sheet.render(true);
    DialogV2().answers.push({ height: "4", onto: wolfToken.uuid });
    roll([8, 1], ...d4s(1, 2, 1, 2), [6, 2]); // Athletik 1 against SW 12; 4W4 = 6; the wolf's GE 2 does not dodge
    await sheetClick(sheet);
    await settle();
    const select = parse(DialogV2().prompts.at(-1).content).querySelector("select[name=onto]");
    expect(select?.querySelectorAll("option").map((o) => [o.getAttribute("value"), o.text])).toEqual([
      ["", "niemandem (Boden)"],
      [expect.stringContaining("Token."), "Fass (Objekt)"],
      [wolfToken.uuid, "Wolf"],
    ]);
    expect(messages()).toHaveLength(1);
    expect(card().flags.flex.fall).toMatchObject({ height: 4, sw: 12, target: { name: "Wolf", damage: 6 } });
    expect(parse(card().content).text).toContain("Alrik landet auf Wolf.");
    expect(wolf.system.leben.value).toBe(14);
    expect(hero.system.leben.value).toBe(24);
  });

  it("'niemandem' is the ground, even with a creature right below", async () => {
    const { scene, hero } = await setup();
    const below = (await createActor({ name: "Bär", type: "creature", system: { leben: { value: 30, max: 30 } } })) as Any;
    await placeToken(scene, below);
    const sheet = new CharacterSheet({ document: hero });
    DialogV2().answers.push({ height: "3", onto: "" });
    roll([8, 1], ...d4s(1, 1, 1));
    await sheetClick(sheet);
    await settle();
    expect(card().flags.flex.fall.target).toBeNull();
    expect(below.system.leben.value).toBe(30);
  });

  it("bad input is safe: a closed dialog or text as the height does nothing; a token gone meanwhile is the ground", async () => {
    const { hero, wolf, wolfToken } = await setup();
    const sheet = new CharacterSheet({ document: hero });
    DialogV2().answers.push(null);
    await sheetClick(sheet);
    DialogV2().answers.push({ height: "hoch", onto: wolfToken.uuid });
    await sheetClick(sheet);
    await settle();
    expect(messages()).toHaveLength(0);

    // The wolf leaves the scene while the dialog is open.
    DialogV2().stayOpen = true;
    const clicked = sheetClick(sheet);
    await settle();
    await wolfToken.delete();
    DialogV2().answerOpen("Alrik stürzt", { height: "3", onto: wolfToken.uuid });
    roll([8, 1], ...d4s(1, 1, 1));
    await clicked;
    await settle();
    expect(messages()).toHaveLength(1);
    expect(card().flags.flex.fall.target).toBeNull();
    expect(wolf.system.leben.value).toBe(20);
  });

  it("a player's sheet offers what the player may name when the GM rolls the fall", async () => {
    const { hero } = await setup();
    g.game.settings.values.set("flex.fallRoller", "gm");
    DialogV2().answers.push(null);
    await as(clients.players[0], () => sheetClick(new CharacterSheet({ document: hero })));
    // The wolf and the barrel are not the player's: the GM would ignore them, so they are not offered.
    expect(parse(DialogV2().prompts.at(-1).content).querySelector("select[name=onto]")).toBeNull();
  });
});
