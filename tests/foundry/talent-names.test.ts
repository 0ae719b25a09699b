// Issue 28 scope 1: a talent is stored by its key (the German name the rules use) and shown by its label in the
// world's language, in every place a user sees it: the weapon's and the project's talent choice (each talent once), the
// missing-talent warning and tag, a creature's handling talent on its sheet and on its trainer's Begleiter tab.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { CreatureSheet } from "../../src/applications/sheets/creature-sheet";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { compareNames, talentLabel } from "../../src/applications/talent-names";
import { translateSource } from "../../src/helpers/pack-i18n";
import { createActor, resetWorld, startClient } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const DIR = join(import.meta.dirname, "..", "..", "packs", "_source", "talente");
const html = (sheet: Any) => Object.values(sheet.lastRender as Record<string, string>).join("\n");

/** The compendium's talents as a table in `lang` imports them: translated name, the German kept as the source name. */
function imported(lang: string, keep: (german: string) => boolean): Any[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".yml"))
    .map((f) => yaml.load(readFileSync(join(DIR, f), "utf8")) as Any)
    .filter((t) => keep(t.name))
    .map((t) => translateSource(t, lang))
    .map((t) => ({ name: t.name, type: "talent", system: t.system, flags: { flex: { sourceName: t.flags.flex.sourceName } } }));
}

async function render(Sheet: Any, document: Any, tab?: string) {
  const sheet = new Sheet({ document });
  if (tab) sheet.changeTab(tab, "primary");
  await sheet.render(true);
  return { sheet, dom: parse(html(sheet)) };
}

const optionsOf = (dom: Any, name: string) => dom.querySelectorAll(`select[name="${name}"] option`).map((o: Any) => [o.getAttribute("value"), o.text.trim(), o.hasAttribute("selected")]);

describe.each([
  ["en", "Blades", "Impact Weapons", "Animal Handling"],
  ["ru", "Клинковое оружие", "Ударное оружие", "Обращение с животными"],
])("in %s", (lang, blades, impact, handling) => {
  beforeEach(async () => {
    resetWorld({ gms: 1 });
    await startClient({ lang, systemPacks: ["talente"] });
  });

  it("a weapon's Kampfart: each talent once, shown translated, stored by its German key; a name stored in the world's language selects the same talent", async () => {
    const hero = (await createActor({ name: "Rikka", type: "character" })) as Any;
    await hero.createEmbeddedDocuments("Item", imported(lang, (n) => n !== "Hiebwaffen"));
    const [sword, sabre] = await hero.createEmbeddedDocuments("Item", [
      { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen" } },
      { name: "Säbel", type: "weapon", system: { talent: blades } },
    ]);
    for (const weapon of [sword, sabre]) {
      const options = optionsOf((await render(FlexItemSheet, weapon)).dom, "system.talent");
      expect(options.filter((o: Any) => o[2])).toEqual([["Klingenwaffen", blades, true]]);
      expect(options.map((o: Any) => o[1]).filter((l: string) => l === "Klingenwaffen")).toEqual([]);
      expect(new Set(options.map((o: Any) => o[0])).size).toBe(options.length);
    }
  });

  it("a missing Kampfart is named in the world's language in the warning and on the row's tag", async () => {
    const hero = (await createActor({ name: "Rikka", type: "character" })) as Any;
    await hero.createEmbeddedDocuments("Item", imported(lang, (n) => n !== "Hiebwaffen"));
    const [flail] = await hero.createEmbeddedDocuments("Item", [{ name: "Flegel", type: "weapon", system: { talent: "Hiebwaffen" } }]);
    const item = (await render(FlexItemSheet, flail)).dom;
    expect(item.querySelector(".flex-warning")!.text).toContain(impact);
    expect(item.toString()).not.toContain("Hiebwaffen<");
    const { sheet } = await render(CharacterSheet, hero, "inventory");
    expect(sheet.itemRow(flail).missingTalent.tooltip).toContain(impact);
    expect(sheet.itemRow(flail).missingTalent.tooltip).not.toContain("Hiebwaffen");
  });

  it("a creature's handling talent (set by the rules in German) is shown translated on its sheet and its trainer's Begleiter tab", async () => {
    const hero = (await createActor({ name: "Rikka", type: "character" })) as Any;
    await hero.createEmbeddedDocuments("Item", imported(lang, () => true));
    const wolf = (await createActor({ name: "Wolf", type: "creature", system: { art: "tier", trainierbar: true, trainer: hero.uuid } })) as Any;
    const own = (await render(CreatureSheet, wolf)).dom;
    expect(own.toString()).toContain(handling);
    expect(own.toString()).not.toContain("Mit Tieren umgehen");
    const tab = (await render(CharacterSheet, hero, "companions")).dom.querySelector(".flex-companion-stats")!.toString();
    expect(tab).toContain(handling);
    expect(tab).not.toContain("Mit Tieren umgehen");
  });

  it("a crafting project's talent: shown translated, stored by key", async () => {
    // Only the two imported talents: without the general ones a new character would come with (starter-talents.ts).
    await (globalThis as Any).game.settings.set("flex", "starterTalents", false);
    const hero = (await createActor({ name: "Rikka", type: "character" })) as Any;
    await hero.createEmbeddedDocuments("Item", imported(lang, (n) => ["Handwerk", "Alchemie"].includes(n)));
    const [project] = await hero.createEmbeddedDocuments("Item", [{ name: "Projekt", type: "project", system: { talent: "Handwerk" } }]);
    const options = optionsOf((await render(FlexItemSheet, project)).dom, "system.talent");
    expect(options.slice(1).map((o: Any) => o[0]).sort()).toEqual(["Alchemie", "Handwerk"]);
    expect(options.find((o: Any) => o[2])![0]).toBe("Handwerk");
    expect(options.find((o: Any) => o[2])![1]).not.toBe("Handwerk");
  });

  it("a name no talent knows is shown as stored", () => {
    expect(talentLabel("Peitschen")).toBe("Peitschen");
    expect(talentLabel("Mit Tieren umgehen")).toBe(handling);
  });
});

describe("names in the reader's order", () => {
  it("numbers as numbers, letters with accents among their base letter", () => {
    resetWorld({ gms: 1 });
    const names = ["Waffe 61", "Waffe 6", "Waffe 11", "Waffe 56", "Waffe 1", "Äxte", "Bogen", "axt"];
    expect(names.sort(compareNames)).toEqual(["axt", "Äxte", "Bogen", "Waffe 1", "Waffe 6", "Waffe 11", "Waffe 56", "Waffe 61"]);
  });
});
