// Realistic table data for the gallery: a Level-5 character with talents from the compendium sources,
// gear (consumables among it, one used up, and a weapon whose Kampfart she lacks), spells (one of a Zauberschule she
// lacks) and a condition; a wolf with attacks and a passive that she is training.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { translateSource } from "../../src/helpers/pack-i18n";
import { createActor } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const ROOT = join(import.meta.dirname, "..", "..");

/** The fixtures' names of things (not of people) as an English or Russian table would name them. */
const NAMES: Record<string, { en: string; ru: string }> = {
  "Kurzschwert": { en: "Short sword", ru: "Короткий меч" },
  "Leichte Armbrust": { en: "Light crossbow", ru: "Лёгкий арбалет" },
  "Zweihändiger Kriegsflegel der Nebelwächter": { en: "Two-handed war flail of the Mist Wardens", ru: "Двуручный боевой цеп Туманной стражи" },
  "Lederrüstung": { en: "Leather armour", ru: "Кожаный доспех" },
  "Heilerset": { en: "Healer's kit", ru: "Набор целителя" },
  "Fackel": { en: "Torch", ru: "Факел" },
  "Seil (15 Schritt)": { en: "Rope (15 paces)", ru: "Верёвка (15 шагов)" },
  "Heiltrank": { en: "Healing potion", ru: "Лечебное зелье" },
  "Feuerstrahl": { en: "Fire jet", ru: "Огненная струя" },
  "Trugbild": { en: "Phantom Image", ru: "Мираж" },
  "Nebelamulett": { en: "Mist amulet", ru: "Амулет тумана" },
  "Nebelschleier": { en: "Mist veil", ru: "Туманная завеса" },
  "Segen der Flussgöttin": { en: "Blessing of the river goddess", ru: "Благословение речной богини" },
  "Schlangengift (abgeklungen)": { en: "Snake venom (worn off)", ru: "Змеиный яд (прошёл)" },
  "Grauwolf": { en: "Grey wolf", ru: "Серый волк" },
  "Biss": { en: "Bite", ru: "Укус" },
  "Reißen": { en: "Rend", ru: "Разрывание" },
  "Rudeljäger": { en: "Pack hunter", ru: "Стайный охотник" },
  "Goblin-Späher": { en: "Goblin scout", ru: "Гоблин-разведчик" },
  "Ritter in Plattenrüstung": { en: "Knight in plate armour", ru: "Рыцарь в латах" },
  "Oger": { en: "Ogre", ru: "Огр" },
  "Seeschlange": { en: "Sea serpent", ru: "Морской змей" },
  "Dolch": { en: "Dagger", ru: "Кинжал" },
  "Feuerlanze": { en: "Fire lance", ru: "Огненное копьё" },
  "Heilende Hände": { en: "Healing hands", ru: "Исцеляющие руки" },
  "Langschwert aus Sturmstahl": { en: "Storm-steel longsword", ru: "Длинный меч из штормовой стали" },
  "Kräutergarten am Hafen": { en: "Harbour herb garden", ru: "Травяной сад у гавани" },
  "Langbogen": { en: "Longbow", ru: "Длинный лук" },
  "Messer": { en: "Knife", ru: "Нож" },
  "Säbel": { en: "Sabre", ru: "Сабля" },
  "Zweihändiges Bastardschwert der Nebelmark mit eingeätzter Runenklinge": { en: "Two-handed bastard sword of the Mist March with an etched rune blade", ru: "Двуручный полуторный меч Туманной марки с гравированным рунным клинком" },
  "Unverwüstlicher Kettenpanzer der Grenzwacht von Kaltenbrunn": { en: "Indestructible chain mail of the Kaltenbrunn border watch", ru: "Неуничтожимая кольчуга пограничной стражи Кальтенбрунна" },
  "Heiltrank der Klosterbrüder vom Nebelsee (große Flasche)": { en: "Healing potion of the Mist Lake friars (large bottle)", ru: "Лечебное зелье монахов Туманного озера (большая бутыль)" },
  "Heilerset der Feldscherin": { en: "The field surgeon's healer's kit", ru: "Набор целителя полевой лекарки" },
};

/** A fixture's name in the page's language (German is the name itself; people keep their names). */
export function tr(name: string): string {
  const lang = (globalThis as Any).game.i18n.lang as "de" | "en" | "ru";
  return lang === "de" ? name : (NAMES[name]?.[lang] ?? name);
}

const TRAINED: Record<string, number> = { Athletik: 3, Ausweichen: 2, Klingenwaffen: 4, Fernkampf: 2, Heilkunde: 1, Wahrnehmung: 3, Elementarmagie: 2, Heilmagie: 1, "Mit Tieren umgehen": 2 };
/** The Kampfart Rikka never learnt: her flail is tagged "Talent fehlt" (named in the page's language). */
const UNLEARNT = "Hiebwaffen";
/** The Zauberschule Rikka never learnt: her illusion, on the Talente tab, is tagged "Talent fehlt" too. */
const UNLEARNT_SCHOOL = "Illusionsmagie";

/**
 * The talents of the compendium sources, with some Übungswerte, as a table in the world's language imports them from
 * the pack: translated name and description, the German name kept for the rules (helpers/pack-i18n.ts).
 */
function talents(): Any[] {
  const dir = join(ROOT, "packs", "_source", "talente");
  const lang = (globalThis as Any).game.i18n.lang;
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yml"))
    .map((f) => translateSource(yaml.load(readFileSync(join(dir, f), "utf8")) as Any, lang))
    .filter((t) => ![UNLEARNT, UNLEARNT_SCHOOL].includes(t.flags?.flex?.sourceName ?? t.name))
    .map((t) => ({ name: t.name, type: "talent", img: t.img, system: { ...t.system, uebungswert: TRAINED[t.flags?.flex?.sourceName ?? t.name] ?? 0 }, flags: t.flags }));
}

/** One talent of the compendium as a table in the page's language imports it, with the Übungswert and attribute given. */
export function packTalent(key: string, system: Record<string, unknown> = {}): Any {
  const dir = join(ROOT, "packs", "_source", "talente");
  const lang = (globalThis as Any).game.i18n.lang;
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".yml"))) {
    const source = yaml.load(readFileSync(join(dir, f), "utf8")) as Any;
    if (source.name !== key) continue;
    const t = translateSource(source, lang);
    return { name: t.name, type: "talent", img: t.img, system: { ...t.system, ...system }, flags: { flex: { sourceName: key } } };
  }
  throw new Error(`no talent ${key} in the compendium`);
}

export async function rikka(): Promise<Any> {
  const actor = (await createActor({
    name: "Rikka Sturmfels",
    type: "character",
    img: "icons/portrait.webp",
    system: {
      level: 5,
      meilensteine: 2,
      attributes: { mu: 8, kl: 6, in: 10, ch: 6, ge: 10, ff: 8, ko: 8, kk: 6 },
      leben: { value: 23, max: 30 },
      fluss: { value: 8, max: 12 },
      gunst: { value: 2, max: 3 },
      ruestung: 0,
      geschwindigkeit: 6,
      geld: 1240,
      erschoepfung: { value: 2 },
      versorgung: { essen: false, trinken: true, schlaf: true },
      trefferwuerfel: { verbraucht: 2 },
      biografie: "<p>Rikka wuchs am Hafen von Nebelsund auf und kennt jede Strömung der Bucht. Seit dem Schiffbruch der <em>Silbermöwe</em> sucht sie nach ihrem Bruder.</p>",
    },
    // Made with her talents, as an import is: the world's starter talents would otherwise come on top (each twice).
    items: talents(),
  })) as Any;
  await actor.createEmbeddedDocuments("Item", [
    { name: tr("Kurzschwert"), type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6+1", aktionen: 1, ausgeruestet: true, preis: 60 } },
    { name: tr("Leichte Armbrust"), type: "weapon", system: { talent: "Fernkampf", schaden: "1W8", reichweite: 30, aktionen: 2, preis: 120 } },
    // A weapon of a Kampfart Rikka never learnt: the sheet tags it "Talent fehlt".
    { name: tr("Zweihändiger Kriegsflegel der Nebelwächter"), type: "weapon", system: { talent: UNLEARNT, schaden: "2W6", aktionen: 2, preis: 200 } },
    { name: tr("Lederrüstung"), type: "armor", system: { wert: 2, ausgeruestet: true, preis: 80 } },
    // R-CORE-15: used up by charges, by number, and one already used up; the rope is not used up at all.
    { name: tr("Heilerset"), type: "equipment", system: { menge: 1, ladungen: { value: 7, max: 10 }, verbrauch: "ladung", preis: 25 } },
    { name: tr("Fackel"), type: "equipment", system: { menge: 0, verbrauch: "menge", preis: 1 } },
    { name: tr("Seil (15 Schritt)"), type: "equipment", system: { menge: 1, preis: 5 } },
    { name: tr("Heiltrank"), type: "alchemical", system: { stufe: 1, menge: 2, preis: 50 } },
    { name: tr("Feuerstrahl"), type: "spell", img: "icons/magic/fire/beam-jet-stream-embers.webp", system: { zauberschule: "Elementarmagie", fluss: 4, aktionen: 2, still: false } },
    // A spell of a Zauberschule Rikka never learnt: in her Zauber group on the Talente tab it offers no roll.
    { name: tr("Trugbild"), type: "spell", img: "icons/magic/control/hypnosis-mesmerism-swirl.webp", system: { zauberschule: UNLEARNT_SCHOOL, fluss: 2, aktionen: 2, reichweite: 20, still: true } },
  ]);
  await actor.toggleStatusEffect("wet", { active: true });
  // Effects of each kind for the Effekte tab: one that runs out, one an amulet gives, one switched off.
  const [amulet] = await actor.createEmbeddedDocuments("Item", [{ name: tr("Nebelamulett"), type: "equipment", system: { menge: 1, preis: 300 } }]);
  await amulet.createEmbeddedDocuments("ActiveEffect", [{ name: tr("Nebelschleier"), img: "icons/svg/aura.svg", transfer: true, changes: [{ key: "system.ruestung", mode: 2, value: "1" }] }]);
  await actor.createEmbeddedDocuments("ActiveEffect", [
    { name: tr("Segen der Flussgöttin"), img: "icons/svg/angel.svg", origin: actor.uuid, duration: { rounds: 3 } },
    { name: tr("Schlangengift (abgeklungen)"), img: "icons/svg/poison.svg", disabled: true, origin: actor.uuid },
  ]);
  return actor;
}

export async function grauwolf(trainer: Any): Promise<Any> {
  const wolf = (await createActor({
    name: tr("Grauwolf"),
    type: "creature",
    img: "icons/wolf.webp",
    system: {
      stufe: 1,
      art: "tier",
      attributes: { mu: 8, kl: 4, in: 8, ch: 4, ge: 10, ff: 4, ko: 8, kk: 8 },
      leben: { value: 14, max: 18 },
      ruestung: 1,
      ausweichen: 12,
      parade: 8,
      geschwindigkeit: 10,
      groesse: "mittel",
      trainierbar: true,
      trainer: trainer.uuid,
      training: { fortschritt: 46 },
      beschreibung: "<p>Ein junger Grauwolf aus den Nebelwäldern, misstrauisch, aber neugierig.</p>",
    },
  })) as Any;
  await wolf.createEmbeddedDocuments("Item", [
    { name: tr("Biss"), type: "attack", system: { schaden: "1W8", aktionen: 2, schadensart: "physisch" } },
    { name: tr("Reißen"), type: "attack", system: { schaden: "2W4", aktionen: 3 } },
    { name: tr("Rudeljäger"), type: "passive", system: { beschreibung: "<p>Vorteil auf Angriffe gegen Ziele, neben denen ein Verbündeter steht.</p>" } },
  ]);
  return wolf;
}
