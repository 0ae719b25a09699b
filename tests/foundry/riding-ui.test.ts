// Riding on the sheets and the token HUD (R-RIDE-1, R-RIDE-2, R-RIDE-4): what a player sees and clicks.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { CreatureSheet } from "../../src/applications/sheets/creature-sheet";
import { as, resetWorld, target, type Clients } from "../harness";
import { acting, at, riding, ridingTable } from "./riding-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  g.game.i18n.lang = "de";
});

/** The tab that shows riding: a character's Begleiter (beside its companions), a creature's Werte. */
async function stats(Sheet: Any, actor: Any, user: Any) {
  const sheet = new Sheet({ document: actor });
  const tab = actor.type === "character" ? "companions" : "stats";
  sheet.changeTab(tab, "primary");
  await as(user, () => sheet.render(true));
  return { sheet, html: parse(sheet.lastRender[tab]), header: parse(sheet.lastRender.header) };
}

async function click(sheet: Any, user: Any, action: string, dataset: Record<string, string>) {
  const button = { dataset, closest: () => ({ dataset }) };
  await acting(user, () => sheet.options.actions[action].call(sheet, {}, button));
}

/** A stand-in for the HUD's element: node-html-parser's, with the click listeners the HUD adds. */
function hudElement() {
  const root = parse(`<div id="token-hud"><div class="col left"><button type="button" class="control-icon" data-action="target"></button></div><div class="col right"></div></div>`).firstElementChild as Any;
  const proto = Object.getPrototypeOf(root);
  proto.addEventListener ??= function (this: Any, type: string, fn: (e: unknown) => void) {
    (this.listeners ??= {})[type] = fn;
  };
  return root;
}

describe("the character sheet's Reiten section", () => {
  it("lists the wolf with an Aufsitzen button; clicking it mounts; then it says 'Beritten auf Grauwolf' with Absitzen", async () => {
    const { hero, wolf, heroToken, wolfToken } = await ridingTable(clients);
    const player = clients.players[0];
    const { sheet, html } = await stats(CharacterSheet, hero, player);
    const button = html.querySelector("[data-action='flexMount']")!;
    expect(button.getAttribute("data-mount")).toBe(wolfToken.uuid);
    // Its accessible name starts with what it shows (WCAG 2.5.3) and names the mount.
    expect(button.text.replace(/\s+/g, " ").trim()).toBe("Aufsitzen: Grauwolf");
    expect(html.querySelector(".flex-riding")!.text).toContain("Aufsitzen kostet 2 Aktionen, Absitzen 1.");

    await click(sheet, player, "flexMount", { rider: heroToken.uuid, mount: wolfToken.uuid });
    expect(riding(heroToken)).toEqual({ mount: wolfToken.id });

    const after = await stats(CharacterSheet, hero, player);
    expect(after.html.querySelector(".flex-riding-pair")!.text).toContain("Beritten auf Grauwolf");
    expect(after.html.querySelector("[data-action='flexDismount']")!.getAttribute("data-token")).toBe(heroToken.uuid);
    // R-RIDE-4: the header shows the wolf's speed (10) and swimming speed (5), not Rikka's 6.
    expect(after.header.text).toContain("10 Schritt");
    expect(after.header.text).toContain("schwimmend 5");
    // The mount's name is a tooltip away, so a long one never pushes Rüstung to a second line.
    expect(after.header.querySelector(".flex-stat .fa-horse")!.closest(".flex-stat")!.getAttribute("data-tooltip")).toBe("von Grauwolf, schwimmend 5 Schritt");

    const wolfSheet = await stats(CreatureSheet, wolf, player);
    expect(wolfSheet.html.querySelector(".flex-riding-pair")!.text).toContain("Trägt Rikka");

    await click(after.sheet, player, "flexDismount", { token: heroToken.uuid });
    expect(riding(heroToken)).toBeNull();
    expect(at(heroToken)).toEqual({ x: 200, y: 200, elevation: 0 });
  });

  it("a wolf too far away is listed with the reason, without a button", async () => {
    const { hero, wolfToken } = await ridingTable(clients);
    await acting(clients.gms[0], () => wolfToken.move({ x: 700 }));
    const { html } = await stats(CharacterSheet, hero, clients.players[0]);
    expect(html.querySelector("[data-action='flexMount']")).toBeNull();
    expect(html.querySelector(".flex-riding-blocked")!.text).toContain("zu weit weg");
  });

  it("no ridable companion on the scene: no Reiten section", async () => {
    const { hero } = await ridingTable(clients, { ridable: false });
    const { html } = await stats(CharacterSheet, hero, clients.players[0]);
    expect(html.querySelector(".flex-riding")).toBeNull();
  });
});

describe("the token HUD's riding button", () => {
  it("on Rikka: Aufsitzen onto the wolf; once mounted: Absitzen; a player without rights sees none", async () => {
    const { heroToken, wolfToken } = await ridingTable(clients);
    const player = clients.players[0];
    const html = hudElement();
    await as(player, () => g.Hooks.callAll("renderTokenHUD", { object: { document: heroToken } }, html, {}, {}));
    const button = html.querySelector("button.flex-riding");
    expect(button.getAttribute("aria-label")).toBe("Rikka sitzt auf Grauwolf auf (2 Aktionen)");
    expect(html.querySelector(".col.left").childNodes.filter((n: Any) => n.tagName === "BUTTON")).toHaveLength(2);
    await acting(player, () => button.listeners.click({ preventDefault() {} }));
    expect(riding(heroToken)).toEqual({ mount: wolfToken.id });

    const again = hudElement();
    await as(player, () => g.Hooks.callAll("renderTokenHUD", { document: wolfToken }, again, {}, {}));
    const off = again.querySelector("button.flex-riding");
    expect(off.getAttribute("aria-label")).toBe("Rikka sitzt von Grauwolf ab (1 Aktion)");
    expect(off.classList.contains("active")).toBe(true);
    await acting(player, () => off.listeners.click({ preventDefault() {} }));
    expect(riding(heroToken)).toBeNull();

    const stranger = hudElement();
    await as(clients.players[2], () => g.Hooks.callAll("renderTokenHUD", { document: heroToken }, stranger, {}, {}));
    expect(stranger.querySelector("button.flex-riding")).toBeNull();
  });

  it("with two ridable companions in reach, the targeted one is mounted", async () => {
    const { heroToken, wolf, scene } = await ridingTable(clients);
    const { placeToken, createActor } = await import("../harness");
    const horse = await createActor({ name: "Schimmel", type: "creature", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { groesse: "gross", reitbar: true, trainer: wolf.system.trainer } });
    const horseToken = await placeToken(scene, horse, { col: 0, row: 3 });
    target(clients.players[0], horseToken);
    const html = hudElement();
    await as(clients.players[0], () => g.Hooks.callAll("renderTokenHUD", { object: { document: heroToken } }, html, {}, {}));
    expect(html.querySelector("button.flex-riding").getAttribute("aria-label")).toBe("Rikka sitzt auf Schimmel auf (2 Aktionen)");
  });
});
