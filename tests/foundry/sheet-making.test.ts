// What making, earning and resting add to a character sheet and the Actors sidebar: resources, crafting
// projects and fields in the inventory (rolled from there), the Work button, and the GM's sidebar buttons.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { as, createActor, resetWorld, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const DialogV2 = () => g.foundry.applications.api.DialogV2;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 2 });
  DialogV2().answers.length = 0;
  DialogV2().prompts.length = 0;
});

async function open(actor: Any, mode?: "edit") {
  const sheet = new CharacterSheet({ document: actor }) as Any;
  if (mode) sheet.mode = mode;
  sheet.changeTab("inventory", "primary");
  await sheet.render(true);
  return sheet;
}
const groups = (sheet: Any) => parse(sheet.lastRender.inventory).querySelectorAll(".flex-item-group h3 span").map((s) => s.text.trim());
const row = (sheet: Any, name: string) => parse(sheet.lastRender.inventory).querySelectorAll("li.flex-item").find((li) => li.querySelector(".flex-item-name")?.text.trim() === name);

async function crafter() {
  const actor = await createActor({ name: "Alvara", type: "character", system: { geld: 500 }, ownership: { default: 0, [clients.players[0].id]: 3 } });
  await actor.createEmbeddedDocuments("Item", [{ name: "Handwerk", type: "talent", system: { attribut: "ff", uebungswert: 4 } }]);
  return actor;
}

describe("the inventory shows resources, projects and fields", () => {
  it("a character without them shows none of these groups; in edit mode they are there to add one", async () => {
    const actor = await crafter();
    expect(groups(await open(actor))).toEqual(["Waffen", "Rüstungen", "Ausrüstung", "Alchemika"]);
    expect(groups(await open(actor, "edit"))).toEqual(["Waffen", "Rüstungen", "Ausrüstung", "Alchemika", "Ressourcen", "Herstellung", "Felder"]);
  });

  it("a resource shows its pool; a project and a field roll from their row (the crafting session, the field's work)", async () => {
    const actor = await crafter();
    await actor.createEmbeddedDocuments("Item", [
      { name: "Ki-Punkte", type: "resource", system: { art: "ki", vorrat: { value: 3, max: 5 } } },
      { name: "Langschwert", type: "project", system: { talent: "Handwerk" } },
      { name: "Kräutergarten", type: "plot", system: { pflanze: "Wirselkraut", parzellen: 2 } },
    ]);
    const sheet = await open(actor);
    expect(groups(sheet)).toEqual(["Waffen", "Rüstungen", "Ausrüstung", "Alchemika", "Ressourcen", "Herstellung", "Felder"]);
    expect(row(sheet, "Ki-Punkte")!.querySelectorAll(".flex-tag").map((t) => t.text)).toContain("3 / 5");
    expect(row(sheet, "Ki-Punkte")!.querySelector('[data-action="rollItem"]')).toBeNull();
    expect(row(sheet, "Langschwert")!.querySelector('[data-action="rollItem"]')).not.toBeNull();
    expect(row(sheet, "Kräutergarten")!.querySelector('[data-action="rollItem"]')).not.toBeNull();
  });
});

describe("R-MONEY-2 the Work button beside the money", () => {
  it("the owner sees it and it opens the work dialog for this character; another player does not see it", async () => {
    const actor = await crafter();
    const mine = await as(clients.players[0], () => open(actor));
    const button = parse(mine.lastRender.inventory).querySelector('button[data-action="work"]');
    expect(button?.text.trim()).toBe("Arbeiten");
    await as(clients.players[0], () => mine.options.actions.work.call(mine, {}, {}));
    expect(DialogV2().prompts).toHaveLength(1);
    expect(JSON.stringify(DialogV2().prompts[0])).toContain("Alvara");

    await actor.update({ ownership: { default: 2, [clients.players[0].id]: 3 } });
    const theirs = await as(clients.players[1], () => open(actor));
    expect(parse(theirs.lastRender.inventory).querySelector('button[data-action="work"]')).toBeNull();
  });
});

describe("the GM's buttons in the Actors sidebar", () => {
  /** v13's directory header as far as the hook reads it; clicks recorded like a browser would dispatch them. */
  function directory() {
    const html = parse(`<section class="actors-sidebar"><header class="directory-header"><div class="header-actions action-buttons"></div></header></section>`);
    const listeners = new Map<string, () => void>();
    const proto = Object.getPrototypeOf(html.querySelector(".header-actions")) as Any;
    proto.addEventListener = function (this: Any, _type: string, fn: () => void) {
      listeners.set(this.classList.value.join(" "), fn);
    };
    return { html, click: (cls: string) => listeners.get(cls)?.() };
  }
  const render = (html: Any) => g.Hooks.callAll("renderActorDirectory", {}, html, {}, {});

  it("a GM gets Tag beenden, Rast and Belohnung once, however often the sidebar renders; a player gets none", async () => {
    const { html } = directory();
    render(html);
    render(html);
    // In a row of their own under core's (review B-19), named for screen readers.
    const row = html.querySelector(".flex-directory-actions")!;
    expect(row.getAttribute("aria-label")).toBe("Spielleitung: Flex");
    expect(row.querySelectorAll("button").map((b) => b.text.trim())).toEqual(["Tag beenden", "Rast", "Belohnung"]);
    expect(html.querySelectorAll(".flex-directory-actions")).toHaveLength(1);
    const theirs = directory().html;
    as(clients.players[0], () => render(theirs));
    expect(theirs.querySelectorAll(".header-actions button")).toHaveLength(0);
  });

  it("Belohnung opens the reward helper with the party's suggested rewards", async () => {
    await crafter();
    const { html, click } = directory();
    render(html);
    click("flex-rewards");
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(DialogV2().prompts).toHaveLength(1);
    expect(JSON.stringify(DialogV2().prompts[0])).toContain("Alvara");
  });
});
