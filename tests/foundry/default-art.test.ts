// The system's own pictures (issue 36): what a new actor, item or effect shows, and every status on the sheet, is the
// system's (game-icons.net, assets/icons/), never core's white line art; the sheet tints them with the text colour.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { DEFAULT_ART } from "../../src/helpers/default-art";
import { FlexActor } from "../../src/documents/actor";
import { createActor, resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

beforeEach(() => {
  resetWorld({ gms: 1 });
});

describe("a new document's picture is the system's for its type", () => {
  it.each(["character", "creature", "loot"])("a new %s actor", async (type) => {
    const actor = await createActor({ name: "Neu", type });
    expect(actor.img).toBe(DEFAULT_ART[type]);
  });

  it.each(["talent", "weapon", "armor", "equipment", "alchemical", "spell", "attack", "passive", "resource"])("a new %s item", async (type) => {
    const actor = await createActor({ name: "Alrik", type: "character" });
    const [item] = await actor.createEmbeddedDocuments("Item", [{ name: "Neu", type }]);
    expect(item.img).toBe(DEFAULT_ART[type]);
  });

  it("a token shows its actor's own picture (a creature from the pack), else the type's", () => {
    const art = (data: Record<string, unknown>) => FlexActor.getDefaultArtwork(data);
    const wolf = "systems/flex/assets/icons/creature/wolf-head.svg";
    expect(art({ type: "creature", img: wolf })).toMatchObject({ img: DEFAULT_ART.creature, texture: { src: wolf } });
    expect(art({ type: "creature" }).texture).toEqual({ src: DEFAULT_ART.creature });
  });

  it("a picture chosen by the creator stays", async () => {
    const actor = await createActor({ name: "Alrik", type: "character", img: "worlds/x/alrik.webp" });
    expect(actor.img).toBe("worlds/x/alrik.webp");
  });
});

describe("statuses show the system's pictures, tinted on the sheet", () => {
  it("every status the sheet offers has a picture under systems/flex/assets/icons/status/", async () => {
    const offered = g.CONFIG.statusEffects.filter((s: Any) => s.hud !== false);
    expect(offered.length).toBe(18 + 8);
    for (const s of offered) expect(s.img, s.id).toBe(`systems/flex/assets/icons/status/${s.id}.svg`);
  });

  it("the status toggles draw the glyph as a mask (data-flex-glyph), not the file's tile", async () => {
    const actor = await createActor({ name: "Alrik", type: "character" });
    const sheet = new CharacterSheet({ document: actor }) as Any;
    sheet.changeTab("effects", "primary");
    await sheet.render(true);
    const imgs = parse(sheet.lastRender.effects).querySelectorAll("[data-action='toggleStatus'] img");
    expect(imgs.length).toBe(26);
    for (const img of imgs) {
      expect(img.hasAttribute("data-flex-glyph")).toBe(true);
      expect(img.getAttribute("style")).toContain(`url('${img.getAttribute("src")!.replace("/assets/icons/", "/assets/icons/glyph/")}')`);
    }
  });
});
