// Issue 17 scope 3: the system's compendium documents are shown in the world's language. German is the
// document itself; flags.flex.i18n.<lang> carries English and Russian. What a user sees: the sheet of a pack
// document, what they import, and the automation still finding a talent named in German by the rules.
import { beforeEach, describe, expect, it } from "vitest";
import { PACK_LANGUAGES, translateSource, TRANSLATABLE_PATHS } from "../../src/helpers/pack-i18n";
import { keepIndexShown, showPack } from "../../src/helpers/pack-index";
import { PACK_LANGUAGES as TOOL_LANGUAGES, TRANSLATABLE_PATHS as TOOL_PATHS } from "../../tools/pack-i18n.mjs";
import { addDocumentToCompendium, createActor, resetWorld, state } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

const athletik = () => ({
  name: "Athletik",
  type: "talent",
  system: { attribut: "kk", uebungswert: 0, kategorie: "allgemein", beschreibung: "<p>Klettern und Springen.</p>" },
  flags: {
    flex: {
      i18n: {
        en: { name: "Athletics", system: { beschreibung: "<p>Climbing and jumping.</p>" } },
        ru: { name: "Атлетика", system: { beschreibung: "<p>Лазание и прыжки.</p>" } },
      },
    },
  },
});

const wolf = () => ({
  name: "Grauwolf",
  type: "creature",
  system: { stufe: 1, beschreibung: "<p>Ein Wolf.</p>" },
  prototypeToken: { name: "Grauwolf" },
  flags: { flex: { i18n: { en: { name: "Grey wolf", system: { beschreibung: "<p>A wolf.</p>" } }, ru: { name: "Серый волк" } } } },
  items: [
    {
      _id: "bite000000000000",
      name: "Biss",
      type: "attack",
      system: { angriff: "W8+3", schaden: "1W8", beschreibung: "<p>Beißt.</p>" },
      flags: { flex: { i18n: { en: { name: "Bite", system: { beschreibung: "<p>Bites.</p>", schaden: "9W12" } }, ru: { name: "Укус" } } } },
    },
  ],
});

beforeEach(() => {
  resetWorld({ gms: 1 });
});

describe("a pack document in the world's language", () => {
  it("German world: the document as written", () => {
    const item = addDocumentToCompendium("talente", "Item", athletik()) as Any;
    expect(item.name).toBe("Athletik");
    expect(item.system.beschreibung).toBe("<p>Klettern und Springen.</p>");
  });

  it("English and Russian worlds: name and description translated, the German name kept for the rules", () => {
    g.game.i18n.lang = "en";
    const en = addDocumentToCompendium("talente", "Item", athletik()) as Any;
    expect(en.name).toBe("Athletics");
    expect(en.system.beschreibung).toBe("<p>Climbing and jumping.</p>");
    expect(en.flags.flex.sourceName).toBe("Athletik");
    g.game.i18n.lang = "ru";
    const ru = addDocumentToCompendium("talente", "Item", athletik()) as Any;
    expect(ru.name).toBe("Атлетика");
    expect(ru.system.attribut).toBe("kk");
  });

  it("a creature: its attacks and its token's name too; a translation never changes a formula", () => {
    g.game.i18n.lang = "en";
    const actor = addDocumentToCompendium("bestiarium", "Actor", wolf()) as Any;
    expect(actor.name).toBe("Grey wolf");
    expect(actor.prototypeToken.name).toBe("Grey wolf");
    const bite = actor.items.get("bite000000000000");
    expect(bite.name).toBe("Bite");
    expect(bite.system.beschreibung).toBe("<p>Bites.</p>");
    expect(bite.system.schaden).toBe("1W8");
    g.game.i18n.lang = "ru";
    const ru = addDocumentToCompendium("bestiarium", "Actor", wolf()) as Any;
    expect(ru.name).toBe("Серый волк");
    // No Russian description: the German one stays rather than nothing.
    expect(ru.system.beschreibung).toBe("<p>Ein Wolf.</p>");
  });

  it("a world document (not from a pack) is never translated", async () => {
    g.game.i18n.lang = "en";
    const actor = (await createActor({ name: "Grauwolf", type: "creature", flags: wolf().flags })) as Any;
    expect(actor.name).toBe("Grauwolf");
  });

  it("a corrupt translation flag leaves the document as it is, and it loads", () => {
    g.game.i18n.lang = "en";
    for (const i18n of ["garbage", { en: "x" }, { en: { name: 5, system: "y" } }, { en: { name: "   " } }, { en: { system: { beschreibung: ["a"] } } }]) {
      const item = addDocumentToCompendium("talente", "Item", { ...athletik(), flags: { flex: { i18n } } }) as Any;
      expect(item.name).toBe("Athletik");
      expect(item.system.beschreibung).toBe("<p>Klettern und Springen.</p>");
    }
  });

  it("the runtime and the pack check agree on what a translation may change", () => {
    expect([...TRANSLATABLE_PATHS]).toEqual(TOOL_PATHS);
    expect([...PACK_LANGUAGES]).toEqual(TOOL_LANGUAGES);
    const out = translateSource({ name: "A", img: "a.svg", system: { schaden: "1W6" }, flags: { flex: { i18n: { en: { name: "B", img: "evil.svg", system: { schaden: "99W6" } } } } } }, "en");
    expect(out).toMatchObject({ name: "B", img: "a.svg", system: { schaden: "1W6" } });
  });
});

describe("imported into the world", () => {
  it("keeps the translated text, leaves the translations behind, and the rules find the talent by its German name", async () => {
    g.game.i18n.lang = "en";
    const talent = addDocumentToCompendium("talente", "Item", athletik()) as Any;
    const actor = (await createActor({ name: "Alrik", type: "character", items: [talent.toObject()] })) as Any;
    const owned = actor.items.contents[0];
    expect(owned.name).toBe("Athletics");
    expect(owned.flags.flex.i18n).toBeUndefined();
    expect(owned.flags.flex.sourceName).toBe("Athletik");
    expect(actor.findTalent("Athletik")?.id).toBe(owned.id);
    expect(actor.findTalent("athletics")?.id).toBe(owned.id);
    expect(actor.findTalent("Schwimmen")).toBeUndefined();
    // An empty name names no talent (it would otherwise match every talent without a German name of its own).
    const other = (await createActor({ name: "Bela", type: "character", items: [{ name: "Schwimmen", type: "talent" }] })) as Any;
    expect(other.findTalent("")).toBeUndefined();
    expect(other.findTalent("  ")).toBeUndefined();

    const world = (await g.Item.create(talent.toObject())) as Any;
    expect(world.name).toBe("Athletics");
    expect(world.flags.flex.i18n).toBeUndefined();
    expect(state.notifications.filter((n: Any) => n.type === "error")).toEqual([]);
  });

  it("a weapon naming the German Kampfart is not flagged 'talent missing' when the talent was imported in English", async () => {
    const { missingTalent } = await import("../../src/data/item/talent-link");
    g.game.i18n.lang = "en";
    const blades = addDocumentToCompendium("talente", "Item", {
      ...athletik(),
      name: "Klingenwaffen",
      system: { attribut: "ge", kategorie: "kampfart", beschreibung: "<p>Klingen.</p>" },
      flags: { flex: { i18n: { en: { name: "Blades" }, ru: { name: "Клинковое оружие" } } } },
    }) as Any;
    const actor = (await createActor({ name: "Alrik", type: "character", items: [blades.toObject(), { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen" } }] })) as Any;
    expect(actor.items.getName("Blades")).toBeDefined();
    expect(missingTalent(actor.items.getName("Kurzschwert"))).toBeNull();
    expect(missingTalent({ type: "weapon", system: { talent: "Stangenwaffen" }, actor })).not.toBeNull();
  });

  it("a creature imported keeps its translated attacks without their translations", async () => {
    g.game.i18n.lang = "ru";
    const source = (addDocumentToCompendium("bestiarium", "Actor", wolf()) as Any).toObject();
    const actor = (await g.Actor.create(source)) as Any;
    expect(actor.name).toBe("Серый волк");
    expect(actor.flags.flex.i18n).toBeUndefined();
    expect(actor.items.contents[0].name).toBe("Укус");
    expect(actor.items.contents[0].flags.flex.i18n).toBeUndefined();
  });
});

describe("the compendium sidebar lists the packs translated", () => {
  const pack = (collection: string, locked = true) => ({
    collection,
    locked,
    index: new Map([
      ["a", { _id: "a", name: "Athletik", flags: { flex: { i18n: { en: { name: "Athletics" } } } } }],
      ["b", { _id: "b", name: "Ohne Übersetzung" }],
    ]),
    folders: [{ name: "Kampf", _source: { name: "Kampf", flags: { flex: { i18n: { en: { name: "Combat" } } } } }, updateSource(c: Any) { this._source = { ...this._source, name: c.name, flags: { flex: { ...this._source.flags.flex, sourceName: c["flags.flex.sourceName"] } } }; this.name = c.name; } }],
    getIndex: async () => undefined,
  });

  it("index names and folders of the system's locked packs; another package's pack and an unlocked one stay", async () => {
    g.game.i18n.lang = "en";
    const own = pack("flex.talente");
    const other = pack("world.talente");
    const packs = new Map([["flex.talente", own], ["world.talente", other], ["flex.ausruestung", pack("flex.ausruestung", false)]]);
    const real = g.game.packs;
    g.game.packs = packs;
    try {
      for (const p of packs.values()) showPack(p);
      keepIndexShown(other);
    } finally {
      g.game.packs = real;
    }
    expect([...own.index.values()].map((e) => e.name)).toEqual(["Athletics", "Ohne Übersetzung"]);
    expect(own.folders[0]!.name).toBe("Combat");
    expect(other.index.get("a")!.name).toBe("Athletik");
    expect(packs.get("flex.ausruestung")!.index.get("a")!.name).toBe("Athletik");
  });
});
