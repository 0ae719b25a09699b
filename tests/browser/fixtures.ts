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
  // Biographies (review B-20: an English or Russian page shows its own language).
  "RIKKA_BIO": { en: "<p>Rikka grew up in the harbour of Nebelsund and knows every current of the bay. Since the wreck of the <em>Silbermöwe</em> she has been looking for her brother.</p>", ru: "<p>Рикка выросла в гавани Небельзунда и знает каждое течение залива. После крушения «Зильбермёве» она ищет своего брата.</p>" },
  "PUBLIC_BIO": { en: "A mercenary from the north, known in every tavern on the coast.", ru: "Наёмник с севера, его знают в каждой таверне побережья." },
  "SECRET_BIO": { en: "Owes the thieves' guild 300 ¥.", ru: "Должен гильдии воров 300 ¥." },
  "Kurzschwert": { en: "Short Sword", ru: "Короткий меч" },
  "Leichte Armbrust": { en: "Light Crossbow", ru: "Лёгкий арбалет" },
  "Zweihändiger Kriegsflegel der Nebelwächter": { en: "Two-handed war flail of the Mist Wardens", ru: "Двуручный боевой цеп Туманной стражи" },
  "Lederrüstung": { en: "Leather Armour", ru: "Кожаный доспех" },
  "Heilerset": { en: "Healer's kit", ru: "Набор целителя" },
  "Fackel": { en: "Torch", ru: "Факел" },
  "Seil (15 Schritt)": { en: "Rope (15 paces)", ru: "Верёвка (15 шагов)" },
  "Heiltrank": { en: "Healing Potion", ru: "Лечебное зелье" },
  "Feuerstrahl": { en: "Fire jet", ru: "Огненная струя" },
  "Trugbild": { en: "Phantom Image", ru: "Мираж" },
  "Nebelamulett": { en: "Mist amulet", ru: "Амулет тумана" },
  "Nebelschleier": { en: "Mist veil", ru: "Туманная завеса" },
  "Segen der Flussgöttin": { en: "Blessing of the river goddess", ru: "Благословение речной богини" },
  "Schlangengift (abgeklungen)": { en: "Snake venom (worn off)", ru: "Змеиный яд (прошёл)" },
  "Grauwolf": { en: "Grey Wolf", ru: "Серый волк" },
  "Biss": { en: "Bite", ru: "Укус" },
  "Reißen": { en: "Rend", ru: "Терзание" },
  "Rudeljäger": { en: "Pack Hunter", ru: "Стайный охотник" },
  "Goblin-Späher": { en: "Goblin scout", ru: "Гоблин-разведчик" },
  "Fass": { en: "Barrel", ru: "Бочка" },
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
/** The German texts of the biographies, by their key in NAMES. */
const GERMAN: Record<string, string> = {
  RIKKA_BIO: "<p>Rikka wuchs am Hafen von Nebelsund auf und kennt jede Strömung der Bucht. Seit dem Schiffbruch der <em>Silbermöwe</em> sucht sie nach ihrem Bruder.</p>",
  PUBLIC_BIO: "Ein Söldner aus dem Norden, bekannt in jeder Taverne der Küste.",
  SECRET_BIO: "Schuldet der Diebesgilde 300 ¥.",
};

/** A fixture text by its key, in the page's language. */
export function text(key: keyof typeof GERMAN): string {
  const lang = (globalThis as Any).game.i18n.lang as "de" | "en" | "ru";
  return lang === "de" ? GERMAN[key]! : (NAMES[key]?.[lang] ?? GERMAN[key]!);
}
const bio = () => text("RIKKA_BIO");

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

/** Every document source of a pack (packs/_source/<pack>, its folders too), read once. */
const sourcesCache = new Map<string, Any[]>();
export function packSources(pack: string): Any[] {
  let docs = sourcesCache.get(pack);
  if (!docs) {
    const dir = join(ROOT, "packs", "_source", pack);
    docs = (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f.endsWith(".yml") && !f.endsWith("_Folder.yml"))
      .map((f) => yaml.load(readFileSync(join(dir, f), "utf8")) as Any)
      .filter((d) => d && typeof d === "object" && d.name && d.type);
    sourcesCache.set(pack, docs);
  }
  return docs;
}

/**
 * What a fixture may set on a pack document without contradicting it (issue 36, review D): how many, how charged,
 * worn or not, how hurt, whose, how far trained. Everything else is the pack's.
 */
export const FIXTURE_STATE = new Set(["uebungswert", "menge", "ausgeruestet", "ladungen.value", "leben.value", "trainer", "training.fortschritt", "erschoepfung.value"]);

const flatten = (o: Any, prefix = ""): [string, unknown][] =>
  Object.entries(o ?? {}).flatMap(([k, v]) => (v && typeof v === "object" && !Array.isArray(v) ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, unknown]]));
const setPath = (o: Any, path: string, value: unknown) => {
  const keys = path.split(".");
  let at = o;
  for (const k of keys.slice(0, -1)) at = at[k] ??= {};
  at[keys.at(-1)!] = value;
};

function fromPack(pack: string, name: string, type: string | null, state: Record<string, unknown>): Any {
  const source = packSources(pack).find((d) => d.name === name && (!type || d.type === type));
  if (!source) throw new Error(`no ${type ?? "document"} ${name} in the ${pack} pack`);
  for (const key of Object.keys(state)) if (!FIXTURE_STATE.has(key)) throw new Error(`a fixture may not change ${name}'s ${key}: the pack says what it is`);
  const t = translateSource(source, (globalThis as Any).game.i18n.lang) as Any;
  const system = structuredClone(t.system ?? {});
  for (const [key, value] of Object.entries(state)) setPath(system, key, value);
  const items = (t.items ?? []).map((i: Any) => ({ name: i.name, type: i.type, img: i.img, system: i.system, flags: { flex: { sourceName: (source.items ?? []).find((s: Any) => s._id === i._id)?.name ?? i.name } } }));
  return { name: t.name, type: t.type, img: t.img, system, ...(items.length ? { items } : {}), flags: { flex: { sourceName: name } } };
}

/** An item of the Ausrüstung pack as a table in the page's language imports it, with only its state set (FIXTURE_STATE). */
export const packItem = (name: string, state: Record<string, unknown> = {}): Any => fromPack("ausruestung", name, null, state);

/** A creature of a pack (bestiarium, begleiter) created in the world, as imported in the page's language, with only its state set. */
export async function packActor(pack: string, name: string, state: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<Any> {
  return createActor({ ...fromPack(pack, name, null, state), ...extra });
}

/**
 * Where a fixture's document contradicts the pack document of its name (review D: "fixtures that match the packs"):
 * "Heiltrank system.heilung: '' ≠ '2W6'". Fields the pack leaves out and FIXTURE_STATE are the fixture's own.
 */
export function packContradictions(doc: { name: string; type: string; system: Any; items?: Any; flags?: Any }, packs: string[]): string[] {
  const name = doc.flags?.flex?.sourceName ?? doc.name;
  const raw = packs.flatMap(packSources).find((d) => d.name === name && d.type === doc.type);
  if (!raw) return [];
  // Compared as imported in the world's language: a translation changes names and talent links, never values.
  const source = translateSource(raw, (globalThis as Any).game.i18n.lang) as Any;
  const out: string[] = [];
  const system = doc.system?.toObject ? doc.system.toObject() : doc.system;
  for (const [key, value] of flatten(source.system)) {
    if (FIXTURE_STATE.has(key) || key === "beschreibung") continue;
    const mine = key.split(".").reduce((o: Any, k) => o?.[k], system);
    if (JSON.stringify(mine ?? null) !== JSON.stringify(value ?? null)) out.push(`${name} system.${key}: ${JSON.stringify(mine)} ≠ ${JSON.stringify(value)}`);
  }
  const items = doc.items?.contents ?? doc.items ?? [];
  for (const [index, own] of (source.items ?? []).entries()) {
    const german = raw.items?.[index]?.name ?? own.name;
    const mine = items.find((i: Any) => [german, own.name].includes(i.flags?.flex?.sourceName ?? i.name) && i.type === own.type);
    if (!mine) {
      out.push(`${name} lacks its ${own.type} ${german}`);
      continue;
    }
    out.push(...itemContradictions(mine, { ...own, name: german }, name));
  }
  return out;
}

function itemContradictions(mine: Any, own: Any, owner: string): string[] {
  const system = mine.system?.toObject ? mine.system.toObject() : mine.system;
  return flatten(own.system)
    .filter(([key]) => !FIXTURE_STATE.has(key) && key !== "beschreibung")
    .filter(([key, value]) => JSON.stringify(key.split(".").reduce((o: Any, k) => o?.[k], system) ?? null) !== JSON.stringify(value ?? null))
    .map(([key, value]) => `${owner}'s ${own.name} system.${key}: ${JSON.stringify(key.split(".").reduce((o: Any, k) => o?.[k], system))} ≠ ${JSON.stringify(value)}`);
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
      biografie: bio(),
    },
    // Made with her talents, as an import is: the world's starter talents would otherwise come on top (each twice).
    items: talents(),
  })) as Any;
  await actor.createEmbeddedDocuments("Item", [
    // Things the compendium has are the compendium's (issue 36: a fixture never contradicts its pack document).
    packItem("Kurzschwert", { ausgeruestet: true }),
    packItem("Leichte Armbrust"),
    // A weapon of a Kampfart Rikka never learnt: the sheet tags it "Talent fehlt".
    { name: tr("Zweihändiger Kriegsflegel der Nebelwächter"), type: "weapon", system: { talent: UNLEARNT, schaden: "2W6", aktionen: 2, preis: 200 } },
    packItem("Lederrüstung", { ausgeruestet: true }),
    // R-CORE-15: used up by charges, by number, and one already used up; the rope is not used up at all.
    packItem("Heilerset", { "ladungen.value": 7 }),
    { name: tr("Fackel"), type: "equipment", system: { menge: 0, verbrauch: "menge", preis: 1 } },
    { name: tr("Seil (15 Schritt)"), type: "equipment", system: { menge: 1, preis: 5 } },
    packItem("Heiltrank", { menge: 2 }),
    // Not in the compendium: a fire jet that burns (review gallery-sheets B-20).
    { name: tr("Feuerstrahl"), type: "spell", img: "icons/magic/fire/beam-jet-stream-embers.webp", system: { zauberschule: "Elementarmagie", fluss: 4, aktionen: 2, still: false, schaden: "2W6+2", schadensart: "feuer", reichweite: 10 } },
    // A spell of a Zauberschule Rikka never learnt: in her Zauber group on the Talente tab it offers no roll.
    { ...packItem("Trugbild"), img: "icons/magic/control/hypnosis-mesmerism-swirl.webp" },
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

/** The Begleiter pack's Grauwolf, hurt (14 of 18) and half trained by `trainer` (46 of 100): its size, values and attacks are the pack's. */
export async function grauwolf(trainer: Any): Promise<Any> {
  return packActor("begleiter", "Grauwolf", { "leben.value": 14, trainer: trainer.uuid, "training.fortschritt": 46 }, { img: "icons/wolf.webp" });
}
