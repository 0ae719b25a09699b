// The compendium "Ausrüstung" (weapons, armour, equipment, Alchemika, example spells) in five compendium
// folders, and the Talente pack its weapons and spells name. Every document carries its English and Russian
// translation in flags.flex.i18n (tools/pack-i18n.mjs); a weapon's talent and a spell's Zauberschule are
// translated to exactly that talent's name. Each source loads into its data model unchanged.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import yaml from "js-yaml";
import { beforeEach, describe, expect, it } from "vitest";
import { translationProblems } from "../../tools/pack-i18n.mjs";
import { isHealersKit } from "../../src/automation/rest";
import { DAMAGE_TYPES } from "../../src/config";
import { isDiceNotation } from "../../src/data/item/fields";
import { LIMITS } from "../../src/data/fields";
import { resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const ROOT = join(import.meta.dirname, "..", "..");
const load = (pack: string) => {
  const dir = join(ROOT, "packs", "_source", pack);
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".yml"))
    .sort()
    .map((file) => ({ file, doc: yaml.load(readFileSync(join(dir, file), "utf8")) as Any }));
};
const sources = load("ausruestung");
const talents = load("talente").map((t) => t.doc);
const folders = sources.filter((s) => s.doc._key?.startsWith("!folders!"));
const items = sources.filter((s) => !s.doc._key?.startsWith("!folders!"));
const folderNamed = (name: string) => folders.find((f) => f.doc.name === name)?.doc;
const ofType = (type: string) => items.filter((s) => s.doc.type === type);
const talentNamed = (name: string) => talents.find((t) => t.name === name);

/** Folder name → the item type it holds, and how many the pack has at least. */
const FOLDERS: Record<string, { type: string; min: number }> = {
  Waffen: { type: "weapon", min: 12 },
  Rüstungen: { type: "armor", min: 6 },
  Ausrüstung: { type: "equipment", min: 10 },
  Alchemika: { type: "alchemical", min: 8 },
  Zauber: { type: "spell", min: 8 },
};
const LANGS = ["en", "ru"] as const;
const text = (doc: Any, lang: "de" | "en" | "ru"): string => (lang === "de" ? doc.system.beschreibung : doc.flags.flex.i18n[lang].system.beschreibung);

beforeEach(() => {
  resetWorld({ gms: 1 });
});

describe("the Ausrüstung compendium: keys and folders", () => {
  it("every document has a stable 16-character id, its key, and a unique id; items are named <Name>_<id>.yml", () => {
    expect(sources.length).toBe(folders.length + items.length);
    for (const { file, doc } of sources) {
      expect(doc._id, file).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(doc._stats, file).toEqual({ coreVersion: "13.345", systemId: "flex", systemVersion: "0.1.0" });
    }
    for (const { file, doc } of items) {
      expect(doc._key, file).toBe(`!items!${doc._id}`);
      expect(basename(file)).toMatch(new RegExp(`^[A-Za-z0-9_]+_${doc._id}\\.yml$`));
      expect(doc.ownership, file).toEqual({ default: 0 });
      expect(doc.effects, file).toEqual([]);
      expect(doc.sort, file).toBeTypeOf("number");
      expect(doc.img, file).toMatch(/^systems\/flex\/assets\/icons\/[\w-]+\/[\w-]+\.svg$/);
    }
    for (const { file, doc } of folders) expect(doc._key, file).toBe(`!folders!${doc._id}`);
    expect(new Set(sources.map((s) => s.doc._id)).size).toBe(sources.length);
    expect(new Set(items.map((s) => s.doc.name)).size).toBe(items.length);
  });

  it("five Item folders at the top level, in the CLI's layout (<dir>/_Folder.yml), each used and translated", () => {
    expect(folders.map((f) => f.doc.name).sort()).toEqual(Object.keys(FOLDERS).sort());
    for (const { file, doc } of folders) {
      expect(basename(file), doc.name).toBe("_Folder.yml");
      expect(doc, doc.name).toMatchObject({ type: "Item", folder: null, sorting: "m" });
      expect(items.filter((i) => i.doc.folder === doc._id).length, doc.name).toBeGreaterThan(0);
      for (const lang of LANGS) expect(doc.flags.flex.i18n[lang].name, `${doc.name} ${lang}`).toMatch(/\S/);
    }
  });
});

describe("the Ausrüstung compendium: contents", () => {
  it("at least 45 items: ≥ 12 weapons, ≥ 6 armours, ≥ 10 equipment, ≥ 8 Alchemika, ≥ 8 spells, each type in its folder", () => {
    expect(items.length).toBeGreaterThanOrEqual(45);
    for (const [name, { type, min }] of Object.entries(FOLDERS)) {
      expect(ofType(type).length, type).toBeGreaterThanOrEqual(min);
      for (const { file, doc } of ofType(type)) expect(doc.folder, file).toBe(folderNamed(name)._id);
    }
    expect(items.every((s) => Object.values(FOLDERS).some((f) => f.type === s.doc.type))).toBe(true);
  });

  it("weapons: a Kampfart of the Talente pack, Flex damage notation, 1–3 Aktionen, a price, not equipped; melee and ranged", () => {
    for (const { file, doc } of ofType("weapon")) {
      const s = doc.system;
      expect(talentNamed(s.talent)?.system.kategorie, `${file}: ${s.talent}`).toBe("kampfart");
      expect(s.schaden, file).toMatch(/^\d+W\d+([+-]\d+)?$/);
      expect(isDiceNotation(s.schaden), file).toBe(true);
      expect(DAMAGE_TYPES, file).toContain(s.schadensart);
      expect(s.aktionen, file).toBeGreaterThanOrEqual(1);
      expect(s.aktionen, file).toBeLessThanOrEqual(3);
      expect(s.preis, file).toBeGreaterThan(0);
      expect(s.ausgeruestet, file).toBe(false);
      // Ranged weapons have a range in Schritt and use Fernkampf; melee weapons have range 0.
      expect(s.reichweite > 0, file).toBe(s.talent === "Fernkampf");
    }
    const used = new Set(ofType("weapon").map((w) => w.doc.system.talent));
    for (const t of talents.filter((t) => t.system.kategorie === "kampfart")) expect(used, t.name).toContain(t.name);
  });

  it("armours: a value of 1–4 and a price, not equipped", () => {
    for (const { file, doc } of ofType("armor")) {
      expect(doc.system.wert, file).toBeGreaterThanOrEqual(1);
      expect(doc.system.wert, file).toBeLessThanOrEqual(4);
      expect(doc.system.preis, file).toBeGreaterThan(0);
      expect(doc.system.ausgeruestet, file).toBe(false);
    }
  });

  it("equipment: a price and a Menge; the Heilerset has 10 charges and spends them; seeds are spent by Menge", async () => {
    for (const { file, doc } of ofType("equipment")) {
      expect(doc.system.preis, file).toBeGreaterThan(0);
      expect(doc.system.menge, file).toBeGreaterThanOrEqual(1);
      expect(doc.system.ladungen.value, file).toBe(doc.system.ladungen.max);
      expect(doc.system.verbrauch === "ladung", file).toBe(doc.system.ladungen.max > 0);
    }
    const kit = ofType("equipment").find((s) => s.doc.name === "Heilerset")?.doc;
    expect(kit).toBeDefined();
    expect(kit.system).toMatchObject({ ladungen: { value: 10, max: 10 }, verbrauch: "ladung" });
    expect(kit.flags.flex.i18n.en.name).toMatch(/healer's kit/i);
    expect(kit.flags.flex.i18n.ru.name).toBe("Набор целителя");
    // The rest rules find it as a healer's kit (R-REST-HEAL-2), in every language.
    for (const name of [kit.name, kit.flags.flex.i18n.en.name, kit.flags.flex.i18n.ru.name]) {
      const item = (await (globalThis as Any).Item.create({ name, type: "equipment", system: kit.system, flags: kit.flags })) as Any;
      expect(isHealersKit(item), name).toBe(true);
    }
    const seeds = ofType("equipment").filter((s) => s.doc.name.startsWith("Saatgut"));
    expect(seeds.length).toBeGreaterThanOrEqual(2);
    for (const { file, doc } of seeds) expect(doc.system.verbrauch, file).toBe("menge");
    for (const part of ["Seil", "Fackel", "Dietrich", "Proviant", "Bettrolle", "Zelt", "Kristalllampe"]) {
      expect(ofType("equipment").some((s) => s.doc.name.toLowerCase().includes(part.toLowerCase())), part).toBe(true);
    }
  });

  it("Alchemika: at least three different Stufen, each a valid Stufe, with a price and a Menge", () => {
    const stufen = new Set(ofType("alchemical").map((s) => s.doc.system.stufe));
    expect(stufen.size).toBeGreaterThanOrEqual(3);
    for (const { file, doc } of ofType("alchemical")) {
      expect(doc.system.stufe, file).toBeGreaterThan(0);
      expect(doc.system.stufe, file).toBeLessThanOrEqual(LIMITS.stufe);
      expect(doc.system.preis, file).toBeGreaterThan(0);
      expect(doc.system.menge, file).toBeGreaterThanOrEqual(1);
    }
  });

  it("Alchemika heal what their description says: the Leben dice in the text are the heilung; none where the text names none", () => {
    const healing = ofType("alchemical").map(({ file, doc }) => ({ file, heilung: doc.system.heilung ?? "", said: /(\d*W\d+(?:\+\d+)?) Leben/.exec(doc.system.beschreibung)?.[1] ?? "" }));
    for (const { file, heilung, said } of healing) {
      expect(heilung, file).toBe(said);
      expect(isDiceNotation(heilung), file).toBe(true);
    }
    expect(healing.filter((h) => h.heilung).map((h) => h.heilung).sort()).toEqual(["2W6", "4W6", "6W6"]);
  });

  it("spells: a Zauberschule of the Talente pack, a Fluss cost, 1–3 Aktionen; attack spells deal typed damage, healing spells heal; some are silent", () => {
    const spells = ofType("spell");
    for (const { file, doc } of spells) {
      const s = doc.system;
      expect(talentNamed(s.zauberschule)?.system.kategorie, `${file}: ${s.zauberschule}`).toBe("zauberschule");
      expect(s.fluss, file).toBeGreaterThan(0);
      expect(s.aktionen, file).toBeGreaterThanOrEqual(1);
      expect(s.aktionen, file).toBeLessThanOrEqual(3);
      expect(isDiceNotation(s.schaden) && isDiceNotation(s.heilung), file).toBe(true);
      expect(DAMAGE_TYPES, file).toContain(s.schadensart);
      expect(s.schaden !== "" && s.heilung !== "", `${file}: damage and healing at once`).toBe(false);
    }
    expect(spells.filter((s) => s.doc.system.schaden !== "").length).toBeGreaterThanOrEqual(2);
    expect(spells.filter((s) => s.doc.system.heilung !== "").length).toBeGreaterThanOrEqual(2);
    expect(new Set(spells.filter((s) => s.doc.system.schaden !== "").map((s) => s.doc.system.schadensart)).size).toBeGreaterThanOrEqual(2);
    expect(spells.filter((s) => s.doc.system.still).length).toBeGreaterThanOrEqual(2);
    expect(spells.filter((s) => !s.doc.system.still).length).toBeGreaterThanOrEqual(2);
    const used = new Set(spells.map((s) => s.doc.system.zauberschule));
    for (const t of talents.filter((t) => t.system.kategorie === "zauberschule")) expect(used, t.name).toContain(t.name);
  });

  it("every description says what the item is and that it is this system's own example, with dice as W / d / к", () => {
    for (const { file, doc } of items) {
      const kind = doc.type === "spell" ? "zauber" : "gegenstand";
      expect(text(doc, "de"), file).toMatch(/^<p>.+<\/p>$/);
      expect(text(doc, "de"), file).toContain(`<em>Beispiel${kind} dieses Systems.</em>`);
      expect(text(doc, "en"), file).toMatch(/<em>Example (item|spell) of this system\.<\/em>/);
      expect(text(doc, "ru"), file).toMatch(/<em>Пример (предмета|заклинания) этой системы\.<\/em>/);
      expect(text(doc, "de"), file).not.toMatch(/\d[dк]\d/);
      expect(text(doc, "en"), file).not.toMatch(/\d[Wк]\d/);
      expect(text(doc, "ru"), file).not.toMatch(/\d[Wd]\d/);
    }
  });
});

describe("translations of Ausrüstung and Talente", () => {
  it("every document and folder is translated into en and ru, in the shape of the document (tools/pack-i18n.mjs)", () => {
    const problems = [...sources.map((s) => s.doc), ...talents].flatMap((doc) => translationProblems(doc));
    expect(problems).toEqual([]);
    for (const doc of [...items.map((s) => s.doc), ...talents]) {
      for (const lang of LANGS) {
        expect(doc.flags.flex.i18n[lang].system.beschreibung, `${doc.name} ${lang}`).not.toBe(doc.system.beschreibung);
      }
    }
  });

  it("the pack tool reports both packs as all translated", () => {
    const out = execFileSync(process.execPath, [join(ROOT, "tools", "pack-i18n.mjs"), "talente", "ausruestung"], { encoding: "utf8" });
    expect(out.trim().split("\n").at(-1)).toBe("all translated");
  });

  it("a weapon's talent and a spell's Zauberschule are translated to exactly that talent's en / ru name", () => {
    for (const { file, doc } of [...ofType("weapon"), ...ofType("spell")]) {
      const field = doc.type === "weapon" ? "talent" : "zauberschule";
      const talent = talentNamed(doc.system[field]);
      for (const lang of LANGS) expect(doc.flags.flex.i18n[lang].system[field], `${file} ${lang}`).toBe(talent.flags.flex.i18n[lang].name);
    }
  });

  it("talent names are unique in every language", () => {
    for (const lang of LANGS) {
      const names = talents.map((t) => t.flags.flex.i18n[lang].name);
      expect(new Set(names).size, lang).toBe(names.length);
    }
    expect(new Set(talents.map((t) => t.name)).size).toBe(talents.length);
  });

  it("the Talente pack covers general talents, at least five Kampfarten and four Zauberschulen", () => {
    expect(talents.length).toBeGreaterThanOrEqual(20);
    const count = (k: string) => talents.filter((t) => t.system.kategorie === k).length;
    expect(count("allgemein")).toBeGreaterThanOrEqual(10);
    expect(count("kampfart")).toBeGreaterThanOrEqual(5);
    expect(count("zauberschule")).toBeGreaterThanOrEqual(4);
  });
});

/** The flags without the pack translations, which a document created in the world leaves behind (helpers/pack-i18n.ts). */
const withoutTranslations = (flags: Any) => {
  const { i18n: _i18n, ...flex } = flags?.flex ?? {};
  return { ...flags, flex };
};

describe("the Ausrüstung compendium and the Talente load into the data models", () => {
  const all = () => [...items.map((s) => ({ where: s.file, doc: s.doc })), ...talents.map((doc) => ({ where: doc.name as string, doc }))];

  it("every item and talent source loads into its model unchanged (system, flags with translations)", () => {
    const Item = (globalThis as Any).Item;
    for (const { where, doc } of all()) {
      const data = new Item({ name: doc.name, type: doc.type, img: doc.img, system: doc.system, flags: doc.flags }).toObject();
      expect(data.system, where).toEqual(doc.system);
      expect(data.flags, where).toEqual(doc.flags);
      expect(data.type, where).toBe(doc.type);
    }
  });

  it("created in the world, every source keeps its system data and its other flags (a Heilerset stays a healer's kit)", async () => {
    for (const { where, doc } of all()) {
      const item = (await (globalThis as Any).Item.create({ name: doc.name, type: doc.type, img: doc.img, system: doc.system, flags: doc.flags })) as Any;
      const data = item.toObject();
      expect(data.system, where).toEqual(doc.system);
      expect(withoutTranslations(data.flags), where).toEqual(withoutTranslations(doc.flags));
      expect(data.type, where).toBe(doc.type);
    }
  });
});
