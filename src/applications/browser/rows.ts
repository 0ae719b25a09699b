// One row of the compendium browser per creature, item, talent or rest entry, built once from an index entry (or a
// world document the caller offers) with every number the filters and columns read. Nothing here loads a document:
// a pack's index carries the fields (helpers/pack-index.ts), the rules turn them into Flex's numbers.
import { attackCheckLabel, attacksWithin, bestAttackCheck, damageRange, parseAttackCheck, defaultMisstrauen, downtimeActivities, isRestTalent, isRestType, REST_TALENTS, REST_TYPES, sizeStep } from "../../rules";
import { ACTOR_ART, ITEM_ART, defaultArt } from "../../helpers/default-art";
import { downtimePrice } from "../../rules";
import type { DowntimePrice, RestType } from "../../rules";

type Obj = Record<string, unknown>;

export const BROWSE_TABS = ["creatures", "items", "talents", "rest"] as const;
export type BrowseTab = (typeof BROWSE_TABS)[number];

/** The item types of the Gegenstände tab (talents, attacks, passives and making have their own places). */
export const BROWSE_ITEM_TYPES = ["weapon", "armor", "equipment", "alchemical", "spell"] as const;

/** The kinds of entry on the Rast und Auszeit tab. */
export const REST_KINDS = ["talent", "downtime", "resource"] as const;
export type RestKind = (typeof REST_KINDS)[number];

/**
 * A creature's best attack (the one dealing most on average, its own check and cost) and what one hit of its attacks
 * within 2 actions deals, as a short combat counts it (R-SHORT-4).
 */
export interface BestAttack {
  check: string;
  damage: string;
  actions: number;
  average: number;
  /** One hit within 2 actions: "2 × 1W4", "2W6". */
  hit: string;
  /** What that hit deals on average (what the column sorts by). */
  hitAverage: number;
}

/** One of a creature's attacks as its sheet lists it: name, check, damage, Aktionen. */
export interface AttackLine {
  name: string;
  check: string;
  damage: string;
  actions: number;
}

export interface BrowseRow {
  uuid: string;
  documentName: "Actor" | "Item";
  type: string;
  tab: BrowseTab;
  name: string;
  /** The German name the rules use (the same as `name` in a German world or an untranslated pack). */
  german: string;
  img: string;
  /** Where it comes from: the pack's label, or the world. */
  source: string;
  /** Lower-case name and German name without accents, for the text search. */
  search: string;
  // Creatures
  stufe: number | null;
  art: string;
  groesse: string;
  size: number;
  trainierbar: boolean;
  reitbar: boolean;
  schwimmt: boolean;
  /** B-7: lives only in water (its speed is its swimming; on land 1 Schritt per Aktion). */
  nurImWasser: boolean;
  fliegt: boolean;
  misstrauen: number | null;
  leben: number | null;
  ruestung: number | null;
  ausweichen: number | null;
  parade: number | null;
  geschwindigkeit: number | null;
  attack: BestAttack | null;
  /** Every attack, in the creature's order. */
  attacks: AttackLine[];
  /** The names of its passives ("Flug", "Adlerauge"). */
  passives: string[];
  /** The folder it sits in within its pack or the world (the Bestiarium's creature families: Tiere, Untote …). */
  family: string;
  // Items
  preis: number | null;
  /** The Kampfart (weapon) or Zauberschule (spell) by its German name. */
  schule: string;
  reichweite: number | null;
  aktionen: number | null;
  schaden: string;
  schadenAvg: number | null;
  /** Armour's value, an Alchemikum's Stufe, a spell's Fluss: what its type adds. */
  wert: number | null;
  /** R-WATER-3: a spell cast silently costs no extra breath under water. */
  still: boolean;
  verbrauchbar: boolean;
  ladungen: boolean;
  // Talents
  kategorie: string;
  attribut: string;
  // Rest and downtime
  restKind: RestKind | "";
  restTypes: RestType[];
  /** The id of the rest talent or downtime activity (flags.flex.restTalent / downtime). */
  restId: string;
  kosten: number | null;
  /** How the activity is priced (a minimum, per day, one of several): what the cost column says. */
  price: DowntimePrice | null;
}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** Lower case without accents ("Bär" finds "bar" and "bär", "ё" finds "е"), for the text search. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}

/** The source of a row: an index entry, or what a world document holds (the same shape). */
export interface RowSource {
  uuid: string;
  name: string;
  /** The German name when the shown one is a translation. */
  german?: string;
  img?: string | null;
  type: string;
  system: Obj;
  flags?: Obj;
  /** The embedded items' type, name and system (a creature's attacks); null when the index has none to offer. */
  items: { type?: unknown; name?: unknown; system?: Obj }[] | null;
  /** The name of the folder it sits in, if any. */
  family?: string;
}

/** The tab an entry belongs on, or null when the browser does not list it (a character, an attack, a project). */
export function tabOf(documentName: string, type: string, flags: Obj | undefined): BrowseTab | null {
  const flex = isObj(flags?.flex) ? (flags.flex as Obj) : {};
  if (documentName === "Actor") return type === "creature" ? "creatures" : null;
  if (documentName !== "Item") return null;
  if (typeof flex.restTalent === "string" || typeof flex.downtime === "string" || type === "resource") return "rest";
  if (type === "talent") return "talents";
  return (BROWSE_ITEM_TYPES as readonly string[]).includes(type) ? "items" : null;
}

const averageDamage = (damage: string) => {
  const range = damage ? damageRange(damage) : null;
  return range ? (range.min + range.max) / 2 : null;
};

/** "1W4 + 1W4" as "2 × 1W4": the same attack made twice within the actions. */
function hitText(damages: string[]): string {
  const counts = new Map<string, number>();
  for (const d of damages) counts.set(d, (counts.get(d) ?? 0) + 1);
  return [...counts].map(([d, n]) => (n > 1 ? `${n} × ${d}` : d)).join(" + ");
}

/** The best attack of a creature's attacks (most damage on average; on a tie the cheaper); null without attacks. */
function bestAttack(items: RowSource["items"]): BestAttack | null {
  const attacks = (items ?? []).filter((i) => i.type === "attack" && isObj(i.system)).map((i) => i.system as Obj);
  if (!attacks.length) return null;
  let best: Obj | null = null;
  let bestAverage = -1;
  for (const a of attacks) {
    const average = averageDamage(str(a.schaden)) ?? 0;
    if (average > bestAverage || (average === bestAverage && (num(a.aktionen) ?? 1) < (num(best?.aktionen) ?? 1))) [best, bestAverage] = [a, average];
  }
  const hit = attacksWithin(attacks.map((a) => ({ name: "", damage: str(a.schaden), actions: num(a.aktionen) ?? 1 })));
  const check = parseAttackCheck(best!.angriff) ?? bestAttackCheck([]);
  return { check: attackCheckLabel(check), damage: str(best!.schaden), actions: num(best!.aktionen) ?? 1, average: bestAverage, hit: hit ? hitText(hit.attacks.map((a) => a.damage)) : "", hitAverage: hit?.average ?? 0 };
}

/** Every attack of a creature, as its sheet lists them. */
function attackLines(items: RowSource["items"]): AttackLine[] {
  return (items ?? [])
    .filter((i) => i.type === "attack" && isObj(i.system))
    .map((i) => {
      const a = i.system as Obj;
      const check = parseAttackCheck(a.angriff);
      return { name: str(i.name), check: check ? attackCheckLabel(check) : "", damage: str(a.schaden), actions: num(a.aktionen) ?? 1 };
    });
}

/** Which rests a rest entry is for: a rest talent after its rests, an activity on its list, a resource where it recharges. */
function restTypesOf(kind: RestKind | "", flex: Obj, system: Obj): RestType[] {
  if (kind === "talent" && isRestTalent(flex.restTalent)) return [...REST_TALENTS[flex.restTalent].effectAfter];
  if (kind === "downtime") return isRestType(flex.restType) ? [flex.restType] : [];
  if (kind === "resource") {
    const recharge = isObj(system.aufladung) ? system.aufladung : {};
    return REST_TYPES.filter((t) => typeof recharge[t] === "string" && recharge[t] !== "keine");
  }
  return [];
}

/** R-DOWN-1 / R-DOWN-2: what an activity costs at least (its cost and the least amount it takes). */
function downtimeCost(flex: Obj): number | null {
  if (!isRestType(flex.restType) || typeof flex.downtime !== "string") return null;
  const activity = downtimeActivities(flex.restType)[flex.downtime];
  return activity ? activity.cost + (activity.amount?.min ?? 0) : null;
}

/** G-5: how an activity is priced. */
function priceOf(flex: Obj): DowntimePrice | null {
  if (!isRestType(flex.restType) || typeof flex.downtime !== "string") return null;
  const activity = downtimeActivities(flex.restType)[flex.downtime];
  return activity ? downtimePrice(activity) : null;
}

/** The row of one entry of `tab`; `source` names the pack or the world. */
export function buildRow(documentName: "Actor" | "Item", tab: BrowseTab, entry: RowSource, source: string): BrowseRow {
  const s = entry.system;
  const flex = isObj(entry.flags?.flex) ? (entry.flags.flex as Obj) : {};
  const german = entry.german || entry.name;
  const stufe = num(s.stufe);
  const leben = isObj(s.leben) ? num(s.leben.max) : null;
  const schaden = str(s.schaden);
  const restKind: RestKind | "" = tab !== "rest" ? "" : typeof flex.restTalent === "string" ? "talent" : typeof flex.downtime === "string" ? "downtime" : "resource";
  const ladungen = isObj(s.ladungen) ? (num(s.ladungen.max) ?? 0) > 0 : false;
  return {
    uuid: entry.uuid,
    documentName,
    type: entry.type,
    tab,
    name: entry.name,
    german,
    img: entry.img || defaultArt(entry.type, documentName === "Actor" ? ACTOR_ART : ITEM_ART),
    source,
    search: foldText(german === entry.name ? entry.name : `${entry.name}\n${german}`),
    stufe,
    art: str(s.art),
    groesse: str(s.groesse),
    size: sizeStep(s.groesse),
    trainierbar: s.trainierbar === true,
    reitbar: s.reitbar === true,
    schwimmt: s.schwimmt === true,
    nurImWasser: s.nurImWasser === true,
    fliegt: s.fliegt === true,
    // R-COMP-2: no value of its own means the default for its Stufe.
    misstrauen: tab === "creatures" ? (num(s.misstrauen) ?? defaultMisstrauen(stufe ?? 0)) : null,
    leben,
    ruestung: tab === "creatures" ? num(s.ruestung) : null,
    ausweichen: tab === "creatures" ? num(s.ausweichen) : null,
    parade: tab === "creatures" ? num(s.parade) : null,
    geschwindigkeit: tab === "creatures" ? num(s.geschwindigkeit) : null,
    attack: tab === "creatures" ? bestAttack(entry.items) : null,
    attacks: tab === "creatures" ? attackLines(entry.items) : [],
    passives: tab === "creatures" ? (entry.items ?? []).filter((i) => i.type === "passive").map((i) => str(i.name)).filter(Boolean) : [],
    family: entry.family ?? "",
    preis: num(s.preis),
    schule: str(entry.type === "spell" ? s.zauberschule : entry.type === "weapon" ? s.talent : ""),
    reichweite: num(s.reichweite),
    aktionen: num(s.aktionen),
    schaden,
    schadenAvg: averageDamage(schaden),
    wert: entry.type === "armor" ? num(s.wert) : entry.type === "alchemical" ? stufe : entry.type === "spell" ? num(s.fluss) : null,
    still: entry.type === "spell" && s.still === true,
    // R-CORE-15: an Alchemikum is always used up; equipment when it is spent by Menge or Ladung.
    verbrauchbar: entry.type === "alchemical" || (entry.type === "equipment" && typeof s.verbrauch === "string" && s.verbrauch !== "keiner"),
    ladungen,
    kategorie: str(s.kategorie),
    attribut: str(s.attribut),
    restKind,
    restTypes: restTypesOf(restKind, flex, s),
    restId: str(flex.restTalent) || str(flex.downtime),
    kosten: restKind === "downtime" ? downtimeCost(flex) : null,
    price: restKind === "downtime" ? priceOf(flex) : null,
  };
}
