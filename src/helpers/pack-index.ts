// The index of the system's packs in the world's language, whatever builds it. v13 asks the server for the index again
// whenever a caller wants a field that is not indexed yet, and writes a document it reads over its index entry; the
// server's names are German. So every index entry of a system pack goes through the translation when it is (re)built
// (getIndex, indexDocument), not once at start-up; the fields the system reads are indexed from the start, so its own
// requests never fetch anything; and of the translations only the names travel in the index. An unlocked pack is being
// edited and is shown in German: when a lock changes, the pack's cached documents are dropped (read again as they now
// must be shown) and its index and folders are shown anew.
import { isTranslatedPack, PACK_LANGUAGES, packLanguage, SYSTEM_PACK, translationOf } from "./pack-i18n";

type Obj = Record<string, unknown>;

/**
 * The fields the system reads from an index, per document kind: what the compendium browser filters, sorts and shows
 * (a creature's Stufe, kind, size, companion data, Leben and Rüstung, and of its attacks the check, damage and cost; an
 * item's price, damage, range, Aktionen, Kampfart or Zauberschule, a spell's Still; a talent's category and attribute; what marks a rest
 * talent or a downtime activity). The attacks come as fields of the embedded items (core indexes those since v11).
 */
const READ_FIELDS: Record<string, string[]> = {
  Actor: [
    "system.stufe", "system.art", "system.groesse", "system.trainierbar", "system.reitbar", "system.schwimmt", "system.fliegt", "system.nurImWasser",
    "system.misstrauen", "system.leben", "system.ruestung", "system.ausweichen", "system.parade", "system.geschwindigkeit", "folder",
    "items.type", "items.name", "items.system.angriff", "items.system.schaden", "items.system.aktionen",
  ],
  Item: [
    "system.kategorie", "system.attribut", "system.preis", "system.talent", "system.zauberschule", "system.reichweite", "system.aktionen",
    "system.schaden", "system.schadensart", "system.wert", "system.stufe", "system.fluss", "system.verbrauch", "system.ladungen", "system.art",
    "system.aufladung", "system.still", "flags.flex.restTalent", "flags.flex.downtime", "flags.flex.restType",
  ],
  JournalEntry: [],
  Macro: [],
};
/** Of each translation, the name: what the sidebar, its search and fromUuidSync show. */
const NAME_FIELDS = PACK_LANGUAGES.map((lang) => `flags.flex.i18n.${lang}.name`);
/** Of a creature's embedded items (its attacks and passives), the translated names: the browser's preview lists them. */
const ITEM_NAME_FIELDS = PACK_LANGUAGES.map((lang) => `items.flags.flex.i18n.${lang}.name`);

/** At init: the fields the system reads and the translated names are indexed from the start. */
export function registerIndexFields(): void {
  const config = CONFIG as unknown as Record<string, { compendiumIndexFields?: string[] } | undefined>;
  for (const [name, fields] of Object.entries(READ_FIELDS)) {
    const entry = config[name];
    if (entry) entry.compendiumIndexFields = [...new Set([...(entry.compendiumIndexFields ?? []), ...fields, ...NAME_FIELDS, ...(name === "Actor" ? ITEM_NAME_FIELDS : [])])];
  }
}

export interface PackLike {
  collection: string;
  locked?: boolean;
  index: { get(id: string): Obj | undefined; values(): Iterable<Obj> };
  folders?: Iterable<{ name: string; _source: Obj; updateSource?(changes: Obj): unknown }>;
  getIndex(options?: object): Promise<unknown>;
  indexDocument?(document: { id: string | null }): void;
  keys?(): Iterable<string>;
}

const isObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The German name an entry or folder was written with (kept beside the name shown). */
function writtenName(source: Obj): unknown {
  const flex = isObject(source.flags) ? source.flags.flex : undefined;
  return isObject(flex) && typeof flex.sourceName === "string" ? flex.sourceName : source.name;
}

/** The name to show for an index entry or folder: its translation in a translated pack, else the German. */
function shownName(source: Obj, translated: boolean): unknown {
  const lang = translated ? packLanguage() : null;
  const name = lang ? translationOf(source, lang)?.name : undefined;
  return typeof name === "string" && name.trim() ? name : writtenName(source);
}

/** Shows one index entry in the pack's language, keeping the German name beside it. */
function showEntry(entry: Obj, translated: boolean): void {
  const german = writtenName(entry);
  const name = shownName(entry, translated);
  if (typeof german !== "string" || typeof name !== "string") return;
  if (name !== german) {
    const flags = (entry.flags ??= {}) as Obj;
    const flex = (flags.flex ??= {}) as Obj;
    flex.sourceName = german;
  }
  entry.name = name;
}

/** Every entry and folder of a system pack shown as its lock wants it (translated while locked, German while edited). */
export function showPack(pack: PackLike): void {
  const translated = isTranslatedPack(pack.collection);
  for (const entry of pack.index.values()) showEntry(entry, translated);
  for (const folder of pack.folders ?? []) {
    const name = shownName(folder._source, translated);
    const german = writtenName(folder._source);
    if (typeof name !== "string" || name === folder.name) continue;
    folder.updateSource?.({ name, "flags.flex.sourceName": german });
  }
}

/** The name an index entry of one of the system's packs shows (for the system's own lists). */
export function indexEntryName(pack: string, entry: Obj): string {
  const name = shownName(entry, isTranslatedPack(pack));
  return typeof name === "string" ? name : "";
}

const kept = new WeakSet<object>();

/** From now on, every (re)build of this system pack's index is shown translated: getIndex and indexDocument. */
export function keepIndexShown(pack: PackLike): void {
  if (kept.has(pack) || !SYSTEM_PACK.test(pack.collection)) return;
  kept.add(pack);
  // Own properties over the class's methods, for this pack only: core calls them on the pack (this.getIndex()).
  const getIndex = pack.getIndex.bind(pack);
  pack.getIndex = async (options?: object) => {
    const index = await getIndex(options);
    showPack(pack);
    return index;
  };
  const indexDocument = pack.indexDocument?.bind(pack);
  if (indexDocument) {
    pack.indexDocument = (document) => {
      indexDocument(document);
      const entry = document.id ? pack.index.get(document.id) : undefined;
      if (entry) showEntry(entry, isTranslatedPack(pack.collection));
    };
  }
  showPack(pack);
}

// The lock each system pack had when this client last looked.
const lockSeen = new WeakMap<object, boolean>();

/** Remembers each pack's lock as it is now. */
export function noteLocks(packs: Iterable<PackLike>): void {
  for (const pack of packs) if (SYSTEM_PACK.test(pack.collection)) lockSeen.set(pack, pack.locked !== false);
}

/**
 * A lock changed (core.compendiumConfiguration): the documents this client read from that pack were built for the
 * other state; they are dropped from its cache, so the next read builds them as they must be shown now, and its index
 * and folders are shown anew. Returns whether anything changed.
 */
export function onLocksChanged(packs: Iterable<PackLike>): boolean {
  let changed = false;
  for (const pack of packs) {
    if (!SYSTEM_PACK.test(pack.collection)) continue;
    const locked = pack.locked !== false;
    if (lockSeen.get(pack) === locked) continue;
    lockSeen.set(pack, locked);
    // Map's own delete: only this client's copy goes, the index entry stays (a read builds the document again).
    for (const id of [...(pack.keys?.() ?? [])]) Map.prototype.delete.call(pack, id);
    showPack(pack);
    changed = true;
  }
  return changed;
}
