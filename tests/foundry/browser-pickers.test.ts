// Issue 26 scope 4: the compendium browser's select mode is the picker of each feature that picks a document — the
// crafting target (project sheet, game.flex.craft()), the short combat's enemies (the polymorph form and the creature
// to train are tested with their features: polymorph-hud.test.ts, companions-training.test.ts). Each offers what the
// feature can use and the user may see, and acts on the chosen UUID.
import { beforeEach, describe, expect, it } from "vitest";
import type { ShortCombatTool } from "../../src/applications/short-combat";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { as, createActor, createScene, placeToken, resetWorld, startClient, type Clients } from "../harness";
import { choose, click, pickerOn, resultTarget } from "./browser-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

describe("the crafting target (R-CRAFT-1)", () => {
  it("the project sheet's button offers what can be made from the packs and the world, and the chosen item becomes the target", async () => {
    await startClient({ lang: "de", systemPacks: ["ausruestung", "talente"] });
    const [player] = clients.players;
    const smith = await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [player.id]: 3 } });
    const [project] = await smith.createEmbeddedDocuments("Item", [{ name: "Herstellung", type: "project" }]);
    const sheet = new FlexItemSheet({ document: project } as never) as Any;
    await as(player, () => sheet.render(true));
    expect(Object.values(sheet.lastRender).join("")).toContain('data-detail="chooseTarget"');
    const chosen = as(player, () => sheet.options.actions.itemDetail.call(sheet, {}, { dataset: { detail: "chooseTarget" } }));
    const picker = await pickerOn(player);
    const types = new Set(picker.rowsOf("items").map((r) => r.type));
    expect([...types].sort()).toEqual(["alchemical", "armor", "equipment", "weapon"]);
    expect(picker.rowsOf("talents")).toEqual([]);
    const schwert = picker.rowsOf("items").find((r) => r.german === "Langschwert")!;
    await choose(picker, player, schwert.uuid);
    await chosen;
    expect(project.getFlag("flex", "ziel")).toMatchObject({ name: "Langschwert", type: "weapon" });
    expect(project.system.preis).toBeGreaterThan(0);
  });

  it("game.flex.craft() without an item asks in the browser; a spell is not offered, and a forged one is not taken", async () => {
    await startClient({ lang: "de", systemPacks: ["ausruestung"] });
    const gm = clients.gms[0];
    const smith = await createActor({ name: "Rikka", type: "character" });
    g.game.user.character = smith;
    try {
      const started = g.game.flex.craft();
      const picker = await pickerOn(gm);
      const spell = [...g.game.packs.get("flex.ausruestung").index.values()].find((e: Any) => e.type === "spell");
      expect(picker.rowsOf("items").some((r) => r.uuid === spell.uuid)).toBe(false);
      await click(picker, gm, "select", resultTarget(spell.uuid));
      await click(picker, gm, "choose");
      expect(picker.chosen.size).toBe(0);
      await picker.close();
      expect(await started).toBeNull();
      expect(smith.items.filter((i: Any) => i.type === "project")).toEqual([]);
    } finally {
      g.game.user.character = null;
    }
  });
});

describe("the short combat's enemies (R-SHORT-1)", () => {
  it("the GM picks several creatures of the world and the scene in the browser; a token stands for its actor; known ones are not added twice", async () => {
    const gm = clients.gms[0];
    const hero = await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 } });
    const oger = await createActor({ name: "Oger", type: "creature", system: { stufe: 2 } });
    const goblin = await createActor({ name: "Goblin", type: "creature", system: { stufe: 0.5 } });
    const wolfActor = await createActor({ name: "Wolf", type: "creature", system: { stufe: 1, schwimmt: true } });
    const scene = await createScene();
    const wolfToken = await placeToken(scene, wolfActor, { actorLink: false, name: "Wolf am Fluss" });
    const tool = (await as(gm, () => g.game.flex.shortCombat({ characters: [hero], enemies: [goblin] }))) as ShortCombatTool & Any;
    const picked = as(gm, () => tool.options.actions.pickEnemies.call(tool, {}, { dataset: {} }));
    const picker = await pickerOn(gm);
    const rows = picker.rowsOf("creatures");
    expect(rows.map((r) => r.name).sort()).toEqual(["Goblin", "Oger", "Wolf", "Wolf"]);
    const tokenRow = rows.find((r) => r.uuid === (wolfToken as Any).actor.uuid)!;
    await click(picker, gm, "toggleChoice", resultTarget(tokenRow.uuid));
    await click(picker, gm, "toggleChoice", resultTarget(oger.uuid));
    await click(picker, gm, "toggleChoice", resultTarget(goblin.uuid));
    await click(picker, gm, "choose");
    await picked;
    expect(tool.setup.enemies.map((e: Any) => e.name)).toEqual(["Goblin", "Wolf am Fluss", "Oger"]);
    expect(tool.setup.enemies[1].source).toBe(wolfToken);
    expect(Object.values(tool.lastRender).join("")).toContain('data-action="pickEnemies"');
  });
});
