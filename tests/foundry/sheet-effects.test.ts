// The Effekte tab as a player sees it: effects grouped Temporär / Passiv / Inaktiv with their source and
// duration, created, edited, toggled and deleted from the rendered sheet's own buttons; an item's effect shown
// with its item and toggled on it; observers see the effects but no controls.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { as, createActor, resetWorld, settle, state, writesOf, type Clients } from "../harness";
import { renderedElement } from "../harness/applications";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 2 });
  g.game.time.worldTime = 0;
  g.foundry.applications.api.DialogV2.answers.length = 0;
  g.foundry.applications.api.DialogV2.prompts.length = 0;
});

/** Alrik, owned by player 1: Segen (his own, lasting), Hast (3 KR), Fluch (switched off), a ring that transfers Stärke. */
async function alrik() {
  const player = clients.players[0];
  const actor = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [player.id]: 3 } })) as Any;
  await actor.createEmbeddedDocuments("Item", [
    {
      name: "Ring der Stärke",
      type: "equipment",
      effects: [
        { name: "Stärke", img: "icons/svg/upgrade.svg", transfer: true },
        { name: "Nur am Ring", transfer: false },
      ],
    },
  ]);
  await actor.createEmbeddedDocuments("ActiveEffect", [
    { name: "Segen", img: "icons/svg/angel.svg" },
    { name: "Hast", duration: { rounds: 3 } },
    { name: "Fluch", disabled: true },
  ]);
  return actor;
}

async function open(actor: Any, { user = clients.players[0], edit = false } = {}) {
  return as(user, async () => {
    const sheet = new CharacterSheet({ document: actor }) as Any;
    if (edit) sheet.mode = "edit";
    sheet.changeTab("effects", "primary");
    await sheet.render(true);
    return sheet;
  });
}

const tab = (sheet: Any) => parse(sheet.lastRender.effects);
/** Each group's heading and the names of its rows (or its empty hint). */
function groups(sheet: Any) {
  return Object.fromEntries(
    tab(sheet)
      .querySelectorAll("section[data-effect-group]")
      .map((g) => [g.getAttribute("data-effect-group"), { title: g.querySelector("h4")!.text.trim(), rows: g.querySelectorAll(".flex-effect .flex-item-name").map((n) => n.text.trim()), hint: g.querySelector(".hint")?.text.trim() ?? null }]),
  );
}
/** The text of a row's source and duration cells, and the source's tooltip. */
function cells(sheet: Any, name: string) {
  const row = tab(sheet).querySelectorAll(".flex-effect").find((r) => r.querySelector(".flex-item-name")!.text.trim() === name);
  if (!row) throw new Error(`no row for ${name}`);
  const source = row.querySelector(".flex-effect-source")!;
  return { source: source.text.trim(), tooltip: source.getAttribute("data-tooltip"), duration: row.querySelector(".flex-effect-duration")!.text.trim(), row };
}

/** Foundry runs a clicked [data-action]'s handler with the sheet as `this`, the event and the clicked element. */
async function click(sheet: Any, selector: string, user = clients.players[0]) {
  const el = renderedElement(sheet).querySelector(selector);
  if (!el) throw new Error(`nothing on the rendered sheet matches ${selector}`);
  await as(user, () => sheet.options.actions[el.dataset.action!].call(sheet, { shiftKey: false }, el));
  await as(user, () => sheet.render());
}
const rowOf = (effect: Any) => `[data-effect-id="${effect.id}"]`;
const effectNamed = (actor: Any, name: string) => [...actor.allApplicableEffects()].find((e: Any) => e.name === name);

describe("the three groups", () => {
  it("Temporär holds what has a duration, Passiv what lasts, Inaktiv what is switched off; the item's own-only effect stays away", async () => {
    const sheet = await open(await alrik());
    expect(groups(sheet)).toEqual({
      temporary: { title: "Temporär", rows: ["Hast"], hint: null },
      passive: { title: "Passiv", rows: ["Segen", "Stärke"], hint: null },
      inactive: { title: "Inaktiv", rows: ["Fluch"], hint: null },
    });
  });

  it("an actor without effects sees each group with its empty hint, in every language", async () => {
    const actor = (await createActor({ name: "Leer", type: "character" })) as Any;
    const hints: Record<string, string[]> = {};
    for (const lang of ["de", "en", "ru"]) {
      g.game.i18n.lang = lang;
      const sheet = await open(actor, { user: clients.gms[0] });
      hints[lang] = Object.values(groups(sheet)).map((grp: Any) => `${grp.title}: ${grp.hint}`);
    }
    expect(hints).toEqual({
      de: ["Temporär: Keine Effekte mit Dauer.", "Passiv: Keine dauerhaften Effekte.", "Inaktiv: Keine ausgeschalteten Effekte."],
      en: ["Temporary: No effects with a duration.", "Passive: No lasting effects.", "Inactive: No switched-off effects."],
      ru: ["Временные: Эффектов с длительностью нет.", "Постоянные: Постоянных эффектов нет.", "Неактивные: Отключённых эффектов нет."],
    });
    expect([...g.game.i18n.missing]).toEqual([]);
  });

  it("a status toggled above is not listed again below; one with a duration is, under Temporär, and a switched-off one under Inaktiv", async () => {
    const actor = await alrik();
    await actor.toggleStatusEffect("prone", { active: true });
    await actor.createEmbeddedDocuments("ActiveEffect", [
      { name: "Betäubt (2 KR)", statuses: ["stun"], duration: { rounds: 2 } },
      { name: "Blind (aus)", statuses: ["blind"], disabled: true },
    ]);
    const sheet = await open(actor);
    expect(tab(sheet).querySelector('[data-status="prone"]')!.getAttribute("aria-pressed")).toBe("true");
    expect(tab(sheet).querySelector('[data-status="blind"]')!.getAttribute("aria-pressed")).toBe("false");
    expect(groups(sheet).temporary.rows).toEqual(["Betäubt (2 KR)", "Hast"]);
    expect(groups(sheet).inactive.rows).toEqual(["Blind (aus)", "Fluch"]);
    expect(Object.values(groups(sheet)).flatMap((grp: Any) => grp.rows)).not.toContain("Liegend");
  });
});

describe("source and duration", () => {
  it("the actor's own effect says eigene, the ring's effect names the ring, an effect another actor caused names that actor", async () => {
    const actor = await alrik();
    const bela = (await createActor({ name: "Bela", type: "character" })) as Any;
    await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Gebannt", origin: bela.uuid }]);
    const sheet = await open(actor);
    expect(cells(sheet, "Segen")).toMatchObject({ source: "eigene", duration: "" });
    expect(cells(sheet, "Stärke")).toMatchObject({ source: "Ring der Stärke", tooltip: "Kommt von „Ring der Stärke“ und wird dort bearbeitet." });
    expect(cells(sheet, "Gebannt").source).toBe("Bela");
  });

  it("rounds count down in the running combat from the round the effect began: 3 KR, then noch 2 KR, then abgelaufen", async () => {
    const actor = await alrik();
    expect(cells(await open(actor), "Hast").duration).toBe("3 KR");
    const combat = await g.Combat.create({});
    await combat.startCombat();
    const [wut] = await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Wut", duration: { rounds: 3 } }]);
    await combat.nextRound();
    await settle();
    expect(cells(await open(actor), "Wut").duration).toBe("noch 2 KR");
    g.game.i18n.lang = "ru";
    expect(cells(await open(actor), "Wut").duration).toBe("осталось 2 раунда");
    g.game.i18n.lang = "en";
    expect(cells(await open(actor), "Wut").duration).toBe("2 rounds left");
    g.game.i18n.lang = "de";
    for (let i = 0; i < 3; i++) await combat.nextRound();
    await settle();
    expect(cells(await open(actor), "Wut").duration).toBe("abgelaufen");
    expect(wut.duration.startRound).toBe(1);
  });

  it("a duration in seconds counts down with the world time, in minutes, hours or days as they fit", async () => {
    const actor = await alrik();
    await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Wache", duration: { seconds: 600 } }, { name: "Gelübde", duration: { seconds: 3 * 86400 } }]);
    g.game.time.worldTime = 60;
    let sheet = await open(actor);
    expect(groups(sheet).temporary.rows).toEqual(expect.arrayContaining(["Wache", "Gelübde"]));
    expect(cells(sheet, "Wache").duration).toBe("noch 9 Minuten");
    expect(cells(sheet, "Gelübde").duration).toBe("noch 3 Tage");
    g.game.i18n.lang = "ru";
    expect(cells(await open(actor), "Wache").duration).toBe("осталось 9 минут");
    g.game.i18n.lang = "de";
    g.game.time.worldTime = 600;
    sheet = await open(actor);
    expect(cells(sheet, "Wache").duration).toBe("abgelaufen");
    expect([...g.game.i18n.missing]).toEqual([]);
  });
});

describe("creating an effect", () => {
  it.each([
    ["temporary", "Temporär", "1 KR", false],
    ["passive", "Passiv", "", false],
    ["inactive", "Inaktiv", "", true],
  ])("the + of %s makes one Neuer Effekt there and opens its sheet", async (group, _title, duration, disabled) => {
    const actor = await alrik();
    const sheet = await open(actor, { edit: true });
    const before = writesOf({ action: "create", documentName: "ActiveEffect" }).length;
    await click(sheet, `[data-action="createEffect"][data-effect-group="${group}"]`);
    expect(writesOf({ action: "create", documentName: "ActiveEffect" })).toHaveLength(before + 1);
    const created = actor.effects.getName("Neuer Effekt");
    expect(created).toMatchObject({ disabled, img: "systems/flex/assets/icons/default/effect.svg" });
    expect(created.sheet.rendered).toBe(true);
    expect(groups(sheet)[group].rows).toContain("Neuer Effekt");
    expect(cells(sheet, "Neuer Effekt")).toMatchObject({ source: "eigene", duration });
  });

  it("a double click on + makes one effect, not two", async () => {
    const actor = await alrik();
    const sheet = await open(actor, { edit: true });
    const plus = renderedElement(sheet).querySelector('[data-action="createEffect"][data-effect-group="passive"]')!;
    const handler = sheet.options.actions.createEffect;
    await as(clients.players[0], () => Promise.all([handler.call(sheet, {}, plus), handler.call(sheet, {}, plus)]));
    expect(actor.effects.filter((e: Any) => e.name === "Neuer Effekt")).toHaveLength(1);
  });

  it("the + appears in edit mode only", async () => {
    const actor = await alrik();
    expect(tab(await open(actor)).querySelectorAll('[data-action="createEffect"]')).toHaveLength(0);
    expect(tab(await open(actor, { edit: true })).querySelectorAll('[data-action="createEffect"]')).toHaveLength(3);
  });
});

describe("editing, toggling and deleting", () => {
  it("the pencil opens the effect's config sheet", async () => {
    const actor = await alrik();
    const sheet = await open(actor, { edit: true });
    const segen = actor.effects.getName("Segen");
    await click(sheet, `${rowOf(segen)} [data-action="editEffect"]`);
    expect(segen.sheet.rendered).toBe(true);
  });

  it("the toggle moves an effect to Inaktiv and back, in play mode too", async () => {
    const actor = await alrik();
    const sheet = await open(actor);
    const segen = actor.effects.getName("Segen");
    await click(sheet, `${rowOf(segen)} [data-action="toggleEffect"]`);
    expect(groups(sheet).inactive.rows).toEqual(["Fluch", "Segen"]);
    expect(cells(sheet, "Segen").row.querySelector('[data-action="toggleEffect"]')!.getAttribute("aria-label")).toBe("Segen einschalten");
    await click(sheet, `${rowOf(segen)} [data-action="toggleEffect"]`);
    expect(groups(sheet).passive.rows).toEqual(["Segen", "Stärke"]);
  });

  it("delete asks first; a double click asks once and deletes once", async () => {
    const actor = await alrik();
    const sheet = await open(actor, { edit: true });
    const segen = actor.effects.getName("Segen");
    const { DialogV2 } = g.foundry.applications.api;
    DialogV2.answers.push(true, true);
    const bin = renderedElement(sheet).querySelector(`${rowOf(segen)} [data-action="deleteEffect"]`)!;
    const handler = sheet.options.actions.deleteEffect;
    await as(clients.players[0], () => Promise.all([handler.call(sheet, {}, bin), handler.call(sheet, {}, bin)]));
    expect(DialogV2.prompts).toHaveLength(1);
    expect(writesOf({ action: "delete", documentName: "ActiveEffect" })).toHaveLength(1);
    expect(actor.effects.getName("Segen")).toBeUndefined();
    expect(state.errors).toEqual([]);
  });

  it("a No in the confirm deletes nothing", async () => {
    const actor = await alrik();
    const sheet = await open(actor, { edit: true });
    g.foundry.applications.api.DialogV2.answers.push(false);
    await click(sheet, `${rowOf(actor.effects.getName("Hast"))} [data-action="deleteEffect"]`);
    expect(writesOf({ action: "delete", documentName: "ActiveEffect" })).toHaveLength(0);
    expect(groups(sheet).temporary.rows).toEqual(["Hast"]);
  });
});

describe("an effect the ring transfers", () => {
  it("is toggled on the ring from the actor sheet, and moves to Inaktiv", async () => {
    const actor = await alrik();
    const ring = actor.items.getName("Ring der Stärke");
    const staerke = effectNamed(actor, "Stärke");
    const sheet = await open(actor);
    await click(sheet, `${rowOf(staerke)} [data-action="toggleEffect"]`);
    const [write] = writesOf({ action: "update", documentName: "ActiveEffect" });
    expect(write).toMatchObject({ parent: ring.uuid, ids: [staerke.id], userId: clients.players[0].id });
    expect(ring.effects.get(staerke.id).disabled).toBe(true);
    expect(groups(sheet).inactive.rows).toEqual(["Fluch", "Stärke"]);
    expect(cells(sheet, "Stärke").source).toBe("Ring der Stärke");
  });

  it("is edited on the ring: the pencil opens the ring's effect; it has no delete here and cannot be dragged off", async () => {
    const actor = await alrik();
    const staerke = effectNamed(actor, "Stärke");
    const sheet = await open(actor, { edit: true });
    await click(sheet, `${rowOf(staerke)} [data-action="editEffect"]`);
    expect(staerke.sheet.rendered).toBe(true);
    expect(staerke.parent.name).toBe("Ring der Stärke");
    const row = cells(sheet, "Stärke").row;
    expect(row.querySelector('[data-action="deleteEffect"]')).toBeNull();
    expect(row.classList.contains("draggable")).toBe(false);
    expect(cells(sheet, "Segen").row.classList.contains("draggable")).toBe(true);
  });
});

describe("who sees controls", () => {
  it("an observer sees the effects, their source and duration, and no button to change them", async () => {
    const actor = await alrik();
    await actor.update({ ownership: { default: 0, [clients.players[0].id]: 3, [clients.players[1].id]: 2 } });
    const sheet = await open(actor, { user: clients.players[1], edit: true });
    expect(groups(sheet).passive.rows).toEqual(["Segen", "Stärke"]);
    expect(cells(sheet, "Hast").duration).toBe("3 KR");
    expect(tab(sheet).querySelectorAll('[data-action$="Effect"]')).toHaveLength(0);
  });

  it("the owner in play mode may toggle and look, but creates and deletes only in edit mode", async () => {
    const actor = await alrik();
    const actions = (sheet: Any) => [...new Set(tab(sheet).querySelectorAll('[data-action$="Effect"]').map((b) => b.getAttribute("data-action")))].sort();
    expect(actions(await open(actor))).toEqual(["editEffect", "toggleEffect"]);
    expect(actions(await open(actor, { edit: true }))).toEqual(["createEffect", "deleteEffect", "editEffect", "toggleEffect"]);
  });
});
