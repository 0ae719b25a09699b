// What the compendium browser reads: every Actor and Item pack of this system the user may see (the system's, the
// world's and modules'), from its index only, less those a GM turned off in the world setting; and, for a picker,
// the world's documents the user may see or the candidates a feature offers.
import { isTranslatedPack, packLanguage } from "../../helpers/pack-i18n";
import { indexEntryName } from "../../helpers/pack-index";
import { buildRow, tabOf } from "./rows";
import type { BrowseRow, BrowseTab, RowSource } from "./rows";

type Obj = Record<string, unknown>;
type IndexEntry = Obj & { _id?: string; uuid?: string; name?: string; img?: string; type?: string; system?: Obj; flags?: Obj; items?: unknown; folder?: unknown };
type ItemsLike = Iterable<{ type: string; name?: string; system: unknown }>;

/** A pack as the browser reads it (core's CompendiumCollection). */
export interface BrowsablePack {
  collection: string;
  documentName: string;
  title?: string;
  metadata: { label?: string; system?: string; packageType?: string };
  index: Iterable<IndexEntry>;
  getIndex(options?: object): Promise<unknown>;
  get(id: string): { items?: ItemsLike } | undefined;
  /** The pack's folders (a creature's family in the Bestiarium). */
  folders?: { get(id: string): { name?: string } | undefined };
  testUserPermission?(user: User.Implementation, level: "OBSERVER"): boolean;
  visible?: boolean;
}

/** The world setting: packs the browser leaves out, by collection id (every pack is read unless set to false). */
export const BROWSER_PACKS_SETTING = "browserPacks";

export function registerBrowserSetting(): void {
  game.settings!.register("flex", BROWSER_PACKS_SETTING, { scope: "world", config: false, type: Object, default: {} });
}

/** Whether the browser reads this pack (the world setting). */
export function packRead(collection: string): boolean {
  const chosen: Record<string, boolean> = game.settings!.get("flex", BROWSER_PACKS_SETTING) ?? {};
  return chosen[collection] !== false;
}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Every Actor and Item pack that holds this system's documents, whether the browser reads it or not. */
export function flexPacks(): BrowsablePack[] {
  const all = [...(((game as unknown as { packs?: Iterable<BrowsablePack> }).packs) ?? [])];
  return all.filter((p) => (p.documentName === "Actor" || p.documentName === "Item") && (!p.metadata.system || p.metadata.system === game.system?.id));
}

/** Whether `user` may see the pack: observer by its ownership (a GM sees every pack). */
export function packVisible(user: User.Implementation, pack: BrowsablePack): boolean {
  if (user.isGM) return true;
  return pack.testUserPermission ? pack.testUserPermission(user, "OBSERVER") : pack.visible !== false;
}

type IndexItem = Obj & { name?: unknown; flags?: unknown };

/** An embedded item's name in the world's language, from its translation in the index (a system pack's attack). */
function translatedItemName(collection: string, item: IndexItem): unknown {
  const lang = packLanguage();
  if (!lang || !isTranslatedPack(collection)) return item.name;
  const flex = isObj(item.flags) && isObj(item.flags.flex) ? item.flags.flex : {};
  const mine = isObj(flex.i18n) && isObj(flex.i18n[lang]) ? flex.i18n[lang] : {};
  return typeof mine.name === "string" && mine.name ? mine.name : item.name;
}

/** The embedded items' type and system of a document (a creature's attacks). */
const itemsOf = (items: ItemsLike | undefined): RowSource["items"] => (items ? [...items].map((i) => ({ type: i.type, name: i.name, system: i.system as Obj })) : null);

/**
 * An index entry as a row source. A creature's attacks come from the index; once its document was read, v13 writes
 * the document over the entry and loses the embedded fields (foundryvtt#14576), so then from the document already read.
 */
function entrySource(pack: BrowsablePack, entry: IndexEntry): RowSource {
  const id = String(entry._id ?? "");
  const german = isObj(entry.flags?.flex) && typeof (entry.flags.flex as Obj).sourceName === "string" ? ((entry.flags.flex as Obj).sourceName as string) : String(entry.name ?? "");
  const items = Array.isArray(entry.items) ? (entry.items as IndexItem[]).map((i) => ({ ...i, name: translatedItemName(pack.collection, i) })) : itemsOf(pack.get(id)?.items);
  return {
    uuid: entry.uuid ?? `Compendium.${pack.collection}.${pack.documentName}.${id}`,
    name: indexEntryName(pack.collection, entry) || german,
    german,
    img: entry.img,
    type: String(entry.type ?? ""),
    system: isObj(entry.system) ? entry.system : {},
    flags: entry.flags,
    items,
    family: typeof entry.folder === "string" ? (pack.folders?.get(entry.folder)?.name ?? "") : "",
  };
}

/**
 * A world document (or a candidate a feature offers) as a row source, as `user` may know it: an actor it may not
 * observe (LIMITED: as Foundry's own sheet shows it) gives only its name and image, no numbers, attacks or flags.
 */
export function documentSource(doc: Actor.Implementation | Item.Implementation, user: User.Implementation = game.user!): RowSource {
  const flex = (doc.flags as Obj | undefined)?.flex as Obj | undefined;
  const german = typeof flex?.sourceName === "string" ? flex.sourceName : doc.name;
  if (doc.documentName === "Actor" && !doc.testUserPermission(user, "OBSERVER")) {
    return { uuid: doc.uuid, name: doc.name, german: doc.name, img: doc.img, type: doc.type, system: {}, flags: {}, items: [] };
  }
  const items = doc.documentName === "Actor" ? itemsOf((doc as Actor.Implementation).items.contents) : null;
  return { uuid: doc.uuid, name: doc.name, german, img: doc.img, type: doc.type, system: doc.system as Obj, flags: doc.flags as Obj, items, family: doc.folder?.name ?? "" };
}

export interface RowOptions {
  user: User.Implementation;
  tabs: readonly BrowseTab[];
  /** Read the packs (the browser's purpose; a picker of world creatures only says false). */
  packs: boolean;
  /** Also the world's Actors and Items the user may see at this level. */
  world: "LIMITED" | "OBSERVER" | null;
  /** Documents a feature offers (its own candidates, already checked by it). */
  candidates: readonly (Actor.Implementation | Item.Implementation)[];
}

/** Every row the browser offers, in no particular order. Only the indexes are read (re-fetched only if a field is missing). */
export async function loadRows({ user, tabs, packs, world, candidates }: RowOptions): Promise<BrowseRow[]> {
  const rows: BrowseRow[] = [];
  const seen = new Set<string>();
  const add = (documentName: "Actor" | "Item", source: RowSource, label: string) => {
    const tab = tabOf(documentName, source.type, source.flags);
    if (!tab || !tabs.includes(tab) || seen.has(source.uuid)) return;
    seen.add(source.uuid);
    rows.push(buildRow(documentName, tab, source, label));
  };
  const worldLabel = game.i18n!.localize("FLEX.Browser.World");
  for (const doc of candidates) add(doc.documentName as "Actor" | "Item", documentSource(doc, user), worldLabel);
  if (world) {
    const docs = [...((game.actors?.contents ?? []) as Actor.Implementation[]), ...((game.items?.contents ?? []) as Item.Implementation[])];
    for (const doc of docs) if (doc.testUserPermission(user, world)) add(doc.documentName as "Actor" | "Item", documentSource(doc, user), worldLabel);
  }
  if (!packs) return rows;
  for (const pack of flexPacks()) {
    if (!packRead(pack.collection) || !packVisible(user, pack)) continue;
    await pack.getIndex();
    const label = pack.title ?? game.i18n!.localize(pack.metadata.label ?? pack.collection);
    for (const entry of pack.index) add(pack.documentName as "Actor" | "Item", entrySource(pack, entry), label);
  }
  return rows;
}

/**
 * The talents' names in the world's language by the German name an item links them with (a weapon's Kampfart, a
 * spell's Zauberschule), from the Item packs' indexes as they are (read when the browser loaded its rows).
 */
export function talentNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const pack of flexPacks()) {
    if (pack.documentName !== "Item") continue;
    for (const entry of pack.index) {
      if (entry.type !== "talent") continue;
      const source = entrySource(pack, entry);
      if (source.german && !names.has(source.german)) names.set(source.german, source.name);
    }
  }
  return names;
}
