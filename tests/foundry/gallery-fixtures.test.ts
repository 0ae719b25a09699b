// The gallery's fixtures tell the truth about the compendium (issue 36, review D; gallery-sheets B-20): a thing the
// gallery names after a pack document (Heiltrank, Kurzschwert, the Grauwolf …) has that document's values — its
// heilung, damage, price, size, attacks — and differs only in its state (how many, worn, hurt, whose, how trained).
// The check reads packs/_source, as the build does; a fixture that contradicts its pack fails here, in every language.
import { beforeEach, describe, expect, it } from "vitest";
import { grauwolf, packContradictions, packItem, rikka } from "../browser/fixtures";
import { createActor, resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

beforeEach(() => {
  resetWorld({ gms: 1, players: 1 });
});

describe.each(["de", "en", "ru"])("%s: the gallery's fixtures against their pack documents", (lang) => {
  beforeEach(() => {
    g.game.i18n.lang = lang;
  });

  it("Rikka's gear, talents and spells: every one the compendium has is the compendium's", async () => {
    const hero = await rikka();
    const problems = hero.items.contents.flatMap((i: Any) => packContradictions(i, ["ausruestung", "talente"]));
    expect(problems).toEqual([]);
    // The Heiltrank heals as the pack's does (a fixture potion that heals nothing was the review's complaint).
    const potion = hero.items.find((i: Any) => i.flags.flex?.sourceName === "Heiltrank");
    expect(potion.system.heilung).toBe("2W6");
  });

  it("the Grauwolf is the Begleiter pack's: its size, values and attacks; only its Leben, trainer and training are the gallery's", async () => {
    const hero = await rikka();
    const wolf = await grauwolf(hero);
    expect(packContradictions(wolf, ["begleiter"])).toEqual([]);
    expect(wolf.system.groesse).toBe("mittel");
    expect(wolf.system.reitbar).toBe(false);
    expect(wolf.items.find((i: Any) => i.flags.flex?.sourceName === "Biss").system.angriff).toBe("W8+3");
  });
});

describe("the check itself can fail", () => {
  it("a Heiltrank that heals nothing, a wolf made ridable and large, a bite without its attack value: each is named", async () => {
    g.game.i18n.lang = "de";
    const hero = await rikka();
    const [potion] = await hero.createEmbeddedDocuments("Item", [{ ...packItem("Heiltrank"), system: { stufe: 1, menge: 2, preis: 25 } }]);
    expect(packContradictions(potion, ["ausruestung"])).toContain('Heiltrank system.heilung: "" ≠ "2W6"');
    const wolf = await grauwolf(hero);
    await wolf.update({ "system.reitbar": true, "system.groesse": "gross" });
    expect(packContradictions(wolf, ["begleiter"])).toEqual(expect.arrayContaining(["Grauwolf system.groesse: \"gross\" ≠ \"mittel\"", "Grauwolf system.reitbar: true ≠ false"]));
    const other = await createActor({ name: "Grauwolf", type: "creature", system: { groesse: "mittel" } });
    await other.createEmbeddedDocuments("Item", [{ name: "Biss", type: "attack", system: { schaden: "1W8", aktionen: 2 } }]);
    expect(packContradictions(other, ["begleiter"])).toEqual(expect.arrayContaining([expect.stringContaining("Grauwolf's Biss system.angriff")]));
    expect(() => packItem("Heiltrank", { heilung: "" })).toThrow(/may not change Heiltrank's heilung/);
  });
});
