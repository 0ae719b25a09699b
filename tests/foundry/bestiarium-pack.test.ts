// The compendium "Bestiarium": opponents and encounters for a Flex group across Stufe ¼–8 — beasts, humanoid
// foes, undead, elementals and crystal-tech constructs, water creatures and flyers — in six Actor folders,
// each marked as an example of this system and translated into English and Russian. Each source loads into
// the creature model unchanged, and a loaded creature's attack rolls through the attack card.
import { readFileSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import yaml from "js-yaml";
import { beforeEach, describe, expect, it } from "vitest";
import { CREATURE_KINDS, DAMAGE_TYPES, SIZE_KEYS } from "../../src/config";
import { defaultMisstrauen } from "../../src/rules";
import { translationProblems } from "../../tools/pack-i18n.mjs";
import { as, createActor, createScene, messages, placeToken, queueDice, resetWorld, settle, target, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const PACKS = join(import.meta.dirname, "..", "..", "packs", "_source");
const load = (pack: string) =>
  readdirSync(join(PACKS, pack), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".yml"))
    .sort()
    .map((file) => ({ file, doc: yaml.load(readFileSync(join(PACKS, pack, file), "utf8")) as Any }));
const sources = load("bestiarium");
const folders = sources.filter((s) => s.doc._key?.startsWith("!folders!"));
const creatures = sources.filter((s) => !s.doc._key?.startsWith("!folders!"));
const docs = creatures.map((s) => s.doc);
const ofType = (doc: Any, type: string) => doc.items.filter((i: Any) => i.type === type);
const named = (name: string) => docs.find((d) => d.name === name);
const FOLDERS = ["Tiere", "Humanoide", "Untote", "Elementare und Konstrukte", "Wasserwesen", "Ungeheuer"];
const CYRILLIC = /[А-яЁё]/;

let clients: Clients;
beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

describe("the Bestiarium compendium: keys, ids and folders", () => {
  it("every document and every embedded item has a unique 16-character id and its key; creatures are named <Name>_<id>.yml", () => {
    expect(sources.length).toBe(folders.length + creatures.length);
    const ids: string[] = [];
    for (const { file, doc } of sources) {
      expect(doc._id, file).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(doc._stats, file).toEqual({ coreVersion: "13.345", systemId: "flex", systemVersion: "0.1.0" });
      ids.push(doc._id);
    }
    for (const { file, doc } of creatures) {
      expect(doc._key, file).toBe(`!actors!${doc._id}`);
      expect(basename(file)).toMatch(new RegExp(`^[A-Za-z0-9_]+_${doc._id}\\.yml$`));
      expect(doc, file).toMatchObject({ type: "creature", ownership: { default: 0 }, effects: [] });
      for (const item of doc.items) {
        expect(item._id, `${file}: ${item.name}`).toMatch(/^[A-Za-z0-9]{16}$/);
        expect(item._key, `${file}: ${item.name}`).toBe(`!actors.items!${doc._id}.${item._id}`);
        expect(item, `${file}: ${item.name}`).toMatchObject({ ownership: { default: 0 }, effects: [], folder: null, _stats: { systemId: "flex" } });
        ids.push(item._id);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(docs.map((d) => d.name)).size).toBe(docs.length);
  });

  it("six Actor folders at the top level, in the CLI's layout (<dir>/_Folder.yml), translated, each used by the creatures in its directory", () => {
    expect(folders.map((f) => f.doc.name).sort()).toEqual([...FOLDERS].sort());
    for (const { file, doc } of folders) {
      expect(basename(file), doc.name).toBe("_Folder.yml");
      expect(doc._key, file).toBe(`!folders!${doc._id}`);
      expect(doc, doc.name).toMatchObject({ type: "Actor", folder: null, sorting: "m" });
      expect(doc.flags.flex.i18n.en.name, doc.name).toMatch(/^[A-Z]/);
      expect(doc.flags.flex.i18n.ru.name, doc.name).toMatch(CYRILLIC);
      const inside = creatures.filter((c) => dirname(c.file) === dirname(file));
      expect(inside.length, doc.name).toBeGreaterThan(0);
      for (const c of inside) expect(c.doc.folder, c.file).toBe(doc._id);
    }
    expect(creatures.every((c) => folders.some((f) => f.doc._id === c.doc.folder))).toBe(true);
  });
});

describe("the Bestiarium compendium: what a group meets", () => {
  it("at least 20 opponents across Stufe ¼ to at least 6, of every kind, with flyers and swimmers", () => {
    expect(docs.length).toBeGreaterThanOrEqual(20);
    const stufen = docs.map((d) => d.system.stufe);
    expect(Math.min(...stufen)).toBe(0.25);
    expect(Math.max(...stufen)).toBeGreaterThanOrEqual(6);
    expect(new Set(stufen).size).toBeGreaterThanOrEqual(8);
    for (const s of [0.25, 0.5, 1, 2, 3, 4, 5, 6]) expect(stufen, `Stufe ${s}`).toContain(s);
    expect(new Set(docs.map((d) => d.system.art))).toEqual(new Set(CREATURE_KINDS));
    const flyers = docs.filter((d) => d.items.some((i: Any) => i.name === "Flug"));
    expect(flyers.length).toBeGreaterThanOrEqual(3);
    const water = creatures.filter((c) => dirname(c.file) === "Wasserwesen").map((c) => c.doc);
    expect(water.length).toBeGreaterThanOrEqual(3);
    // Under water they swim at half their speed (R-SWIM-1); pure water creatures have a speed made for that.
    expect(water.some((d) => d.system.geschwindigkeit / 2 >= 12)).toBe(true);
  });

  it("each has its stats, 1–3 attacks and a passive, says it is an example, and its token is an unlinked opponent", () => {
    for (const { file, doc } of creatures) {
      const s = doc.system;
      expect(Object.keys(s.attributes).sort(), file).toEqual(["ch", "ff", "ge", "in", "kk", "kl", "ko", "mu"]);
      for (const die of Object.values(s.attributes)) expect([4, 6, 8, 10, 12], file).toContain(die);
      expect(s.leben.value, file).toBe(s.leben.max);
      expect(s.leben.max, file).toBeGreaterThan(0);
      for (const k of ["ruestung", "ausweichen", "parade", "geschwindigkeit"]) expect(Number.isInteger(s[k]) && s[k] >= 0, `${file}: ${k}`).toBe(true);
      expect(SIZE_KEYS, file).toContain(s.groesse);
      expect(s, file).toMatchObject({ trainer: null, misstrauen: null, reitbar: false, umgangTalent: "" });
      expect(s.beschreibung, file).toContain("Beispielkreatur dieses Systems");
      const attacks = ofType(doc, "attack");
      expect(attacks.length, file).toBeGreaterThanOrEqual(1);
      expect(attacks.length, file).toBeLessThanOrEqual(3);
      expect(ofType(doc, "passive").length, file).toBeGreaterThanOrEqual(1);
      expect(doc.items.every((i: Any) => ["attack", "passive"].includes(i.type)), file).toBe(true);
      for (const atk of attacks) {
        const where = `${file}: ${atk.name}`;
        expect(atk.system.angriff, where).toMatch(/^W(4|6|8|10|12)\+\d+$/);
        expect(atk.system.schaden, where).toMatch(/^(\d+W(4|6|8|10|12)(\+\d+)?)?$/);
        expect(DAMAGE_TYPES, where).toContain(atk.system.schadensart);
        expect(Number.isInteger(atk.system.reichweite) && atk.system.reichweite >= 0, where).toBe(true);
        expect([1, 2, 3], where).toContain(atk.system.aktionen);
      }
      expect(doc.prototypeToken, file).toMatchObject({ name: doc.name, actorLink: false });
      expect([-1, 0], file).toContain(doc.prototypeToken.disposition);
    }
    expect(docs.filter((d) => d.prototypeToken.disposition === -1).length).toBeGreaterThan(docs.length / 2);
  });

  it("values scale with Stufe: more Leben and a stronger best attack at every higher Stufe", () => {
    const byStufe = new Map<number, Any[]>();
    for (const d of docs) byStufe.set(d.system.stufe, [...(byStufe.get(d.system.stufe) ?? []), d]);
    const stufen = [...byStufe.keys()].sort((a, b) => a - b);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const best = (d: Any) => Math.max(...ofType(d, "attack").map((a: Any) => Number(/^W(\d+)\+(\d+)$/.exec(a.system.angriff)![1]) / 2 + 0.5 + Number(/\+(\d+)$/.exec(a.system.angriff)![1])));
    const leben = stufen.map((s) => mean(byStufe.get(s)!.map((d) => d.system.leben.max)));
    const attack = stufen.map((s) => mean(byStufe.get(s)!.map(best)));
    for (let i = 1; i < stufen.length; i++) {
      expect(leben[i], `Leben at Stufe ${stufen[i]}`).toBeGreaterThan(leben[i - 1]);
      expect(attack[i], `attack at Stufe ${stufen[i]}`).toBeGreaterThan(attack[i - 1]);
    }
    // The Begleiter pack's yardstick: Stufe 1 ≈ 18 Leben and an attack of W8+3.
    for (const d of byStufe.get(1)!) expect(d.system.leben.max).toBeGreaterThanOrEqual(16);
    expect(byStufe.get(1)!.every((d) => ofType(d, "attack").some((a: Any) => /^W8\+[23]$/.test(a.system.angriff)))).toBe(true);
  });

  it("every creature, attack and passive is translated into English and Russian (and the Begleiter pack too)", () => {
    for (const pack of ["bestiarium", "begleiter"]) {
      for (const { file, doc } of load(pack)) expect(translationProblems(doc, `${pack}/${file}`)).toEqual([]);
    }
    for (const doc of [...docs, ...load("begleiter").map((s) => s.doc)]) {
      expect(doc.flags.flex.i18n.en.system.beschreibung, doc.name).toContain("Example creature of this system");
      expect(doc.flags.flex.i18n.ru.system.beschreibung, doc.name).toContain("Пример существа этой системы");
      for (const item of [doc, ...doc.items]) {
        expect(item.flags.flex.i18n.ru.name, `${doc.name}: ${item.name}`).toMatch(CYRILLIC);
        expect(item.flags.flex.i18n.en.name, `${doc.name}: ${item.name}`).not.toMatch(CYRILLIC);
        // Dice in descriptions follow each language: W6 / d6 / к6.
        expect(item.flags.flex.i18n.en.system.beschreibung, `${doc.name}: ${item.name}`).not.toMatch(/\dW\d/);
        expect(item.flags.flex.i18n.ru.system.beschreibung, `${doc.name}: ${item.name}`).not.toMatch(/\d[Wd]\d/);
      }
    }
  });
});

describe("the Bestiarium compendium in play", () => {
  it("every source loads into the creature model unchanged, with its items and its Stufe's Misstrauen", async () => {
    for (const { file, doc } of creatures) {
      const actor = (await createActor({ name: doc.name, type: "creature", system: doc.system, items: doc.items })) as Any;
      expect(actor.toObject().system, file).toEqual(doc.system);
      expect(actor.items.size, file).toBe(doc.items.length);
      expect(actor.system.derived.misstrauen, file).toBe(defaultMisstrauen(doc.system.stufe));
      // R-SWIM-1 (Decision, issue 35): a creature with schwimmt swims at its Geschwindigkeit, any other at half.
      expect(actor.system.derived.schwimmen, file).toBe(doc.system.schwimmt ? doc.system.geschwindigkeit : Math.floor(doc.system.geschwindigkeit / 2));
      // B-7: one that lives only in water (its passive Wasserwesen says so) moves 1 Schritt per Aktion on land.
      expect(actor.system.derived.laufen, file).toBe(doc.system.nurImWasser ? 1 : doc.system.geschwindigkeit);
      for (const item of actor.items) {
        const source = doc.items.find((i: Any) => i._id === item.id || i.name === item.name);
        expect(item.toObject().system, `${file}: ${item.name}`).toEqual(source.system);
      }
    }
  });

  it("B-7: exactly the creatures whose passive is Wasserwesen ('Lebt nur im Wasser') are marked Nur im Wasser, and they swim", () => {
    const aquatic = creatures.filter(({ doc }) => doc.items.some((i: Any) => i.type === "passive" && i.name === "Wasserwesen")).map(({ doc }) => doc.name).sort();
    expect(aquatic).toEqual(["Riffhai", "Sumpfegel", "Tiefenkrake"]);
    expect(creatures.filter(({ doc }) => doc.system.nurImWasser).map(({ doc }) => doc.name).sort()).toEqual(aquatic);
    for (const name of aquatic) expect(named(name).system.schwimmt, name).toBe(true);
  });

  it("the Grabkönig's Runenklinge rolls W12+7 against the Riesenratte's Ausweichen and hits for 2W10+3", async () => {
    const gm = clients.gms[0];
    const king = named("Grabkönig");
    const rat = named("Riesenratte");
    const kingActor = (await createActor({ name: king.name, type: "creature", system: king.system, items: king.items })) as Any;
    const ratActor = (await createActor({ name: rat.name, type: "creature", system: rat.system, items: rat.items })) as Any;
    const scene = await createScene();
    await placeToken(scene, kingActor, { col: 0 });
    const ratToken = await placeToken(scene, ratActor, { col: 1 });
    target(gm, ratToken);
    queueDice([
      { faces: 12, result: 5 }, // EW 5 + 7 = 12 against Ausweichen 11
      { faces: 10, result: 6 },
      { faces: 10, result: 2 }, // damage 6 + 2 + 3 = 11
    ]);
    const { record } = await as(gm, async () => {
      const out = await kingActor.items.getName("Runenklinge").roll({});
      await settle();
      return out;
    });
    expect(record).toMatchObject({ mode: "attack", ew: 12, damage: { total: 11 }, targets: [{ name: "Riesenratte", status: "hit" }] });
    expect(messages()).toHaveLength(1);
    expect(messages()[0].rolls[0].formula).toBe("1d12 + 7");
  });
});
