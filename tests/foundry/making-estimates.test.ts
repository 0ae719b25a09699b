// How long a project takes, before the click (G-19, G-20; R-CRAFT-1, R-TRAIN-1): the craft start says about how many
// Einheiten the accumulating check needs to the goal, following pieces, talent and complexity as they change; the
// session says it from where the project stands, and its clock box how far the clock moves for the Einheiten typed.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { CRAFT_SESSION_TEMPLATE, CRAFT_START_TEMPLATE, craftEstimateText, craftSessionContext, craftStartContext, openCraftingSession, sessionTimeText, startCrafting } from "../../src/applications/dialogs/crafting-dialog";
import { as, createActor, resetWorld, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const DialogV2 = () => g.foundry.applications.api.DialogV2;
const render = (template: string, context: unknown) => g.foundry.applications.handlebars.renderTemplate(template, context);
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
  DialogV2().prompts.length = 0;
  DialogV2().answers.length = 0;
});

/** Rikka, the player's: FF W10, Schmieden ÜW 3, so a check is W10 + 3 (EW 4 to 13). */
async function smith() {
  const actor = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { geld: 500, attributes: { ff: 10 } } })) as Any;
  await actor.createEmbeddedDocuments("Item", [{ name: "Schmieden", type: "talent", system: { attribut: "ff", uebungswert: 3 } }]);
  return actor;
}
const item = (preis: number) => g.Item.create({ name: "Langschwert", type: "weapon", system: { preis } });

/** A minimal dialog element over the rendered form: its fields by name, its live values by data-show, the form's input event. */
function fakeDialog(html: string, rootClass: string) {
  const doc = parse(html);
  const rootEl = doc.querySelector(rootClass)!;
  const fields: Record<string, { value: string; disabled?: boolean; checked?: boolean }> = {};
  for (const el of doc.querySelectorAll("[name]")) {
    const value = el.tagName === "SELECT" ? (el.querySelector("option[selected]")?.getAttribute("value") ?? "") : (el.getAttribute("value") ?? "");
    fields[el.getAttribute("name")!] = { value };
  }
  const shown: Record<string, { textContent: string }> = {};
  for (const el of doc.querySelectorAll("[data-show]")) shown[el.getAttribute("data-show")!] = { textContent: el.text };
  const listeners: (() => void)[] = [];
  const listen = (_type: string, fn: () => void) => listeners.push(fn);
  const find = (sel: string) => {
    const name = /\[name='(\w+)'\]/.exec(sel)?.[1];
    if (name) return fields[name] ? Object.assign(fields[name], { addEventListener: listen }) : null;
    const key = /\[data-show='(\w+)'\]/.exec(sel)?.[1];
    return key ? (shown[key] ?? null) : null;
  };
  const dataset = Object.fromEntries(Object.entries(rootEl.attributes).filter(([k]) => k.startsWith("data-")).map(([k, v]) => [k.slice(5), v]));
  const root = { dataset, querySelector: find, addEventListener: listen };
  const element = { querySelector: (sel: string) => (sel === rootClass ? root : find(sel)) };
  const set = (name: string, value: string) => {
    fields[name]!.value = value;
    for (const fn of listeners) fn();
  };
  return { element, shown, set };
}

describe("the craft start's estimate to the goal (G-19)", () => {
  it("one piece of 150 ¥ is 50 EW: W10 + 3 against SW 12 adds 12 or 13 once in 5 Einheiten, about 22 of them", async () => {
    const actor = await smith();
    const source = await item(150);
    const context = craftStartContext(source, actor) as Any;
    expect(context.estimate).toBe("≈ 22 Einheiten (88 h)");
    const html = parse(await render(CRAFT_START_TEMPLATE, context));
    const row = html.querySelector("[data-show=estimate]")!;
    expect(row.previousElementSibling?.text).toBe("Bis zum Ziel");
    expect(row.getAttribute("data-mode")).toBe("probe");
    expect(row.text).toBe("≈ 22 Einheiten (88 h)");
  });

  it("follows the pieces, the complexity and the talent as the player changes them", async () => {
    const actor = await smith();
    const source = await item(150);
    DialogV2().answers.push(null);
    await as(clients.players[0], () => startCrafting(source, actor));
    const config = DialogV2().prompts.at(-1);
    const dialog = fakeDialog(config.content, ".flex-craft-start");
    config.render(new Event("render"), dialog);
    expect(dialog.shown.estimate!.textContent).toBe("≈ 22 Einheiten (88 h)");
    // Two pieces, 300 ¥: 100 EW.
    dialog.set("menge", "2");
    expect(dialog.shown.estimate!.textContent).toBe("≈ 42 Einheiten (168 h)");
    // Text in the field counts as one piece, as the project would.
    dialog.set("menge", "viele");
    expect(dialog.shown.estimate!.textContent).toBe("≈ 22 Einheiten (88 h)");
    // SW 15 is out of W10 + 3's reach.
    dialog.set("komplexitaet", "fortgeschritten");
    expect(dialog.shown.estimate!.textContent).toBe("nicht erreichbar");
    dialog.set("talent", "");
    expect(dialog.shown.estimate!.textContent).toBe("–");
  });

  it.each([
    ["en", "≈ 22 stints (88 h)", "out of reach"],
    ["ru", "≈ 22 занятия (88 ч)", "недостижимо"],
  ])("in %s", async (lang, estimate, never) => {
    g.game.i18n.lang = lang;
    const chances = Array.from({ length: 10 }, (_, i) => ({ ew: i + 4, p: 0.1 }));
    expect(craftEstimateText(50, 12, chances)).toBe(estimate);
    expect(craftEstimateText(50, 15, chances)).toBe(never);
    expect([...g.game.i18n.missing]).toEqual([]);
  });
});

describe("the craft session (G-20)", () => {
  async function paidProject(mode: "probe" | "arbeitstage") {
    const actor = await smith();
    const source = await g.Item.create({ name: "Dolch", type: "weapon", system: { preis: 40 } });
    const p = await as(clients.players[0], () => g.game.flex.making.createProject(actor, source, { complexity: "einfach", talent: "Schmieden", mode }));
    await as(clients.players[0], () => g.game.flex.making.payMaterials(p));
    return { actor, p };
  }

  it("says how long the rest takes and how far the clock moves for the Einheiten typed", async () => {
    const actor = await smith();
    const source = await g.Item.create({ name: "Dolch", type: "weapon", system: { preis: 40 } }); // 15 EW
    const p = await as(clients.players[0], () => g.game.flex.making.createProject(actor, source, { complexity: "einfach", talent: "Schmieden" }));
    await as(clients.players[0], () => g.game.flex.making.payMaterials(p));
    const context = await as(clients.players[0], () => craftSessionContext(p, actor));
    const html = parse(await render(CRAFT_SESSION_TEMPLATE, context));
    // 15 EW: two successes of 1 in 5, exactly 10 Einheiten on average.
    expect(html.querySelector(".flex-making-estimate")?.text).toBe("Bis zum Ziel: ≈ 10 Einheiten (40 h)");
    expect(html.querySelector("label.flex-check-label")?.text.trim()).toBe("Weltzeit um die Arbeitszeit vorrücken: bis zu 4\u00a0Stunden (4 Stunden je Einheit)");

    DialogV2().answers.push(null);
    await as(clients.players[0], () => openCraftingSession(p));
    const config = DialogV2().prompts.at(-1);
    const dialog = fakeDialog(config.content, ".flex-craft-session");
    config.render(new Event("render"), dialog);
    dialog.set("amount", "3");
    expect(dialog.shown.time!.textContent).toBe("12\u00a0Stunden");
    // As the session reads the field: text is one Einheit, too many are the most a session works (42).
    dialog.set("amount", "Text");
    expect(dialog.shown.time!.textContent).toBe("4\u00a0Stunden");
    dialog.set("amount", "99");
    expect(dialog.shown.time!.textContent).toBe("168\u00a0Stunden");
  });

  it("in Arbeitstage the clock moves a day per workday, and there is no check to estimate", async () => {
    const { actor, p } = await paidProject("arbeitstage");
    const context = await as(clients.players[0], () => craftSessionContext(p, actor));
    expect(context).toMatchObject({ probe: false, estimate: null, time: "1\u00a0Tag" });
    expect(parse(await render(CRAFT_SESSION_TEMPLATE, context)).querySelector("label.flex-check-label")?.text.trim()).toBe("Weltzeit um die Arbeitszeit vorrücken: bis zu 1\u00a0Tag (1 Tag je Arbeitstag)");
    expect(sessionTimeText(false, "3", 30)).toBe("3\u00a0Tage");
  });

  it("a check that cannot meet the SW shows the outlook's refusal and no estimate", async () => {
    const { actor, p } = await paidProject("probe");
    await as(clients.players[0], () => p.update({ "system.komplexitaet": "komplex" })); // SW 18 against EW 4 to 13
    const context = await as(clients.players[0], () => craftSessionContext(p, actor));
    expect(context).toMatchObject({ hopeless: true, estimate: null, outlook: "EW 4 bis 13 gegen SW 18: keine Einheit kann gelingen" });
  });
});
