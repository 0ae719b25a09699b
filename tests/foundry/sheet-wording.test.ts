// What a German player reads in the sheet's header and rows (issue 16): the edit toggle names what it does,
// Rüstung says where it comes from, armour and equipped items use Flex's words, house-rule values explain themselves.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { createActor, resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = () => globalThis as Any;

beforeEach(() => {
  resetWorld({ gms: 1, players: 1 });
});

async function open(actor: Any, setup: (sheet: Any) => void = () => {}) {
  const sheet = new CharacterSheet({ document: actor }) as Any;
  setup(sheet);
  await sheet.render(true);
  return sheet;
}
const header = (sheet: Any) => parse(sheet.lastRender.header);
const armourStat = (sheet: Any) => header(sheet).querySelectorAll(".flex-stat").find((s) => s.querySelector("dt")?.text.trim() === "Rüstung")!;

async function knight(base = 1) {
  const actor = await createActor({ name: "Ritterin", type: "character", system: { ruestung: base } });
  await actor.createEmbeddedDocuments("Item", [
    { name: "Kettenhemd", type: "armor", system: { wert: 2, ausgeruestet: true } },
    { name: "Langschwert", type: "weapon", system: { schaden: "1W8", ausgeruestet: true } },
  ]);
  return actor;
}

describe("the header", () => {
  it("the mode toggle is a control of the window's header that names the action; it follows the mode; an observer has none", async () => {
    const actor = await knight();
    const sheet = await open(actor);
    const control = () => sheet.window.header.querySelector(".flex-mode-control");
    expect(control().getAttribute("aria-label")).toBe(g().game.i18n.localize("FLEX.Sheet.ToEditMode"));
    expect(control().getAttribute("data-action")).toBe("toggleMode");
    // Before the close button, like core's own header controls.
    expect(sheet.window.header.querySelectorAll(".header-control").map((b: Any) => b.getAttribute("data-action"))).toEqual(["toggleMode", "close"]);
    sheet.mode = "edit";
    await sheet.render();
    expect(control().getAttribute("aria-label")).toBe(g().game.i18n.localize("FLEX.Sheet.ToPlayMode"));
    expect(control().getAttribute("aria-pressed")).toBe("true");
    expect(sheet.window.header.querySelectorAll(".flex-mode-control")).toHaveLength(1);
    expect(header(sheet).querySelector(".flex-mode-toggle")).toBeNull();

    await actor.update({ ownership: { default: 2 } });
    const { as } = await import("../harness");
    const player = g().game.users.find((u: Any) => !u.isGM);
    const observed = await as(player, () => open(actor));
    expect(observed.window.header.querySelector(".flex-mode-control")).toBeNull();
  });

  it("Rüstung shows the total and how much the worn armour gives; edit mode edits the base value", async () => {
    const actor = await knight(1);
    const play = armourStat(await open(actor));
    expect(play.querySelector("dd span")!.text).toBe("3");
    expect(play.querySelector(".hint")!.text).toBe("davon 2 aus Rüstung");
    const edit = armourStat(await open(actor, (s) => (s.mode = "edit")));
    expect(edit.querySelector("input")!.getAttribute("value")).toBe("1");
    expect(edit.querySelector(".hint")!.text).toBe("Grundwert, + 2 aus Rüstung");
  });

  it("B-16: all of it from the worn armour (no base value): no 'davon 2 aus Rüstung' beside a 2; edit mode still says what the field holds", async () => {
    const actor = await knight(0);
    const play = armourStat(await open(actor));
    expect(play.querySelector("dd span")!.text).toBe("2");
    expect(play.querySelector(".hint")).toBeNull();
    expect(armourStat(await open(actor, (s) => (s.mode = "edit"))).querySelector(".hint")!.text).toBe("Grundwert, + 2 aus Rüstung");
  });

  it("without worn armour there is no hint", async () => {
    const actor = await createActor({ name: "Magierin", type: "character", system: { ruestung: 1 } });
    expect(armourStat(await open(actor)).querySelector(".hint")).toBeNull();
  });
});

describe("rows and values", () => {
  it("armour reads Rüstung 2 and a wielded sword Ausgerüstet", async () => {
    const sheet = await open(await knight(), (s) => s.changeTab("inventory", "primary"));
    const tags = (name: string) =>
      parse(sheet.lastRender.inventory).querySelectorAll("li.flex-item").find((li) => li.querySelector(".flex-item-name")!.text.trim() === name)!.querySelectorAll(".flex-tag").map((t) => t.text);
    expect(tags("Kettenhemd")).toEqual(["Rüstung 2", "Ausgerüstet"]);
    expect(tags("Langschwert")).toContain("Ausgerüstet");
  });

  it("Trefferwürfel and Übungsbonus (from the house rules) explain themselves in a tooltip", async () => {
    const stats = parse((await open(await knight())).lastRender.stats);
    const tip = (label: string) => stats.querySelectorAll("[data-tooltip]").find((d) => d.querySelector("dt")?.text.trim() === label)?.getAttribute("data-tooltip");
    expect(tip("Trefferwürfel")).toMatch(/Rastregeln.*KO/);
    expect(tip("Übungsbonus")).toMatch(/2 \+ \(Level − 1\) ÷ 4/);
  });
});

describe("in Russian", () => {
  it("today's needs read the same for every character: Еда, Вода, Сон (not the masculine Ел, Пил, Спал)", async () => {
    (globalThis as Any).game.i18n.lang = "ru";
    const stats = parse((await open(await knight())).lastRender.stats);
    const needs = stats.querySelectorAll("fieldset label").map((l) => l.text.trim());
    expect(needs).toEqual(["Еда", "Вода", "Сон"]);
  });
});

describe("the check dialog says what is rolled", () => {
  const DialogV2 = () => (globalThis as Any).foundry.applications.api.DialogV2;
  const click = async (sheet: Any, action: string, dataset: Record<string, string>) => sheet.options.actions[action].call(sheet, {}, { dataset, closest: () => ({ dataset }) });

  it("a talent: the attribute die, the Übungswert and the Erschöpfung malus, before anything is chosen", async () => {
    DialogV2().prompts.length = 0;
    const actor = await createActor({ name: "Alrik", type: "character", system: { erschoepfung: { value: 2 }, attributes: { kk: 10 } } });
    const [talent] = await actor.createEmbeddedDocuments("Item", [{ name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 4 } }]);
    const sheet = await open(actor, (s) => s.changeTab("talents", "primary"));
    await click(sheet, "rollTalent", { itemId: talent.id });
    const box = parse(String(DialogV2().prompts[0].content)).querySelector(".flex-check-breakdown")!;
    expect(box.text.replace(/\s+/g, " ").trim()).toBe("Gewürfelt wird KK W10 + 4 Übungswert − 2 Erschöpfung");
  });

  it("an attribute: the die and the halved malus, no Übungswert", async () => {
    DialogV2().prompts.length = 0;
    const actor = await createActor({ name: "Alrik", type: "character", system: { erschoepfung: { value: 2 }, attributes: { ge: 8 } } });
    const sheet = await open(actor);
    await click(sheet, "rollAttribute", { attribute: "ge" });
    const box = parse(String(DialogV2().prompts[0].content)).querySelector(".flex-check-breakdown")!;
    expect(box.text.replace(/\s+/g, " ").trim()).toBe("Gewürfelt wird GE W8 − 1 Erschöpfung");
  });
});

describe("the status strip under the header (on every tab)", () => {
  const strip = (sheet: Any) => header(sheet).querySelectorAll(".flex-status-strip .flex-chip").map((c) => ({ key: c.getAttribute("data-chip"), text: c.text.trim(), cls: c.getAttribute("class") }));

  it("shows Erschöpfung with its malus once there is some; rested, the strip does not mention it", async () => {
    const actor = await knight();
    expect(strip(await open(actor)).find((c) => c.key === "erschoepfung")).toBeUndefined();
    await actor.update({ "system.erschoepfung.value": 3 });
    const chip = strip(await open(actor))[0]!;
    expect(chip.text).toBe(`Erschöpfung 3 (−${actor.system.derived.malus.talent})`);
    expect(chip.cls).toContain("warn");
  });

  it("under water it shows the breath die; dying is no chip among others but a banner that says what happens next", async () => {
    const actor = await knight();
    await actor.toggleStatusEffect("underwater", { active: true });
    await actor.toggleStatusEffect("dying", { active: true });
    const sheet = await open(actor);
    const chips = strip(sheet);
    expect(chips.find((c) => c.key === "atem")!.text).toMatch(/^Atemwürfel W\d+$/);
    expect(chips.find((c) => c.key === "dying")).toBeUndefined();
    expect(chips.find((c) => c.key === "underwater")).toBeDefined();
    const banner = header(sheet).querySelector(".flex-life-banner.dying")!;
    expect(banner.getAttribute("role")).toBe("status");
    expect(banner.text.replace(/\s+/g, " ").trim()).toBe("Im Sterben Bei 0 Leben, noch nicht tot. Heilung über 0 Leben beendet es.");
  });

  it("is part of the header, so every tab shows it", async () => {
    const actor = await knight();
    await actor.update({ "system.erschoepfung.value": 1 });
    for (const tab of ["stats", "talents", "inventory", "effects", "biography"]) {
      const sheet = await open(actor, (s) => s.changeTab(tab, "primary"));
      expect(strip(sheet).length, tab).toBeGreaterThan(0);
    }
  });

  it("Rüstung's tooltip names the worn armour", async () => {
    const actor = await knight();
    expect(armourStat(await open(actor)).getAttribute("data-tooltip")).toBe("Getragen: Kettenhemd 2");
  });
});

describe("G-8 the check dialog names the attribute and says what the roll can reach against the SW (R-CORE-4, R-CORE-5)", () => {
  it("W6 + 3 − 2 with 1 Vorteil against SW 12: 'EW 2 bis 7 gegen SW 12: nicht zu schaffen'; without SW the range; a reachable SW its chance", async () => {
    const { liveCheckLine, checkBreakdown } = await import("../../src/applications/dialogs/check-dialog");
    const fmt = (key: string, data: Record<string, string>) => g().game.i18n.format(key, data);
    const b = checkBreakdown({ die: 6, kind: "talent", uebungswert: 3, modifier: -2, erschoepfung: 0 }, [], "KK");
    expect(b.attribute).toBe("KK");
    expect(liveCheckLine(b.base, { vorteile: 1, nachteile: 0, modifier: 0 }, fmt, 12).outlook).toBe("EW 2 bis 7 gegen SW 12: nicht zu schaffen");
    expect(liveCheckLine(b.base, { vorteile: 0, nachteile: 0, modifier: 0 }, fmt).outlook).toBe("EW 2 bis 7");
    expect(liveCheckLine(b.base, { vorteile: 0, nachteile: 0, modifier: 0 }, fmt, 6).outlook).toMatch(/^EW 2 bis 7 gegen SW 6: Chance 33\s?%$/);
  });

  it("the dialog says 'Gewürfelt wird KK W6' for Athletik (KK) and shows the outlook line", async () => {
    const { checkBreakdownFor } = await import("../../src/applications/dialogs/check-request");
    const actor = await g().Actor.implementation.create({ name: "Tarek", type: "character", system: { attributes: { kk: 6 } } });
    const [athletik] = await actor.createEmbeddedDocuments("Item", [{ name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 3 } }]);
    const breakdown = checkBreakdownFor(actor, { talent: athletik })!;
    expect(breakdown.attribute).toBe("KK");
    const html = await g().foundry.applications.handlebars.renderTemplate("systems/flex/templates/dialogs/check-dialog.hbs", { breakdown, sw: 12, live: { dice: "", formula: "", outlook: "EW 4 bis 9 gegen SW 12: nicht zu schaffen" } });
    expect(html).toMatch(/<strong>KK W6<\/strong>/);
    expect(html).toContain('class="hint flex-check-outlook"');
  });
});

describe("the check dialog follows the user's choices live (R-CORE-5)", () => {
  it("the line says how many dice and which counts, and the formula, as Vorteile, Nachteile and modifier change", async () => {
    const { liveCheckLine, bindLiveCheckLine, checkBreakdown } = await import("../../src/applications/dialogs/check-dialog");
    const fmt = (key: string, data: Record<string, string>) => g().game.i18n.format(key, data);
    const breakdown = checkBreakdown({ die: 10, kind: "talent", uebungswert: 4, modifier: 0, erschoepfung: 4, vorteile: 0, nachteile: 1 }, []);
    // One automatic Nachteil (under water, say): alone it keeps the lowest of 2.
    expect(liveCheckLine(breakdown.base, { vorteile: 0, nachteile: 0, modifier: 0 }, fmt)).toMatchObject({ dice: "2 × W10, der niedrigste zählt", formula: `2W10 (niedrigster) + 4 − ${breakdown.malus}` });
    // The user's 1 Vorteil cancels it; 3 Vorteile keep the highest of 3; a modifier joins the formula.
    expect(liveCheckLine(breakdown.base, { vorteile: 1, nachteile: 0, modifier: 0 }, fmt).dice).toBe("1 × W10");
    expect(liveCheckLine(breakdown.base, { vorteile: 3, nachteile: 0, modifier: 2 }, fmt)).toMatchObject({ dice: "3 × W10, der höchste zählt", formula: `3W10 (höchster) + 4 + 2 − ${breakdown.malus}` });

    // In the dialog (a minimal element: its fields, the live line and the form's input event), typing updates the line.
    const fields: Record<string, { value: string }> = { vorteile: { value: "0" }, nachteile: { value: "0" }, modifier: { value: "0" } };
    const dice = { textContent: "" };
    const formula = { textContent: "" };
    let onInput: () => void = () => {};
    const element = {
      querySelector: (sel: string) =>
        sel === ".flex-check-live" ? { querySelector: (s: string) => (s === ".flex-check-live-dice" ? dice : formula) }
        : sel === ".flex-check-dialog" ? { addEventListener: (_t: string, fn: () => void) => (onInput = fn) }
        : fields[/name="(\w+)"/.exec(sel)?.[1] ?? ""] ?? null,
    } as unknown as HTMLElement;
    bindLiveCheckLine(element, breakdown.base);
    expect(dice.textContent).toBe("2 × W10, der niedrigste zählt");
    fields.vorteile!.value = "2";
    onInput();
    expect(dice.textContent).toBe("2 × W10, der höchste zählt");
    fields.modifier!.value = "Text";
    onInput();
    expect(formula.textContent).toBe(`2W10 (höchster) + 4 − ${breakdown.malus}`);
  });
});
