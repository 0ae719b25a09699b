// Issue 24: the system's packs in English and Russian as real v13 treats them. The stand-in's packs (tests/harness/
// packs.ts) fetch the German index again when asked for a field they lack, write a read document over its index
// entry, and keep their lock in a world setting. First what the stand-in does, then what a table sees: names that
// stay translated whatever asks the index, every Stufe in the polymorph picker, nothing English written into the
// German pack, and imports without translations.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { FlexBrowser } from "../../src/applications/browser";
import { as, packs, resetWorld, settle, startClient, state, type Clients } from "../harness";
import { storeInPack } from "../harness/packs";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 1 });
});

const pack = (name: string) => packs.get(`flex.${name}`)! as Any;
const athletik = () => ({
  _id: "athletik00000000",
  name: "Athletik",
  type: "talent",
  system: { attribut: "kk", kategorie: "allgemein", beschreibung: "<p>Klettern und Springen.</p>" },
  flags: { flex: { i18n: { en: { name: "Athletics", system: { beschreibung: "<p>Climbing and jumping.</p>" } }, ru: { name: "Атлетика" } } } },
});

describe("the stand-in's packs behave as v13's", () => {
  it("an index asked for a field it lacks is fetched from the server again, and the server's German names come back", async () => {
    const talente = storeInPack("talente", [athletik()]) as Any;
    await talente.getIndex();
    talente.index.get("athletik00000000").name = "Athletics";
    await talente.getIndex({ fields: [...talente.indexFields] });
    expect(talente.indexRequests).toBe(1);
    await talente.getIndex({ fields: ["system.beschreibung"] });
    expect(talente.indexRequests).toBe(2);
    expect(talente.index.get("athletik00000000")).toMatchObject({ name: "Athletik", system: { beschreibung: "<p>Klettern und Springen.</p>" } });
  });

  it("a document read from a pack is built with the pack in its context and written over its index entry", async () => {
    const talente = storeInPack("talente", [athletik()]) as Any;
    await talente.getIndex();
    talente.index.get("athletik00000000").name = "Anders";
    const doc = await talente.getDocument("athletik00000000");
    expect(doc.pack).toBe("flex.talente");
    expect(doc.uuid).toBe("Compendium.flex.talente.Item.athletik00000000");
    expect(await talente.getDocument("athletik00000000")).toBe(doc);
    expect(talente.index.get("athletik00000000").name).toBe("Athletik");
  });

  it("fromUuidSync gives the index entry of a document not read, and throws below one", async () => {
    const talente = storeInPack("talente", [athletik()]) as Any;
    await talente.getIndex();
    expect(g.fromUuidSync("Compendium.flex.talente.Item.athletik00000000")).toBe(talente.index.get("athletik00000000"));
    expect(() => g.fromUuidSync("Compendium.flex.bestiarium.Actor.wolf000000000000.Item.bite000000000000")).toThrow(/Embedded/);
  });

  it("a pack's lock is a world setting: every client hears it change, and a locked pack refuses writes", async () => {
    const talente = storeInPack("talente", [athletik()]) as Any;
    const heard: string[] = [];
    const id = g.Hooks.on("updateSetting", (setting: Any) => heard.push(`${g.game.user.id}:${setting.key}`));
    try {
      const doc = await talente.getDocument("athletik00000000");
      await expect(doc.update({ "system.attribut": "ge" })).rejects.toThrow(/locked/);
      await talente.configure({ locked: false });
      expect(talente.locked).toBe(false);
      expect(heard.sort()).toEqual(clients.all.map((u) => `${u.id}:core.compendiumConfiguration`).sort());
      await (await talente.getDocument("athletik00000000")).update({ "system.attribut": "ge" });
      expect(talente.stored.get("athletik00000000").system.attribut).toBe("ge");
    } finally {
      g.Hooks.off("updateSetting", id);
    }
  });

  it("a batched update of several documents shares one options object, as v13's update operation does", async () => {
    const scene = await g.Scene.create({ name: "Szene" });
    const tokens = await scene.createEmbeddedDocuments("Token", [{ name: "A" }, { name: "B" }]);
    const seen: object[] = [];
    const id = g.Hooks.on("preUpdateToken", (_token: Any, _changes: Any, options: object) => seen.push(options));
    try {
      await scene.updateEmbeddedDocuments("Token", tokens.map((t: Any) => ({ _id: t.id, x: 100 })));
    } finally {
      g.Hooks.off("preUpdateToken", id);
    }
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });
});

// What a table sees --------------------------------------------------------------------------------------------

const TRANSLATED = {
  en: { fernkampf: "Ranged Combat", athletik: "Athletics", bestiarium: "Bestiary", talente: "Talents" },
  ru: { fernkampf: "Дальний бой", athletik: "Атлетика", bestiarium: "Бестиарий", talente: "Таланты" },
} as const;
type Lang = keyof typeof TRANSLATED;

/** What each name of the Talente index should read in `lang`: the translation its source carries. */
function expectedTalentNames(lang: Lang): Map<string, string> {
  return new Map([...pack("talente").stored.values()].map((s: Any) => [s._id, s.flags.flex.i18n[lang].name]));
}

/** An unowned weapon whose Kampfart was stored in the client's language (imported from the Ausrüstung pack). */
async function bow(lang: Lang) {
  const [weapon] = await g.Item.createDocuments([{ name: "Bogen", type: "weapon", system: { talent: TRANSLATED[lang].fernkampf } }]);
  return weapon;
}

const ACTIONS = ["weaponSheet", "polymorphPicker", "openTalente", "moduleAsksIndex", "readTalent"] as const;
type Action = (typeof ACTIONS)[number];

async function act(action: Action, weapon: Any): Promise<void> {
  if (action === "weaponSheet") await new FlexItemSheet({ document: weapon } as never).render(true);
  // The polymorph picker is the compendium browser on its creatures (issue 26): it reads the indexes as they are.
  if (action === "polymorphPicker") await polymorphPicker().load();
  // The compendium window asks its pack for the index (core's fields) and lists it.
  if (action === "openTalente") await pack("talente").getIndex();
  // Another module asks for a field nobody indexed yet.
  if (action === "moduleAsksIndex") await pack("talente").getIndex({ fields: ["system.uebungswert"] });
  if (action === "readTalent") await pack("talente").getDocument([...pack("talente").stored.keys()][3]);
}

const polymorphPicker = () => new FlexBrowser({ tabs: ["creatures"], world: "OBSERVER", select: {} });

async function tableSees(lang: Lang, weapon: Any) {
  const sheet = new FlexItemSheet({ document: weapon } as never) as Any;
  const choice = (await sheet._prepareContext({ parts: ["header", "body"] })).talentChoice;
  const picker = polymorphPicker();
  await picker.load();
  const bestiarium = picker.rowsOf("creatures").filter((row) => row.source === TRANSLATED[lang].bestiarium);
  return {
    index: new Map([...pack("talente").index.values()].map((e: Any) => [e._id, e.name])),
    uuidSync: g.fromUuidSync(`Compendium.flex.talente.Item.${[...pack("talente").stored.keys()][0]}`)?.name,
    // What the select shows (labels) and what it stores (the German key, which the rules use).
    options: choice.options.filter((o: Any) => o.value).map((o: Any) => o.label),
    selected: choice.options.filter((o: Any) => o.selected).map((o: Any) => o.label),
    stored: choice.options.filter((o: Any) => o.selected).map((o: Any) => o.value),
    stufen: new Set(bestiarium.map((row) => row.stufe)),
    blankStufe: bestiarium.length ? bestiarium.filter((row) => row.stufe === null).map((row) => row.name) : ["no Bestiarium creature"],
  };
}

describe("on an English or Russian client the system's packs stay translated, whatever asks their index", () => {
  it.each(["en", "ru"] as const)("%s: the weapon sheet, the polymorph picker and the Talente pack in any order, as often as you like", async (lang) => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...ACTIONS), { minLength: 1, maxLength: 8 }), async (actions) => {
        resetWorld({ gms: 1 });
        await startClient({ lang, systemPacks: ["talente", "bestiarium", "begleiter"] });
        const weapon = await bow(lang);
        for (const action of actions) await act(action, weapon);
        const seen = await tableSees(lang, weapon);
        expect(seen.index).toEqual(expectedTalentNames(lang));
        expect(seen.uuidSync).toBe(expectedTalentNames(lang).get([...pack("talente").stored.keys()][0]));
        // The stored Kampfart is the talent of the pack: offered once, selected, shown translated with no German name
        // beside it, and stored by its German key from the next change on.
        expect(seen.selected).toEqual([TRANSLATED[lang].fernkampf]);
        expect(seen.stored).toEqual(["Fernkampf"]);
        expect(seen.options.filter((o: string) => o === TRANSLATED[lang].fernkampf)).toHaveLength(1);
        expect(seen.options).not.toContain("Fernkampf");
        expect(seen.blankStufe).toEqual([]);
        for (const stufe of [0.25, 0.5, 1]) expect(seen.stufen).toContain(stufe);
      }),
      { numRuns: 12 },
    );
  });

  it("only the names travel in the index: no description, no other translation", async () => {
    await startClient({ lang: "en", systemPacks: ["talente", "bestiarium"] });
    for (const name of ["talente", "bestiarium"]) {
      for (const entry of pack(name).index.values()) {
        expect(entry.flags?.flex?.i18n?.en ?? {}, entry.name).toEqual({ name: entry.name });
        expect(Object.keys(entry.flags?.flex?.i18n ?? {}).sort()).toEqual(["en", "ru"]);
        expect(Object.keys(entry.flags.flex.i18n.ru)).toEqual(["name"]);
      }
    }
  });

  it("the pack labels are language keys: the sidebar names each pack in the client's language", async () => {
    await startClient({ lang: "ru" });
    expect(pack("talente").title).toBe("Таланты");
    expect(pack("bestiarium").title).toBe("Бестиарий");
    expect(pack("talente").metadata.label).toBe("FLEX.Pack.talente");
  });
});

describe("a translated document is never written into the German pack", () => {
  async function openedWhileLocked() {
    await startClient({ lang: "en", systemPacks: ["talente"] });
    const talente = pack("talente");
    const id = [...talente.stored.values()].find((s: Any) => s.name === "Athletik")._id;
    const open = await talente.getDocument(id);
    expect(open.name).toBe("Athletics");
    return { talente, id, open };
  }

  it("a document opened while its pack was locked, edited after a GM unlocked it: refused with a message, the pack keeps its German", async () => {
    const { talente, id, open } = await openedWhileLocked();
    const german = structuredClone(talente.stored.get(id));
    await as(clients.gms[0], () => talente.configure({ locked: false }));
    await settle();
    await as(clients.gms[0], () => open.update({ "system.beschreibung": "<p>Climbing, jumping, running.</p>" }));
    expect(talente.stored.get(id)).toEqual(german);
    expect(state.notifications.filter((n) => n.type === "warn" && n.userId === clients.gms[0].id).map((n) => n.message)).toEqual([
      "Athletics is shown translated and is not written into the pack. Open it again to edit the German original.",
    ]);
  });

  it("opened again after the unlock, it is the German original, and an edit is written as such", async () => {
    const { talente, id } = await openedWhileLocked();
    await as(clients.gms[0], () => talente.configure({ locked: false }));
    await settle();
    const again = await talente.getDocument(id);
    expect(again.name).toBe("Athletik");
    await as(clients.gms[0], () => again.update({ "system.beschreibung": "<p>Klettern, Springen, Laufen.</p>" }));
    expect(talente.stored.get(id)).toMatchObject({ name: "Athletik", system: { beschreibung: "<p>Klettern, Springen, Laufen.</p>" } });
    expect(talente.index.get(id).name).toBe("Athletik");
    // Locked again: the pack is shown translated once more.
    await as(clients.gms[0], () => talente.configure({ locked: true }));
    await settle();
    expect(talente.index.get(id).name).toBe("Athletics");
    expect((await talente.getDocument(id)).name).toBe("Athletics");
  });
});

describe("imported into the world, a pack document leaves every translation behind", () => {
  it("a journal entry of the rules and its pages", async () => {
    g.game.i18n.lang = "en";
    storeInPack("regeln", [
      {
        _id: "kapitel000000000",
        name: "Stürze",
        flags: { flex: { i18n: { en: { name: "Falling" }, ru: { name: "Падения" } } } },
        pages: [{ _id: "seite00000000000", name: "R-FALL-1", type: "text", text: { content: "<p>Sturz</p>" }, flags: { flex: { i18n: { en: { name: "R-FALL-1", text: { content: "<p>Fall</p>" } } } } } }],
      },
    ]);
    const entry = await pack("regeln").getDocument("kapitel000000000");
    const imported = await g.JournalEntry.create(entry.toObject());
    expect(imported.name).toBe("Falling");
    expect(imported.flags.flex?.i18n).toBeUndefined();
    const page = imported.pages.contents[0];
    expect(page.text.content).toBe("<p>Fall</p>");
    expect(page.flags.flex?.i18n).toBeUndefined();
  });
});
